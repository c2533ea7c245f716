#!/usr/bin/env python3
"""Do the blunders `tabiya analyse` marks agree with Stockfish's?

Takes games with known errors (by default the low-level games of the level ladder, levels 1-4, which blunder),
runs `tabiya analyse` on them at its default setting, and judges every move again with Stockfish at a fixed
depth by the same rule (lichess's: a drop of the mover's winning chances of 0.3 or more on the -1..+1 scale,
or allowing a forced mate from a position that was not lost, or losing one's own mate into a position that
is not winning by more than 7 pawns). Prints recall (Stockfish's blunders that tabiya marks) and precision
(tabiya's blunders that Stockfish confirms), each with its 95% error, and F1 (their harmonic mean): a change
that only moves the balance between recall and precision, as a different threshold would, leaves F1 alone.

    python3 tools/blunder_agreement.py --games 24 --depth 18 [--tabiya target/release/tabiya] [--nodes N | --movetime MS]
        [--fit-scale]

Without --nodes or --movetime, `tabiya analyse` runs at its own default setting. With --analysed FILE... it
reads tabiya's analysis of the picked games from `tabiya analyse` output made beforehand (a long set analysed
in parts, side by side) instead of running it. With --fit-scale it also prints the factor on tabiya's reported
centipawns that brings them closest to Stockfish's (least squares of the winning chances, over every position
neither side scores as a mate): 1.0 means the calibration in src/engine/info.rs still holds.

Needs python-chess (`pip install chess`) and Stockfish (`apt-get install stockfish`). Not run in CI.
"""

import argparse
import io
import json
import math
import os
import subprocess
import sys
import tempfile

import chess
import chess.engine
import chess.pgn

CEILING = 1000
MULTIPLIER = -0.00368208


def winning_chances(cp):
    cp = max(-CEILING, min(CEILING, cp))
    return max(-1.0, min(1.0, 2 / (1 + math.exp(MULTIPLIER * cp)) - 1))


def white_cp_and_mate(score):
    """(centipawns, mate) from White's view, as lila reads an evaluation."""
    w = score.white()
    if w.is_mate():
        m = w.mate()
        return (CEILING if m > 0 else -CEILING), m
    return w.score(), None


def is_blunder(mover_white, before, after):
    sign = 1 if mover_white else -1
    (cb, mb), (ca, ma) = before, after
    mb = None if mb is None else mb * sign
    ma = None if ma is None else ma * sign
    if mb is None and ma is not None and ma < 0:
        return -cb * sign <= 700
    if mb is not None and mb > 0 and ma is None:
        return ca * sign <= 700
    if mb is not None and ma is not None:
        return mb > 0 and ma < 0
    if mb is not None or ma is not None:
        return False
    return (winning_chances(cb) - winning_chances(ca)) * sign >= 0.3


def pick_games(path, count, max_level, max_plies, skip=0):
    games = []
    with open(path) as f:
        while len(games) < count:
            g = chess.pgn.read_game(f)
            if g is None:
                break
            levels = [int(g.headers.get(side, "x 9").split()[-1]) for side in ("White", "Black")]
            if max(levels) > max_level:
                continue
            if skip > 0:
                skip -= 1
                continue
            # Cut long games: the judgement needs positions, not endings.
            node = g
            for _ in range(max_plies):
                if not node.variations:
                    break
                node = node.variations[0]
            node.variations = []
            games.append(g)
    return games


def stockfish_blunders(games, depth, stockfish, cache_path, evals_out=None):
    cache = json.load(open(cache_path)) if cache_path and os.path.exists(cache_path) else {}
    engine = None  # started at the first position the cache lacks: a fully cached run needs no Stockfish
    marks = set()
    for gi, game in enumerate(games):
        board = game.board()
        evals = []
        moves = list(game.mainline_moves())
        for i in range(len(moves) + 1):
            if board.is_game_over():
                if board.is_checkmate():
                    evals.append((-CEILING if board.turn == chess.WHITE else CEILING, None))
                else:
                    evals.append((0, None))
            else:
                key = f"{board.fen()} d{depth}"
                if key not in cache:
                    if engine is None:
                        engine = chess.engine.SimpleEngine.popen_uci(stockfish)
                        engine.configure({"Threads": 1, "Hash": 64})
                    info = engine.analyse(board, chess.engine.Limit(depth=depth))
                    cache[key] = white_cp_and_mate(info["score"])
                evals.append(tuple(cache[key]))
            if i < len(moves):
                board.push(moves[i])
        if evals_out is not None:
            evals_out.append(evals)
        board = game.board()
        for i, mv in enumerate(moves):
            if is_blunder(board.turn == chess.WHITE, evals[i], evals[i + 1]):
                marks.add((gi, i + 1))
            board.push(mv)
        print(f"stockfish: game {gi + 1}/{len(games)} done", file=sys.stderr)
        if cache_path:
            # The format of the committed cache, so that a run that adds positions changes only those lines.
            json.dump(cache, open(cache_path, "w"), sort_keys=True, indent=0)
    if engine is not None:
        engine.quit()
    return marks


def tabiya_blunders(games, tabiya, setting, evals_out=None):
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        for g in games:
            print(g, file=f, end="\n\n")
        name = f.name
    empty = tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False)
    empty.close()
    out = subprocess.run([tabiya, "analyse", name, *setting, "--fresh", "--config", empty.name],
                         check=True, capture_output=True, text=True).stdout
    return analysed_blunders(out, games, evals_out)


def analysed_blunders(out, games, evals_out=None):
    """The blunders (?? marks) and evaluations in `out`, tabiya analyse's PGN of `games`."""
    marks = set()
    pgn = io.StringIO(out)
    gi = 0
    while True:
        g = chess.pgn.read_game(pgn)
        if g is None:
            break
        if gi >= len(games):
            raise SystemExit(f"the analysed PGN holds more games than the {len(games)} picked")
        evals = [None]
        for i, node in enumerate(g.mainline()):
            if 4 in node.nags:
                marks.add((gi, i + 1))
            evals.append(white_cp_and_mate(node.eval()) if node.eval() is not None else None)
        if len(evals) != len(list(games[gi].mainline_moves())) + 1:
            raise SystemExit(f"analysed game {gi + 1} does not have the moves of the game picked")
        if evals_out is not None:
            evals_out.append(evals)
        gi += 1
    if gi != len(games):
        raise SystemExit(f"the analysed PGN holds {gi} games, not {len(games)}")
    return marks


def centipawn_pairs(ours, theirs):
    """(ours, theirs) centipawns of every position that both engines scored and neither as a mate."""
    return [(o[0], t[0]) for og, tg in zip(ours, theirs) for o, t in zip(og, tg)
            if o is not None and t is not None and o[1] is None and t[1] is None]


def fit_scale(ours, theirs):
    """The factor k on our centipawns that minimises the mean squared difference of winning chances."""
    pairs = centipawn_pairs(ours, theirs)

    def error(k):
        return sum((winning_chances(k * o) - winning_chances(t)) ** 2 for o, t in pairs) / len(pairs)

    best = min((k / 100 for k in range(50, 251, 5)), key=error)
    return best, error(best), error(1.0), len(pairs)


CURVE_KNOTS = [0, 100, 200, 300, 400, 500, 700, 1000, 1500]


def piecewise(knots, values):
    """The odd, piecewise-linear map through (knots[i], values[i]), straight on past the last knot."""
    def f(cp):
        a = abs(cp)
        i = next((i for i in range(1, len(knots)) if a <= knots[i]), len(knots) - 1)
        y = values[i - 1] + (values[i] - values[i - 1]) * (a - knots[i - 1]) / (knots[i] - knots[i - 1])
        return y if cp >= 0 else -y
    return f


def fit_curve(ours, theirs):
    """The monotone piecewise-linear map of our centipawns (values at CURVE_KNOTS) that minimises the mean
    squared difference of winning chances, by coordinate descent from the identity."""
    pairs = centipawn_pairs(ours, theirs)

    def error(values):
        f = piecewise(CURVE_KNOTS, values)
        return sum((winning_chances(f(o)) - winning_chances(t)) ** 2 for o, t in pairs) / len(pairs)

    values = list(CURVE_KNOTS)
    best = identity = error(values)
    for step in (40, 20, 10, 5):
        improved = True
        while improved:
            improved = False
            for i in range(1, len(values)):
                for d in (-step, step):
                    trial = values[:i] + [values[i] + d] + values[i + 1:]
                    if not all(a < b for a, b in zip(trial, trial[1:])):
                        continue
                    trial_error = error(trial)
                    if trial_error < best - 1e-12:
                        values, best, improved = trial, trial_error, True
    return values, best, identity, len(pairs)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pgn", default="tools/results/ladder-5+0.05-40-session4.pgn")
    p.add_argument("--games", type=int, default=24)
    p.add_argument("--skip", type=int, default=0,
                   help="leave out the first N qualifying games (e.g. --skip 40: games the measure never sees)")
    p.add_argument("--max-level", type=int, default=4)
    p.add_argument("--max-plies", type=int, default=60)
    p.add_argument("--depth", type=int, default=18)
    p.add_argument("--movetime", type=int, help="milliseconds a position (default: tabiya's own setting)")
    p.add_argument("--nodes", type=int, help="nodes a position (default: tabiya's own setting)")
    p.add_argument("--tabiya", default="target/release/tabiya")
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    p.add_argument("--cache", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "results",
                                                   "blunder-agreement-sf-cache.json"),
                   help="Stockfish's evaluations, kept between runs (keyed by FEN and depth); the default file "
                        "holds Stockfish 15.1's depth-18 evaluations of the first 40 games, so a run on them "
                        "needs no Stockfish time")
    p.add_argument("--fit-scale", action="store_true", help="also fit the scale of tabiya's centipawns")
    p.add_argument("--fit-curve", action="store_true",
                   help="also fit a monotone piecewise-linear map of tabiya's centipawns onto Stockfish's")
    p.add_argument("--analysed", nargs="+",
                   help="read tabiya's analysis of the games from these PGN files (`tabiya analyse` output, in "
                        "order) instead of running it: long sets are analysed in parts, side by side")
    p.add_argument("--dump", help="write every move's evaluations (both engines, before and after) to this JSON file")
    a = p.parse_args()
    games = pick_games(a.pgn, a.games, a.max_level, a.max_plies, a.skip)
    plies = sum(len(list(g.mainline_moves())) for g in games)
    setting = (["--movetime", str(a.movetime)] if a.movetime else []) + (["--nodes", str(a.nodes)] if a.nodes else [])
    our_evals, their_evals = [], []
    if a.analysed:
        text = "".join(open(path).read() + "\n\n" for path in a.analysed)
        ours = analysed_blunders(text, games, our_evals)
    else:
        ours = tabiya_blunders(games, a.tabiya, setting, our_evals)
    theirs = stockfish_blunders(games, a.depth, a.stockfish, a.cache, their_evals)
    both = ours & theirs
    recall = len(both) / len(theirs) if theirs else 1.0
    precision = len(both) / len(ours) if ours else 1.0
    source = f"read from {len(a.analysed)} file(s)" if a.analysed else " ".join(setting) or "default setting"
    print(f"{len(games)} games, {plies} moves; Stockfish depth {a.depth} marks {len(theirs)} blunders, "
          f"tabiya analyse ({source}) marks {len(ours)}; agreed {len(both)}")
    f1 = 2 * len(both) / (len(ours) + len(theirs)) if ours or theirs else 1.0
    # The 95% error of each figure, as a binomial proportion of the blunders it is counted over.
    err_r = 1.96 * math.sqrt(recall * (1 - recall) / len(theirs)) if theirs else 0.0
    err_p = 1.96 * math.sqrt(precision * (1 - precision) / len(ours)) if ours else 0.0
    print(f"recall {recall:.1%} (±{err_r:.1%})  precision {precision:.1%} (±{err_p:.1%})  F1 {f1:.3f}")
    print(f"only Stockfish: {sorted(theirs - ours)}")
    print(f"only tabiya:    {sorted(ours - theirs)}")
    if a.dump:
        rows = []
        for gi, g in enumerate(games):
            board = g.board()
            for i, mv in enumerate(g.mainline_moves()):
                rows.append({"game": gi, "ply": i + 1, "fen": board.fen(), "move": board.san(mv),
                             "ours": [our_evals[gi][i], our_evals[gi][i + 1]],
                             "theirs": [their_evals[gi][i], their_evals[gi][i + 1]],
                             "ours_blunder": (gi, i + 1) in ours, "theirs_blunder": (gi, i + 1) in theirs})
                board.push(mv)
        json.dump(rows, open(a.dump, "w"))
    if a.fit_scale:
        k, err, err1, n = fit_scale(our_evals, their_evals)
        print(f"scale fit over {n} positions: x{k:.2f} (mean squared winning-chance error {err:.5f}; {err1:.5f} at x1.00)")
    if a.fit_curve:
        values, err, err1, n = fit_curve(our_evals, their_evals)
        knots = ", ".join(f"{x}->{y}" for x, y in zip(CURVE_KNOTS, values))
        print(f"curve fit over {n} positions: {knots} (mean squared winning-chance error {err:.5f}; {err1:.5f} "
              f"as reported)")


if __name__ == "__main__":
    main()
