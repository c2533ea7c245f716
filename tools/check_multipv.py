#!/usr/bin/env python3
"""Check tabiya's MultiPV through python-chess, the way a GUI or a script would use it.

Not part of CI. Needs python-chess (`pip install chess`) and the release binary:

    cargo build --release
    python3 tools/check_multipv.py
    python3 tools/check_multipv.py --engine "target/release/tabiya uci" --depth 8 --lines 3

For each position, `engine.analyse(board, Limit(depth=D), multipv=N)` must give N lines (or one per legal move
when there are fewer), with distinct first moves and scores that never rise from one line to the next.
"""

import argparse
import shlex
import sys

import chess
import chess.engine

POSITIONS = [
    chess.STARTING_FEN,
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6rk/8/8/p7/8/P7/8/7K w - - 0 1",  # two legal moves only
]


def check(engine, fen, depth, lines):
    board = chess.Board(fen)
    infos = engine.analyse(board, chess.engine.Limit(depth=depth), multipv=lines)
    want = min(lines, board.legal_moves.count())
    moves = [info["pv"][0] for info in infos]
    scores = [info["score"].relative.score(mate_score=100_000) for info in infos]
    shown = "  ".join(f"{board.san(m)} {s:+d}" for m, s in zip(moves, scores))
    print(f"{fen}\n  depth {infos[0].get('depth')}: {shown}")
    assert len(infos) == want, f"{len(infos)} lines, expected {want}"
    assert len(set(moves)) == len(moves), f"repeated first moves: {moves}"
    assert all(a >= b for a, b in zip(scores, scores[1:])), f"scores rise: {scores}"
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/tabiya uci")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--lines", type=int, default=3)
    args = parser.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(args.engine))
    try:
        failed = 0
        for fen in POSITIONS:
            try:
                check(engine, fen, args.depth, args.lines)
            except AssertionError as e:
                failed += 1
                print(f"  FAIL: {e}")
        print("ok" if failed == 0 else f"{failed} position(s) failed")
        return 1 if failed else 0
    finally:
        engine.quit()


if __name__ == "__main__":
    sys.exit(main())
