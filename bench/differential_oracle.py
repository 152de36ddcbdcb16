#!/usr/bin/env python3
"""Three-way differential test of deadlock verdicts: lint, the reference
executor, and an independent explorer of every schedule.

For each random small AIR program (bench/oracle/generator.py) it compares:

  (a) `air-check lint --format=json`: deadlock-freedom proven (in
      "proofs"), a deadlock (an error of deadlock-freedom,
      sync-order-deadlock or launch-crossing), unknown (a deadlock-freedom
      warning), or other (another finding kept deadlock-freedom quiet);
  (b) the reference executor, `air-opt --air-wrap-hierarchy
      --air-run-skeleton` in both launch modes, with the deterministic
      schedule (seed 0) and random ones (seeds 1..--schedules): completed
      (and whether it claims "every schedule: the same") or deadlock;
  (b') the symbolic proof for every size on its own (`air-opt
      --air-prove-symbolic`, in the same process, after the hierarchy is
      wrapped and before the runs): proven
      or not applicable (lint tries it first and falls back to the run);
  (c) bench/oracle: the program model, unrolled by the semantics of
      docs/semantics.md into an event graph and explored over every
      schedule, in both launch modes: every schedule completes, every
      schedule deadlocks, mixed, or too big.

A disagreement (a soundness violation of lint, the symbolic proof or the
executor, judged against the explorer):
  * lint, or the symbolic proof on its own, proves deadlock freedom, and
    some schedule deadlocks (in a mode);
  * lint reports a deadlock, and every schedule in both modes completes
    (sync-order-deadlock claims every execution deadlocks: some completes);
  * an executor run deadlocks in a mode where every schedule completes, or
    completes where every schedule deadlocks, or claims "every schedule:
    the same" where some schedule deadlocks.
Each is printed three-way with the program, minimised (ops dropped while
the disagreement holds) and saved under bench/oracle/findings/. The
script exits 1 if there was any.

A disagreement the explorer reproduces when it emulates a known defect
(QUIRKS in bench/oracle/semantics.py) is attributed to it; --known N
minimises and saves only N of each; --allow-known lets the listed ones
pass (and fails when one no longer occurs).

Usage: bench/differential_oracle.py [--build build] [--count 500] [--seed 1]
        [--jobs 2] [--schedules 4] [--limit 100000] [--no-minimise]
        [--known 2] [--allow-known q1,q2] [--only i,j] [-v]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from oracle.explorer import explore                       # noqa: E402
from oracle.generator import generate                     # noqa: E402
from oracle.minimise import minimise                      # noqa: E402
from oracle.printer import print_program                  # noqa: E402
from oracle.semantics import QUIRKS, unroll               # noqa: E402

MODES = ("serial", "parallel")
DEADLOCK_RULES = ("deadlock-freedom", "sync-order-deadlock", "launch-crossing")


def run(cmd, timeout=120):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def lint_verdict(tool, path):
    """(verdict, rule, message) of lint: proven, deadlock, unknown, other;
    None when lint failed."""
    r = run([tool, "lint", "--format=json", path])
    if r is None or r.returncode not in (0, 1):
        return None
    try:
        f = json.loads(r.stdout)["files"][0]
    except (ValueError, KeyError, IndexError):
        return None
    findings = f.get("findings", [])
    for x in findings:
        if x.get("rule") in DEADLOCK_RULES and x.get("severity") == "error":
            return ("deadlock", x["rule"], x.get("message", ""))
    for p in f.get("proofs", []):
        if p.get("rule") == "deadlock-freedom":
            return ("proven", "deadlock-freedom", p.get("message", ""))
    for x in findings:
        if x.get("rule") == "deadlock-freedom":
            return ("unknown", "deadlock-freedom", x.get("message", ""))
    errs = [x for x in findings if x.get("severity") == "error"]
    return ("other", errs[0]["rule"] if errs else "", errs[0].get("message", "") if errs else "")


def executor_verdicts(tool, path, schedules):
    """({(mode, seed): (verdict, claims every schedule)}, symbolic); verdict
    completed, deadlock, or what else the executor said; symbolic is the
    verdict of the proof for every size on its own (air-prove-symbolic,
    which ranks FIFOs fed from several places where lint first tries
    without): proven or not applicable. One air-opt process:
    air-wrap-hierarchy (the proof, like lint, reads launches), the symbolic
    proof, then one air-run-skeleton pass per run."""
    pipeline = ",".join(["air-wrap-hierarchy", "air-prove-symbolic"] + [
        "air-run-skeleton{launch-mode=%s schedule-seed=%d}" % s for s in schedules])
    r = run([tool, "--pass-pipeline=builtin.module(%s)" % pipeline, path, "-o", os.devnull])
    if r is None or r.returncode != 0:
        return None
    out, cur, symbolic = [], None, None
    for line in r.stdout.splitlines():
        if line.startswith("symbolic: "):
            symbolic = ("proven" if line.startswith("symbolic: proven")
                        else "not applicable")
        elif line.startswith("skeleton: "):
            v = line[len("skeleton: "):]
            cur = ["completed" if v.startswith("completed") else
                   "deadlock" if v.startswith("deadlock") else v, False]
            out.append(cur)
        elif line.strip().startswith("every schedule: the same") and cur:
            cur[1] = True
    if len(out) != len(schedules) or symbolic is None:
        return None
    return {s: tuple(v) for s, v in zip(schedules, out)}, symbolic


def explorer_verdicts(prog, where, limit, quirks=()):
    out = {}
    for m in MODES:
        res = explore(unroll(prog, m, where, quirks), limit=limit)
        out[m] = res
    return out


def disagreements(lint, runs, ex, symbolic=None):
    """The soundness violations, as (kind, explanation)."""
    bad = []
    v = {m: ex[m].verdict() for m in MODES}
    decided = all(x in ("complete", "deadlock", "mixed") for x in v.values())
    if symbolic == "proven" and decided:
        for m in MODES:
            if v[m] in ("deadlock", "mixed"):
                bad.append(("symbolic-proves-deadlocking",
                            "the symbolic proof (air-prove-symbolic) proves deadlock freedom; "
                            "with launch mode %s %s schedule deadlocks" % (
                                m, "every" if v[m] == "deadlock" else "some")))
    if lint and decided:
        if lint[0] == "proven":
            for m in MODES:
                if v[m] in ("deadlock", "mixed"):
                    bad.append(("lint-proves-deadlocking",
                                "lint proves deadlock freedom; with launch mode %s %s schedule "
                                "deadlocks" % (m, "every" if v[m] == "deadlock" else "some")))
        if lint[0] == "deadlock":
            if all(v[m] == "complete" for m in MODES):
                bad.append(("lint-deadlock-never",
                            "lint reports a deadlock (%s); every schedule completes in both "
                            "launch modes" % lint[1]))
            elif lint[1] == "sync-order-deadlock" and any(v[m] != "deadlock" for m in MODES):
                bad.append(("lint-definite-deadlock-completes",
                            "sync-order-deadlock says every execution deadlocks; some schedule "
                            "completes"))
    found = collections.OrderedDict()
    for (m, seed), (verdict, claim) in sorted((runs or {}).items()):
        if v[m] not in ("complete", "deadlock", "mixed"):
            continue
        if verdict == "deadlock" and v[m] == "complete":
            k = ("executor-deadlock-never", m, "the executor deadlocks", "every schedule completes")
        elif verdict == "completed" and v[m] == "deadlock":
            k = ("executor-completes-impossible", m, "the executor completes",
                 "every schedule deadlocks")
        elif verdict == "completed" and claim and v[m] == "mixed":
            k = ("executor-claims-every-schedule", m,
                 "the executor claims every schedule is the same", "some schedule deadlocks")
        else:
            continue
        found.setdefault(k, []).append(seed)
    for (kind, m, said, truth), seeds in found.items():
        bad.append((kind, "%s (launch mode %s, schedule seeds %s); %s" % (
            said, m, ", ".join(map(str, seeds)), truth)))
    return bad


def check_program(prog, ctx, path):
    """Everything the three sides say about one program."""
    text, where = print_program(prog)
    with open(path, "w") as f:
        f.write(text)
    lint = lint_verdict(ctx["lint"], path)
    schedules = [(m, s) for m in MODES for s in range(ctx["schedules"] + 1)]
    both = executor_verdicts(ctx["opt"], path, schedules)
    runs, symbolic = both if both else (None, None)
    ex = explorer_verdicts(prog, where, ctx["limit"])
    res = {"text": text, "lint": lint, "runs": runs, "symbolic": symbolic,
           "explorer": {m: ex[m].verdict() for m in MODES},
           "states": {m: ex[m].states for m in MODES},
           "witness": next((ex[m].witness for m in MODES if ex[m].witness), None),
           "unbalanced": any(ex[m].unbalanced for m in MODES)}
    res["not run"] = None
    if lint is None:
        res["not run"] = "lint failed"
    elif runs is None:
        res["not run"] = "executor failed"
    elif any(v[0] not in ("completed", "deadlock") for v in runs.values()):
        res["not run"] = "executor: " + next(v[0] for v in runs.values()
                                             if v[0] not in ("completed", "deadlock"))
    res["bad"] = disagreements(lint, runs, ex, symbolic)
    res["known"] = None
    if res["bad"]:
        # a known defect explains it when the explorer, emulating it, agrees
        # (every disagreement goes away; lint's definite findings, which do
        # not come from the executor, may then disagree with the emulation)
        kinds = {k for k, _ in res["bad"]}
        combos = [[q] for q in sorted(QUIRKS)] + [sorted(QUIRKS)]
        for qs in combos:
            exq = explorer_verdicts(prog, where, ctx["limit"], qs)
            if not kinds & {k for k, _ in disagreements(lint, runs, exq, symbolic)}:
                res["known"] = "+".join(qs)
                break
    return res


def worker(job):
    i, ctx = job
    rng = random.Random("%d/%d" % (ctx["seed"], i))
    prog = generate(rng)
    fd, path = tempfile.mkstemp(suffix=".mlir", prefix="oracle%d_" % i)
    os.close(fd)
    try:
        res = check_program(prog, ctx, path)
        res["index"] = i
        if res["bad"]:
            res["prog"] = prog
        return res
    finally:
        os.unlink(path)


def shrink(res, ctx):
    """Minimises a disagreeing program while a disagreement of the same
    kind holds (and the same known defect explains it, or none does)."""
    kinds = {k for k, _ in res["bad"]}
    fd, path = tempfile.mkstemp(suffix=".mlir", prefix="oracle_min_")
    os.close(fd)
    try:
        def holds(p):
            r = check_program(p, ctx, path)
            return bool(kinds & {k for k, _ in r["bad"]}) and r["known"] == res["known"]
        small = minimise(res["prog"], holds)
        res["minimal"] = check_program(small, ctx, path)
    finally:
        os.unlink(path)


def describe(res):
    lint = res["lint"]
    lines = ["lint: %s%s" % (lint[0], " (%s: %s)" % (lint[1], lint[2]) if lint and lint[1] else "")
             if lint else "lint: failed"]
    if res["runs"]:
        for m in MODES:
            rs = sorted((s, v) for (mm, s), v in res["runs"].items() if mm == m)
            lines.append("executor %s: %s" % (m, ", ".join(
                "seed %d %s%s" % (s, v[0], " (every schedule)" if v[1] else "") for s, v in rs)))
    lines.append("symbolic proof: %s" % (res.get("symbolic") or "not run"))
    lines.append("explorer: %s" % ", ".join("%s %s (%d states)" % (
        m, res["explorer"][m], res["states"][m]) for m in MODES))
    if res["witness"]:
        lines.append("explorer deadlock witness, blocked:")
        lines += ["  " + b for b in res["witness"][0]]
        lines.append("  after: " + "; ".join(res["witness"][1][-6:]))
    return lines


def save(res, ctx):
    best = res.get("minimal") or res
    kinds = sorted({k for k, _ in res["bad"]})
    os.makedirs(ctx["findings"], exist_ok=True)
    name = "%s%s-seed%d-%d.mlir" % (res["known"] + "-" if res["known"] else "", kinds[0],
                                    ctx["seed"], res["index"])
    path = os.path.join(ctx["findings"], name)
    with open(path, "w") as f:
        f.write("// Found by bench/differential_oracle.py --seed %d (program %d)%s.\n" % (
            ctx["seed"], res["index"], ", minimised" if res.get("minimal") else ""))
        if res["known"]:
            f.write("// known defect: %s\n" % res["known"])
        for _, why in best["bad"] or res["bad"]:
            f.write("// disagreement: %s\n" % why)
        for line in describe(best):
            f.write("// %s\n" % line)
        f.write(best["text"])
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--schedules", type=int, default=4,
                    help="executor runs with schedule seeds 0..N in both launch modes")
    ap.add_argument("--limit", type=int, default=100000, help="explorer states per launch mode")
    ap.add_argument("--no-minimise", dest="minimise", action="store_false")
    ap.add_argument("--known", type=int, default=2,
                    help="minimise and save this many disagreements per known defect (the rest "
                         "are counted)")
    ap.add_argument("--findings", default=os.path.join(HERE, "oracle", "findings"),
                    help="where minimised disagreements are saved")
    ap.add_argument("--allow-known", default="",
                    help="comma-separated known defects (bench/oracle/semantics.py QUIRKS) whose "
                         "disagreements do not fail the run; the run fails if one of them is not "
                         "seen at all (fixed: drop it)")
    ap.add_argument("--only", default="", help="check only these programs (comma-separated indices)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every program's verdicts")
    args = ap.parse_args()
    ctx = {"lint": os.path.join(args.build, "bin", "air-check"),
           "opt": os.path.join(args.build, "bin", "air-opt"),
           "seed": args.seed, "schedules": args.schedules, "limit": args.limit,
           "minimise": args.minimise, "findings": args.findings}

    mix = collections.Counter()
    lintc = collections.Counter()
    symc = collections.Counter()
    exc = collections.Counter()
    stats = collections.Counter()
    bad_kinds = collections.Counter()
    known_count = collections.Counter()
    saved = []
    with concurrent.futures.ProcessPoolExecutor(max(1, args.jobs)) as pool:
        todo = ([int(x) for x in args.only.split(",")] if args.only else range(args.count))
        for res in pool.map(worker, [(i, ctx) for i in todo], chunksize=4):
            stats["programs"] += 1
            if args.verbose:
                print("program %d: %s" % (res["index"], "; ".join(describe(res))))
            if res["not run"]:
                stats["not run"] += 1
                print("not run (%s):\n%s" % (res["not run"], res["text"]))
                continue
            ev = res["explorer"]
            both = (ev["serial"], ev["parallel"])
            mix[both] += 1
            lint = res["lint"][0]
            lintc[lint] += 1
            if lint == "proven":
                lintc["proven symbolically" if "(symbolic" in res["lint"][2]
                      else "proven by the run"] += 1
            symc[res["symbolic"]] += 1
            symc[(res["symbolic"], "complete" if all(v == "complete" for v in both) else
                  "undecided" if "too-big" in both or "unsupported" in both else
                  "deadlock")] += 1
            if "too-big" in both or "unsupported" in both:
                stats["explorer undecided"] += 1
            elif all(v == "complete" for v in both):
                stats["complete"] += 1
                stats["complete, lint proven"] += lint == "proven"
                stats["complete, lint unknown"] += lint == "unknown"
            else:
                stats["deadlock somewhere"] += 1
                stats["deadlock, lint deadlock"] += lint == "deadlock"
                stats["deadlock, lint unknown"] += lint == "unknown"
                if "mixed" in both:
                    stats["mixed"] += 1
                    if any(v[0] == "deadlock" for v in res["runs"].values()):
                        stats["mixed, an executor run deadlocks"] += 1
            for (m, s), v in res["runs"].items():
                exc[(m, "deterministic" if s == 0 else "random", v[0])] += 1
            if res["unbalanced"]:
                stats["explorer: completes with data left in a FIFO"] += 1
            if res["bad"]:
                stats["disagreements"] += 1
                for k, _ in res["bad"]:
                    bad_kinds[k] += 1
                known = res["known"]
                known_count[known] += 1
                if known and known_count[known] > args.known:
                    print("DISAGREEMENT (program %d), known defect %s" % (res["index"], known))
                    continue
                print("DISAGREEMENT (program %d)%s:" % (
                    res["index"], ", known defect %s" % known if known else ""))
                for _, why in res["bad"]:
                    print("  " + why)
                for line in describe(res):
                    print("  " + line)
                print(res["text"])
                if args.minimise:
                    shrink(res, ctx)
                    print("minimised:")
                    for line in describe(res["minimal"]):
                        print("  " + line)
                    print(res["minimal"]["text"])
                saved.append(save(res, ctx))
                sys.stdout.flush()

    n = stats["programs"]
    print("programs             %d" % n)
    print("not run              %d" % stats["not run"])
    print("disagreements        %d%s" % (stats["disagreements"], "".join(
        "\n  %-32s %d" % kv for kv in sorted(bad_kinds.items()))))
    for k, c in sorted(known_count.items(), key=lambda kv: str(kv[0])):
        print("  %s: %d programs" % ("explained by known defect " + k if k else "not explained", c))
    print("explorer (serial, parallel):")
    for k, c in sorted(mix.items(), key=lambda kv: -kv[1]):
        print("  %-28s %d" % ("%s, %s" % k, c))
    print("lint: proven %d, deadlock %d, unknown %d, other %d" % tuple(
        lintc[k] for k in ("proven", "deadlock", "unknown", "other")))
    print("lint's proofs: %d symbolic, %d by the run" % (
        lintc["proven symbolically"], lintc["proven by the run"]))
    print("symbolic proof on its own: proven %d (%d complete in every schedule, %d deadlock "
          "somewhere, %d explorer undecided), not applicable %d" % (
              symc["proven"], symc[("proven", "complete")], symc[("proven", "deadlock")],
              symc[("proven", "undecided")], symc["not applicable"]))
    print("executor runs: %s" % ", ".join("%s %s %s %d" % (k + (c,)) for k, c in sorted(exc.items())))
    c, d = stats["complete"], stats["deadlock somewhere"]
    print("complete in every schedule (both modes): %d; lint proves %d%s, unknown %d" % (
        c, stats["complete, lint proven"], " (%.2f)" % (stats["complete, lint proven"] / c) if c else "",
        stats["complete, lint unknown"]))
    print("deadlock in some schedule: %d; lint reports %d%s, unknown %d; %d only in some schedules "
          "(an executor run found %d of them)" % (
              d, stats["deadlock, lint deadlock"],
              " (%.2f)" % (stats["deadlock, lint deadlock"] / d) if d else "",
              stats["deadlock, lint unknown"], stats["mixed"], stats["mixed, an executor run deadlocks"]))
    print("explorer undecided (too big): %d" % stats["explorer undecided"])
    if stats["explorer: completes with data left in a FIFO"]:
        print("explorer: completes with data left in a FIFO: %d" %
              stats["explorer: completes with data left in a FIFO"])
    for p in saved:
        print("saved %s" % os.path.relpath(p))
    allowed = [q for q in args.allow_known.split(",") if q]
    for q in allowed:
        if q not in QUIRKS:
            sys.exit("unknown defect %s (known: %s)" % (q, ", ".join(sorted(QUIRKS))))
    failing = sum(c for k, c in known_count.items()
                  if not k or not set(k.split("+")) <= set(allowed))
    unseen = [q for q in allowed if not any(k and q in k.split("+") for k in known_count)]
    for q in unseen:
        print("known defect %s never seen: fixed? drop it from --allow-known" % q)
    if allowed:
        print("disagreements not explained by an allowed known defect: %d" % failing)
    sys.exit(1 if failing or unseen or stats["not run"] else 0)


if __name__ == "__main__":
    main()
