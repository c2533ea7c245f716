#!/usr/bin/env python3
"""Nodes per second of UCI engines as a game sees them: a full-size hash table and timed searches.

`examples/bench` searches each position to a fixed depth with a fresh 16 MB table, which hides what a game's
64 MB table, filled by earlier moves, costs in cache and address-translation misses. This script gives each
engine `Hash` (default 64 MB) and searches five positions for `--movetime` ms each in one process, then
reports the nodes per second over all five (the last `info` line's nodes and time). Engines take turns,
`--rounds` times, so that the drift of a shared machine falls on all of them alike; the median is printed.

    python3 tools/uci_nps.py [--hash 64] [--movetime 3000] [--rounds 3] ENGINE...
"""
import argparse
import re
import statistics
import subprocess

FENS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "8/5pk1/6p1/3R4/7P/6P1/r4P2/6K1 w - - 0 40",
    "2r2rk1/1bqnbppp/pp1ppn2/8/2PNP3/1PN1BP2/P2QB1PP/2RR2K1 w - - 0 15",
]


def nps(engine, hash_mb, movetime):
    p = subprocess.Popen([engine, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        last = None
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit(f"{engine}: the engine closed its output")
            if line.startswith("info") and " nodes " in line and " time " in line:
                last = line
            if line.startswith(prefix):
                return last

    send(f"setoption name Hash value {hash_mb}")
    send("isready")
    wait_for("readyok")
    nodes = ms = 0
    for fen in FENS:
        send("ucinewgame")
        send("position fen " + fen)
        send(f"go movetime {movetime}")
        last = wait_for("bestmove")
        nodes += int(re.search(r" nodes (\d+)", last).group(1))
        ms += int(re.search(r" time (\d+)", last).group(1))
    send("quit")
    p.wait()
    return nodes / ms * 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engines", nargs="+")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--movetime", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    runs = {e: [] for e in args.engines}
    for _ in range(args.rounds):
        for e in args.engines:
            runs[e].append(nps(e, args.hash, args.movetime))
    for e, v in runs.items():
        print(f"{e}: median {statistics.median(v):,.0f} nodes/s  runs {', '.join(f'{x:,.0f}' for x in v)}")


if __name__ == "__main__":
    main()
