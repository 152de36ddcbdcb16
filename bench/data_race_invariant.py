#!/usr/bin/env python3
"""Differential check of aie-data-race's lock invariant (issue 20) against
its own search: every design is linted by aie-data-race twice, as shipped
(pairs the invariant proves are not searched) and with
AIRCHECK_DATA_RACE_SEARCH_ONLY=1 (every pair searched), and the two
verdicts (findings and whether it is proven) must be the same.

The designs: what `air-check compile --target=npu1_4col` writes for the
positive corpus programs, the aie-level corpus programs and lit inputs,
and mutants of each: one lock's init raised or lowered by 1, one core
release dropped, one core acquire moved after the code that follows it
(so the core touches a buffer outside its lock window). A mutant the
search finds racy that the invariant proves is a bug of the invariant.

  bench/data_race_invariant.py [--build build] [--mutants 12] [--seed 1] [-v]
"""
import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BIG = ("seed003_gemm_2048x1024x2048", "seed003_gemm_512x16384x512_ktiled")


def verdict(checker, path, search_only):
    env = dict(os.environ)
    if search_only:
        env["AIRCHECK_DATA_RACE_SEARCH_ONLY"] = "1"
    p = subprocess.run([checker, "lint", "--checks=aie-data-race", "--format=json",
                        "--show-proofs", path], capture_output=True, text=True,
                       env=env, timeout=600)
    try:
        f = json.loads(p.stdout)["files"][0]
    except (ValueError, KeyError, IndexError):
        return ("unreadable", p.returncode)
    finds = sorted((x["rule"], x["severity"], json.dumps(x["location"]), x["message"])
                   for x in f["findings"] if x["rule"] == "aie-data-race")
    proven = sum(1 for x in f.get("proofs", []) if x["rule"] == "aie-data-race")
    return (tuple(finds), proven)


def mutants(text, rng, n):
    out = []
    locks = [m for m in re.finditer(r"init = (\d+) : i32", text)]
    for m in locks:
        v = int(m.group(1))
        for nv in (v + 1, v - 1):
            if nv >= 0:
                out.append(text[:m.start(1)] + str(nv) + text[m.end(1):])
    lines = text.split("\n")
    in_core, core_lines = False, []
    for i, ln in enumerate(lines):
        if "aie.core(" in ln:
            in_core = True
        elif in_core and ln.strip() == "aie.end":
            in_core = False
        elif in_core and "aie.use_lock(" in ln:
            core_lines.append(i)
    for i in core_lines:
        if "Release" in lines[i]:
            out.append("\n".join(lines[:i] + lines[i + 1:]))
        elif "Acquire" in lines[i] and i + 1 < len(lines) and "use_lock" not in lines[i + 1] \
                and "}" not in lines[i + 1] and "scf." not in lines[i + 1]:
            swapped = lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:]
            out.append("\n".join(swapped))
    rng.shuffle(out)
    return out[:n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--mutants", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    checker = os.path.join(a.build, "bin", "air-check")
    rng = random.Random(a.seed)
    tmp = tempfile.mkdtemp()
    designs = []
    for src in sorted(glob.glob(os.path.join(ROOT, "corpus", "positive", "*.mlir"))):
        name = os.path.basename(src)[:-5]
        if name.startswith("aie_"):
            designs.append(src)
            continue
        if name in BIG:
            continue
        out = os.path.join(tmp, name + ".aie.mlir")
        r = subprocess.run([checker, "compile", "--target=npu1_4col", src, "-o", out],
                           capture_output=True, text=True, timeout=600)
        if r.returncode == 0:
            designs.append(out)
    for src in sorted(glob.glob(os.path.join(ROOT, "tests", "lit", "checkers", "aie-*.mlir")) +
                      glob.glob(os.path.join(ROOT, "tests", "lit", "checkers", "Inputs", "*.mlir"))):
        if "aie.device" in open(src).read():
            designs.append(src)
    total = races = proven = agree = 0
    bad = []
    for d in designs:
        text = open(d).read()
        variants = [("", text)] + [("#%d" % k, t) for k, t in
                                    enumerate(mutants(text, rng, a.mutants))]
        for tag, t in variants:
            path = os.path.join(tmp, "v.mlir")
            open(path, "w").write(t)
            inv, search = verdict(checker, path, False), verdict(checker, path, True)
            total += 1
            races += bool(search[0]) and search[0] != "unreadable"
            proven += bool(search[1])
            if inv == search:
                agree += 1
            else:
                keep = os.path.join(tmp, "disagree_%d.mlir" % len(bad))
                open(keep, "w").write(t)
                bad.append((os.path.basename(d) + tag, keep))
            if a.v:
                print("%-60s %s" % (os.path.basename(d) + tag,
                                    "same" if inv == search else "DIFFERENT"))
    print("designs %d (with mutants %d): %d agree; %d with races found, %d proven"
          % (len(designs), total, agree, races, proven))
    for name, keep in bad:
        print("  disagree: %s (%s)" % (name, keep))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
