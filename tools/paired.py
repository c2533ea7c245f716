#!/usr/bin/env python3
"""Two engines' matches on the same opening schedule, compared game by game, from engine A's side.

    python3 tools/paired.py new.pgn old.pgn

Both PGN files must come from match.py with the same --seed (and --first-opening), so game i opens the same
way with the same colours in both. Pairing cancels the openings' own bias: this prints the mean difference in
points per 100 games with its 95% margin over the games the two files share, and A's fewest seconds left
on the clock in the first file.
"""

import math
import os
import sys

import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tally import points_of  # noqa: E402


def fewest_seconds_left(path):
    fewest = math.inf
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            side = "White" if game.headers.get("White", "").startswith("A: ") else "Black"
            left = game.headers.get(f"{side}ClockLeft")
            if left is not None:
                fewest = min(fewest, float(left))
    return fewest


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    new, old = points_of(sys.argv[1]), points_of(sys.argv[2])
    n = min(len(new), len(old))
    if n < 2:
        sys.exit("fewer than two games in common")
    diffs = [a - b for a, b in zip(new[:n], old[:n])]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    margin = 1.96 * math.sqrt(var / n)
    print(f"{n} games in common: new {sum(new[:n]):g}, old {sum(old[:n]):g} points; "
          f"difference {100 * mean:+.1f} ± {100 * margin:.1f} points per 100 games (95%)")
    print(f"A's fewest seconds left in {sys.argv[1]}: {fewest_seconds_left(sys.argv[1]):.2f}")


if __name__ == "__main__":
    main()
