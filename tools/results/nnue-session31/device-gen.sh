#!/bin/bash
# Device data generation: 16 generators for $1 seconds, then the files packed into 4 archives.
T=${1:-500}; B=${2:-31000}
export PYTHONPATH=$PWD/.dev/py PYTHONUNBUFFERED=1
xz -dc .dev/sf.xz > /tmp/sf && chmod +x /tmp/sf
/tmp/sf bench 16 1 8 > /dev/null 2>&1 || { echo "stockfish does not run"; exit 1; }
mkdir -p /tmp/d
lscpu | grep -E "Model name|^CPU\(s\)|Thread" > $OUT/machine.txt
for k in $(seq 1 16); do
  python3 tools/gen_nnue_data.py --seconds $T --out /tmp/d/s31-dev-$B-$k.txt --seed $((B + k)) --stockfish /tmp/sf > /tmp/d/log-$k.txt 2>&1 &
done
wait
cat /tmp/d/log-*.txt >> $OUT/machine.txt
wc -l /tmp/d/*.txt | tail -1 >> $OUT/machine.txt
for g in 1 2 3 4; do
  files=""; for k in $(seq $(( (g-1)*4+1 )) $((g*4))); do files="$files s31-dev-$B-$k.txt"; done
  (cd /tmp/d && tar cf - $files | xz -6 -T4 > $OUT/part$B-$g.tar.xz) &
done
wait
ls -la $OUT
