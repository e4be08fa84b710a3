#!/usr/bin/env python3
"""Fits Amazons' evaluation weights by phase (Texel's method): the CSV of
`cargo run --release -p tabla-ai --example amazons_fit` split into buckets of plies, each
fitted by `fit.py`'s logistic regression on the terms and a constant (the worth of having the
move). Prints one row of weights per bucket, in logit units and in evaluation units (--scale).

    bench/fit_phases.py DATA.csv [--buckets 0 10 20 40 60 80] [--scale 60] [--l2 0.001] \
        [--drop TERM ...]
"""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit import fit, log_losses  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--buckets", nargs="*", type=int, default=[0, 10, 20, 30, 45, 60, 80])
    ap.add_argument("--scale", type=float, default=60.0)
    ap.add_argument("--l2", type=float, default=0.001)
    ap.add_argument("--drop", nargs="*", default=[])
    args = ap.parse_args()
    with open(args.data) as f:
        rows = list(csv.reader(f))
    names = rows[0]
    keep = [i for i, n in enumerate(names) if i >= 2 and n not in args.drop]
    bounds = args.buckets + [10**9]
    print("| plies | positions | log-loss (constant) | " + " | ".join(names[i] for i in keep) + " |")
    print("| --- | ---: | --- | " + " | ".join("---:" for _ in keep) + " |")
    for lo, hi in zip(bounds, bounds[1:]):
        ys, xs = [], []
        for r in rows[1:]:
            if lo <= int(r[1]) < hi:
                ys.append(float(r[0]))
                xs.append([float(r[i]) for i in keep])
        if len(ys) < 50:
            continue
        w = fit(xs, ys, args.l2)
        loss, base = log_losses(w, xs, ys)
        label = f"{lo}–{hi - 1}" if hi < 10**9 else f"{lo}–"
        cells = " | ".join(f"{b * args.scale:+.1f}" for b in w)
        print(f"| {label} | {len(ys)} | {loss:.3f} ({base:.3f}) | {cells} |")


if __name__ == "__main__":
    main()
