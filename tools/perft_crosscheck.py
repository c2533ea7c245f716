#!/usr/bin/env python3
"""Differential check of tabiya's move generator against python-chess (a reference implementation).

Plays random games from standard and Chess960 starts, and at random points compares `tabiya perft --divide`
with python-chess's legal moves and perft counts. Not part of CI (it needs `pip install chess`).

    cargo build --release && python3 tools/perft_crosscheck.py [GAMES] [DEPTH]
"""
import random
import subprocess
import sys

import chess

TABIYA = "target/release/tabiya"


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def tabiya_divide(fen, depth):
    out = subprocess.run([TABIYA, "perft", str(depth), "--divide", "--fen", fen],
                         capture_output=True, text=True, check=True).stdout
    counts = {}
    for line in out.splitlines():
        if ": " in line and not line.startswith("Nodes searched"):
            move, n = line.split(": ")
            counts[move] = int(n)
    return counts


def reference_divide(board, depth):
    counts = {}
    for move in board.legal_moves:
        board.push(move)
        counts[move.uci()] = perft(board, depth - 1) if depth > 1 else 1
        board.pop()
    return counts


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    rng = random.Random(2026)
    checked = 0
    for game in range(games):
        chess960 = game % 2 == 1
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        board.chess960 = chess960
        for _ in range(rng.randrange(10, 120)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over(claim_draw=False):
                break
            board.push(rng.choice(moves))
            if rng.random() < 0.3:
                fen = board.fen(en_passant="legal") if not chess960 else board.shredder_fen(en_passant="legal")
                ours = tabiya_divide(fen, depth)
                theirs = reference_divide(board, depth)
                if ours != theirs:
                    print("MISMATCH", fen)
                    for m in sorted(set(ours) | set(theirs)):
                        if ours.get(m) != theirs.get(m):
                            print("  ", m, "tabiya", ours.get(m), "python-chess", theirs.get(m))
                    sys.exit(1)
                checked += 1
    print(f"{checked} positions agree at depth {depth}")


if __name__ == "__main__":
    main()
