#!/usr/bin/env python3
"""Faults put into air-to-gpu's copy loops, and edits that keep them, against
`air-check validate --target=mi300x` (issue 21, docs/validate.md "The GPU
target").

Every test and corpus program that `compile --target=mi300x` accepts (and,
with --upstream, upstream mlir-air's chunks that it accepts) is lowered with
`air-opt --air-wrap-hierarchy --air-to-gpu --mlir-print-debuginfo`; each copy
statement of the gpu.launch made from an air.dma_memcpy_nd (a memref.store
of the memref.load before it, at the transfer's location) gets, one at a
time:

  faults (each changes the pairs of elements the loop moves, whatever the
  program: a translation of a finite set is another set; another buffer is
  another buffer; a shorter loop drops its last element's pair, where no
  stride is 0; copies with a stride of 0 are not shortened):
    load+1    the load's innermost index plus one
    store+1   the store's innermost index plus one
    source    the load reads another buffer of the same type
    short     the copy loop's upper bound minus one
  edits (the same pairs):
    plus0     the load's innermost index plus a zero constant
    swap      two index computations of the loop body swapped

and prints, per kind, how many validate catches (exit 1 with an error
naming the element) or accepts (exit 0), and any other verdict.

  bench/validate_gpu_mutations.py [--build build] [--upstream /work/upstream]
"""
import argparse
import collections
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def inputs(args, tmp):
    files = sorted(glob.glob(os.path.join(ROOT, "corpus", "positive", "*.mlir")) +
                   glob.glob(os.path.join(ROOT, "tests", "lit", "**", "*.mlir"),
                             recursive=True))
    if args.upstream:
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import upstream_programs  # noqa: E402
        for k, (rel, i, text) in enumerate(upstream_programs.chunks(args.upstream)):
            path = os.path.join(tmp, "up%d.mlir" % k)
            open(path, "w").write(text)
            files.append(path)
    for f in files:
        text = open(f, errors="replace").read()
        if not re.search(r"\bair\.(launch|segment|herd)\b", text):
            continue
        yield f


def copy_sites(lines, program):
    """(load line, store line, the transfer's line in the program) of each
    copy statement made from an air.dma_memcpy_nd (by its location; a
    store of a load the program itself wrote is not one)."""
    locs = {}
    for line in lines:
        m = re.match(r'(#loc\d*) = loc\("[^"]*":(\d+):(\d+)\)', line)
        if m:
            locs[m.group(1)] = int(m.group(2))
    sites = []
    for i in range(len(lines) - 1):
        m = re.match(r"\s*(%\w+) = memref\.load ", lines[i])
        if not m or not re.match(r"\s*memref\.store %s, " % re.escape(m.group(1)),
                                 lines[i + 1]):
            continue
        loc = re.search(r"loc\((#loc\d*)\)", lines[i])
        at = locs.get(loc.group(1)) if loc else None
        if at and at <= len(program) and "air.dma_memcpy_nd" in program[at - 1]:
            sites.append((i, i + 1, program[at - 1]))
    return sites


def zero_stride(dma, program_text):
    """Whether a side of the transfer has a stride of 0 (its elements go to
    one place: a shorter loop may move the same pairs)."""
    zeros = set(re.findall(r"(%\w+) = arith\.constant 0 : index", program_text))
    for m in re.finditer(r"\[[^\]]*\]\s*\[[^\]]*\]\s*\[([^\]]*)\]", dma):
        for v in m.group(1).split(","):
            v = v.strip()
            if v == "0" or v in zeros:
                return True
    return False


def last_index(line):
    m = re.search(r"\[([^\[\]]*)\]", line)
    if not m or not m.group(1).strip():
        return None
    idx = [x.strip() for x in m.group(1).split(",")]
    return m, idx


def add_to_index(lines, at, value):
    """The line `at` with its innermost index plus `value` (new lines
    before it)."""
    found = last_index(lines[at])
    if not found:
        return None
    m, idx = found
    indent = re.match(r"\s*", lines[at]).group(0)
    pre = [indent + "%%mut_c = arith.constant %d : index" % value,
           indent + "%%mut_v = arith.addi %s, %%mut_c : index" % idx[-1]]
    idx[-1] = "%mut_v"
    line = lines[at][:m.start()] + "[" + ", ".join(idx) + "]" + lines[at][m.end():]
    return lines[:at] + pre + [line] + lines[at + 1:]


def mutate(lines, site, kind):
    load, store = site[0], site[1]
    if kind == "load+1":
        return add_to_index(lines, load, 1)
    if kind == "store+1":
        return add_to_index(lines, store, 1)
    if kind == "plus0":
        return add_to_index(lines, load, 0)
    if kind == "source":
        m = re.match(r"(\s*%\w+ = memref\.load )(%\w+)(\[[^\]]*\][^:]*: )(memref<[^>]*>)",
                     lines[load])
        if not m:
            return None
        name, typ = m.group(2), m.group(4)
        # Buffers in scope everywhere: the function's arguments and the
        # launch's attributions.
        text = "\n".join(l for l in lines if "func.func" in l or "gpu.launch" in l)
        others = [o for o in re.findall(r"(%\w+)\s*:\s*" + re.escape(typ), text)
                  if o != name]
        if not others:
            return None
        out = list(lines)
        out[load] = m.group(1) + others[0] + lines[load][m.end(2):]
        return out
    if kind == "short":
        for k in range(load - 1, -1, -1):
            m = re.match(r"(\s*scf\.for %\w+ = \S+ to )(%\w+)( step .*)", lines[k])
            if m:
                indent = re.match(r"\s*", lines[k]).group(0)
                pre = [indent + "%mut_c = arith.constant 1 : index",
                       indent + "%%mut_ub = arith.subi %s, %%mut_c : index" % m.group(2)]
                return lines[:k] + pre + [m.group(1) + "%mut_ub" + m.group(3)] + lines[k + 1:]
            if "{" in lines[k] and "scf.for" not in lines[k]:
                return None
        return None
    if kind == "swap":
        # Two affine.apply lines in a row above the load.
        for k in range(load - 1, 0, -1):
            if not re.match(r"\s*%\w+ = affine\.apply ", lines[k]):
                break
            if re.match(r"\s*%\w+ = affine\.apply ", lines[k - 1]):
                a = re.match(r"\s*(%\w+)", lines[k - 1]).group(1)
                if re.search(re.escape(a) + r"\b", lines[k].split("=", 1)[1]):
                    continue
                out = list(lines)
                out[k - 1], out[k] = lines[k], lines[k - 1]
                return out
        return None
    raise ValueError(kind)


FAULTS = ["load+1", "store+1", "source", "short"]
EDITS = ["plus0", "swap"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--upstream", help="an mlir-air checkout: its chunks too")
    args = ap.parse_args()
    check = os.path.join(args.build, "bin", "air-check")
    opt = os.path.join(args.build, "bin", "air-opt")
    tmp = tempfile.mkdtemp()
    verdicts = collections.defaultdict(collections.Counter)
    odd = []
    skipped = collections.Counter()
    programs = copies = 0
    for f in inputs(args, tmp):
        out = os.path.join(tmp, "out.gpu.mlir")
        if run([check, "compile", "--target=mi300x", "--emit=gpu", f,
                "-o", out]).returncode != 0:
            continue
        launch = os.path.join(tmp, "launch.mlir")
        r = run([opt, "--air-wrap-hierarchy", "--air-to-gpu",
                 "--mlir-print-debuginfo", f, "-o", launch])
        if r.returncode != 0:
            odd.append((f, "air-opt failed"))
            continue
        base = run([check, "validate", "--target=mi300x", f, launch])
        if base.returncode != 0:
            odd.append((f, "the unmutated lowering: " + (base.stderr or base.stdout)[:200]))
            continue
        programs += 1
        lines = open(launch).read().split("\n")
        program_text = open(f, errors="replace").read()
        sites = copy_sites(lines, program_text.split("\n"))
        copies += len(sites)
        for site in sites:
            for kind in FAULTS + EDITS:
                if kind == "short" and zero_stride(site[2], program_text):
                    skipped["short, a stride of 0"] += 1
                    continue
                m = mutate(lines, site, kind)
                if m is None:
                    continue
                path = os.path.join(tmp, "mut.mlir")
                open(path, "w").write("\n".join(m))
                r = run([check, "validate", "--target=mi300x", f, path])
                err = r.stderr
                if r.returncode == 0:
                    v = "accepted"
                elif r.returncode == 1 and "[translation-validation]" in err:
                    v = "caught"
                elif r.returncode == 1 and "translation-validation-unknown" in err:
                    v = "unknown"
                elif r.returncode == 2:
                    v = "parse error"
                else:
                    v = "exit %d" % r.returncode
                verdicts[kind][v] += 1
                good = v == ("caught" if kind in FAULTS else "accepted")
                if not good:
                    odd.append((f, "%s at line %d: %s %s" % (
                        kind, site[0] + 1, v, err.strip().splitlines()[-1][:160]
                        if err.strip() else "")))
    print("%d programs, %d copy statements" % (programs, copies))
    for kind in FAULTS + EDITS:
        c = verdicts[kind]
        want = "caught" if kind in FAULTS else "accepted"
        total = sum(c.values())
        print("%-8s %-6s %3d of %3d %s%s" % (
            kind, "fault" if kind in FAULTS else "edit", c[want], total, want,
            "" if c[want] == total else "  (" + ", ".join(
                "%s %d" % kv for kv in c.items() if kv[0] != want) + ")"))
    for k, n in skipped.items():
        print("not mutated: %d (%s: the shorter loop moves the same pairs)" % (n, k))
    for f, why in odd:
        print("  %s: %s" % (os.path.relpath(f, ROOT) if f.startswith(ROOT) else f, why))


if __name__ == "__main__":
    main()
