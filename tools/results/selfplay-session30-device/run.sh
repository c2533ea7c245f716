#!/bin/bash
# Device self-play: each candidate against base, 8 match processes each, at 5+0.05, for $1 seconds.
T=${1:-540}
export PYTHONPATH=$PWD/.dev/py PYTHONUNBUFFERED=1
chmod +x .dev/bin/*
mkdir -p /tmp/logs
nproc > /tmp/logs/machine.txt; (lscpu | grep -E "Model name|^CPU\(s\)") >> /tmp/logs/machine.txt
for c in candA candC; do
  for k in 1 2 3 4 5 6 7 8; do
    seed=$((3000 + k)); [ $c = candC ] && seed=$((3100 + k))
    timeout $T python3 tools/match.py --a ".dev/bin/$c uci" --b ".dev/bin/base uci" --games 200 --tc 5+0.05 \
      --openings assets/openings --seed $seed --pgn /tmp/logs/$c-$k.pgn > /tmp/logs/$c-$k.log 2>&1 &
  done
done
wait
python3 .dev/sum.py /tmp/logs | tee $OUT/summary.txt
cat /tmp/logs/machine.txt >> $OUT/summary.txt
tar czf $OUT/logs.tgz -C /tmp logs
