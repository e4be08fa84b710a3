#!/usr/bin/env python3
"""docs/lab.md from the lab's findings (web/lab/*.json): each claim, verdict and answer, with
the command and the time each run took. Usage: bench/lab-report.py [DIR] > docs/lab.md"""
import json, pathlib, sys

d = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "web/lab")
names = json.loads((d / "index.json").read_text())["experiments"]
print("# The lab: the seeds' claims, tested\n")
print("Made by `bench/lab.sh` (the commands below; `tabla lab run NAME` with the same")
print("`--games`, `--time-ms` and `--seed` reproduces the games' openings, dice and seeds; time-limited")
print("searches differ from machine to machine). Every interval is 95%: Wilson's for scores,")
print("±1.96 standard errors for means. The bots: level 5 at the time given, one search thread,")
print("two games at once on a two-core machine that was also compiling.\n")
print("| experiment | verdict | games | command | time |")
print("| --- | --- | --- | --- | --- |")
for n in names:
    f = json.loads((d / f"{n}.json").read_text())
    s = f["setup"]
    print(f"| {n} | {f['verdict']} | {s['played']} | `{s['command']}` | {s['duration_s']:.0f} s |")
print()
for n in names:
    f = json.loads((d / f"{n}.json").read_text())
    print(f"## {f['title']['en']} (`{n}`)\n")
    print(f"Seed {f['claim']['seed']}: „{f['claim']['hu']}”  ")
    print(f"*{f['claim']['en']}*\n")
    print(f"**Method.** {f['method']['en']}\n")
    print(f"**Verdict: {f['verdict']}.** {f['answer']['en']}\n")
    s = f["setup"]
    print(f"Bots: {', '.join(s['bots'])}. Games: {s['played']} ({s['repeated_games']} repeated an earlier record).\n")
