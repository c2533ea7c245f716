#!/usr/bin/env python3
"""Who was better when a match game was drawn by repetition? (session 62)

    python3 tools/draw_report.py tools/results/sf2500-10+0.1-session61.pgn [more.pgn …] \
        [--tabiya target/release/tabiya] [--sf-depth 16] [--tabiya-depth 12] [--back 10]

For every game of match.py's files drawn by threefold repetition, the final position and the one `--back`
plies before are scored from engine A's side (tabiya) by Stockfish 15.1 at full strength and by tabiya, each
searching the position afresh (so neither sees the repetition). One line per game: file, round, plies, the
material (the side to move's pieces first), then for each position Stockfish's score, tabiya's score and the
number of pieces; a summary at the end. A draw that Stockfish scores near 0 while tabiya scores well above it
is a drawn position tabiya overrates.
"""

import argparse
import os
import statistics
import sys

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tally import a_plays_white  # noqa: E402


def material(board):
    """'KRP v KR': each side's pieces, strongest first, the side to move first."""
    order = "KQRBNP"
    sides = []
    for color in (board.turn, not board.turn):
        letters = sorted((p.symbol().upper() for p in board.piece_map().values() if p.color == color), key=order.index)
        sides.append("".join(letters))
    return " v ".join(sides)


def score(engine, board, depth, pov):
    info = engine.analyse(board, chess.engine.Limit(depth=depth))
    return info["score"].pov(pov).score(mate_score=10000)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--tabiya", default="target/release/tabiya")
    ap.add_argument("--sf-depth", type=int, default=16)
    ap.add_argument("--tabiya-depth", type=int, default=12)
    ap.add_argument("--back", type=int, default=10)
    args = ap.parse_args()
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 64})
    tb = chess.engine.SimpleEngine.popen_uci([args.tabiya, "uci"])
    rows = []
    try:
        for path in args.pgn:
            with open(path) as f:
                while (game := chess.pgn.read_game(f)) is not None:
                    if game.headers.get("Termination") != "threefold_repetition":
                        continue
                    pov = chess.WHITE if a_plays_white(game) else chess.BLACK
                    moves = list(game.mainline_moves())
                    row = [path.split("/")[-1], game.headers["Round"], len(moves), material(game.end().board())]
                    for back in (0, args.back):
                        board = game.board()
                        for m in moves[: max(len(moves) - back, 0)]:
                            board.push(m)
                        row += [score(sf, board, args.sf_depth, pov), score(tb, board, args.tabiya_depth, pov),
                                len(board.piece_map())]
                    rows.append(row)
                    print(*row[:3], f"'{row[3]}'", *row[4:], flush=True)
    finally:
        sf.quit()
        tb.quit()
    if not rows:
        return
    for k, name in ((4, "the final position"), (7, f"{args.back} plies before")):
        sfs, tbs = [r[k] for r in rows], [r[k + 1] for r in rows]
        near_zero = [r for r in rows if abs(r[k]) <= 30]
        print(f"{name}: {len(rows)} draws; Stockfish median {statistics.median(sfs)}, mean {statistics.mean(sfs):.0f};"
              f" tabiya median {statistics.median(tbs)}, mean {statistics.mean(tbs):.0f};"
              f" Stockfish >= +100: {sum(s >= 100 for s in sfs)}, <= -100: {sum(s <= -100 for s in sfs)};"
              f" of the {len(near_zero)} Stockfish scores within 30 cp of 0, tabiya >= +100 in"
              f" {sum(r[k + 1] >= 100 for r in near_zero)} and <= -100 in {sum(r[k + 1] <= -100 for r in near_zero)};"
              f" pieces median {statistics.median(r[k + 2] for r in rows)}")


if __name__ == "__main__":
    main()
