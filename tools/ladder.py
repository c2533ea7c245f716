#!/usr/bin/env python3
"""Measure tabiya's level ladder: level N against level N+1 for N = 1..11 (12 is full strength).

    cargo build --release
    python3 tools/ladder.py --games 10 --tc 5+0.05

Uses match.py's game loop (same openings, clocks and adjudication). Prints, per pair, the lower level's
score and the Elo difference with its 95% margin; a working ladder shows every lower level scoring under 50%.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/tabiya uci")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--tc", default="5+0.05")
    ap.add_argument("--levels", default="1-11", help="lower levels to test, e.g. 1-11 or 3-5")
    ap.add_argument("--pgn", default=None)
    args = ap.parse_args()
    lo, _, hi = args.levels.partition("-")
    base, _, inc = args.tc.partition("+")
    tc = (float(base), float(inc or 0))
    rows = []
    for n in range(int(lo), int(hi or lo) + 1):
        names = [f"tabiya level {n}", f"tabiya level {n + 1}"]
        engines = [match.open_engine(args.engine, {"Skill Level": str(n)}),
                   match.open_engine(args.engine, {"Skill Level": str(n + 1)})]
        points = []
        try:
            for g in range(args.games):
                opening = match.OPENINGS[(g // 2) % len(match.OPENINGS)]
                result, reason, game = match.play_game(engines, names, opening, tc, g % 2, g + 1)
                pts = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
                points.append(pts if g % 2 == 0 else 1 - pts)
                if args.pgn:
                    with open(args.pgn, "a") as f:
                        print(game, file=f, end="\n\n")
        finally:
            for e in engines:
                e.quit()
        mean, elo, margin = match.summary(points)
        w, d, l = points.count(1.0), points.count(0.5), points.count(0.0)
        row = f"level {n} v {n + 1}: {len(points)} games, +{w} ={d} -{l}, score {mean:.3f}, Elo {elo:+.0f} ± {margin:.0f}"
        print(row, flush=True)
        rows.append(row)
    print("\n".join(["", "Ladder (lower level's result):"] + rows))


if __name__ == "__main__":
    main()
