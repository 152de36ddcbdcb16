#!/usr/bin/env python3
"""The cost of the token-consistency check, as ratios.

Generates launch bodies of N segments (N = 4 to 64), each with a 1x1 herd,
half of them chained by dependency tokens and half unordered, in two forms:

  * plain: no affinity or concurrency lists;
  * grouped: the chained half also share one affinity token, the unordered
    half one concurrency token (a consistent program: the check proves it).

For each it takes the CPU time of `air-check lint` with and without the check
(--disable=token-consistency) and prints lint / lint-without for both
forms. On plain programs the check is one walk over the ops, so the ratio
stays 1 within noise; on grouped programs it builds the ordering model and
the footprints and asks z3, which is what the second ratio measures. The
script fails if a grouped program is not proven consistent or a plain one
gets a token-consistency finding.

    python3 bench/token_consistency.py --repeat 5
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.path.join(HERE, "..", "build", "bin")


def program(n, grouped):
    lines = ["func.func @f() {", "  air.launch () in () {"]
    if grouped:
        lines.append("    %ta = air.token.alloc : !air.token")
        lines.append("    %tc = air.token.alloc : !air.token")
    tokens = []
    prev = None
    for i in range(n):
        chained = i % 2 == 0
        lists = ""
        if chained and prev is not None:
            lists += " [dependency = [%%s%d]]" % prev
        if grouped:
            lists += " [affinity = [%ta]]" if chained else " [concurrency = [%tc]]"
        lines.append("    %%s%d = air.segment @seg%d async%s {" % (i, i, lists))
        lines.append("      %c1 = arith.constant 1 : index")
        lines.append("      air.herd @herd%d tile (%%x, %%y) in (%%sx=%%c1, %%sy=%%c1) {" % i)
        lines.append("      }")
        lines.append("    }")
        tokens.append("%%s%d" % i)
        if chained:
            prev = i
    lines.append("    air.wait_all [%s]" % ", ".join(tokens))
    lines.append("  }")
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def median_time(cmd, repeat):
    """Median CPU time (user + system) of `cmd`: steadier than wall time
    on a shared machine."""
    times = []
    out = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(cmd, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return statistics.median(times), out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--sizes", default="4,8,16,32,64")
    ap.add_argument("--copies", type=int, default=10,
                    help="copies of each program linted in one run")
    ap.add_argument("--bin", default=BIN)
    args = ap.parse_args()
    lint = os.path.join(args.bin, "air-check")
    sizes = [int(s) for s in args.sizes.split(",")]
    failed = False
    ratios = {False: [], True: []}
    print("%4s  %-8s %12s %12s %8s" % ("N", "form", "lint cpu ms", "without", "ratio"))
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            for grouped in (False, True):
                # Copies of the program in one run: process start-up, the
                # same for both, weighs less.
                paths = []
                for k in range(args.copies):
                    path = os.path.join(tmp, "p%d_%d_%d.mlir" % (n, grouped, k))
                    with open(path, "w") as f:
                        f.write(program(n, grouped))
                    paths.append(path)
                t_with, out = median_time([lint, "lint", "--show-proofs"] + paths, args.repeat)
                t_without, _ = median_time(
                    [lint, "lint", "--disable=token-consistency"] + paths, args.repeat)
                proven = out.stderr.count("proven: token constraints") == args.copies
                finding = " 0 errors, 0 warnings" not in out.stderr or out.returncode != 0
                if finding or (grouped and not proven) or (not grouped and "token-consistency" in out.stderr):
                    print(out.stderr[-2000:])
                    failed = True
                ratios[grouped].append(t_with / t_without)
                print("%4d  %-8s %12.1f %12.1f %8.2f" % (
                    n, "grouped" if grouped else "plain", 1000 * t_with, 1000 * t_without,
                    t_with / t_without))
    print("median cost ratio (lint / lint without the check): without groups %.2f, with groups %.2f"
          % (statistics.median(ratios[False]), statistics.median(ratios[True])))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
