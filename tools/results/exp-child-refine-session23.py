#!/usr/bin/env python3
"""Session 23 experiment (not kept in tabiya): would a second search, one ply down the engine's own best
line, make whole-game analysis agree better with Stockfish's blunders?

    python3 tools/results/exp-child-refine-session23.py search TABIYA PART NPARTS OUT.json [NODES]
    python3 tools/results/exp-child-refine-session23.py judge OUT0.json OUT1.json ...

`search` drives `tabiya uci` over the 40 check games of tools/blunder_agreement.py (every NPARTS-th game from
PART, so that two processes share the work): every position of the main line at NODES nodes (default 600000,
the analysis default), then the position after the engine's best move in each, at the same nodes. `judge`
applies lichess's blunder rule (tools/blunder_agreement.py) to:
  base   the plain search of each position (what `tabiya analyse` does);
  avg    each position's score averaged with the score after its best move (one ply deeper along the line);
  child  the score after the best move alone;
each with tabiya's centipawns scaled by 1.0-1.3, against the committed Stockfish depth-18 evaluations. The
engine's own choice is never marked, as in tabiya.
"""

import json
import os
import sys

import chess
import chess.engine

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from blunder_agreement import CEILING, is_blunder, pick_games, white_cp_and_mate  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
GAMES = pick_games(os.path.join(ROOT, "tools/results/ladder-5+0.05-40-session4.pgn"), 40, 4, 60)


def search_all(tabiya, part, nparts, out, nodes):
    eng = chess.engine.SimpleEngine.popen_uci([tabiya, "uci"])

    def search(board, tag):
        if board.is_game_over():
            won = -CEILING if board.turn == chess.WHITE else CEILING
            return ((won if board.is_checkmate() else 0), None), None
        info = eng.analyse(board, chess.engine.Limit(nodes=nodes), game=tag)
        return white_cp_and_mate(info["score"]), (info["pv"][0].uci() if info.get("pv") else None)

    res = []
    for gi, g in enumerate(GAMES):
        if gi % nparts != part:
            continue
        moves = list(g.mainline_moves())
        boards = [g.board()]
        for m in moves:
            boards.append(boards[-1].copy())
            boards[-1].push(m)
        base = [search(b, gi) for b in boards]
        child = []
        for b, (_, best) in zip(boards, base):
            if best is None:
                child.append(None)
                continue
            after = b.copy()
            after.push(chess.Move.from_uci(best))
            child.append(search(after, gi)[0])
        res.append({"game": gi, "moves": [m.uci() for m in moves], "base": base, "child": child})
        json.dump(res, open(out, "w"))
    eng.quit()


def judge(files):
    sf = json.load(open(os.path.join(ROOT, "tools/results/blunder-agreement-sf-cache.json")))
    res = [r for f in files for r in json.load(open(f))]

    def sf_eval(board):
        if board.is_game_over():
            return ((-CEILING if board.turn else CEILING) if board.is_checkmate() else 0, None)
        return tuple(sf[f"{board.fen()} d18"])

    def combine(b, c, how):
        if how == "base" or c is None or b[1] is not None or c[1] is not None:
            return b
        return ((b[0] + c[0]) / 2, None) if how == "avg" else c

    for how in ("base", "avg", "child"):
        for scale in (1.0, 1.1, 1.2, 1.3):
            ours, theirs = set(), set()
            for r in res:
                gi, board = r["game"], GAMES[r["game"]].board()
                base = [tuple(x[0]) for x in r["base"]]
                best = [x[1] for x in r["base"]]
                child = [None if c is None else tuple(c) for c in r["child"]]
                ev = [combine(b, c, how) for b, c in zip(base, child)]
                ev = [(e[0] * scale if e[1] is None else e[0], e[1]) for e in ev]
                for i, mv in enumerate(r["moves"]):
                    white = board.turn
                    after = board.copy()
                    after.push_uci(mv)
                    if is_blunder(white, sf_eval(board), sf_eval(after)):
                        theirs.add((gi, i + 1))
                    if best[i] != mv and is_blunder(white, ev[i], ev[i + 1]):
                        ours.add((gi, i + 1))
                    board = after
            both = ours & theirs
            print(f"{how:5} x{scale:.1f}: tabiya {len(ours)}, Stockfish {len(theirs)}, agreed {len(both)}: "
                  f"recall {len(both) / len(theirs):.1%}, precision {len(both) / max(1, len(ours)):.1%}")


if __name__ == "__main__":
    if sys.argv[1] == "search":
        nodes = int(sys.argv[6]) if len(sys.argv) > 6 else 600000
        search_all(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], nodes)
    else:
        judge(sys.argv[2:])
