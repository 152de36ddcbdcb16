#!/usr/bin/env python3
"""Differential test of aie-deadlock against an independent exhaustive
explorer (issue 26, part 6).

For each random small aie design (bench/aie_oracle/generator.py: one or
two compute tiles, shim-to-tile, tile-to-shim and core-to-core pipes over
lock pairs, BD chains that loop or end, a runtime sequence of
dma_memcpy_nd / dma_configure_task_for pushes and dma_wait / dma_await_task
waits), it compares:

  (a) `air-check lint --checks=aie-deadlock --format=json --repeated-dispatch`: proven (a
      proof of aie-deadlock), an error (overflow: a push onto a full
      queue; deadlock: a core or the host stuck; unclean: the dispatch does
      not end clean), unknown (a warning), or nothing;
  (b) bench/aie_oracle/explorer.py: every interleaving of the cores, BD
      chains, task queues and the host, with no reduction, from
      docs/aie.md's prose: ok, overflow, deadlock, unclean, too-big (more
      states than --limit) or lockmax (a lock would pass 63).

A disagreement:
  * air-check proves and the explorer finds a failure (or a lock past its
    maximum);
  * air-check reports an error and the explorer finds none, or only
    failures of other kinds than the one reported;
  * air-check gives no aie-deadlock verdict at all, or fails to parse.
`unknown` and the explorer's too-big are counted, not compared. Each
disagreement's design is written to the findings folder with both
verdicts. Exit 1 if there was any.

Usage: bench/aie_oracle.py [--build build] [--count 200] [--seed 1]
        [--jobs 2] [--limit 200000] [--host-polling] [--mode mixed|host|extra|dispatches]
        [--findings DIR] [--no-minimise] [-v]
       bench/aie_oracle.py --files design.mlir ... (compare on given designs)
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
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from aie_oracle.explorer import Result, explore           # noqa: E402
from aie_oracle.generator import (generate, generate_cascade,  # noqa: E402
                                  generate_dispatches, generate_extra,
                                  generate_host_stress)
from aie_oracle.minimise import minimise                  # noqa: E402
from aie_oracle.parser import parse                       # noqa: E402
from aie_oracle.printer import print_design               # noqa: E402


GENERATORS = {"mixed": generate, "host": generate_host_stress, "extra": generate_extra,
              "dispatches": generate_dispatches, "cascade": generate_cascade}


def classify(stdout):
    """air-check's aie-deadlock verdict from its JSON: (verdict, message)."""
    f = json.loads(stdout)["files"][0]
    for x in f.get("findings", []):
        if x.get("rule") != "aie-deadlock":
            continue
        m = x["message"]
        later = "in a later dispatch: "
        if m.startswith(later):
            m = m[len(later):]
        if x["severity"] == "error":
            if "pushes a task onto" in m:
                return "overflow", m
            if "does not end clean" in m:
                return "unclean", m
            if m.startswith("deadlock"):
                return "deadlock", m
            return "error?", m
        if "unknown" in m:
            return "unknown", m
        return "warning?", m
    for p in f.get("proofs", []):
        if p.get("rule") == "aie-deadlock":
            return "proven", p["message"]
    return "none", ""


def lint(tool, path, polling):
    # every dispatch: a later one's finding is an error too
    cmd = [tool, "lint", "--checks=aie-deadlock", "--format=json", "--show-proofs",
           "--repeated-dispatch"]
    if polling:
        cmd.append("--host-polling")
    for attempt in range(3):
        try:
            r = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=120)
            break
        except subprocess.TimeoutExpired:
            return "timeout", ""
        except OSError:           # the binary is being rebuilt: try again
            if attempt == 2:
                raise
            time.sleep(5)
    if r.returncode not in (0, 1):
        return "exit %d" % r.returncode, r.stderr.strip()[:300]
    try:
        return classify(r.stdout)
    except (ValueError, KeyError, IndexError):
        return "bad json", r.stdout[:300]


def judge(ac, orc):
    """The disagreement between air-check's verdict and the explorer's
    Result, or None."""
    if ac == "unknown" or orc.verdict == "too-big":
        return None
    if ac == "proven":
        if orc.verdict != "ok":
            return "air-check proves, the explorer finds %s" % orc.verdict
        return None
    if ac in ("overflow", "deadlock", "unclean"):
        if orc.verdict == "ok":
            return "air-check reports %s, the explorer finds every interleaving fine" % ac
        if orc.verdict == "lockmax":
            return None
        if ac not in orc.kinds:
            return "air-check reports %s, the explorer finds %s" % (ac, "/".join(sorted(orc.kinds)))
        return None
    return "air-check gives %s" % ac


def one(args):
    try:
        return _one(args)
    except Exception as e:        # an oracle defect: reported as a disagreement
        import traceback
        return (args[0], "crash", traceback.format_exc(), "oracle crash", "", None,
                "the oracle crashed: %r" % e, 0.0, 0.0)


def _one(args):
    i, seed, tool, limit, polling, mode = args
    rng = random.Random(seed * 1000003 + i)
    d, desc = GENERATORS[mode](rng, "d%d" % i)
    text = print_design(d, "aie oracle design %d of seed %d: %s" % (i, seed, desc))
    fd, path = tempfile.mkstemp(suffix=".mlir", prefix="aie_oracle_")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    t0 = time.time()
    ac, msg = lint(tool, path, polling)
    t1 = time.time()
    os.unlink(path)
    orc = explore(d, polling=polling, max_states=limit, repeated=True)
    t2 = time.time()
    return i, desc, text, ac, msg, orc, judge(ac, orc), t1 - t0, t2 - t1


def shrink(i, a, tool, dis, text):
    """The design, minimised while air-check and the explorer still disagree
    in the same way (the first words of the disagreement)."""
    rng = random.Random(a.seed * 1000003 + i)
    d, desc = GENERATORS[a.mode](rng, "d%d" % i)
    head = dis.split(",")[0]

    def keeps(e):
        t = print_design(e)
        fd, path = tempfile.mkstemp(suffix=".mlir", prefix="aie_oracle_min_")
        with os.fdopen(fd, "w") as f:
            f.write(t)
        try:
            ac, _ = lint(tool, path, a.host_polling)
        finally:
            os.unlink(path)
        r = judge(ac, explore(e, polling=a.host_polling, max_states=a.limit, repeated=True))
        return r is not None and r.split(",")[0] == head

    small = minimise(d, keeps)
    ac, msg = "?", ""
    fd, path = tempfile.mkstemp(suffix=".mlir", prefix="aie_oracle_min_")
    with os.fdopen(fd, "w") as f:
        f.write(print_design(small))
    ac, msg = lint(tool, path, a.host_polling)
    os.unlink(path)
    orc = explore(small, polling=a.host_polling, max_states=a.limit, repeated=True)
    return (print_design(small, "minimised: air-check %s: %s\nexplorer: %r" % (ac, msg, orc)) +
            "\n// the design as generated:\n" + "\n".join("// " + x for x in text.splitlines()) + "\n")


def name_of(a, i):
    if a.files:
        return os.path.basename(i)
    return "seed%d_%d.mlir" % (a.seed, i)


def one_file(args):
    path, tool, limit, polling = args
    with open(path) as f:
        text = f.read()
    t0 = time.time()
    ac, msg = lint(tool, path, polling)
    t1 = time.time()
    try:
        orc = explore(parse(text), polling=polling, max_states=limit, repeated=True)
    except (ValueError, KeyError) as e:
        orc = Result("unparsed", set(), 0, str(e))
        return path, "", text, ac, msg, orc, None, t1 - t0, 0.0
    return path, "", text, ac, msg, orc, judge(ac, orc), t1 - t0, time.time() - t1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(HERE), "build"))
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=200000, help="the explorer's state budget")
    ap.add_argument("--host-polling", action="store_true")
    ap.add_argument("--mode", choices=sorted(GENERATORS), default="mixed",
                    help="host: designs that stress the host's pushes and waits on several channels; "
                    "extra: mixed with tasks awaited later, chains whose first block runs once, "
                    "a core's MM2S broadcast to a third tile; dispatches: forever cores and a host, "
                    "chains that may end after one dispatch, trips of two items (later dispatches); "
                    "cascade: cores in a column passing values down cascade streams, with lock "
                    "hand-offs (every room from 1 to 4 values)")
    ap.add_argument("--findings", default=os.path.join(HERE, "aie_oracle", "findings", "new"))
    ap.add_argument("--no-minimise", action="store_true", help="save disagreements as generated")
    ap.add_argument("--files", nargs="+", help="compare on these designs (one aie.device each, "
                    "in the subset bench/aie_oracle/parser.py reads) instead of generated ones")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    tool = os.path.join(a.build, "bin", "air-check")
    if not os.path.exists(tool):
        sys.exit("no %s (--build)" % tool)
    if a.files:
        a.count = len(a.files)
        a.no_minimise = True
        work = [(p, tool, a.limit, a.host_polling) for p in a.files]
        fn = one_file
    else:
        work = [(i, a.seed, tool, a.limit, a.host_polling, a.mode) for i in range(a.count)]
        fn = one
    pairs = collections.Counter()
    acs = collections.Counter()
    orcs = collections.Counter()
    unknown_reasons = collections.Counter()
    disagreements = []
    states = []
    t_ac = t_or = 0.0
    start = time.time()
    ex = concurrent.futures.ProcessPoolExecutor(a.jobs) if a.jobs > 1 else None
    results = ex.map(fn, work, chunksize=2) if ex else map(fn, work)
    for i, desc, text, ac, msg, orc, dis, ta, to in results:
        if orc is None:
            orc = Result("crash", set(), 0)
        pairs[(ac, orc.verdict)] += 1
        acs[ac] += 1
        orcs[orc.verdict] += 1
        states.append(orc.states)
        t_ac += ta
        t_or += to
        if ac == "unknown":
            unknown_reasons[msg.split(" is unknown: ")[-1].split(" (")[0][:80]] += 1
        if a.v:
            print("%4s %-9s %-9s %6d %5.2fs %5.2fs  %s" % (i, ac, orc.verdict, orc.states, ta, to, desc),
                  flush=True)
        if dis:
            disagreements.append((i, dis))
            if not a.no_minimise and orc.verdict != "crash":
                text = shrink(i, a, tool, dis, text)
            os.makedirs(a.findings, exist_ok=True)
            with open(os.path.join(a.findings, name_of(a, i)), "w") as f:
                f.write("// DISAGREEMENT: %s\n// air-check: %s: %s\n// explorer: %r\n" % (
                    dis, ac, msg, orc))
                f.write(text)
    if ex:
        ex.shutdown()
    print("designs              %d" % a.count)
    print("disagreements        %d" % len(disagreements))
    reported = sum(n for k, n in acs.items() if k in ("overflow", "deadlock", "unclean"))
    print("summary: proven %d, reported %d, unknown %d, other %d" % (
        acs["proven"], reported, acs["unknown"], a.count - acs["proven"] - reported - acs["unknown"]))
    print("air-check: " + ", ".join("%s %d" % kv for kv in sorted(acs.items())))
    print("explorer:  " + ", ".join("%s %d" % kv for kv in sorted(orcs.items())))
    print("pairs (air-check, explorer):")
    for (ac, ov), n in sorted(pairs.items()):
        print("  %-10s %-10s %5d" % (ac, ov, n))
    if unknown_reasons:
        print("unknown because:")
        for r, n in unknown_reasons.most_common():
            print("  %5d  %s" % (n, r))
    other_kind = sum(n for (ac, ov), n in pairs.items()
                     if ac in ("overflow", "deadlock", "unclean") and ov in ("overflow", "deadlock", "unclean")
                     and ac != ov)
    print("both fail, air-check names another of the explorer's kinds first: %d" % other_kind)
    states.sort()
    if states:
        print("explorer states: median %d, max %d" % (states[len(states) // 2], states[-1]))
    print("time: air-check %.1f s, explorer %.1f s, wall %.1f s" % (t_ac, t_or, time.time() - start))
    for i, dis in disagreements:
        print("DISAGREEMENT design %s: %s (%s)" % (i, dis, os.path.join(a.findings, name_of(a, i))))
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
