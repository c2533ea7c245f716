#!/usr/bin/env python3
"""How often does each level err? Inaccuracies, mistakes and blunders per move, judged by Stockfish.

Reads games between tabiya levels (e.g. the level ladder's PGN files, whose players are "tabiya level N"),
evaluates every position with Stockfish at a fixed depth, and judges each move by lichess's rule on the
mover's winning chances (a drop of 0.1 / 0.2 / 0.3 or more on the -1..+1 scale is an inaccuracy / mistake /
blunder; mates count as +-1000 cp, the ceiling lila uses). Prints, per level, the moves judged and the share
of each kind, and the share of blunders that lose at least a minor piece's worth (300 cp) from a position
that was not already lost -- "hanging a piece for nothing".

    python3 tools/level_blunders.py tools/results/ladder-5+0.05-30-session10-*.pgn [--games-per-pair 10]
        [--max-plies 80] [--depth 12] [--levels 4-10]

Needs python-chess (`pip install chess`) and Stockfish (`apt-get install stockfish`). Not run in CI.
"""

import argparse
import collections
import os
import re
import sys

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blunder_agreement import CEILING, white_cp_and_mate, winning_chances  # noqa: E402

THRESHOLDS = (("inaccuracy", 0.1), ("mistake", 0.2), ("blunder", 0.3))


def level_of(name):
    """The level in a player name: "tabiya level N" (tools/ladder.py) or match.py's "A: … {'Skill Level': 'N'}"."""
    found = re.fullmatch(r"tabiya level (\d+)", name) or re.search(r"'Skill Level': '(\d+)'", name)
    return int(found.group(1)) if found else None


def white_cp(engine, board, depth):
    if board.is_checkmate():
        return -CEILING if board.turn == chess.WHITE else CEILING
    if board.is_game_over():
        return 0
    cp, mate = white_cp_and_mate(engine.analyse(board, chess.engine.Limit(depth=depth))["score"])
    return cp if mate is None else (CEILING if mate > 0 else -CEILING)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--games-per-pair", type=int, default=10)
    ap.add_argument("--levels", default="1-12", help="count only these levels, e.g. 1-4")
    ap.add_argument("--max-plies", type=int, default=80)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    a = ap.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    engine.configure({"Threads": 1, "Hash": 64})
    lo, _, hi = a.levels.partition("-")
    wanted = range(int(lo), int(hi or lo) + 1)
    counts = collections.defaultdict(collections.Counter)
    per_pair = collections.Counter()
    for path in a.pgn:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                levels = {chess.WHITE: level_of(game.headers.get("White", "")),
                          chess.BLACK: level_of(game.headers.get("Black", ""))}
                pair = tuple(sorted(str(v) for v in levels.values()))
                if not any(v in wanted for v in levels.values()) or per_pair[pair] >= a.games_per_pair:
                    continue
                per_pair[pair] += 1
                board = game.board()
                before = white_cp(engine, board, a.depth)
                for ply, move in enumerate(game.mainline_moves()):
                    if ply >= a.max_plies:
                        break
                    mover = board.turn
                    board.push(move)
                    after = white_cp(engine, board, a.depth)
                    level = levels[mover]
                    if level in wanted:
                        sign = 1 if mover == chess.WHITE else -1
                        drop = (winning_chances(before) - winning_chances(after)) * sign
                        c = counts[level]
                        c["moves"] += 1
                        for kind, threshold in THRESHOLDS:
                            if drop >= threshold:
                                c[kind] += 1
                        if (before - after) * sign >= 300 and before * sign > -300:
                            c["piece"] += 1
                    before = after
                print(f"{path}: game {game.headers.get('Round', '?')} done", file=sys.stderr)
    engine.quit()
    print(f"Stockfish depth {a.depth}; first {a.max_plies} plies of up to {a.games_per_pair} games a pair")
    print("level  moves  inaccuracy+  mistake+  blunder  loses 300 cp from a position not lost")
    for level in sorted(counts):
        c = counts[level]
        n = c["moves"]
        print(f"{level:5}  {n:5}  {c['inaccuracy'] / n:10.1%}  {c['mistake'] / n:8.1%}  {c['blunder'] / n:7.1%}"
              f"  {c['piece'] / n:6.1%}")


if __name__ == "__main__":
    main()
