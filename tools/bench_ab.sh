#!/bin/bash
# Alternates `bench 11 3` runs of two or more bench binaries and prints each one's median nodes per second,
# so that the minute-to-minute drift of a shared machine falls on all of them alike.
#
#   tools/bench_ab.sh ROUNDS OLD/examples/bench NEW/examples/bench [MORE...]
#
# Build each with `cargo build --release --example bench` (an old commit in a `git worktree` with its own
# CARGO_TARGET_DIR) and copy the binaries to distinct names first: the names label the lines.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 ROUNDS BENCH_BINARY..." >&2
  exit 2
fi
rounds=$1
shift
for _ in $(seq "$rounds"); do
  for b in "$@"; do
    echo "$(basename "$b") $("$b" 11 3 | tail -1 | grep -o '[0-9]* nps' | cut -d' ' -f1)"
  done
done | python3 -c '
import statistics, sys
runs = {}
for line in sys.stdin:
    name, nps = line.split()
    runs.setdefault(name, []).append(int(nps))
for name, v in runs.items():
    print(f"{name:20s} median {statistics.median(v):>9.0f}  min {min(v)}  max {max(v)}  runs {len(v)}")
'
