#!/usr/bin/env python3
"""The levels' ratings from the ladder's matches (issue 28): each level's Elo above level 1,
per game, as the sum of the measured steps below it.

    bench/ratings.py [--fresh DIR] [--earlier DIR] [--write]

Every step (level L against level L-1) is taken from the fresh run's directory when it holds
that step (all its files for the step pooled: `gipf-L7-L6.json`, `gipf-L7-L6-more.json`, ...),
else from the earlier run's, and says which. A step's Elo comes from its pooled score with
half a point added on each side (so that 20 wins of 20 gives a finite +637, not infinity),
rounded to 10: the steps are estimates, not exact values.

Prints the markdown table; with --write also rewrites `docs/levels.md` (between its markers)
and `crates/tabla-ai/src/ratings.rs`, which the server and the terminal show ("level 4 — about
900 above level 1").
"""
import argparse
import glob
import json
import math
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# ladder id prefix, game id, board the ratings are shown for
GAMES = [
    ("gipf", "gipf", "GIPF, tournament"),
    ("amazons6", "amazons", "Amazons, 6×6"),
    ("amazons10", None, "Amazons, 10×10"),
    ("seega", "seega", "Seega, 5×5"),
    ("ur", "bulgarian-ur", "Bulgarian Ur, 10 discs"),
]


def wilson(points, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = points / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def elo(s):
    return 400 * math.log10(s / (1 - s))


def step(dirs, prefix, level):
    """The pooled result of level against level - 1: (games, a, draws, b, source) or None."""
    for label, d in dirs:
        files = sorted(glob.glob(os.path.join(d, f"{prefix}-L{level}-L{level - 1}*.json")))
        files = [f for f in files if re.fullmatch(
            rf"{re.escape(prefix)}-L{level}-L{level - 1}(-[a-z0-9]+)?\.json", os.path.basename(f))]
        if not files:
            continue
        g = a = dr = b = 0
        for f in files:
            r = json.load(open(f))
            g += r["games"]
            a += r["a"]
            dr += r["draws"]
            b += r["b"]
        return (g, a, dr, b, label)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fresh", default=os.path.join(ROOT, "bench/ladder-r3"))
    ap.add_argument("--earlier", default=os.path.join(ROOT, "bench/ladder-results"))
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    dirs = [("fresh", args.fresh), ("earlier", args.earlier)]

    lines = [
        "| game | step | games (+ = −) | score | 95% interval | ≥ 0.65 | step Elo | run |",
        "| --- | --- | --- | ---: | --- | --- | ---: | --- |",
    ]
    summary = ["| game | " + " | ".join(f"level {l}" for l in range(1, 8)) + " |",
               "| --- |" + " ---: |" * 7]
    ratings = {}
    for prefix, game_id, name in GAMES:
        total = 0
        row = [0]
        for level in range(2, 8):
            s = step(dirs, prefix, level)
            if s is None:
                row.append(None)
                continue
            g, a, dr, b, label = s
            points = a + dr / 2
            score = points / g
            lo, hi = wilson(points, g)
            e = round(elo((points + 0.5) / (g + 1)) / 10) * 10
            total += e
            row.append(total)
            ok = "yes" if score >= 0.65 else "**no**"
            lines.append(f"| {name} | {level} – {level - 1} | {g} (+{a} ={dr} −{b}) | {score:.3f} | "
                         f"[{lo:.2f}, {hi:.2f}] | {ok} | {e:+d} | {label} |")
        summary.append(f"| {name} | " + " | ".join("?" if r is None else f"{r:+d}" if r else "0"
                                                 for r in row) + " |")
        if game_id and None not in row:
            ratings[game_id] = (name, row)
    table = "\n".join(lines)
    summ = "\n".join(summary)
    print(summ)
    print()
    print(table)
    if not args.write:
        return
    doc = os.path.join(ROOT, "docs/levels.md")
    text = open(doc).read()
    begin, end = "<!-- ratings: begin (bench/ratings.py --write) -->", "<!-- ratings: end -->"
    i, j = text.index(begin) + len(begin), text.index(end)
    text = text[:i] + "\n\n" + summ + "\n\n" + table + "\n\n" + text[j:]
    open(doc, "w").write(text)
    rs = os.path.join(ROOT, "crates/tabla-ai/src/ratings.rs")
    out = [
        "//! Each level's rating above level 1, per game, measured by the ladder (`bench/ladder.sh`,",
        "//! then `bench/ratings.py --write`, which writes this file; the table with its matches is in",
        "//! `docs/levels.md`). Shown where a player chooses a level.",
        "",
        "/// Elo above level 1 of levels 1–7 in `game` (a game id), on the board the ladder measured",
        "/// (see [`board`]); `None` for a game not measured.",
        "pub fn above_level_1(game: &str) -> Option<[i32; 7]> {",
        "    match game {",
    ]
    for game_id, (name, row) in ratings.items():
        out.append(f"        {json.dumps(game_id, ensure_ascii=False)} => Some({row}),")
    out += ["        _ => None,", "    }", "}", "",
            "/// The board on which `game`'s ratings were measured.",
            "pub fn board(game: &str) -> Option<&'static str> {", "    match game {"]
    for game_id, (name, row) in ratings.items():
        out.append(f"        {json.dumps(game_id, ensure_ascii=False)} => Some({json.dumps(name, ensure_ascii=False)}),")
    out += ["        _ => None,", "    }", "}", "", "#[cfg(test)]", "mod tests {",
            "    /// The ladder's steps as measured: every level above the one below, in every game.",
            "    #[test]", "    fn every_level_is_rated_above_the_one_below() {",
            "        for game in [\"gipf\", \"amazons\", \"seega\", \"bulgarian-ur\"] {",
            "            let r = super::above_level_1(game).expect(\"measured\");",
            "            assert_eq!(r[0], 0, \"{game}\");",
            "            for l in 1..7 {",
            "                assert!(r[l] > r[l - 1], \"{game}: level {} not above level {l}\", l + 1);",
            "            }",
            "            assert!(super::board(game).is_some(), \"{game}\");",
            "        }", "    }", "}", ""]
    open(rs, "w").write("\n".join(out))
    print(f"wrote {doc} and {rs}", file=sys.stderr)


if __name__ == "__main__":
    main()
