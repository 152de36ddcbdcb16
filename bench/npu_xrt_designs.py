#!/usr/bin/env python3
"""air-check on upstream mlir-aie's hand-written test/npu-xrt designs (held
out: nothing of upstream is in this repository).

Issue 26's bench. Runs `air-check lint --format=json --show-proofs` on every
.mlir file of a folder (one at a time, with a timeout) and prints:

  * how many parse, and the parse errors grouped by their first message
    (the op or form air-check does not read), most frequent first;
  * how many get no error finding;
  * how many aie-deadlock proves deadlock-free: a proof whose rule is
    aie-deadlock and no aie-deadlock warning or error in the file (a design
    with several runtime sequences is proven when every dispatch is); the
    files with a proof for some dispatches only (some of their sequences,
    or the first dispatch but not a later one: docs/aie.md, "Later
    dispatches") are counted apart;
  * aie-deadlock's `unknown` verdicts grouped by their reason (the text after
    "is unknown: "), most frequent first;
  * the error findings by rule, and every file with an error and its
    message, so a human can judge each one true or false. An error that
    names a reliance on fabric buffering ("deadlock unless the fabric
    buffers ...") is counted apart: issue 26 allows it on a design upstream
    runs on hardware; any other error there must be a true one.

The designs: mlir-aie's test/npu-xrt/*/aie*.mlir as the search tool stores
them (read_file), one file per design named <dir>__<file>.mlir. Many use the
placeholder device NPUDEVICE, which upstream's lit runs substitute with
`sed 's/NPUDEVICE/npu2/'`; do the same before running this.

Usage: bench/npu_xrt_designs.py DIR [--build build] [--timeout 60]
                                    [--json OUT]

Always exits 0: it is a measurement, not a test.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import time

FABRIC = "deadlock unless the fabric buffers"


def parse_reason(msg):
    """The op or form a parse error names, short enough to group on."""
    m = re.match(r"(custom op '[^']+' not supported)", msg)
    if m:
        return m.group(1)
    m = re.search(r"'([\w.]+)' op", msg)
    if m:
        return "'%s' op: %s" % (m.group(1), msg.split(" op ", 1)[-1][:70])
    return msg[:90]


def run(lint, path, timeout):
    t0 = time.time()
    try:
        r = subprocess.run([lint, "lint", "--format=json", "--show-proofs",
                            path], capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "findings": [], "proofs": []}, \
            None, time.time() - t0
    try:
        f = json.loads(r.stdout)["files"][0]
    except (ValueError, KeyError, IndexError):
        f = {"status": "no-json", "findings": [], "proofs": [],
             "stderr": r.stderr[-300:]}
    return f, r.returncode, time.time() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--build", default="build")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--json", metavar="OUT",
                    help="write every file's outcome as JSON")
    args = ap.parse_args()
    lint = os.path.join(args.build, "bin", "air-check")
    files = sorted(f for f in os.listdir(args.dir) if f.endswith(".mlir"))

    parse_errors = collections.Counter()
    parse_files = collections.defaultdict(list)
    unknown = collections.Counter()
    unknown_files = collections.defaultdict(list)
    rules = collections.Counter()
    errors, other, proven, partly, clean = [], [], [], [], []
    fabric = 0
    out = []
    for name in files:
        f, rc, secs = run(lint, os.path.join(args.dir, name), args.timeout)
        findings = f.get("findings", [])
        rec = {"file": name, "exit": rc, "status": f.get("status"),
               "seconds": round(secs, 2), "findings": findings,
               "proofs": f.get("proofs", [])}
        out.append(rec)
        if f.get("status") == "parse-error" or rc == 2:
            why = parse_reason(findings[0]["message"]) if findings else \
                "exit 2, no message"
            parse_errors[why] += 1
            parse_files[why].append(name)
            continue
        if f.get("status") in ("timeout", "no-json", "internal-error") \
                or rc == 3:
            other.append((name, f.get("status"), rc))
            continue
        errs = [x for x in findings if x.get("severity") == "error"]
        if not errs:
            clean.append(name)
        for e in errs:
            rules[e["rule"]] += 1
            if e["message"].startswith(FABRIC):
                fabric += 1
            errors.append((name, e["rule"], e["message"]))
        if any(p.get("rule") == "aie-deadlock" for p in f.get("proofs", [])):
            if any(x.get("rule") == "aie-deadlock" for x in findings):
                partly.append(name)
            else:
                proven.append(name)
        for x in findings:
            if x.get("rule") == "aie-deadlock" and "is unknown: " in x["message"]:
                why = x["message"].split("is unknown: ", 1)[1]
                unknown[why] += 1
                unknown_files[why].append(name)

    parsed = len(files) - sum(parse_errors.values())
    print("npu-xrt designs: %d files" % len(files))
    print("%-46s %5d" % ("parse", parsed))
    print("%-46s %5d" % ("parse error (exit 2)", sum(parse_errors.values())))
    for why, n in parse_errors.most_common():
        print("  %4d  %s" % (n, why))
    print("%-46s %5d" % ("timeout / internal error / no JSON", len(other)))
    for name, st, rc in other:
        print("        %s: %s (exit %s)" % (name, st, rc))
    print("%-46s %5d" % ("parsed, no error finding", len(clean)))
    print("%-46s %5d" % ("proven deadlock-free (aie-deadlock)", len(proven)))
    print("%-46s %5d" % ("  proven for some dispatches only", len(partly)))
    for name in partly:
        print("        %s" % name)
    print("%-46s %5d" % ("aie-deadlock unknown (files)",
                         len({n for v in unknown_files.values() for n in v})))
    for why, n in unknown.most_common():
        print("  %4d  %s" % (n, why[:110]))
    print("%-46s %5d" % ("files with an error finding",
                         len({n for n, _, _ in errors})))
    print("error findings by rule: " +
          (", ".join("%s %d" % kv for kv in rules.most_common()) or "none"))
    print("  of which name a reliance on fabric buffering: %d" % fabric)
    for name, rule, msg in errors:
        print("  %s: [%s] %s" % (name, rule, msg[:200]))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"files": out,
                       "parse_errors": parse_errors.most_common(),
                       "parse_error_files": parse_files,
                       "unknown": unknown.most_common(),
                       "unknown_files": unknown_files,
                       "proven": proven, "proven_some_dispatches": partly,
                       "clean": clean,
                       "errors_by_rule": rules.most_common(),
                       "errors": errors}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
