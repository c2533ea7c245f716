#!/usr/bin/env python3
"""How well does tabiya judge endgames, against Stockfish's judgement of the same positions? (session 63)

    python3 tools/endgame_judgement.py make SET.epd GAMES.pgn [more.pgn …] [--sf-depth 18] [--per-game 4]
    python3 tools/endgame_judgement.py score SET.epd BINARY [BINARY …] [--depth 12]

`make` takes endgame positions (phase, counted knight and bishop 1, rook 2,
queen 4, of 6 or less for both sides together) from match games: every eighth ply of each game's endgame, at most
`--per-game` of them, no position twice. Stockfish 15.1 at full strength scores each at `--sf-depth`; the set
is written as EPD lines with the score, from White's side, in a `ce` field.

`score` has each tabiya binary search every position to `--depth` (a fresh search each, new game) and prints,
per binary: the mean absolute difference from Stockfish (both clipped to ±1000), and how it judges the three
kinds of position Stockfish sees: level (|score| ≤ 30; share tabiya scores 100 or more from level, the
overrating of drawn endgames that session 62's draw report found), clearly won (|score| ≥ 150; share where
tabiya agrees by 100 or more) and the rest.
"""

import argparse
import statistics

import chess
import chess.engine
import chess.pgn

PHASE = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}


def phase(board):
    return sum(PHASE.get(p.piece_type, 0) for p in board.piece_map().values())


def endgame_positions(game, per_game):
    board = game.board()
    taken, since = [], None
    for ply, move in enumerate(game.mainline_moves()):
        board.push(move)
        if board.is_game_over() or phase(board) > 6:
            continue
        since = ply if since is None else since
        if (ply - since) % 8 == 0 and len(taken) < per_game:
            taken.append(board.copy(stack=False))
    return taken


def clip(v):
    return max(-1000, min(1000, v))


def white_score(engine, board, limit):
    info = engine.analyse(board, limit, game=object())
    return info["score"].white().score(mate_score=10000)


def make(args):
    seen, boards = set(), []
    for path in args.pgn:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                for board in endgame_positions(game, args.per_game):
                    fen = board.epd()
                    if fen not in seen:
                        seen.add(fen)
                        boards.append(board)
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 64})
    try:
        with open(args.set, "w") as out:
            for board in boards:
                out.write(board.epd(ce=white_score(sf, board, chess.engine.Limit(depth=args.sf_depth))) + "\n")
    finally:
        sf.quit()
    print(f"{len(boards)} positions written to {args.set}")


def score(args):
    with open(args.set) as f:
        rows = [chess.Board.from_epd(line) for line in f if line.strip()]
    for binary in args.binary:
        tb = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
        try:
            pairs = [(ops["ce"], white_score(tb, board, chess.engine.Limit(depth=args.depth))) for board, ops in rows]
        finally:
            tb.quit()
        report(binary, pairs)


def report(binary, pairs):
    diff = statistics.mean(abs(clip(s) - clip(t)) for s, t in pairs)
    level = [t for s, t in pairs if abs(s) <= 30]
    won = [(s, t) for s, t in pairs if abs(s) >= 150]
    overrated = sum(abs(t) >= 100 for t in level)
    agreed = sum((t >= 100) if s > 0 else (t <= -100) for s, t in won)
    print(f"{binary}: {len(pairs)} positions, mean |tabiya - Stockfish| {diff:.0f} cp; "
          f"level {len(level)}: {overrated} ({100 * overrated / max(len(level), 1):.0f}%) scored 100+ from level, "
          f"mean |score| {statistics.mean(abs(t) for t in level) if level else 0:.0f}; "
          f"won {len(won)}: {agreed} ({100 * agreed / max(len(won), 1):.0f}%) agreed")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make")
    m.add_argument("set")
    m.add_argument("pgn", nargs="+")
    m.add_argument("--stockfish", default="/usr/games/stockfish")
    m.add_argument("--sf-depth", type=int, default=18)
    m.add_argument("--per-game", type=int, default=4)
    s = sub.add_parser("score")
    s.add_argument("set")
    s.add_argument("binary", nargs="+")
    s.add_argument("--depth", type=int, default=12)
    args = ap.parse_args()
    make(args) if args.command == "make" else score(args)


if __name__ == "__main__":
    main()
