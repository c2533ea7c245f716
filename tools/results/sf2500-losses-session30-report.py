import json, chess, statistics, collections
games = json.load(open('losses-0.json')) + json.load(open('losses-1.json'))
print(len(games), "lost games")
traj = collections.defaultdict(list)
rows = []
for g in games:
    sgn = 1 if g['a_white'] else -1
    ev = [sgn * e for e in g['evals']]
    for k in (16, 24, 32, 48, 64, 80, 100):
        if k < len(ev): traj[k].append(ev[k])
    best = None
    for i, (fen, mv, sfbest) in enumerate(g['moves']):
        b = chess.Board(fen)
        a_to_move = (b.turn == chess.WHITE) == g['a_white']
        if not a_to_move or ev[i] < -150: continue
        drop = ev[i] - ev[i + 1]
        if best is None or drop > best[0]:
            best = (drop, i, fen, mv, sfbest, ev[i], ev[i + 1])
    if best:
        drop, i, fen, mv, sfbest, before, after = best
        b = chess.Board(fen)
        npm = sum(len(b.pieces(r, c)) * v for r, v in ((2, 3), (3, 3), (4, 5), (5, 9)) for c in (0, 1))
        m = chess.Move.from_uci(mv); s = chess.Move.from_uci(sfbest) if sfbest else None
        kind = []
        if s and b.is_capture(s): kind.append('sf-capture')
        if s and b.gives_check(s): kind.append('sf-check')
        if b.is_capture(m): kind.append('we-capture')
        rows.append((drop, i, npm, before, after, b.san(m), b.san(s) if s else '-', ','.join(kind), fen))
for k in sorted(traj): print(f"ply {k}: n={len(traj[k])} median {statistics.median(traj[k])} mean {statistics.mean(traj[k]):.0f}")
rows.sort(key=lambda r: -r[0])
for r in rows: print(r[:8])
drops = [r[0] for r in rows]
print("median biggest drop", statistics.median(drops))
print("npm at losing move: ", sorted(r[2] for r in rows))
