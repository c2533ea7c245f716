#!/usr/bin/env python3
"""Label the positions of played games for the evaluation network (`cargo run --release --example nnue_train`).

    python3 tools/label_games.py GAMES.pgn... --out /tmp/games.txt [--part 0 --parts 2] [--held-out-every 20]
        [--branch 1 --seed 1 [--branch-only]]

`tools/gen_nnue_data.py` makes positions from Stockfish's own games; this takes them from games tabiya played
(self-play and matches, `tools/results/*.pgn`), so that the network also learns the positions tabiya's own
choices lead to. Each position after the opening is searched by Stockfish at a fixed depth (in game order,
so the table carries over from move to move as in the generator) and kept under the generator's rules: side
to move not in check, best move neither a capture nor a promotion, score within 2000 cp. A position met in
more than one game is labelled once. Lines are `FEN;cp;result` as the generator writes them; every
`--held-out-every`-th game goes to `OUT.held` instead, to measure the network on games it did not see.
Run several `--part`s side by side, one per core.

`--branch K` also labels, at each game position, the positions after K other legal moves drawn at random
(seeded by `--seed` and the game's number). A search meets mostly such positions, one move off a sensible
line, rather than the line itself. They take the game's result, which the trainer ignores at its default
`--lambda=1.0`. `--branch-only` leaves the game positions out, for games whose positions were labelled
before: give the same files in the same order, so that the same games are held out.
"""

import argparse
import os
import random

import chess
import chess.pgn

from gen_nnue_data import Stockfish, kept_for_training

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


def child(board, move):
    after = board.copy(stack=False)
    after.push(move)
    return after


def label(sf, board, seen, depth, result, sink):
    """(searched, kept): 0 or 1 each. Skips checks and positions already seen."""
    key = " ".join(board.fen().split()[:4])
    if board.is_check() or key in seen:
        return 0, 0
    seen.add(key)
    lines = sf.search(board.fen(), depth, 1)
    if not lines:
        return 1, 0
    cp, best = lines[0]
    if not kept_for_training(board, cp, chess.Move.from_uci(best)):
        return 1, 0
    white_cp = cp if board.turn == chess.WHITE else -cp
    sink.write(f"{board.fen()};{white_cp};{result}\n")
    return 1, 1


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
    ap.add_argument("--branch", type=int, default=0, help="random other moves labelled at each position")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--branch-only", action="store_true", help="label the branches, not the game positions")
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
            rng = random.Random(args.seed * 1_000_003 + n)
            for ply, move in enumerate(moves):
                if ply >= args.skip_plies:
                    others = [m for m in board.legal_moves if m != move]
                    branches = rng.sample(others, min(args.branch, len(others)))
                    line = [] if args.branch_only else [board]
                    for position in line + [child(board, m) for m in branches]:
                        n_labelled, n_kept = label(sf, position, seen, args.depth, result, sink)
                        labelled += n_labelled
                        kept += n_kept
                board.push(move)
            sink.flush()
    sf.quit()
    print(f"{os.path.basename(args.out)}: {labelled} positions searched, {kept} kept")


if __name__ == "__main__":
    main()
