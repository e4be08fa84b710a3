#!/usr/bin/env python3
"""Fits an evaluation's term weights to game results (Texel's method): logistic regression
of the final score on the terms, by Newton's method with a little L2 regularisation.

Input: the CSV of `cargo run --release -p tabla-ai --example texel -- GAME ...`
(`result,term1,term2,...`, one row per position, the terms for the player who acts next,
the result that player's final score). Prints each term's weight in logit units and
multiplied by --scale (the evaluation's units per logit), and the fit's log-loss.

    bench/fit.py DATA.csv [--scale 150] [--l2 0.01] [--fix TERM=VALUE ...] [--drop TERM ...]

Plain Python (no numpy): a few thousand rows and a dozen terms fit in seconds.
"""
import argparse
import csv
import math


def solve(a, b):
    """Solves a x = b for a small dense matrix by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(xs, ys, l2):
    """Logistic regression of ys on the columns of xs (no intercept: give a column of ones
    for one), by Newton's method with L2 regularisation; returns the weights."""
    n, k = len(ys), len(xs[0])
    # Standardise the terms for a well-conditioned fit, then map back.
    sd = []
    for j in range(k):
        col = [x[j] for x in xs]
        mu = sum(col) / n
        sd.append(math.sqrt(sum((c - mu) ** 2 for c in col) / n) or 1.0)
    z = [[x[j] / sd[j] for j in range(k)] for x in xs]
    w = [0.0] * k
    for _ in range(30):
        grad = [l2 * w[j] * n for j in range(k)]
        hess = [[(l2 * n if i == j else 0.0) for j in range(k)] for i in range(k)]
        for x, y in zip(z, ys):
            t = sum(wj * xj for wj, xj in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, t))))
            g = p - y
            h = p * (1.0 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hi = h * x[i]
                row = hess[i]
                for j in range(k):
                    row[j] += hi * x[j]
        step = solve(hess, grad)
        w = [wj - sj for wj, sj in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return [w[j] / sd[j] for j in range(k)]


def log_losses(w, xs, ys):
    """Mean log-loss of the weights `w` on the rows, and of the best constant (the base rate)."""
    n = len(ys)
    loss = 0.0
    for x, y in zip(xs, ys):
        t = sum(wj * xj for wj, xj in zip(w, x))
        p = min(max(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, t)))), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    m = sum(ys) / n
    base = -sum(y * math.log(m) + (1 - y) * math.log(1 - m) for y in ys) if 0 < m < 1 else float("nan")
    return loss / n, base / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--scale", type=float, default=150.0)
    ap.add_argument("--l2", type=float, default=0.01)
    ap.add_argument("--drop", nargs="*", default=[])
    args = ap.parse_args()
    with open(args.data) as f:
        rows = list(csv.reader(f))
    names = rows[0][1:]
    keep = [i for i, n in enumerate(names) if n not in args.drop]
    ys, xs = [], []
    for r in rows[1:]:
        if len(r) != len(names) + 1:
            continue
        ys.append(float(r[0]))
        xs.append([float(r[1 + i]) for i in keep])
    w = fit(xs, ys, args.l2)
    n = len(ys)
    loss, base_loss = log_losses(w, xs, ys)
    print(f"rows {n}, log-loss {loss:.4f} (constant {base_loss:.4f})")
    for j, i in enumerate(keep):
        beta = w[j]
        print(f"{names[i]:>14}  {beta:+.4f} logit  {round(beta * args.scale):+6d} units")


if __name__ == "__main__":
    main()
