#!/usr/bin/env python3
"""Label the positions of played games for the evaluation network (`cargo run --release --example nnue_train`).

    python3 tools/label_games.py GAMES.pgn... --out /tmp/games.txt [--part 0 --parts 2] [--held-out-every 20]

`tools/gen_nnue_data.py` makes positions from Stockfish's own games; this takes them from games tabiya played
(self-play and matches, `tools/results/*.pgn`), so that the network also learns the positions tabiya's own
choices lead to. Each position after the opening is searched by Stockfish at a fixed depth (in game order,
so the table carries over from move to move as in the generator) and kept under the generator's rules: side
to move not in check, best move neither a capture nor a promotion, score within 2000 cp. A position met in
more than one game is labelled once. Lines are `FEN;cp;result` as the generator writes them; every
`--held-out-every`-th game goes to `OUT.held` instead, to measure the network on games it did not see.
Run several `--part`s side by side, one per core.
"""

import argparse
import os

import chess
import chess.pgn

from gen_nnue_data import Stockfish

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def games(paths):
    """(game number across all files, result for White, the moves) of every finished game."""
    n = 0
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                result = RESULTS.get(game.headers.get("Result", "*"))
                if result is not None and not game.errors and game.headers.get("FEN") is None:
                    yield n, result, list(game.mainline_moves())
                    n += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--skip-plies", type=int, default=8, help="opening plies not labelled")
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--held-out-every", type=int, default=20)
    args = ap.parse_args()
    sf = Stockfish(args.stockfish)
    seen = set()
    kept = labelled = 0
    with open(args.out, "w") as out, open(args.out + ".held", "w") as held:
        for n, result, moves in games(args.pgn):
            if n % args.parts != args.part:
                continue
            sink = held if args.held_out_every and n % args.held_out_every == 0 else out
            sf.send("ucinewgame")
            board = chess.Board()
            for ply, move in enumerate(moves):
                if ply >= args.skip_plies and not board.is_check():
                    key = " ".join(board.fen().split()[:4])
                    if key not in seen:
                        seen.add(key)
                        lines = sf.search(board.fen(), args.depth, 1)
                        labelled += 1
                        if lines:
                            cp, best = lines[0]
                            best = chess.Move.from_uci(best)
                            if not board.is_capture(best) and best.promotion is None and abs(cp) <= 2000:
                                white_cp = cp if board.turn == chess.WHITE else -cp
                                sink.write(f"{board.fen()};{white_cp};{result}\n")
                                kept += 1
                board.push(move)
            sink.flush()
    sf.quit()
    print(f"{os.path.basename(args.out)}: {labelled} positions searched, {kept} kept")


if __name__ == "__main__":
    main()
