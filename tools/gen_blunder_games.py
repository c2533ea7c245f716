#!/usr/bin/env python3
"""Games with known errors for tools/blunder_agreement.py: tabiya's low levels against each other.

    python3 tools/gen_blunder_games.py --pairs 1v2,3v4 --games 40 --seed 3901 --pgn games.pgn

For each pair 'LvH', `--games` games of level L against level H at 5+0.05 (colours alternating), each from a
lichess opening line of 8-12 plies (assets/openings, shuffled by `--seed`, one line a game), written with the
names 'tabiya level N' that blunder_agreement.py reads the levels from. Uses match.py's game loop and
adjudication. Session 39's set (tools/results/blunder-agreement-games-session39.pgn) is seeds 3901 (1v2,3v4),
3902 (2v3,1v3) and 3903 (2v4,1v4), 40 games a pair, cut to 60 plies and interleaved pair by pair.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/tabiya uci")
    ap.add_argument("--pairs", default="1v2,2v3,3v4")
    ap.add_argument("--games", type=int, default=40, help="games a pair")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--openings", default="assets/openings")
    ap.add_argument("--pgn", required=True, help="append the games to this file")
    a = ap.parse_args()
    openings = match.book_lines(a.openings, a.seed)
    played = 0
    for pair in a.pairs.split(","):
        lo, hi = (int(x) for x in pair.split("v"))
        names = [f"tabiya level {lo}", f"tabiya level {hi}"]
        engines = [match.open_engine(a.engine, {"Skill Level": str(lo)}),
                   match.open_engine(a.engine, {"Skill Level": str(hi)})]
        try:
            for g in range(a.games):
                opening = openings[played % len(openings)]
                played += 1
                result, reason, game = match.play_game(engines, names, opening, (5.0, 0.05), g % 2, g + 1)
                with open(a.pgn, "a") as f:
                    print(game, file=f, end="\n\n")
                print(f"level {lo} v {hi}, game {g + 1}: {result} ({reason})", flush=True)
        finally:
            for e in engines:
                e.quit()


if __name__ == "__main__":
    main()
