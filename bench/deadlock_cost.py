#!/usr/bin/env python3
"""Cost of the deadlock-freedom check as trip counts, herd and launch sizes grow.

Uses the GEMM-shaped programs of channel_balance.py (an NxN herd, a K loop,
broadcast channels, an LxL launch), with ordered puts. The check first tries
the symbolic proof (analyses/symbolic: an affine schedule of the
instance-level wait-for graph), whose cost depends on the program's text,
not its sizes; where it does not apply it runs the program's
synchronisation skeleton on its concrete sizes, whose cost grows with the
number of transfers (about 2 N^2 K L^2) until lint's step budget. For each
program this prints

  * the verdict (proven or unknown) and the method (symbolic, or the run);
  * lint / lint without the check: what the check adds;
  * lint / lint(K=4) for the same herd and launch: how lint's total time
    grows with K (and, in the launch rows, with the launch size).

Times are the least CPU time (user + system) of --repeat runs of the whole
process. Usage:
  bench/deadlock_cost.py [--build build] [--repeat 3]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import channel_balance  # noqa: E402


def program(n, k, launch=1):
    # channel_balance's programs issue their puts asynchronously with no token
    # between the K trips, so which get meets which put is not fixed (the
    # check rightly says unknown). Here the puts are synchronous, each trip's
    # complete before the next trip's are issued, and the (asynchronous) herd
    # is dispatched before the loop so that it can take them.
    text = (channel_balance.program(n, k)
            .replace("%pa = air.channel.put async", "air.channel.put")
            .replace("%pb = air.channel.put async", "air.channel.put"))
    loop = text.index("      scf.for %t = %c0 to %k step %one {")
    herd = text.index("      %h = air.herd")
    end = text.index("      scf.parallel (%i, %j)")
    text = text[:loop] + text[herd:end] + text[loop:herd] + text[end:]
    if launch > 1:
        text = text.replace(
            "  air.launch (%l) in (%nl=%c1)",
            "  %%cl = arith.constant %d : index\n"
            "  air.launch (%%l0, %%l1) in (%%nl0=%%cl, %%nl1=%%cl)" % launch)
    return text

HERDS = [1, 2, 4, 8]
TRIPS = [4, 64, 1024, 4096, 65536]
# (herd, K) for the rows that grow the launch instead.
LAUNCHES = [1, 4, 16]
LAUNCH_ROWS = [(4, 1024), (8, 65536)]


def cpu_time(cmd, repeat):
    """Smallest CPU time (user + system) of `cmd` over `repeat` runs: wall
    times on a shared machine measure the neighbours (lint_cost.py does the
    same). An `unknown` warning is an expected verdict here."""
    from lint_cost import cpu_time as least_cpu
    return least_cpu(cmd, repeat)


def verdict(lint, path):
    p = subprocess.run([lint, "lint", "--format=json", path], capture_output=True, text=True)
    f = json.loads(p.stdout)["files"][0]
    for proof in f["proofs"]:
        if proof["rule"] == "deadlock-freedom":
            return "proven", ("symbolic" if "(symbolic" in proof["message"] else "run")
    for finding in f["findings"]:
        if finding["rule"] == "deadlock-freedom":
            return ("unknown" if finding["severity"] == "warning" else "deadlock"), "-"
    return "none", "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "build"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    lint = os.path.join(args.build, "bin", "air-check")

    print("%-6s %6s %7s %9s %9s %9s %18s %15s" % (
        "herd", "K", "launch", "verdict", "method", "lint cpu ms", "lint/without check", "lint/smallest"))
    with tempfile.TemporaryDirectory() as tmp:
        def row(n, k, launch, base):
            path = os.path.join(tmp, "gemm_%d_%d_%d.mlir" % (n, k, launch))
            with open(path, "w") as f:
                f.write(program(n, k, launch))
            v, method = verdict(lint, path)
            t_all = cpu_time([lint, "lint", path], args.repeat)
            t_without = cpu_time([lint, "lint", "--disable=deadlock-freedom", path], args.repeat)
            base = base or t_all
            print("%-6s %6d %7s %9s %9s %9.1f %18.2f %15.2f" % (
                "%dx%d" % (n, n), k, "%dx%d" % (launch, launch), v, method,
                1000 * t_all, t_all / t_without, t_all / base))
            return base
        for n in HERDS:
            base = None
            for k in TRIPS:
                base = row(n, k, 1, base)
        for n, k in LAUNCH_ROWS:
            base = None
            for launch in LAUNCHES:
                base = row(n, k, launch, base)


if __name__ == "__main__":
    main()
