#!/usr/bin/env python3
"""Races injected into the corpus's asynchronous programs (issue 22).

For each positive corpus program with token dependency lists, MUTANTS
mutants each drop one token operand from one dependency list chosen at
random (a list of one token loses the list). Each mutant is linted; the
script reports, over all mutants that still parse:

  race      data-race reports an error (the mutant has a race it names)
  unknown   data-race warns that it cannot decide
  none      data-race is silent: the dropped edge was implied by others, or
            it ordered ops that share no element (no race to find)

and checks that the unmodified programs have no data-race error. Which
silent mutants do have a real race needs an independent judge, which this
bench does not have: the `none` row is an upper bound on what is missed,
not a count of misses.

Usage: bench/injected_races.py [--build build] [--mutants 8] [--seed 1]
"""
import argparse, glob, json, os, random, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LIST = re.compile(r"(async\s*|air\.execute\s*|\[dependency = )\[(%[\w.#]+(?:\s*,\s*%[\w.#]+)*)\]")


def lint(tool, path):
    r = subprocess.run([tool, "lint", "--format=json", path],
                       capture_output=True, text=True, timeout=120)
    try:
        doc = json.loads(r.stdout)
    except json.JSONDecodeError:
        return "parse", []
    f = doc["files"][0]
    if f["status"] in ("parse-error", "unreadable", "internal-error"):
        return f["status"], []
    return "ok", [x for x in f["findings"] if x["rule"] == "data-race"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mutants", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    tool = os.path.join(args.build, "bin", "air-check")
    rng = random.Random(args.seed)
    counts = {"race": 0, "unknown": 0, "none": 0, "parse": 0}
    clean_errors = 0
    programs = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(glob.glob(os.path.join(HERE, "..", "corpus", "positive", "*.mlir"))):
            text = open(path).read()
            sites = [m for m in LIST.finditer(text)]
            if not sites:
                continue
            programs += 1
            status, findings = lint(tool, path)
            clean_errors += sum(1 for f in findings if f["severity"] == "error")
            for _ in range(args.mutants):
                m = rng.choice(sites)
                toks = [t.strip() for t in m.group(2).split(",")]
                drop = rng.randrange(len(toks))
                rest = toks[:drop] + toks[drop + 1:]
                if rest:
                    new = m.group(1) + "[" + ", ".join(rest) + "]"
                elif m.group(1).startswith("[dependency"):
                    new = m.group(1) + "[]"
                else:
                    new = m.group(1)
                mutant = text[:m.start()] + new + text[m.end():]
                mp = os.path.join(tmp, "m.mlir")
                open(mp, "w").write(mutant)
                status, findings = lint(tool, mp)
                if status != "ok":
                    counts["parse"] += 1
                elif any(f["severity"] == "error" for f in findings):
                    counts["race"] += 1
                elif findings:
                    counts["unknown"] += 1
                else:
                    counts["none"] += 1
    total = counts["race"] + counts["unknown"] + counts["none"]
    print("programs with token lists   %d" % programs)
    print("data-race errors on them    %d" % clean_errors)
    print("mutants linted              %d (%d did not parse)" % (total, counts["parse"]))
    for k in ("race", "unknown", "none"):
        print("  %-8s %5d  (%.2f)" % (k, counts[k], counts[k] / total if total else 0))
    sys.exit(1 if clean_errors else 0)


if __name__ == "__main__":
    main()
