#!/usr/bin/env python3
"""Turn game records from `gen_nnue_data.py --games` back into the trainer's `FEN;cp;result` lines.

    python3 tools/unpack_games.py tools/data/*.games.xz --out /tmp/nnue.txt

A record is `start FEN;result;moves`, the moves in UCI, a kept position's move written `move,cp` (the score
for White of the position before that move). Replaying the moves gives exactly the lines the generator would
have written itself. Files ending in `.xz` are read compressed. A record that does not replay (a bad FEN, an
illegal move, a score that is not a number) stops the run with its file and line.
"""

import argparse
import lzma
import sys

import chess


def open_text(path):
    return lzma.open(path, "rt") if path.endswith(".xz") else open(path)


def unpack_record(record):
    """The (FEN, cp, result) of each kept position of one game record."""
    start, result, moves = record.rstrip("\n").split(";")
    float(result)  # a result that is not a number stops the run here, with its line
    board = chess.Board(start)
    out = []
    for token in moves.split():
        uci, _, cp = token.partition(",")
        move = chess.Move.from_uci(uci)
        if not board.is_legal(move):
            raise ValueError(f"illegal move {uci} in {board.fen()}")
        if cp:
            out.append((board.fen(), int(cp), result))
        board.push(move)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    games = positions = 0
    with open(args.out, "w") as out:
        for path in args.files:
            with open_text(path) as f:
                for n, record in enumerate(f, 1):
                    try:
                        lines = unpack_record(record)
                    except ValueError as e:
                        sys.exit(f"{path}:{n}: {e}")
                    for fen, cp, result in lines:
                        out.write(f"{fen};{cp};{result}\n")
                    games += 1
                    positions += len(lines)
    print(f"{games} games, {positions} positions")


if __name__ == "__main__":
    main()
