#!/usr/bin/env python3
"""Differential test of the deadlock findings against the reference executor.

Generates small random AIR programs (a segment and one or two herds, one to
three channels of depth 1 or 2, puts and gets that are synchronous or
asynchronous, some inside short loops; about one program in three also gets
a racing channel, put to from two places and got from one, so that the order
of its puts is not fixed) and compares, for each:

  * the structural deadlock findings of `air-check lint` (sync-order-deadlock,
    launch-crossing; deadlock-freedom, which runs the executor itself, is
    disabled for this part) against the reference executor
    (`air-opt --air-run-skeleton`, launch instances one at a time, the
    deterministic schedule): a program they call deadlocking must deadlock;
  * the verdict of deadlock-freedom (`air-check lint --format=json`, every
    check on): proven, deadlock, unknown, or other (another finding came
    first), against the executor run with schedule seeds 0..K in both launch
    modes. A proven program must complete in every run; a program it reports
    deadlocking must deadlock in some run (for "can deadlock", found by lint
    with random schedules 1..16, those schedules are run as well).

Any violation prints the program and fails the script. Printed besides: the
share of executor deadlocks the structural checks find, how many programs
that completed in every run deadlock-freedom proves (its precision), and how
many programs that deadlock in some run it reports (its recall).

The executor runs of one program share one air-opt process (one
air-run-skeleton pass per run in its pipeline, each printing its verdict);
--separate starts one process per run instead, with the same verdicts.
Programs are checked --jobs at a time; the output depends only on --seed.

Usage: bench/deadlock_differential.py [--build build] [--count 300] [--seed 1]
                                      [--schedules 8] [--jobs N] [--separate]
"""
import argparse
import concurrent.futures
import json
import os
import random
import subprocess
import sys
import tempfile

# Lint looks for a counterexample to racing transfers with these random
# schedules (kRandomSchedules in checkers/air/DeadlockFreedom.cpp).
LINT_RANDOM_SCHEDULES = 16
MODES = ("serial", "parallel")


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
    # A racing channel: two places put `trips` times each, one place (maybe
    # one of them) gets 2 * trips times; which put a get takes depends on
    # the schedule.
    if rng.random() < 0.3:
        c = "c%d" % len(channels)
        channels.append(c)
        depth[c] = rng.choice([1, 1, 2])
        trips = rng.choice([1, 1, 2, 3])
        for prod in rng.sample(places, 2):
            body[prod].append(("put", c, trips, rng.random() < 0.5))
        body[rng.choice(places)].append(("get", c, 2 * trips, rng.random() < 0.5))
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

    def constants(indent):
        return [indent + "%z = arith.constant 0 : index",
                indent + "%u = arith.constant 1 : index"] + [
                    indent + "%%n%d = arith.constant %d : index" % (n, n) for n in (2, 3, 4, 6)]

    out = []
    for c in channels:
        out.append("air.channel @%s [] {depth = %d}" % (c, depth[c]))
    out.append("func.func @f() {")
    out.append("  air.launch () in () {")
    out.append("    air.segment @s {")
    out += constants("      ")
    out.append("      %l2 = memref.alloc() : memref<16xi32, 1 : i32>")
    herd_first = rng.random() < 0.5
    seg_lines = emit("segment", "      ", "%l2", "memref<16xi32, 1 : i32>")
    herd_lines = []
    for h in [p for p in places if p.startswith("herd")]:
        asynch = rng.random() < 0.7
        herd_lines.append("      %s air.herd @%s %stile (%%x) in (%%nx=%%u) {" % (
            "%%h_%s =" % h if asynch else "", h, "async " if asynch else ""))
        herd_lines += constants("        ")
        herd_lines.append("        %l1 = memref.alloc() : memref<16xi32, 2 : i32>")
        herd_lines += emit(h, "        ", "%l1", "memref<16xi32, 2 : i32>")
        herd_lines.append("      }")
    out += (herd_lines + seg_lines) if herd_first else (seg_lines + herd_lines)
    out += ["    }", "  }", "  return", "}"]
    return "\n".join(out) + "\n"


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def execute(opt, path, schedules, separate=False):
    """The executor's verdict line ('skeleton: ...') for each (mode, seed) in
    schedules, None for a run that failed. The runs share one air-opt
    process, one pass each in its pipeline, unless separate is set."""
    if separate:
        return [v for s in schedules for v in execute(opt, path, [s])]
    pipeline = ",".join("air-run-skeleton{launch-mode=%s schedule-seed=%d}" % s
                        for s in schedules)
    ex = run([opt, "--pass-pipeline=builtin.module(%s)" % pipeline, path, "-o", os.devnull])
    verdicts = [l for l in ex.stdout.splitlines() if l.startswith("skeleton: ")]
    if ex.returncode != 0 or len(verdicts) != len(schedules):
        return [None] * len(schedules)
    return verdicts


def deadlock_freedom(report):
    """(verdict, message) of deadlock-freedom in lint's JSON report."""
    f = report["files"][0]
    if any(p.get("rule") == "deadlock-freedom" for p in f.get("proofs", [])):
        return "proven", ""
    for x in f.get("findings", []):
        if x.get("rule") == "deadlock-freedom" and x.get("severity") == "error":
            return "deadlock", x.get("message", "")
    for x in f.get("findings", []):
        if x.get("rule") == "deadlock-freedom":
            return "unknown", x.get("message", "")
    return "other", ""


def check(lint, opt, args, job):
    """Runs lint and the executor on one program; returns what they said."""
    path, text = job
    with open(path, "w") as f:
        f.write(text)
    res = {"text": text, "not run": None}
    structural = run([lint, "lint", "--disable=deadlock-freedom", path])
    full = run([lint, "lint", "--format=json", path])
    if structural.returncode not in (0, 1) or full.returncode not in (0, 1):
        res["not run"] = "lint exit %d/%d: %s" % (structural.returncode, full.returncode,
                                                 (structural.stderr + full.stderr).strip())
        return res
    try:
        res["df"], res["df message"] = deadlock_freedom(json.loads(full.stdout))
    except (ValueError, KeyError, IndexError) as e:
        res["not run"] = "lint JSON unreadable: %s" % e
        return res
    res["flagged"] = ("blocks its scope" in structural.stderr or
                      "launch instances" in structural.stderr or
                      "launches may run" in structural.stderr)
    schedules = [(mode, seed) for mode in MODES for seed in range(args.schedules + 1)]
    runs = dict(zip(schedules, execute(opt, path, schedules, args.separate)))
    # lint found a deadlock only with a random schedule: run those too.
    if (res["df"] == "deadlock" and "can deadlock" in res["df message"] and
            not any(v and v.startswith("skeleton: deadlock") for v in runs.values())):
        extra = [("parallel", seed) for seed in range(1, LINT_RANDOM_SCHEDULES + 1)
                 if ("parallel", seed) not in runs]
        runs.update(zip(extra, execute(opt, path, extra, args.separate)))
    bad = [(k, v) for k, v in runs.items()
           if v is None or not v.startswith(("skeleton: completed", "skeleton: deadlock"))]
    if bad:
        (mode, seed), v = bad[0]
        res["not run"] = "executor (%s, seed %d): %s" % (mode, seed, v or "failed")
        return res
    res["runs"] = runs
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "build"))
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--schedules", type=int, default=8,
                    help="run the executor with schedule seeds 0..N in both launch modes")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="programs checked at once")
    ap.add_argument("--separate", action="store_true",
                    help="one air-opt process per executor run (the default chains them in one)")
    ap.add_argument("-v", "--verbose", action="store_true", help="say why a program was not run")
    args = ap.parse_args()
    lint = os.path.join(args.build, "bin", "air-check")
    opt = os.path.join(args.build, "bin", "air-opt")
    rng = random.Random(args.seed)

    stats = {"programs": 0, "executor deadlocks": 0, "static finds": 0,
             "static misses": 0, "unsound": 0, "not run": 0}
    df = {"proven": 0, "unknown": 0, "deadlock": 0, "other": 0}
    completes = proven_completes = 0    # every executor run completed
    deadlocks = df_finds = 0            # some executor run deadlocked
    lint_finds = mixed = random_finds = 0
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [(os.path.join(tmp, "p%d.mlir" % i), program(rng)) for i in range(args.count)]
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            results = pool.map(lambda j: check(lint, opt, args, j), jobs)
            for res in results:
                text = res["text"]
                stats["programs"] += 1
                if res["not run"]:
                    stats["not run"] += 1
                    if args.verbose:
                        print("not run: %s\n%s" % (res["not run"], text))
                    continue
                runs = res["runs"]
                dead = {k for k, v in runs.items() if v.startswith("skeleton: deadlock")}

                # The structural checks against the deterministic serial run.
                deadlock = ("serial", 0) in dead
                stats["executor deadlocks"] += deadlock
                if res["flagged"] and not deadlock:
                    stats["unsound"] += 1
                    print("UNSOUND: lint reports a deadlock the executor does not reach:\n" + text)
                elif res["flagged"]:
                    stats["static finds"] += 1
                elif deadlock:
                    stats["static misses"] += 1

                # deadlock-freedom against every schedule that was run.
                verdict = res["df"]
                df[verdict] += 1
                if not dead:
                    completes += 1
                    proven_completes += verdict == "proven"
                else:
                    deadlocks += 1
                    df_finds += verdict == "deadlock"
                    lint_finds += verdict == "deadlock" or res["flagged"]
                    mixed += len(dead) < len(runs)
                random_finds += verdict == "deadlock" and "can deadlock" in res["df message"]
                if verdict == "proven" and dead:
                    stats["unsound"] += 1
                    print("UNSOUND: deadlock-freedom proves a program that deadlocks with %s:\n%s" % (
                        ", ".join("%s seed %d" % k for k in sorted(dead)), text))
                elif verdict == "deadlock" and not dead:
                    stats["unsound"] += 1
                    print("UNSOUND: deadlock-freedom reports a deadlock no executor run reaches "
                          "(%s):\n%s" % (res["df message"], text))
    for k, v in stats.items():
        print("%-20s %d" % (k, v))
    if stats["executor deadlocks"]:
        print("static recall: %.2f of executor deadlocks found by the structural checks" %
              (stats["static finds"] / stats["executor deadlocks"]))
    print("deadlock-freedom: proven %d, unknown %d, deadlock %d (%d with a random schedule), "
          "other %d" % (df["proven"], df["unknown"], df["deadlock"], random_finds, df["other"]))
    print("executor: schedule seeds 0..%d, serial and parallel; %d programs deadlock in some "
          "run, %d of them complete in others" % (args.schedules, deadlocks, mixed))
    print("proof precision: %d of %d programs that completed in every executor run were proven%s" % (
        proven_completes, completes, " (%.2f)" % (proven_completes / completes) if completes else ""))
    print("deadlock-freedom recall: found %d of %d executor deadlocks%s" % (
        df_finds, deadlocks, " (%.2f)" % (df_finds / deadlocks) if deadlocks else ""))
    print("lint recall: found %d of %d executor deadlocks with the structural checks or "
          "deadlock-freedom" % (lint_finds, deadlocks))
    sys.exit(1 if stats["unsound"] else 0)


if __name__ == "__main__":
    main()
