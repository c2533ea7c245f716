#!/bin/bash
# Runs N copies of tools/match.py side by side (one a core), and prints their combined result
# (tools/tally.py): the way to use a many-core machine for one measurement.
#
#   tools/parallel_match.sh [--one-schedule] N OUTDIR SEED -- MATCH.PY ARGUMENTS (with --games per copy,
#       without --seed/--pgn/--first-opening)
#   tools/parallel_match.sh 16 /tmp/m 3901 -- --a "new/tabiya uci" --b "old/tabiya uci" --games 50 \
#       --tc 5+0.05 --openings assets/openings
#
# Copy k writes OUTDIR/k.pgn and OUTDIR/k.log. By default copy k plays with --seed SEED+k, so each shuffles
# the lichess lines differently (self-play). With --one-schedule every copy uses --seed SEED and copy k starts
# at opening k * GAMES / 2, so N copies of GAMES games (even) play the first N * GAMES / 2 openings of one
# schedule, both colours each: the same games, opening by opening, as one long match with that seed, so
# tools/paired.py can compare them with a match played on one core (session 62's Stockfish games on a lent
# 16-core machine). On a machine without python-chess, carry its package folder (`python3 -c "import chess,
# os; print(os.path.dirname(chess.__file__))"`) and put the folder above it on PYTHONPATH.
set -u
one_schedule=0
if [ "${1:-}" = "--one-schedule" ]; then one_schedule=1; shift; fi
n=$1 out=$2 seed=$3
shift 3
[ "${1:-}" = "--" ] && shift
games=0
args=("$@")
for i in "${!args[@]}"; do
  [ "${args[$i]}" = "--games" ] && games=${args[$((i + 1))]}
done
if [ $one_schedule = 1 ] && { [ "$games" -le 0 ] || [ $((games % 2)) -ne 0 ]; }; then
  echo "parallel_match.sh: --one-schedule needs an even --games per copy (got '$games')" >&2
  exit 2
fi
here=$(dirname "$0")
mkdir -p "$out"
pids=()
for k in $(seq 0 $((n - 1))); do
  if [ $one_schedule = 1 ]; then
    schedule=(--seed "$seed" --first-opening $((k * games / 2)))
  else
    schedule=(--seed $((seed + k)))
  fi
  python3 "$here/match.py" "$@" "${schedule[@]}" --pgn "$out/$k.pgn" > "$out/$k.log" 2>&1 &
  pids+=($!)
done
wait "${pids[@]}"
python3 "$here/tally.py" "$out"/*.pgn
