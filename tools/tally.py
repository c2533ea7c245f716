#!/usr/bin/env python3
"""The combined result of match.py's PGN files, from engine A's side (the player whose name starts "A: ").

    python3 tools/tally.py a.pgn b.pgn ...

Matches run side by side (one match.py a core, each with its own --seed and --pgn) are one measurement: this
prints their games, wins, draws and losses, score, and Elo difference with its 95% margin and interval, by
match.py's own summary().
"""

import os
import sys

import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import summary  # noqa: E402


def a_plays_white(game):
    """Does engine A (match.py's White header starts "A: ") play White in `game`?"""
    return game.headers.get("White", "").startswith("A: ")


def points_of_game(game):
    """Engine A's points in a finished game, or None if it was not finished."""
    result = game.headers.get("Result", "*")
    if result not in ("1-0", "0-1", "1/2-1/2"):
        return None
    white = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    return white if a_plays_white(game) else 1 - white


def points_of(path):
    points = []
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            if (pts := points_of_game(game)) is not None:
                points.append(pts)
    return points


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    points = [p for path in sys.argv[1:] for p in points_of(path)]
    if not points:
        sys.exit("no finished games")
    mean, elo, margin = summary(points)
    w, d, l = points.count(1.0), points.count(0.5), points.count(0.0)
    print(f"{len(points)} games: A +{w} ={d} -{l}, score {mean:.1%}, Elo {elo:+.0f} ± {margin:.0f} "
          f"(95%: {elo - margin:+.0f} to {elo + margin:+.0f})")


if __name__ == "__main__":
    main()
