"""Bishop-and-knight mates: an engine with king, bishop and knight against Stockfish's bare king, from random
legal starts (White to move, not in check), at a fixed time a move. Prints each start, whether it was mated
before the fifty-move rule, and the count.

    python3 tools/kbnk_mates.py "target/release/tabiya uci" SEED STARTS SECONDS_PER_MOVE
"""
import random
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
DEFENDER_SECONDS = 0.05


def random_start(rng):
    while True:
        board = chess.Board(None)
        k, b, n, bare = rng.sample(range(64), 4)
        board.set_piece_at(k, chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(b, chess.Piece(chess.BISHOP, chess.WHITE))
        board.set_piece_at(n, chess.Piece(chess.KNIGHT, chess.WHITE))
        board.set_piece_at(bare, chess.Piece(chess.KING, chess.BLACK))
        if board.is_valid() and not board.is_game_over() and not board.is_check():
            return board


def main():
    command, seed, starts, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    ours = chess.engine.SimpleEngine.popen_uci(command.split())
    defender = chess.engine.SimpleEngine.popen_uci(STOCKFISH)
    rng = random.Random(seed)
    mated = 0
    for i in range(starts):
        board = random_start(rng)
        start = board.fen()
        while not board.is_game_over(claim_draw=False) and board.halfmove_clock < 100:
            engine, seconds_now = (ours, seconds) if board.turn == chess.WHITE else (defender, DEFENDER_SECONDS)
            board.push(engine.play(board, chess.engine.Limit(time=seconds_now)).move)
        moves = (len(board.move_stack) + 1) // 2
        outcome = "mate" if board.is_checkmate() else "NO: " + board.fen()
        mated += board.is_checkmate()
        print(i, start, outcome, moves, flush=True)
    print("mated %d/%d" % (mated, starts))
    ours.quit()
    defender.quit()


if __name__ == "__main__":
    main()
