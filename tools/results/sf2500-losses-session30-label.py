import chess, chess.pgn, chess.engine, sys, io, json
pgn = open(sys.argv[1]); part, nparts = int(sys.argv[2]), int(sys.argv[3])
eng = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
eng.configure({"Threads": 1, "Hash": 64})
out = []
gi = 0
while True:
    g = chess.pgn.read_game(pgn)
    if g is None: break
    gi += 1
    if gi % nparts != part: continue
    a_white = g.headers["White"].startswith("A")
    res = g.headers["Result"]
    a_lost = (res == "0-1" and a_white) or (res == "1-0" and not a_white)
    if not a_lost: continue
    board = g.board(); evals = []; moves = []
    for node in g.mainline():
        info = eng.analyse(board, chess.engine.Limit(depth=12))
        evals.append(info["score"].pov(chess.WHITE).score(mate_score=3000))
        moves.append((board.fen(), node.move.uci(), info.get("pv", [None])[0].uci() if info.get("pv") else None))
        board.push(node.move)
    info = eng.analyse(board, chess.engine.Limit(depth=12)); evals.append(info["score"].pov(chess.WHITE).score(mate_score=3000))
    out.append({"game": gi, "a_white": a_white, "evals": evals, "moves": moves})
    print(gi, file=sys.stderr, flush=True)
eng.quit()
json.dump(out, open(f"losses-{part}.json", "w"))
