#!/usr/bin/env python3
"""Make training positions for the evaluation network (`cargo run --release --example nnue_train`).

    python3 tools/gen_nnue_data.py --seconds 600 --out /tmp/nnue.txt --seed 1

Stockfish plays itself at a fixed depth from the lichess opening lines (assets/openings), now and then
choosing among its top moves for variety. Every position it searches labels itself: the score of that same
search. A position is kept when the side to move is not in check, the best move is neither a capture nor a
promotion (a quiet position, which a static evaluation can judge) and the score is within 2000 cp. Each line
is `FEN;cp;result`: the score in centipawns for White, and the game's result for White (1, 0.5 or 0; a game
is adjudicated once Stockfish's score stays beyond 1000 cp for 6 plies). With `--games` it writes one line
per game instead, which keeps the same positions in half the compressed size (`tools/unpack_games.py`).

It speaks UCI to Stockfish directly (python-chess's engine layer costs more than a depth-7 search).
"""

import argparse
import os
import random
import subprocess
import time

import chess

from match import book_lines
from unpack_games import unpack_record


class Stockfish:
    def __init__(self, path, hash_mb=16):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(token):
                return line

    def search(self, fen, depth, multipv):
        """[(cp for the side to move, first move uci)] for each of the top `multipv` lines, best first."""
        self.send(f"setoption name MultiPV value {multipv}")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        lines = {}
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith("bestmove"):
                break
            if not line.startswith("info") or " pv " not in line or " score " not in line:
                continue
            t = line.split()
            k = int(t[t.index("multipv") + 1]) if "multipv" in t else 1
            i = t.index("score")
            kind, val = t[i + 1], int(t[i + 2])
            cp = val if kind == "cp" else (100000 - abs(val)) * (1 if val > 0 else -1)
            lines[k] = (cp, t[t.index("pv") + 1])
        return [lines[k] for k in sorted(lines)]

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=5)


def kept_for_training(board, cp, best):
    """A quiet position is kept: side to move not in check, best move neither a capture nor a promotion,
    score within 2000 cp (beyond that, and in tactics, a static evaluation has nothing to learn)."""
    return not board.is_check() and not board.is_capture(best) and best.promotion is None and abs(cp) <= 2000


def play_game(sf, rng, line, depth, variety):
    board = chess.Board()
    for san in line:
        board.push_san(san)
    start = board.fen()
    plies = []
    result = None
    streak = 0
    while result is None:
        if board.is_game_over(claim_draw=True) or board.ply() > 300:
            outcome = board.outcome(claim_draw=True)
            w = outcome.winner if outcome else None
            result = 0.5 if w is None else (1.0 if w == chess.WHITE else 0.0)
            break
        fen = board.fen()
        multipv = 3 if rng.random() < variety else 1
        lines = sf.search(fen, depth, multipv)
        if not lines:
            break
        cp, best = lines[0]
        white_cp = cp if board.turn == chess.WHITE else -cp
        move = chess.Move.from_uci(best)
        keep = kept_for_training(board, cp, move)
        if multipv > 1:
            close = [m for c, m in lines if c >= cp - 60]
            move = chess.Move.from_uci(rng.choice(close))
        plies.append(f"{move.uci()},{white_cp}" if keep else move.uci())
        board.push(move)
        streak = streak + 1 if abs(cp) > 1000 else 0
        if streak >= 6:
            result = 1.0 if white_cp > 0 else 0.0
    return result, f"{start};{result};{' '.join(plies)}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--out", default="/tmp/nnue.txt")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--openings", default=os.path.join(os.path.dirname(__file__), "..", "assets", "openings"))
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--variety", type=float, default=0.08, help="share of plies that choose among the top 3 moves")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--games",
        action="store_true",
        help="write one line per game instead (start FEN;result;moves, a kept position's move as move,cp): "
        "about half the size once compressed; tools/unpack_games.py turns it back into FEN;cp;result lines",
    )
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lines = [line.split() for line in book_lines(args.openings, None, 4, 14)]
    sf = Stockfish(args.stockfish)
    end = time.time() + args.seconds
    games = positions = 0
    with open(args.out, "a") as out:
        while time.time() < end:
            sf.send("ucinewgame")
            result, record = play_game(sf, rng, rng.choice(lines), args.depth, args.variety)
            if result is None:
                continue
            # The positions come from the record in both formats, so the two cannot disagree.
            kept = unpack_record(record)
            if args.games:
                out.write(record + "\n")
            else:
                out.writelines(f"{fen};{cp};{result}\n" for fen, cp, result in kept)
            out.flush()
            games += 1
            positions += len(kept)
    sf.quit()
    print(f"{games} games, {positions} positions")


if __name__ == "__main__":
    main()
