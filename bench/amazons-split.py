#!/usr/bin/env python3
"""A proof of an Amazons position split by its first moves, one `tabla solve` per move.

    bench/amazons-split.py LAYOUT [--moves "M1 M2"] [--only "M3 M4"] [--cap-ms N] [--jobs J] [--out DIR]
                          [--tsv FILE] [--tally]
                          [--keep-proofs [--resume]] [--hints] [--each-ms N]

For each legal move of the position (after --moves), solves the position after it (the
opponent to move) with at most --cap-ms, J at a time, and keeps each answer as a JSON line in
DIR/<move>.json, so that a stopped run resumes where it was. A move left open at the cap is
kept too, as DIR/<move>.open.json with its cap: a later run skips it (counted open) unless
given a longer cap (or --hints, when it had none and some apply). DIR defaults to
bench/results/split/<W>x<H>[+<moves>], inside the repository, so that hours of proofs
are committed with the results they support (answers
kept outside it were lost once with a machine); DIR/about.json names the position, and a
run on another position refuses to mix its answers in. When the position is its own
mirror image left to right, only one of each mirrored pair of moves is searched (the other
has the same value).

Before searching, and after each new proof, each unsettled move is checked for a
transposition into a proof already kept: when move M1 = f-t/x was refuted by the answer g-h/y, the move M2 = f-t/y answered by
g-h/x reaches the very same position (the same queens on the same cells, the same stones),
so M2 is refuted too. `tabla state` must confirm it: both records legal and both positions'
text identical. Such an answer is kept as DIR/<M2>.json with "same_as": M1 and no positions
of its own (the proof's positions are counted once, under M1).

With --keep-proofs, each search keeps the positions it proved (`tabla solve --proofs`) in
DIR/<move>.proofs, even when its time runs out, and --resume gives each open move with such
a file another --cap-ms from where it stopped rather than from the start: hours spent on a
hard reply are not lost when one run is too short. The answer then counts the positions
and time of all its runs. The file goes once the move is settled.

With --hints, each search tries first (`tabla solve --first`) the answers that refuted the
moves already settled, the most frequent first, those legal in its position: sibling
positions are often won by the same answer, and a winning answer tried first settles the
move without refuting first the losing answers the solver's own order puts before it. The
answer keeps the list it was given ("first"). At the end, and whenever asked again, prints
the tally:

- the position is a win for the mover as soon as one reply position is proven lost;
- it is a loss when every reply position is proven won for the opponent;
- otherwise, how many moves are refuted (proven to lose) and how many are open: the
  partial proof, as the literature reports unfinished ones.

Every value comes from `tabla solve` (TABLA_BIN, default target/release/tabla).
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

BIN = os.environ.get("TABLA_BIN", "target/release/tabla")


def tabla(*args, check=True):
    out = subprocess.run([BIN, *args], capture_output=True, text=True)
    if out.returncode != 0:
        if not check:
            return None
        sys.exit(f"tabla {' '.join(args)}: {out.stderr.strip()}")
    r = json.loads(out.stdout.strip().splitlines()[-1])
    # A long solve's last progress line: how many of its root moves were settled (refuted,
    # for a position left open), which tells an open search stuck on its first move from
    # one that went through several.
    settled = re.findall(r"root moves settled (\d+)/(\d+)", out.stderr)
    if args[0] == "solve" and settled:
        r["root_settled"] = [int(x) for x in settled[-1]]
    return r


def swap_stones(move, answer):
    """The move and answer that reach the same position with the two stones swapped."""
    (queen, stone), (aqueen, astone) = move.split("/"), answer.split("/")
    return f"{queen}/{astone}", f"{aqueen}/{stone}"


def mirror_cell(cell, width):
    return chr(ord("a") + width - 1 - (ord(cell[0]) - ord("a"))) + cell[1:]


def mirror_move(move, width):
    # Moves read FROM-TO/STONE (for example b1-b4/d4).
    queen, stone = move.split("/")
    a, b = queen.split("-")
    return f"{mirror_cell(a, width)}-{mirror_cell(b, width)}/{mirror_cell(stone, width)}"


def cost(r):
    """Positions and milliseconds an answer took, with the earlier runs it resumed."""
    return r["nodes"] + r.get("earlier_nodes", 0), r["ms"] + r.get("earlier_ms", 0)


def cap_words(ms):
    """A time cap as people say it: "10 min", "90 s"."""
    return f"{ms // 60000} min" if ms % 60000 == 0 else f"{ms / 1000:g} s"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("layout")
    ap.add_argument("--moves", default="", help="moves played from the layout first")
    ap.add_argument("--cap-ms", type=int, default=600000, help="most time for each move")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--table-mb", type=int, default=1024)
    ap.add_argument("--out", default=None, help="where answers are kept (resumable)")
    ap.add_argument("--tsv", default=None, help="also write every settled move as a row: "
                    "move, value for the mover, the opponent's best reply, positions, seconds")
    ap.add_argument("--only", default="", help="search only these moves, in this order "
                    "(for example the replies an analysis rates worst first); the tally "
                    "still counts every legal move")
    ap.add_argument("--keep-proofs", action="store_true", help="each search keeps the "
                    "positions it proved in DIR/<move>.proofs (tabla solve --proofs), so that a "
                    "move left open can be resumed (--resume) instead of started over; the "
                    "file is removed once the move is settled")
    ap.add_argument("--dfpn", action="store_true", help="prove each move by proof-number "
                    "search (tabla solve --dfpn) instead of alpha-beta")
    ap.add_argument("--resume", action="store_true", help="with --keep-proofs: give every "
                    "open move that has a .proofs file another --cap-ms, from where it stopped")
    ap.add_argument("--proofs-work", type=int, default=None, help="with --keep-proofs: keep "
                    "positions whose proof took at least this many positions (tabla's default)")
    ap.add_argument("--hints", action="store_true", help="try first, in each search, the "
                    "answers that refuted the moves already settled (most frequent first)")
    ap.add_argument("--each-ms", type=int, default=None, help="give each answer of a "
                    "search at most this long (tabla solve --each-ms), so that one hard "
                    "answer that does not win cannot take the whole --cap-ms")
    ap.add_argument("--tally", action="store_true", help="search nothing: print the tally "
                    "of the kept answers (and write --tsv)")
    a = ap.parse_args()
    rows = a.layout.split("/")
    width = len(rows[0])
    game = ["amazons", "-o", f"layout={a.layout}"]
    state = tabla("state", *game, "--moves", a.moves)
    mover = state["to_move"]
    legal = state["legal"]
    symmetric = a.moves == "" and all(r == r[::-1] for r in rows)
    todo, twin = [], {}
    for m in legal:
        mm = mirror_move(m, width)
        if symmetric and mm in twin:
            twin[m] = mm
            continue
        twin[m] = m
        todo.append(m)
    todo_all = list(todo)
    if a.only:
        wanted = a.only.split()
        unknown = [m for m in wanted if m not in twin]
        if unknown:
            sys.exit(f"--only: not legal here: {' '.join(unknown)}")
        todo = [twin[m] for m in dict.fromkeys(wanted)]
    if a.tally:
        todo = []
    slug = f"{width}x{len(rows)}" + ("+" + a.moves.replace(" ", "+").replace("/", "_")
                                      if a.moves else "")
    out = a.out or os.path.join("bench/results/split", slug)
    os.makedirs(out, exist_ok=True)
    about = {"game": "amazons", "layout": a.layout, "moves": a.moves}
    about_path = os.path.join(out, "about.json")
    if os.path.exists(about_path):
        with open(about_path) as f:
            kept = json.load(f)
        if kept != about:
            sys.exit(f"{out} keeps answers for {kept['layout']} after '{kept['moves']}', "
                     f"not {a.layout} after '{a.moves}': give another --out")
    else:
        with open(about_path, "w") as f:
            json.dump(about, f)
            f.write("\n")
    print(f"{len(legal)} moves for {mover}; {len(todo)} to search"
          f"{' (mirror images left out)' if symmetric else ''}; answers in {out}", flush=True)

    def path(m, suffix=".json"):
        return os.path.join(out, m.replace("/", "_") + suffix)

    def kept_open(m):
        """The answer of an earlier run that left m open with at least this cap."""
        if os.path.exists(path(m, ".open.json")):
            with open(path(m, ".open.json")) as f:
                r = json.load(f)
            # A search with hints it did not have is another search: tried again (once:
            # the answer then keeps its hints, an empty list when none applied).
            retry = a.hints and "first" not in r and hints((a.moves + " " + m).strip())
            if r.get("cap_ms", 0) >= a.cap_ms and not retry:
                return r
        return None

    def run(m):
        if os.path.exists(path(m)):
            with open(path(m)) as f:
                return m, json.load(f), False
        r = kept_open(m)
        resumable = a.keep_proofs and a.resume and os.path.exists(path(m, ".proofs"))
        if r and not resumable:
            return m, r, False
        earlier = None
        if resumable and os.path.exists(path(m, ".open.json")):
            with open(path(m, ".open.json")) as f:
                earlier = json.load(f)
        moves = (a.moves + " " + m).strip()
        t = time.time()
        extra = ["--proofs", path(m, ".proofs")] if a.keep_proofs else []
        if a.keep_proofs and a.proofs_work:
            extra += ["--proofs-work", str(a.proofs_work)]
        if a.each_ms:
            extra += ["--each-ms", str(a.each_ms)]
        if a.dfpn:
            extra += ["--dfpn"]
        first = hints(moves) if a.hints else []
        if first:
            extra += ["--first", " ".join(first)]
        r = tabla("solve", *game, "--moves", moves, "--time-ms", str(a.cap_ms),
                  "--table-mb", str(a.table_mb), *extra)
        if a.keep_proofs and os.path.exists(path(m, ".lock")):
            os.remove(path(m, ".lock"))
        if earlier and r.get("proofs", {}).get("loaded"):
            # Resumed: the earlier runs' work is part of this answer's cost.
            r["earlier_nodes"] = earlier.get("earlier_nodes", 0) + earlier["nodes"]
            r["earlier_ms"] = earlier.get("earlier_ms", 0) + earlier["ms"]
        r["wall_s"] = round(time.time() - t, 1)
        r["cap_ms"] = a.cap_ms
        if a.hints:
            r["first"] = first
        if a.each_ms:
            r["each_ms"] = a.each_ms
        r["date"] = time.strftime("%Y-%m-%d")
        with open(path(m) if r["value"] != "unknown" else path(m, ".open.json"), "w") as f:
            json.dump(r, f)
            f.write("\n")
        if r["value"] != "unknown":
            for done in (path(m, ".open.json"), path(m, ".proofs")):
                if os.path.exists(done):
                    os.remove(done)
        return m, r, True

    def hints(moves):
        """The answers that refuted settled moves, most frequent first, legal after moves."""
        count = {}
        for name in sorted(os.listdir(out)):
            if name.endswith(".json") and not name.endswith(".open.json") and name != "about.json":
                with open(os.path.join(out, name)) as f:
                    best = json.load(f).get("best")
                if best:
                    count[best] = count.get(best, 0) + 1
        legal_here = set(tabla("state", *game, "--moves", moves)["legal"])
        return [b for b in sorted(count, key=lambda b: (-count[b], b)) if b in legal_here]

    def transpose():
        """Unsettled moves refuted by a kept proof they transpose into (see the top)."""
        found = []
        for name in sorted(os.listdir(out)):
            if not name.endswith(".json") or name.endswith(".open.json") or name == "about.json":
                continue
            with open(os.path.join(out, name)) as f:
                r = json.load(f)
            m1 = name[:-len(".json")].replace("_", "/")
            if r["value"] != "win" or not r.get("best") or r.get("same_as"):
                continue
            m2, a2 = swap_stones(m1, r["best"])
            if twin.get(m2) != m2 or os.path.exists(path(m2)):
                continue
            s1 = tabla("state", *game, "--moves", f"{a.moves} {m1} {r['best']}".strip())
            s2 = tabla("state", *game, "--moves", f"{a.moves} {m2} {a2}".strip(), check=False)
            if s2 is None or s1["position"] != s2["position"]:
                continue
            with open(path(m2), "w") as f:
                json.dump({"to_move": r["to_move"], "value": "win", "best": a2, "nodes": 0,
                           "ms": 0, "same_as": m1, "date": time.strftime("%Y-%m-%d"),
                           "position": s2["position"]}, f)
                f.write("\n")
            if os.path.exists(path(m2, ".open.json")):
                os.remove(path(m2, ".open.json"))
            found.append(m2)
            print(f"{m2}: refuted by {a2}, the position {m1} {r['best']} reaches "
                  f"(proven in {os.path.basename(path(m1))})", flush=True)
        return found

    if not a.tally:
        if transpose():
            todo = [m for m in todo if not os.path.exists(path(m))]
    results = {}
    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for fut in concurrent.futures.as_completed([pool.submit(run, m) for m in todo]):
            m, r, fresh = fut.result()
            results[m] = r
            done = len(results)
            kept = "" if fresh else " (kept from an earlier run)"
            if r["value"] == "unknown" and not fresh:
                kept = f" at {cap_words(r['cap_ms'])} (kept from an earlier run; a longer --cap-ms tries again)"
            if fresh and r.get("earlier_nodes"):
                kept = (f" (resumed: {r['earlier_nodes']} positions, "
                        f"{r['earlier_ms'] / 1000:.1f} s in earlier runs)")
            print(f"[{done}/{len(todo)} {time.time() - start:.0f} s] {m}: opponent's "
                  f"{r['value']} ({r['nodes']} positions, {r['ms'] / 1000:.1f} s){kept}", flush=True)
            if fresh and r["value"] == "win":
                # A new proof may refute a move still to come by transposition.
                transpose()
    # Answers kept by earlier runs count too.
    for m in legal:
        if twin[m] not in results and os.path.exists(path(twin[m])):
            with open(path(twin[m])) as f:
                results[twin[m]] = json.load(f)
    open_caps = {}
    for m in legal:
        if os.path.exists(path(twin[m], ".open.json")) and not os.path.exists(path(twin[m])):
            with open(path(twin[m], ".open.json")) as f:
                open_caps[twin[m]] = json.load(f).get("cap_ms", 0)
    # The value of each move for the mover is the opposite of the reply position's.
    flip = {"win": "loss", "loss": "win", "draw": "draw", "unknown": "unknown"}
    value = {m: flip[results[twin[m]]["value"]] if twin[m] in results else "unknown"
             for m in legal}
    wins = [m for m in legal if value[m] == "win"]
    losses = [m for m in legal if value[m] == "loss"]
    opened = [m for m in legal if value[m] == "unknown"]
    if a.tsv:
        with open(a.tsv, "w") as f:
            f.write("move\tvalue\treply\tpositions\tseconds\tsame_as\n")
            for m in legal:
                r = results.get(twin[m])
                if r and value[m] != "unknown":
                    f.write(f"{m}\t{value[m]}\t{r.get('best') or '-'}\t{cost(r)[0]}\t"
                            f"{cost(r)[1] / 1000:.1f}\t{r.get('same_as') or '-'}\n")
    # Totals of the proofs only: an open search's positions prove nothing.
    settled = [r for r in results.values() if r["value"] != "unknown"]
    nodes = sum(cost(r)[0] for r in settled)
    secs = sum(cost(r)[1] for r in settled) / 1000
    caps = {}
    for cap in open_caps.values():
        caps[cap_words(cap)] = caps.get(cap_words(cap), 0) + 1
    verdict = "win" if wins else ("loss" if not opened else "unknown")
    print(json.dumps({
        "layout": a.layout, "moves": a.moves, "to_move": mover, "value": verdict,
        "winning_moves": wins, "refuted": len(losses),
        "by_transposition": sum(1 for r in settled if r.get("same_as")), "open": len(opened),
        "open_at": caps, "untried": len(todo_all) - len(settled) - len(open_caps),
        "legal": len(legal), "searched": len(results), "nodes": nodes,
        "solver_seconds": round(secs, 1), "wall_seconds": round(time.time() - start, 1),
    }))


if __name__ == "__main__":
    main()
