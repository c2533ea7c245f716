#!/usr/bin/env python3
"""Play a match between two UCI engines with real clocks, and estimate the Elo difference.

Not part of CI: this is how tabiya's strength figures in the README were measured.

    cargo build --release
    python3 tools/match.py                       # tabiya (full strength) v Stockfish UCI_Elo 2200, 100 games, 10+0.1
    python3 tools/match.py --games 20 --tc 5+0.05 --b-option UCI_Elo=1800
    python3 tools/match.py --a-option "Skill Level=3" --b "target/release/tabiya uci" --b-option "Skill Level=4"

Each opening (a short book line below, chosen for variety) is played twice, colours swapped. Clocks are kept
here: each side's thinking time is measured around its `go` and a side whose clock runs out loses (unless the
opponent cannot mate, which is a draw). A game is drawn once a position occurs for the third time or 100
plies pass without a capture or pawn move (`game_end`). Games are adjudicated to save time: a side whose own
score is below -1000 cp for 4 of its consecutive moves, confirmed by the opponent's score, resigns; after move
60 a game where both engines see less than 15 cp for 10 plies each is a draw. Needs python-chess (`pip install
chess`).
"""

import argparse
import math
import os
import shlex
import sys
import time

import chess
import chess.engine
import chess.pgn

OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5 a6", "e4 e5 Nf3 Nc6 Bc4 Bc5", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
    "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 g6", "e4 c5 Nc3 Nc6 g3", "e4 e6 d4 d5 Nc3 Bb4", "e4 e6 d4 d5 Nd2 c5",
    "e4 c6 d4 d5 e5 Bf5", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5", "e4 d5 exd5 Qxd5 Nc3 Qa5", "e4 d6 d4 Nf6 Nc3 g6",
    "e4 g6 d4 Bg7 Nc3 d6", "e4 Nf6 e5 Nd5 d4 d6", "e4 e5 f4 exf4 Nf3 g5", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4",
    "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6", "e4 e5 Nc3 Nf6 f4 d5", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7",
    "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4", "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6", "d4 Nf6 c4 e6 Nc3 Bb4", "d4 Nf6 c4 e6 Nf3 b6",
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6", "d4 Nf6 c4 g6 Nc3 d5", "d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6",
    "d4 f5 g3 Nf6 Bg2 g6", "d4 d5 Bf4 Nf6 e3 c5", "d4 Nf6 Bg5 e6 e4 h6", "c4 e5 Nc3 Nf6 Nf3 Nc6",
    "c4 c5 Nc3 Nc6 g3 g6", "c4 Nf6 Nc3 e6 e4 d5", "Nf3 d5 g3 Nf6 Bg2 c6", "Nf3 Nf6 c4 b6 g3 Bb7",
    "g3 d5 Bg2 Nf6 Nf3 c5", "b3 e5 Bb2 Nc6 e3 d5", "f4 d5 Nf3 g6 e3 Bg7", "e4 c5 c3 Nf6 e5 Nd5",
    "e4 e6 d4 d5 e5 c5 c3 Nc6", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6", "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4",
    "d4 Nf6 c4 e6 g3 d5 Bg2 Be7", "d4 d5 c4 e6 Nc3 c5", "e4 c5 Nf3 d6 Bb5+ Bd7", "e4 Nc6 d4 d5 Nc3 dxe4",
    "d4 e6 c4 Bb4+ Bd2 Qe7", "e4 e5 Bc4 Nf6 d3 c6", "e4 c6 c4 d5 exd5 cxd5", "d4 Nf6 Nf3 e6 Bf4 c5",
    "c4 e6 Nc3 d5 d4 c6", "e4 e5 Nf3 d6 d4 Nf6",
]

RESIGN_CP, RESIGN_MOVES = 1000, 4
DRAW_CP, DRAW_PLIES, DRAW_FROM_MOVE = 15, 20, 60


def parse_options(items):
    opts = {}
    for item in items or []:
        name, _, value = item.partition("=")
        opts[name.strip()] = value.strip()
    return opts


def open_engine(cmd, options):
    eng = chess.engine.SimpleEngine.popen_uci(shlex.split(cmd))
    eng.configure({k: v for k, v in options.items()})
    return eng


def book_lines(folder, seed, shortest=8, longest=12):
    """The lines of `shortest` to `longest` plies in the lichess chess-openings TSV files of `folder` (columns
    eco, name, pgn), as SAN moves separated by spaces, shuffled by `seed` (in file order when it is None):
    hundreds of distinct openings for long matches."""
    import glob
    import random
    lines = []
    for path in sorted(glob.glob(os.path.join(folder, "*.tsv"))):
        with open(path) as f:
            next(f, None)
            for row in f:
                fields = row.rstrip("\n").split("\t")
                if len(fields) < 3:
                    continue
                sans = [t for t in fields[2].split() if not t[0].isdigit()]
                if shortest <= len(sans) <= longest:
                    lines.append(" ".join(sans))
    if seed is not None:
        random.Random(seed).shuffle(lines)
    return lines


def score_cp(info, color):
    s = info.get("score")
    return None if s is None else s.pov(color).score(mate_score=100000)


def play_game(engines, names, opening, tc, white_index, round_no):
    base, inc = tc
    board = chess.Board()
    for san in opening.split():
        board.push_san(san)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    # engines[white_index] plays White.
    side_engine = {chess.WHITE: engines[white_index], chess.BLACK: engines[1 - white_index]}
    scores = []  # (color, cp) per ply
    result, reason = None, None
    while result is None:
        result, reason = game_end(board)
        if result is not None:
            break
        color = board.turn
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        played = side_engine[color].play(board, limit, info=chess.engine.INFO_SCORE, game=round_no)
        clocks[color] -= time.monotonic() - start
        if clocks[color] < 0:
            if board.has_insufficient_material(not color):
                result, reason = "1/2-1/2", "time forfeit, opponent cannot mate"
            else:
                result, reason = ("0-1" if color == chess.WHITE else "1-0"), "time forfeit"
            break
        clocks[color] += inc
        if played.move is None or played.move not in board.legal_moves:
            result, reason = ("0-1" if color == chess.WHITE else "1-0"), f"illegal move {played.move}"
            break
        scores.append((color, score_cp(played.info, color)))
        board.push(played.move)
        result, reason = adjudicate(board, scores)
    game = chess.pgn.Game.from_board(board)
    # The book line goes in a tag of its own: the standard Opening tag holds a name, and tabiya shows it as one.
    game.headers.update({"Event": "tabiya match", "Round": str(round_no), "White": names[white_index],
                         "Black": names[1 - white_index], "Result": result, "Termination": reason,
                         "TimeControl": f"{base:g}+{inc:g}", "OpeningLine": opening,
                         # Seconds left on each clock at the end: shows whether an engine uses its time.
                         "WhiteClockLeft": f"{clocks[chess.WHITE]:.2f}", "BlackClockLeft": f"{clocks[chess.BLACK]:.2f}"})
    return result, reason, game


def game_end(board):
    """(result, reason) once the game is over, else (None, None): checkmate, stalemate, a dead position, or a
    draw declared as engine matches declare it (cutechess-cli too): the same position for the third time, or
    100 plies without a capture or a pawn move. A repetition that the side to move could only bring about with
    its next move does not end the game, as python-chess's claim_draw would: that side decides whether to
    play it, and it is often the side that is winning (until session 62 every "threefold_repetition" in these
    files ended a ply early that way; see README, Strength)."""
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        return outcome.result(), outcome.termination.name.lower()
    if board.is_repetition(3):
        return "1/2-1/2", "threefold_repetition"
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "fifty_moves"
    return None, None


def adjudicate(board, scores):
    """Resign and draw adjudication from the engines' own scores (see the module doc)."""
    if len(scores) >= 2 * RESIGN_MOVES and all(s is not None for _, s in scores[-2 * RESIGN_MOVES:]):
        recent = scores[-2 * RESIGN_MOVES:]
        for loser in (chess.WHITE, chess.BLACK):
            own = [s for c, s in recent if c == loser]
            other = [s for c, s in recent if c != loser]
            if all(s <= -RESIGN_CP for s in own) and all(s >= RESIGN_CP for s in other):
                return ("0-1" if loser == chess.WHITE else "1-0"), "adjudication: resign"
    if board.fullmove_number >= DRAW_FROM_MOVE and len(scores) >= DRAW_PLIES:
        recent = scores[-DRAW_PLIES:]
        if all(s is not None and abs(s) < DRAW_CP for _, s in recent):
            return "1/2-1/2", "adjudication: draw"
    return None, None


def elo(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / p - 1)


def summary(points):
    """Mean score, Elo difference, and the 95% margin of the Elo difference (normal approximation of the
    mean score carried through the logistic curve's slope)."""
    n = len(points)
    mean = sum(points) / n
    var = sum((x - mean) ** 2 for x in points) / max(n - 1, 1)
    sigma = math.sqrt(var / n)
    p = min(max(mean, 0.01), 0.99)
    margin = 1.96 * sigma * 400 / (math.log(10) * p * (1 - p))
    return mean, elo(mean), margin


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", default="target/release/tabiya uci", help="engine A command (the one measured)")
    ap.add_argument("--b", default="/usr/games/stockfish", help="engine B command (the reference)")
    ap.add_argument("--a-option", action="append", help="Name=value for engine A (repeatable)")
    ap.add_argument("--b-option", action="append", help="Name=value for engine B (repeatable)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--tc", default="10+0.1", help="base+increment in seconds")
    ap.add_argument("--pgn", default=None, help="append the games to this PGN file")
    ap.add_argument("--first-opening", type=int, default=0)
    ap.add_argument("--openings", default=None,
                    help="a folder of the lichess chess-openings TSV files (e.g. assets/openings): play its lines "
                         "of 8-12 plies instead of the 50 built in, in an order fixed by --seed")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    openings = book_lines(args.openings, args.seed) if args.openings else OPENINGS
    a_opts = parse_options(args.a_option)
    b_opts = parse_options(args.b_option) if args.b_option else {}
    if args.b == "/usr/games/stockfish" and not args.b_option:
        b_opts = {"UCI_LimitStrength": "true", "UCI_Elo": "2200", "Threads": "1", "Hash": "64"}
    base, _, inc = args.tc.partition("+")
    tc = (float(base), float(inc or 0))
    names = [f"A: {args.a} {a_opts}", f"B: {args.b} {b_opts}"]
    engines = [open_engine(args.a, a_opts), open_engine(args.b, b_opts)]
    points, wins, draws, losses = [], 0, 0, 0
    try:
        for g in range(args.games):
            opening = openings[(args.first_opening + g // 2) % len(openings)]
            white_index = g % 2
            result, reason, game = play_game(engines, names, opening, tc, white_index, g + 1)
            a_white = white_index == 0
            pts = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            pts = pts if a_white else 1 - pts
            points.append(pts)
            wins += pts == 1.0
            draws += pts == 0.5
            losses += pts == 0.0
            if args.pgn:
                with open(args.pgn, "a") as f:
                    print(game, file=f, end="\n\n")
            mean, e, m = summary(points)
            left = [game.headers["WhiteClockLeft"], game.headers["BlackClockLeft"]]
            a_left, b_left = (left[0], left[1]) if a_white else (left[1], left[0])
            print(f"game {g + 1:3d}: A {'white' if a_white else 'black'} {result:7s} ({reason}); "
                  f"A +{wins} ={draws} -{losses}  score {mean:.3f}  Elo {e:+.0f} ± {m:.0f}  "
                  f"clocks left A {a_left} s, B {b_left} s", flush=True)
    finally:
        for eng in engines:
            eng.quit()
    mean, e, m = summary(points)
    print(f"\n{len(points)} games: A +{wins} ={draws} -{losses}, score {mean:.3f}, "
          f"Elo difference {e:+.0f} ± {m:.0f} (95%)")


if __name__ == "__main__":
    sys.exit(main())
