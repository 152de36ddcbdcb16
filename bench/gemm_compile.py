#!/usr/bin/env python3
"""Seed 003's GEMM through `air-check compile --target=npu1_4col` as K and
the launch grow (issue 20): per size, whether it compiles (or why not), the
design's lines and BDs, and compile's CPU time.

The programs are bench/seed003_gemm.py's (a 4x4 herd, 32x32 tiles, K in L3
chunks of 256, or of K when K is smaller). Where the memory tiles' streams
take turns, a BD serves each transfer of a turn, so the design grows with K
until a tile's BDs run out; past that the lowering separates the L2 buffers'
readers and folds each turn's transfers into one BD (docs/compile.md,
"separate and fold"), and the design stops growing with K. The time still
grows with the run: compile's third check replays every element. The last
column is compile's peak resident memory: the replays keep an input's
elements only where they are written, and fills as tiles, so it grows with
the steps of the program's run, not with the elements moved.

Rows marked `kt` are the GEMM with K tiled in L2 (a 128 x 256 chunk of A
and a 256 x 128 chunk of B, refilled per chunk), which fits L2 whatever K.

  bench/gemm_compile.py [--build build] [--repeat 3]
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lint_cost import cpu_time  # noqa: E402
import seed003_gemm  # noqa: E402

SIZES = [  # M, N, K, K tiled in L2 (seed003_gemm.program_ktiled)
    (128, 128, 64, False), (128, 128, 128, False), (128, 128, 256, False),
    (128, 128, 512, False), (128, 128, 1024, False), (128, 128, 4096, False),
    (128, 128, 16384, False), (256, 256, 256, False), (512, 512, 1024, False),
    (512, 512, 16384, False), (2048, 2048, 1024, False),
    (4096, 4096, 1024, False),
    (512, 512, 1024, True), (512, 512, 4096, True), (512, 512, 16384, True),
]


def program(m, n, k, tiled=False):
    if tiled:
        return seed003_gemm.program_ktiled(m, n, k)
    text = seed003_gemm.program(m, n, k)
    if k < 256:  # L3 chunks of K
        text = text.replace("arith.constant 256 : index",
                            "arith.constant %d : index" % k)
    return text


def run_measured(cmd):
    """Runs `cmd`; its result and its peak resident memory in MiB."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        p.stdout = out.read().decode(errors="replace")
        p.stderr = err.read().decode(errors="replace")
    return p, usage.ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    checker = os.path.join(args.build, "bin", "air-check")
    tmp = tempfile.mkdtemp()
    print("%-16s %-7s %-60s %7s %5s %9s %8s" % (
        "M x N x K", "launch", "compile", "lines", "BDs", "CPU s", "MiB"))
    for m, n, k, tiled in SIZES:
        src = os.path.join(tmp, "gemm.mlir")
        out = os.path.join(tmp, "gemm.aie.mlir")
        open(src, "w").write(program(m, n, k, tiled))
        if os.path.exists(out):
            os.remove(out)
        cmd = [checker, "compile", "--target=npu1_4col", src, "-o", out]
        r, peak = run_measured(cmd)
        if r.returncode == 0:
            verdict = "compiled"
            text = open(out).read()
            lines, bds = text.count("\n"), text.count("aie.dma_bd(")
        else:
            first = next((ln for ln in r.stderr.splitlines()
                          if ": error: " in ln or ": warning: " in ln), "")
            why = first.split("] ", 1)[-1]
            verdict = ("refused: " + why)[:60]
            lines = bds = "-"
        t = cpu_time(cmd, args.repeat)
        print("%-16s %-7s %-60s %7s %5s %9.2f %8.0f" % (
            "%dx%dx%d%s" % (m, n, k, " kt" if tiled else ""),
            "%dx%d" % (m // 128, n // 128), verdict,
            lines, bds, t, peak))
    return 0


if __name__ == "__main__":
    sys.exit(main())
