#!/usr/bin/env python3
"""Cost of `air-check lint` against `air-opt` parse-and-verify, per program.

Runs both on every positive corpus program (corpus/positive) and every bench
input (bench/inputs), and prints lint time, air-opt time and their ratio,
then the worst ratio. The goal is a ratio of at most --limit (5) on every
program; the script fails when one is above it.

Times are CPU times (user + system) of the whole process, the smallest of
--repeat runs: the machine is shared, and wall times there measure the
neighbours. Usage:
  bench/lint_cost.py [--build build] [--repeat 3] [--limit 5]
"""
import argparse
import glob
import os
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def cpu_time(cmd, repeat):
    """Smallest CPU time of `cmd` over `repeat` runs; fails on a crash."""
    best = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run(cmd, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if p.returncode not in (0, 1):  # lint: 1 is findings, not a failure
            sys.exit("command failed: %s\n%s" % (" ".join(cmd), p.stderr))
        t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = t if best is None else min(best, t)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--limit", type=float, default=5.0)
    args = ap.parse_args()
    lint = os.path.join(args.build, "bin", "air-check")
    opt = os.path.join(args.build, "bin", "air-opt")

    files = sorted(glob.glob(os.path.join(ROOT, "corpus", "positive", "*.mlir")))
    files += sorted(glob.glob(os.path.join(HERE, "inputs", "*.mlir")))
    print("%-52s %9s %9s %11s" % ("program", "lint ms", "parse ms", "lint/parse"))
    worst = (0.0, None)
    for path in files:
        t_lint = cpu_time([lint, "lint", path], args.repeat)
        t_opt = cpu_time([opt, path, "-o", os.devnull], args.repeat)
        ratio = t_lint / t_opt
        worst = max(worst, (ratio, os.path.relpath(path, ROOT)))
        print("%-52s %9.1f %9.1f %11.2f" % (
            os.path.relpath(path, ROOT), 1000 * t_lint, 1000 * t_opt, ratio))
    print("worst lint/parse: %.2f (%s); limit %.1f" % (worst[0], worst[1], args.limit))
    if worst[0] > args.limit:
        sys.exit(1)


if __name__ == "__main__":
    main()
