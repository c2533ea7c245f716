#!/usr/bin/env python3
"""Make a data set for tuning tabiya's evaluation (`cargo run --release --example tune`).

    python3 tools/gen_tune_data.py --positions 20000 --out /tmp/tune.txt

Plays fast, varied games (Stockfish at a small node count, with a random choice among its top moves for the
first plies and now and then later), and keeps quiet positions from them: side to move not in check, the
best move neither a capture nor a promotion. Each kept position is labelled with Stockfish's depth-7 score
turned into an expected result for White, p = 1 / (1 + 10^(-cp/400)), written as `FEN;p` per line. Labels
from real game results (Texel's original method) can be written in the same format and tuned on the same way.
"""

import argparse
import random

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20000)
    ap.add_argument("--out", default="/tmp/tune.txt")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", type=float, default=0.5,
                    help="chance of keeping each eligible position (lower: more games, less correlated data)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 16})
    kept = 0
    with open(args.out, "w") as out:
        while kept < args.positions:
            board = chess.Board()
            while not board.is_game_over() and board.ply() < 200 and kept < args.positions:
                ply = board.ply()
                multipv = 4 if ply < 12 or rng.random() < 0.1 else 1
                infos = sf.analyse(board, chess.engine.Limit(nodes=800), multipv=multipv)
                move = rng.choice(infos)["pv"][0] if multipv > 1 else infos[0]["pv"][0]
                if ply >= 8 and rng.random() < args.sample and not board.is_check():
                    info = sf.analyse(board, chess.engine.Limit(depth=args.depth))
                    best = info.get("pv", [None])[0]
                    cp = info["score"].white().score(mate_score=100000)
                    quiet = best is not None and not board.is_capture(best) and best.promotion is None
                    if quiet and abs(cp) < 2000:
                        p = 1 / (1 + 10 ** (-cp / 400))
                        out.write(f"{board.fen()};{p:.4f}\n")
                        kept += 1
                        if kept % 1000 == 0:
                            print(kept, flush=True)
                board.push(move)
    sf.quit()


if __name__ == "__main__":
    main()
