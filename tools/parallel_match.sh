#!/bin/bash
# Runs N copies of tools/match.py side by side (one a core), each with its own opening order, and prints
# their combined result (tools/tally.py): the way to use a many-core machine for one self-play measurement.
#
#   tools/parallel_match.sh N OUTDIR SEED -- MATCH.PY ARGUMENTS (with --games per copy, without --seed/--pgn)
#   tools/parallel_match.sh 16 /tmp/m 3901 -- --a "new/tabiya uci" --b "old/tabiya uci" --games 50 \
#       --tc 5+0.05 --openings assets/openings
#
# Copy k plays with --seed SEED+k (so each shuffles the lichess lines differently) and writes OUTDIR/k.pgn
# and OUTDIR/k.log. On a machine without python-chess, carry its package folder (`python3 -c "import chess,
# os; print(os.path.dirname(chess.__file__))"`) and put the folder above it on PYTHONPATH.
set -u
n=$1 out=$2 seed=$3
shift 3
[ "${1:-}" = "--" ] && shift
here=$(dirname "$0")
mkdir -p "$out"
pids=()
for k in $(seq 0 $((n - 1))); do
  python3 "$here/match.py" "$@" --seed $((seed + k)) --pgn "$out/$k.pgn" > "$out/$k.log" 2>&1 &
  pids+=($!)
done
wait "${pids[@]}"
python3 "$here/tally.py" "$out"/*.pgn
