#!/usr/bin/env python3
"""Fits how `tabla analyse`'s win chances should be shown, from self-play predictions.

    cargo run --release -p tabla-ai --example calibration -- amazons -o size=10 \
        --games 24 --dump a10.csv
    bench/calibrate.py a10.csv [more.csv ...]

Each CSV line is one prediction: the mover's predicted chance, the mover's result (1, 0.5,
0) and the legal moves at the position (how far the game has gone). Per phase (buckets of
legal moves) it fits q = sigmoid((logit(p) - shift) / temperature) by log-loss over a grid:
the shift takes out a bias towards the mover (a search whose last ply is the mover's own
sees the position just after its move), the temperature a value scale that is too bold
(above 1) or too timid (below 1). Prints the fit per phase and ten bins before and after.
Standard library only.
"""
import csv
import math
import sys

EDGES = [0, 10, 30, 100, 300, 1000, 10**9]


def logit(p):
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def model(p, shift, temp):
    if p <= 0.0 or p >= 1.0:
        return p
    return 1 / (1 + math.exp(-(logit(p) - shift) / temp))


def loss(rows, shift, temp):
    total = 0.0
    for p, r, _ in rows:
        q = min(max(model(p, shift, temp), 1e-6), 1 - 1e-6)
        total -= r * math.log(q) + (1 - r) * math.log(1 - q)
    return total / max(len(rows), 1)


def fit(rows):
    best = (loss(rows, 0.0, 1.0), 0.0, 1.0)
    for s10 in range(-20, 81, 2):
        for t in [0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2, 1.4, 1.7, 2.0,
                  2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]:
            l = loss(rows, s10 / 10, t)
            if l < best[0]:
                best = (l, s10 / 10, t)
    return best


def bins(rows, f):
    out = []
    ece = 0.0
    for b in range(10):
        lo, hi = b / 10, (b + 1) / 10
        part = [(f(p, n), r) for p, r, n in rows if lo <= f(p, n) < hi or (b == 9 and f(p, n) == 1.0)]
        if not part:
            out.append(f"| {lo:.1f}–{hi:.1f} | 0 | | |")
            continue
        pred = sum(x for x, _ in part) / len(part)
        obs = sum(r for _, r in part) / len(part)
        ece += len(part) / len(rows) * abs(pred - obs)
        out.append(f"| {lo:.1f}–{hi:.1f} | {len(part)} | {pred:.3f} | {obs:.3f} |")
    return out, ece


def main():
    rows = []
    for path in sys.argv[1:]:
        with open(path) as fh:
            for rec in csv.DictReader(fh):
                rows.append((float(rec["predicted"]), float(rec["result"]), int(rec["legal"])))
    if not rows:
        sys.exit("usage: calibrate.py FILE.csv ... (from the calibration example's --dump)")
    print(f"{len(rows)} predictions from {', '.join(sys.argv[1:])}\n")
    print("| legal moves | positions | shift | temperature | log-loss before | after |")
    print("| --- | --- | --- | --- | --- | --- |")
    fitted = {}
    for lo, hi in zip(EDGES, EDGES[1:]):
        part = [x for x in rows if lo <= x[2] < hi]
        if len(part) < 30:
            continue
        l, s, t = fit(part)
        fitted[lo] = (s, t)
        top = "…" if hi == EDGES[-1] else str(hi - 1)
        print(f"| {lo}–{top} | {len(part)} | {s:.1f} | {t:.2f} | {loss(part, 0, 1):.4f} | {l:.4f} |")

    def shown(p, n):
        lo = max(e for e in EDGES if e <= n)
        s, t = fitted.get(lo, (0.0, 1.0))
        return model(p, s, t)

    before, ece0 = bins(rows, lambda p, n: p)
    after, ece1 = bins(rows, shown)
    for title, table in (("as searched", before), ("as shown after the fit", after)):
        print(f"\n{title}:\n\n| chance | positions | mean | observed win rate |")
        print("| --- | --- | --- | --- |")
        print("\n".join(table))
    print(f"\nexpected calibration error: {ece0:.4f} before, {ece1:.4f} after")


if __name__ == "__main__":
    main()
