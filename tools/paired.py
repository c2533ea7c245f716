#!/usr/bin/env python3
"""Two engines' matches on the same opening schedule, compared game by game, from engine A's side.

    python3 tools/paired.py new.pgn old.pgn

Both PGN files must come from match.py with the same --seed, so that they play the same openings. Games are
paired by their opening line and A's colour, so files played in parts, in another order or with games
missing (a match stopped early, or run in slots side by side) pair correctly. Pairing cancels the openings'
own bias: this prints the mean difference in points per 100 games with its 95% margin over the games the
two files share, and A's fewest seconds left on the clock in the first file.
"""

import math
import os
import sys

import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tally import a_plays_white, points_of_game  # noqa: E402


def points_by_opening(path):
    """{(opening line, A plays White, occurrence): A's points} for the finished games in `path`."""
    points, seen = {}, {}
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            pts = points_of_game(game)
            if pts is None:
                continue
            line = game.headers.get("OpeningLine") or game.headers.get("Opening", "")
            side = (line, a_plays_white(game))
            seen[side] = seen.get(side, 0) + 1
            points[side + (seen[side],)] = pts
    return points


def fewest_seconds_left(path):
    fewest = math.inf
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            side = "White" if a_plays_white(game) else "Black"
            left = game.headers.get(f"{side}ClockLeft")
            if left is not None:
                fewest = min(fewest, float(left))
    return fewest


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    new_by, old_by = points_by_opening(sys.argv[1]), points_by_opening(sys.argv[2])
    common = [key for key in new_by if key in old_by]
    n = len(common)
    if n < 2:
        sys.exit("fewer than two games in common")
    new, old = [new_by[k] for k in common], [old_by[k] for k in common]
    diffs = [a - b for a, b in zip(new, old)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    margin = 1.96 * math.sqrt(var / n)
    print(f"{n} games in common: new {sum(new):g}, old {sum(old):g} points; "
          f"difference {100 * mean:+.1f} ± {100 * margin:.1f} points per 100 games (95%)")
    print(f"A's fewest seconds left in {sys.argv[1]}: {fewest_seconds_left(sys.argv[1]):.2f}")


if __name__ == "__main__":
    main()
