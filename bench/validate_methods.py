#!/usr/bin/env python3
"""Who decides translation validation, and what each method costs, as seed
003's GEMM grows (docs/validate.md, "Who decides").

For each size, compiles bench/seed003_gemm.py's program for npu1_4col
(compile validates it too), then runs `air-check validate` on the design
with --method=replays, --method=functions and the default (auto): the
verdict's first words, who decided, and the CPU time (the least of
--repeat runs), each against the smallest size's. The replays' cost grows
with the elements moved (and stops at their budget, 2^31 elements); the
functions' does not.

  bench/validate_methods.py [--build build] [--repeat 1] [--sizes MxKxN,...]
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lint_cost import cpu_time  # noqa: E402
import seed003_gemm  # noqa: E402

DEFAULT_SIZES = "256x256x256,512x1024x512,2048x1024x2048"


def verdict(checker, args):
    p = subprocess.run([checker, "validate"] + args, capture_output=True,
                       text=True)
    text = p.stdout + p.stderr
    if p.returncode == 0:
        who = "functions" if "decided from both sides' functions" in text \
            else "replays"
        return "equivalent (%s)" % who
    if "translation-validation-unknown" in text:
        return "unknown"
    if "[translation-validation]" in text:
        return "different"
    return "exit %d" % p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--sizes", default=DEFAULT_SIZES)
    args = ap.parse_args()
    checker = os.path.join(args.build, "bin", "air-check")
    tmp = tempfile.mkdtemp()
    methods = ["replays", "functions", "auto"]
    print("%-16s %-10s %-24s %9s %7s" % ("M x K x N", "--method", "verdict",
                                         "CPU s", "ratio"))
    first = {}
    for size in args.sizes.split(","):
        # M x K x N, as the corpus names seed 003's GEMMs.
        m, k, n = (int(x) for x in size.split("x"))
        src = os.path.join(tmp, "gemm_%s.mlir" % size)
        out = os.path.join(tmp, "gemm_%s.aie.mlir" % size)
        open(src, "w").write(seed003_gemm.program(m, n, k))
        r = subprocess.run([checker, "compile", "--target=npu1_4col", src,
                            "-o", out], capture_output=True, text=True)
        if r.returncode != 0:
            print("%-16s not compiled (exit %d)" % (size, r.returncode))
            continue
        for method in methods:
            cmd = ["--target=npu1_4col", "--method=" + method, src, out]
            v = verdict(checker, cmd)
            t = cpu_time([checker, "validate"] + cmd, args.repeat)
            first.setdefault(method, t)
            print("%-16s %-10s %-24s %9.2f %7.2f" % (size, method, v, t,
                                                    t / first[method]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
