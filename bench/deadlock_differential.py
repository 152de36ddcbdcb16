#!/usr/bin/env python3
"""Differential test of the deadlock findings against the reference executor.

Generates small random AIR programs (a segment and one or two herds, one to
three channels of depth 1 or 2, puts and gets that are synchronous or
asynchronous, some inside short loops) and compares, for each:

  * the static deadlock findings of `air-check lint` (sync-order-deadlock,
    launch-crossing; the executor-based deadlock-run is disabled here, since
    it is the oracle itself), and
  * the reference executor (`air-opt --air-run-skeleton`, launch instances
    one at a time).

A program the static checks call deadlocking must deadlock in the executor
(soundness of the findings; any violation fails the script). Programs the
executor shows deadlocking that the static checks do not flag measure what
the static side still misses (its recall), printed as a ratio.

Usage: bench/deadlock_differential.py [--build build] [--count 300] [--seed 1]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile


def transfer(kind, chan, buf, ty, sync, name):
    op = "air.channel.%s" % kind
    if sync:
        return "%s @%s[] (%s[] [] []) : (%s)" % (op, chan, buf, ty)
    return "%%%s = %s async @%s[] (%s[] [] []) : (%s)" % (name, op, chan, buf, ty)


def program(rng):
    channels = ["c%d" % i for i in range(rng.randint(1, 3))]
    depth = {c: rng.choice([1, 1, 2]) for c in channels}
    # Each channel gets one producer side and one consumer side, each either
    # the segment body or a herd; both sides run the same trip count.
    places = ["segment", "herd0"] + (["herd1"] if rng.random() < 0.5 else [])
    body = {p: [] for p in places}
    for c in channels:
        prod, cons = rng.sample(places, 2)
        trips = rng.choice([1, 1, 2, 3])
        for side, kind in ((prod, "put"), (cons, "get")):
            body[side].append((kind, c, trips, rng.random() < 0.5))
    for p in places:
        rng.shuffle(body[p])

    names = iter(range(1000))

    def emit(place, indent, mem, ty):
        lines = []
        for kind, c, trips, sync in body[place]:
            t = transfer(kind, c, mem, ty, sync, "t%d" % next(names))
            if trips == 1:
                lines.append(indent + t)
            else:
                lines.append(indent + "scf.for %%i%d = %%z to %%n%d step %%u {" % (next(names), trips))
                lines.append(indent + "  " + t)
                lines.append(indent + "}")
        return lines

    out = []
    for c in channels:
        out.append("air.channel @%s [] {depth = %d}" % (c, depth[c]))
    out.append("func.func @f() {")
    out.append("  air.launch () in () {")
    out.append("    air.segment @s {")
    out.append("      %z = arith.constant 0 : index")
    out.append("      %u = arith.constant 1 : index")
    out.append("      %n2 = arith.constant 2 : index")
    out.append("      %n3 = arith.constant 3 : index")
    out.append("      %l2 = memref.alloc() : memref<16xi32, 1 : i32>")
    herd_first = rng.random() < 0.5
    seg_lines = emit("segment", "      ", "%l2", "memref<16xi32, 1 : i32>")
    herd_lines = []
    for h in [p for p in places if p.startswith("herd")]:
        asynch = rng.random() < 0.7
        herd_lines.append("      %s air.herd @%s %stile (%%x) in (%%nx=%%u) {" % (
            "%%h_%s =" % h if asynch else "", h, "async " if asynch else ""))
        herd_lines.append("        %z = arith.constant 0 : index")
        herd_lines.append("        %u = arith.constant 1 : index")
        herd_lines.append("        %n2 = arith.constant 2 : index")
        herd_lines.append("        %n3 = arith.constant 3 : index")
        herd_lines.append("        %l1 = memref.alloc() : memref<16xi32, 2 : i32>")
        herd_lines += emit(h, "        ", "%l1", "memref<16xi32, 2 : i32>")
        herd_lines.append("      }")
    out += (herd_lines + seg_lines) if herd_first else (seg_lines + herd_lines)
    out += ["    }", "  }", "  return", "}"]
    return "\n".join(out) + "\n"


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "build"))
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    lint = os.path.join(args.build, "bin", "air-check")
    opt = os.path.join(args.build, "bin", "air-opt")
    rng = random.Random(args.seed)

    stats = {"programs": 0, "executor deadlocks": 0, "static finds": 0,
             "static misses": 0, "unsound": 0, "not run": 0}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "p.mlir")
        for _ in range(args.count):
            text = program(rng)
            with open(path, "w") as f:
                f.write(text)
            stats["programs"] += 1
            ex = run([opt, "--air-run-skeleton", path, "-o", os.devnull])
            verdict = ex.stdout.splitlines()[0] if ex.stdout else ""
            if ex.returncode != 0 or not verdict.startswith("skeleton: "):
                stats["not run"] += 1
                continue
            li = run([lint, "lint", "--disable=deadlock-run", path])
            flagged = ("blocks its scope" in li.stderr or
                       "launch instances" in li.stderr or "launches may run" in li.stderr)
            deadlock = verdict.startswith("skeleton: deadlock")
            stats["executor deadlocks"] += deadlock
            if flagged and not deadlock:
                stats["unsound"] += 1
                print("UNSOUND: lint reports a deadlock the executor does not reach:\n" + text)
            elif flagged:
                stats["static finds"] += 1
            elif deadlock:
                stats["static misses"] += 1
    for k, v in stats.items():
        print("%-20s %d" % (k, v))
    if stats["executor deadlocks"]:
        print("static recall: %.2f of executor deadlocks found by the structural checks" %
              (stats["static finds"] / stats["executor deadlocks"]))
    sys.exit(1 if stats["unsound"] else 0)


if __name__ == "__main__":
    main()
