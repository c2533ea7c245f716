#!/usr/bin/env python3
"""Differential check of `tabiya pgn --json` against python-chess (a reference implementation).

Writes random standard and Chess960 games with variations, comments, %clk and NAGs (python-chess exports tag
values with unescaped quotes, which tabiya must read), then compares every ply's SAN, the final position and
the status. Not part of CI (it needs `pip install chess`).

    cargo build --release && python3 tools/pgn_crosscheck.py
"""
import chess, chess.pgn, random, json, subprocess, sys, tempfile, os
PGN = os.path.join(tempfile.mkdtemp(), "games.pgn")
rng = random.Random(7)
games = []
for i in range(300):
    c960 = i % 3 == 0
    board = chess.Board.from_chess960_pos(rng.randrange(960)) if c960 else chess.Board()
    board.chess960 = c960
    g = chess.pgn.Game()
    if c960:
        g.setup(board)
        g.headers["Variant"] = "Chess960"
    g.headers["White"] = f"W{i}"; g.headers["Black"] = 'B "quoted"'
    node = g
    b = board.copy()
    for ply in range(rng.randrange(1, 150)):
        moves = list(b.legal_moves)
        if not moves: break
        m = rng.choice(moves)
        if rng.random() < 0.1 and len(moves) > 1:
            alt = rng.choice([x for x in moves if x != m])
            v = node.add_variation(alt); v.comment = "alt {x}".replace("{","").replace("}","")
        node = node.add_main_variation(m)
        if rng.random() < 0.2: node.comment = f"[%clk 0:0{rng.randrange(10)}:{rng.randrange(10,60)}] note {ply}"
        if rng.random() < 0.1: node.nags.add(rng.choice([1,2,3,4,5,6]))
        b.push(m)
    outcome = b.outcome(claim_draw=False)
    g.headers["Result"] = outcome.result() if outcome else "*"
    games.append((g, b))
with open(PGN, "w") as f:
    for g, b in games:
        print(g, file=f, end="\n\n")
out = subprocess.run(["target/release/tabiya", "pgn", "--json", PGN], capture_output=True, text=True)
lines = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
assert len(lines) == len(games), (len(lines), len(games), out.stderr[:500])
bad = 0
for (g, b), j in zip(games, lines):
    exp_plies = list(g.mainline_moves())
    if j["error"] is not None or len(j["plies"]) != len(exp_plies) or chess.Board(j["final_fen"], chess960=True).board_fen() != b.board_fen():
        bad += 1
        if bad < 4: print("MISMATCH game", j["game"], j["error"], len(j["plies"]), len(exp_plies))
    # SAN per ply
    bb = g.board()
    for mv, p in zip(exp_plies, j["plies"]):
        san = bb.san(mv)
        if san != p["san"]:
            bad += 1; print("SAN", j["game"], san, p["san"]); break
        bb.push(mv)
    st = j["status"]
    exp = "ongoing"
    if b.is_checkmate(): exp = "checkmate"
    elif b.is_stalemate(): exp = "stalemate"
    elif b.is_insufficient_material(): exp = "insufficient_material"
    elif b.is_fivefold_repetition(): exp = "fivefold_repetition"
    elif b.is_seventyfive_moves(): exp = "seventyfive_moves"
    if st != exp:
        bad += 1; print("STATUS", j["game"], st, exp)
print("games", len(games), "bad", bad, "exit", out.returncode)
