#!/usr/bin/env python3
"""Check tabiya's UCI the way python-chess's `chess.engine` (and so most scripts and GUIs) uses it: options,
pondering, searchmoves, hashfull, currmove and clamped options. Not part of CI (the raw transcripts are in tests/uci.rs).

    cargo build --release
    python3 tools/check_uci.py [--engine "target/release/tabiya uci"]

Needs python-chess (`pip install chess`). Prints one line per check and exits 1 if any failed.
"""

import argparse
import shlex
import sys

import chess
import chess.engine


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--engine", default="target/release/tabiya uci")
    a = p.parse_args()
    failures = 0

    def check(name, ok, detail=""):
        nonlocal failures
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + str(detail) if detail and not ok else ''}")

    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(a.engine))
    opts = engine.options
    check("Ponder declared", "Ponder" in opts)
    check("UCI_AnalyseMode declared", "UCI_AnalyseMode" in opts)
    check("MultiPV declared 1..256", "MultiPV" in opts and opts["MultiPV"].max == 256)

    # Pondering: play with ponder=True, then play again. python-chess sends `go ponder` on the expected reply
    # and then `ponderhit` (or `stop` and a new `go`) on the next call.
    board = chess.Board()
    limit = chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05, black_inc=0.05)
    for _ in range(6):
        result = engine.play(board, limit, ponder=True)
        check(f"move {board.fullmove_number} {'white' if board.turn else 'black'} legal",
              result.move in board.legal_moves, result.move)
        board.push(result.move)
        if result.ponder is not None and result.ponder in board.legal_moves:
            board.push(result.ponder)  # the opponent plays the pondered move: a ponderhit
        else:
            board.push(next(iter(board.legal_moves)))

    # searchmoves through root_moves
    board = chess.Board()
    info = engine.analyse(board, chess.engine.Limit(depth=6), root_moves=[chess.Move.from_uci("a2a3")])
    check("root_moves honoured", info["pv"][0] == chess.Move.from_uci("a2a3"), info.get("pv"))
    check("hashfull reported", "hashfull" in info and 0 <= info["hashfull"] <= 1000, info.get("hashfull"))

    # currmove / currmovenumber after the first second of a search, read by python-chess's info parser. They come
    # as each root move starts, so the search is long enough for a new iteration to begin after that second
    # even on a loaded machine (at 2.5 s, with two other processes running, none began: session 72).
    seen = []
    with engine.analysis(chess.Board(), chess.engine.Limit(time=5)) as analysis:
        for info in analysis:
            if "currmove" in info:
                seen.append((info["currmove"], info.get("currmovenumber")))
    legal = set(chess.Board().legal_moves)
    check("currmove reported after a second", seen != [] and all(m in legal and n >= 1 for m, n in seen), seen[:3])

    # Out-of-range options are clamped, not refused.
    engine.configure({"Skill Level": 8})
    engine.protocol.send_line("setoption name Skill Level value 20")
    engine.protocol.send_line("setoption name UCI_Elo value 9999")
    res = engine.play(chess.Board(), chess.engine.Limit(depth=3))
    check("engine still answers after clamped options", res.move is not None)
    engine.quit()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
