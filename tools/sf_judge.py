#!/usr/bin/env python3
"""Stockfish's evaluations of a game set for tools/blunder_agreement.py, made ahead of it, one worker a core.

    python3 tools/sf_judge.py --pgn GAMES.pgn --games 240 --worker 0/2 --out sf-0.jsonl &
    python3 tools/sf_judge.py --pgn GAMES.pgn --games 240 --worker 1/2 --out sf-1.jsonl &
    wait; python3 tools/sf_judge.py --merge sf-0.jsonl sf-1.jsonl --cache CACHE.json

Worker k of n takes games k, k+n, ... of the games blunder_agreement.py would pick (same --max-level and
--max-plies) and appends one JSON line per position as it goes: [game (counting --skip), key, white cp, white
mate, seconds]. A stopped worker loses at most the line it was writing, and `--merge` skips a cut-off line.
`--merge` writes the cache file blunder_agreement.py reads (key "FEN dDEPTH" -> [cp, mate], both from White's
view, as python-chess reads a score), so that the agreement run needs no Stockfish time.

Positions are sent as python-chess's engine layer sends them (the start position and the moves so far, the
hash kept across a game), with Threads 1 and Hash 64, through gen_nnue_data.py's direct UCI driver.
"""

import argparse
import json
import os
import sys
import time

from blunder_agreement import CEILING, pick_games
from gen_nnue_data import Stockfish


def last_score(sf, start_fen, moves, depth):
    """(kind, value) of the last score Stockfish reports for the position after `moves`, for the side to
    move: ('cp', 34), ('mate', -3)."""
    position = "position startpos" if start_fen is None else f"position fen {start_fen}"
    sf.send(position + (" moves " + " ".join(moves) if moves else ""))
    sf.send(f"go depth {depth}")
    score = None
    while True:
        line = sf.p.stdout.readline()
        if not line:
            raise SystemExit("stockfish exited")
        tokens = line.split()
        if tokens and tokens[0] == "bestmove":
            return score
        if tokens and tokens[0] == "info" and "score" in tokens:
            i = tokens.index("score")
            score = (tokens[i + 1], int(tokens[i + 2]))


def white_view(score, white_to_move):
    """(cp, mate) from White's view, as blunder_agreement.white_cp_and_mate reads python-chess's score."""
    kind, value = score
    sign = 1 if white_to_move else -1
    if kind == "cp":
        return value * sign, None
    mate = value * sign
    return (CEILING if mate > 0 else -CEILING), mate


def judge(a):
    k, n = (int(x) for x in a.worker.split("/"))
    games = pick_games(a.pgn, a.games, a.max_level, a.max_plies, a.skip)
    sf = Stockfish(a.stockfish, hash_mb=64)
    with open(a.out, "a") as out:
        for gi in range(k, len(games), n):
            board = games[gi].board()
            start = None if board.fen() == board.starting_fen else board.fen()
            moves = list(games[gi].mainline_moves())
            for i in range(len(moves) + 1):
                if not board.is_game_over():
                    t = time.time()
                    score = last_score(sf, start, [m.uci() for m in moves[:i]], a.depth)
                    cp, mate = white_view(score, board.turn)
                    key = f"{board.fen()} d{a.depth}"
                    out.write(json.dumps([a.skip + gi, key, cp, mate, round(time.time() - t, 3)]) + "\n")
                    out.flush()
                if i < len(moves):
                    board.push(moves[i])
            print(f"worker {k}/{n}: game {a.skip + gi + 1} done", file=sys.stderr)
    sf.quit()


def merge(a):
    cache = json.load(open(a.cache)) if os.path.exists(a.cache) else {}
    for path in a.merge:
        for line in open(path):
            try:
                _, key, cp, mate, _ = json.loads(line)
            except ValueError:
                continue  # the line a stopped worker was writing
            cache.setdefault(key, [cp, mate])
    # Written beside the cache and renamed over it, so that a stopped merge leaves the old cache whole.
    with open(a.cache + ".tmp", "w") as f:
        json.dump(cache, f, sort_keys=True, indent=0)
    os.replace(a.cache + ".tmp", a.cache)
    print(f"{a.cache}: {len(cache)} positions")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pgn")
    p.add_argument("--games", type=int, default=24)
    p.add_argument("--skip", type=int, default=0)
    p.add_argument("--max-level", type=int, default=4)
    p.add_argument("--max-plies", type=int, default=60)
    p.add_argument("--depth", type=int, default=18)
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    p.add_argument("--worker", default="0/1", help="k/n: this worker takes games k, k+n, ...")
    p.add_argument("--out", help="append the evaluations here (JSON lines)")
    p.add_argument("--merge", nargs="+", help="workers' outputs to merge into --cache")
    p.add_argument("--cache", help="the cache file blunder_agreement.py reads (--merge adds to it)")
    a = p.parse_args()
    if a.merge:
        merge(a)
    else:
        judge(a)


if __name__ == "__main__":
    main()
