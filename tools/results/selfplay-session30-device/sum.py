import glob, math, re, sys
d = sys.argv[1]
tot = {}
for f in sorted(glob.glob(d + "/*.log")):
    c = f.split("/")[-1].split("-")[0]
    last = None
    for line in open(f):
        m = re.search(r"A \+(\d+) =(\d+) -(\d+)", line)
        if m and line.startswith("game"):
            last = tuple(map(int, m.groups()))
    print(f, last)
    if last:
        t = tot.setdefault(c, [0, 0, 0])
        for i in range(3):
            t[i] += last[i]
for c, (w, dr, l) in tot.items():
    n = w + dr + l
    s = (w + dr / 2) / n
    var = (w * (1 - s) ** 2 + dr * (0.5 - s) ** 2 + l * s ** 2) / (n - 1)
    se = math.sqrt(var / n)
    e = lambda x: -400 * math.log10(1 / x - 1)
    print(f"{c}: {n} games +{w} ={dr} -{l} score {s:.3f} Elo {e(s):+.0f} (95%: {e(s-1.96*se):+.0f} to {e(s+1.96*se):+.0f})")
