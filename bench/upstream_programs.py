#!/usr/bin/env python3
"""air-check on upstream mlir-air's own programs (held out: nothing of
upstream is in this repository).

Splits every .mlir file of an mlir-air checkout at `// -----` (as its lit
tests do), keeps the chunks that hold AIR ops, runs `air-check lint
--format=json` on each and prints:

  * the parse rate over the in-scope chunks: accepted (parsed and verified)
    against parse errors and verifier (`structure`) errors. Out of scope, and
    counted apart: upstream's own verifier tests (`*_invalid.mlir`, which
    upstream rejects as well), chunks without operations, ops that are not
    in air-check's dialect (air.rank, air.custom, air.pipeline, air.universe,
    air.translate; docs/semantics.md section 9), and dialects air-check does
    not load (airrt, transform, pdl, aievec, aiex.npu);
  * the error findings by rule, and every error on a hardware-run program
    (test/xrt, test/airhost, programming_examples, test/gpu), which must be
    true ones;
  * any internal error (exit 3), which is always our bug.

With --compile TARGET it also runs `air-check lint --device=TARGET` on every
chunk lint passes clean, and `air-check compile --target=TARGET` on those
that pass that too (what air-check proves for the target: compile runs the
same checks first), and prints how many compile (every design compile
writes passed its third check, translation validation: an unknown there
refuses), how many were refused for an unknown validation, and why the
others are refused (issue 20's held-out figure). Chunks lint finds do not fit TARGET
(programs placed for another device, herds larger than its array) are
counted apart. The figure is printed over all of them and over those that
put a segment or a herd on the array (the others have nothing for an AIE
array; upstream's air-to-aie makes no aie.device for them either).

A chunk is an AIR program when AIR ops appear in its code; ConvertToAIR's
inputs name them only in their CHECK comments and are not.

Usage: bench/upstream_programs.py <mlir-air checkout> [--build build] [-v]
                                  [--compile npu1_4col]

A checkout: the `fetch` tool's snapshot of Xilinx/mlir-air, checked out with
`git --work-tree=DIR checkout HEAD -- .` (docs/ci.md does not need it).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

NOT_IN_DIALECT = re.compile(r"\bair\.(rank|custom|pipeline|universe|translate)\b")
OTHER_DIALECTS = re.compile(
    r"\b(airrt|transform|pdl|aievec)\.|\baiex\.npu|!transform")
AIR_OPS = re.compile(
    r"\bair\.(launch|segment|herd|channel|dma_memcpy_nd|execute|wait_all)")
ON_ARRAY = re.compile(r"\bair\.(segment|herd)\b")
HARDWARE = ("test/xrt/", "test/airhost/", "programming_examples/", "test/gpu/")


def chunks(root):
    for d, _, files in os.walk(root):
        for f in sorted(files):
            if not f.endswith(".mlir"):
                continue
            path = os.path.join(d, f)
            rel = os.path.relpath(path, root)
            text = open(path, errors="replace").read()
            for i, c in enumerate(re.split(r"^// -----\s*$", text, flags=re.M)):
                # AIR ops in the code, not in its CHECK lines: ConvertToAIR's
                # inputs (scf.parallel, linalg) name air.herd only there.
                code = re.sub(r"//.*", "", c)
                if AIR_OPS.search(code) and not OTHER_DIALECTS.search(code):
                    yield rel, i, c


def scope(rel, text):
    if "invalid" in os.path.basename(rel):
        return "upstream verifier test"
    if NOT_IN_DIALECT.search(text):
        return "op not in the dialect"
    if not re.search(r"^\s*[%\w\"]", re.sub(r"//.*", "", text), flags=re.M):
        return "no operations"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--build", default="build")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--compile", metavar="TARGET",
                    help="compile every chunk lint passes clean for TARGET")
    ap.add_argument("--findings", metavar="FILE",
                    help="write every error finding as one JSON line")
    args = ap.parse_args()
    lint = os.path.join(args.build, "bin", "air-check")
    tmp = tempfile.mkdtemp()
    outcome = collections.Counter()
    excluded = collections.Counter()
    rules = collections.Counter()
    rejected, hw_errors, internal = [], [], []
    hw = 0
    compiled, refusals, clean = [], collections.Counter(), 0
    arrayless, compiledOnArray = [], 0
    unvalidated = collections.Counter()
    misfit = collections.Counter()
    dump = open(args.findings, "w") if args.findings else None
    for rel, i, text in chunks(args.root):
        why = scope(rel, text)
        if why:
            excluded[why] += 1
            continue
        path = os.path.join(tmp, "chunk.mlir")
        open(path, "w").write(text)
        r = subprocess.run([lint, "lint", "--format=json", path],
                           capture_output=True, text=True, timeout=300)
        name = "%s#%d" % (rel, i)
        try:
            f = json.loads(r.stdout)["files"][0]
        except (ValueError, KeyError, IndexError):
            internal.append((name, "exit %d" % r.returncode))
            continue
        findings = f["findings"]
        if f["status"] == "internal-error":
            internal.append((name, findings[-1]["message"] if findings else ""))
            continue
        structure = [x for x in findings if x["rule"] == "structure"]
        if f["status"] == "parse-error":
            outcome["parse error"] += 1
            rejected.append((name, findings[0]["message"] if findings else ""))
            continue
        if structure:
            outcome["verifier error"] += 1
            rejected.append((name, structure[0]["message"]))
            continue
        outcome["accepted"] += 1
        errors = [x for x in findings if x["severity"] == "error"]
        for e in errors:
            rules[e["rule"]] += 1
            if dump:
                dump.write(json.dumps(dict(chunk=name, **e)) + "\n")
        if args.compile and r.returncode == 0 and f["status"] == "clean":
            d = subprocess.run([lint, "lint", "--format=json",
                                "--device=" + args.compile, path],
                               capture_output=True, text=True, timeout=300)
            if d.returncode == 1:
                try:
                    first = json.loads(d.stdout)["files"][0]["findings"][0]
                    misfit[first["rule"]] += 1
                except (ValueError, KeyError, IndexError):
                    misfit["?"] += 1
                if args.verbose:
                    print("  does not fit %s: %s" % (args.compile, name))
                continue
            if d.returncode != 0:
                internal.append((name, "lint --device exit %d" % d.returncode))
                continue
            clean += 1
            code = re.sub(r"//.*", "", text)
            onArray = bool(ON_ARRAY.search(code))
            if not onArray:
                arrayless.append(name)
            c = subprocess.run([lint, "compile", "--target=" + args.compile, path,
                                "-o", os.path.join(tmp, "out.mlir")],
                               capture_output=True, text=True, timeout=600)
            if c.returncode == 0:
                compiled.append(name)
                if onArray:
                    compiledOnArray += 1
            elif c.returncode == 1 and "[translation-validation-unknown]" in c.stderr:
                # compile's third check (translation validation) said
                # unknown: verified compilation refuses the design.
                unk = next(ln for ln in c.stderr.splitlines()
                           if "[translation-validation-unknown]" in ln)
                why = unk.split("not validated: ", 1)[-1]
                unvalidated[re.sub(r"\d+", "N", why)[:90]] += 1
                if args.verbose:
                    print("  not validated: %s: %s" % (name, why[:150]))
            elif c.returncode == 1:
                first = next((ln for ln in c.stderr.splitlines()
                              if ": error: " in ln or ": warning: " in ln), "")
                why = re.sub(r"^.*?: (error|warning): (\[[\w-]+\] )?", "", first)
                why = re.sub(r"\d+", "N", why)[:90]
                refusals[why] += 1
                if args.verbose:
                    print("  refused: %s: %s" % (name, first[:200]))
            else:
                internal.append((name, "compile exit %d" % c.returncode))
        if rel.startswith(HARDWARE):
            hw += 1
            for e in errors:
                hw_errors.append((name, e["rule"], e["message"]))
    total = sum(outcome.values())
    print("in scope: %d chunks; accepted %d (%.1f%%), parse errors %d, "
          "verifier errors %d" % (total, outcome["accepted"],
                                  100.0 * outcome["accepted"] / max(total, 1),
                                  outcome["parse error"],
                                  outcome["verifier error"]))
    print("out of scope: " + ", ".join("%s %d" % kv for kv in sorted(excluded.items())))
    for name, why in rejected:
        print("  rejected: %s: %s" % (name, why[:150]))
    print("error findings by rule: " +
          ", ".join("%s %d" % kv for kv in rules.most_common()))
    print("hardware-run programs: %d accepted chunks, %d errors" % (hw, len(hw_errors)))
    for name, rule, msg in hw_errors:
        print("  %s: [%s] %s" % (name, rule, msg[:150]))
    if args.compile:
        print("compile for %s: %d of %d chunks lint passes clean for it compile "
              "(%.1f%%)" % (args.compile, len(compiled), clean,
                            100.0 * len(compiled) / max(clean, 1)))
        onArray = clean - len(arrayless)
        print("  of the %d that put a segment or a herd on the array, %d compile "
              "(%.1f%%); the other %d have none (transfers at function or "
              "launch level alone, empty launches): upstream's air-to-aie "
              "creates an aie.device per segment and per bare herd "
              "(AIRToAIEPass.cpp, createAIEModulesAndOutlineCores), so none "
              "for them either"
              % (onArray, compiledOnArray,
                 100.0 * compiledOnArray / max(onArray, 1), len(arrayless)))
        print("  lint finds %d clean chunks do not fit %s: %s"
              % (sum(misfit.values()), args.compile,
                 ", ".join("%s %d" % kv for kv in misfit.most_common())))
        print("  every one compiled is validated (translation validation, "
              "compile's third check); %d more were lowered and passed the "
              "second check, but their validation is unknown, and compile "
              "refuses them (--allow-unvalidated writes them)"
              % sum(unvalidated.values()))
        for why, n in unvalidated.most_common():
            print("    not validated %d: %s" % (n, why))
        for why, n in refusals.most_common():
            print("  refused %d: %s" % (n, why))
    print("internal errors: %d" % len(internal))
    for name, why in internal:
        print("  %s: %s" % (name, why[:150]))
    return 1 if internal else 0


if __name__ == "__main__":
    sys.exit(main())
