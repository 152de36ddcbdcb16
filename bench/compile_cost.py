#!/usr/bin/env python3
"""Cost of `air-check compile --target=npu1_4col` against `air-opt` parse and
verify, and against `air-check lint` with the same device, per program.

Runs on every positive corpus program that compiles for the target. Prints
the three CPU times and the two ratios, then the worst. Compile runs lint,
lowers, and lints the lowered design again, so its cost over lint is what
verified compilation adds.

A second table scales one program, the shim copy of tests/lit/compile
(L3 -> L2 -> L3 in chunks), over the number of chunks. The lowering follows
the ordering model's run, so its cost grows with the transfers the run makes;
the folded BD chains, and so the aie check of the output, do not.

Times are the smallest CPU time (user + system) of --repeat runs. Usage:
  bench/compile_cost.py [--build build] [--repeat 3] [--target npu1_4col]
"""
import argparse
import glob
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def cpu_time(cmd, repeat):
    best = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run(cmd, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if p.returncode not in (0, 1):
            sys.exit("command failed: %s\n%s" % (" ".join(cmd), p.stderr))
        t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = t if best is None else min(best, t)
    return best, p.returncode


SHIM_COPY = """
module {
  air.channel @L3ToL2 [1, 1]
  air.channel @L2ToL3 [1, 1]
  func.func @copy(%src: memref<N_ELEMSxi32>, %dst: memref<N_ELEMSxi32>) {
    %c1 = arith.constant 1 : index
    air.launch (%lx, %ly) in (%nx=%c1, %ny=%c1) args(%s=%src, %d=%dst) : memref<N_ELEMSxi32>, memref<N_ELEMSxi32> {
      %c0 = arith.constant 0 : index
      %c1_l = arith.constant 1 : index
      %cn = arith.constant N_CHUNKS : index
      %c256 = arith.constant 256 : index
      %t0 = air.wait_all async
      %tp = scf.for %i = %c0 to %cn step %c1_l iter_args(%tk = %t0) -> (!air.async.token) {
        %off = arith.muli %i, %c256 : index
        %p = air.channel.put async [%tk] @L3ToL2[] (%s[%off] [%c256] [%c1_l]) : (memref<N_ELEMSxi32>)
        scf.yield %p : !air.async.token
      }
      %tg = scf.for %i = %c0 to %cn step %c1_l iter_args(%tk = %t0) -> (!air.async.token) {
        %off = arith.muli %i, %c256 : index
        %g = air.channel.get async [%tk] @L2ToL3[] (%d[%off] [%c256] [%c1_l]) : (memref<N_ELEMSxi32>)
        scf.yield %g : !air.async.token
      }
      %seg = air.segment @seg async {
        %c0_s = arith.constant 0 : index
        %c1_s = arith.constant 1 : index
        %cn_s = arith.constant N_CHUNKS : index
        %buf = memref.alloc() : memref<256xi32, 1 : i32>
        scf.for %j = %c0_s to %cn_s step %c1_s {
          air.channel.get @L3ToL2[] (%buf[] [] []) : (memref<256xi32, 1 : i32>)
          air.channel.put @L2ToL3[] (%buf[] [] []) : (memref<256xi32, 1 : i32>)
        }
      }
      air.wait_all [%tp, %tg, %seg]
    }
    return
  }
}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--target", default="npu1_4col")
    args = ap.parse_args()
    air_check = os.path.join(args.build, "bin", "air-check")
    air_opt = os.path.join(args.build, "bin", "air-opt")

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.mlir")
        for f in sorted(glob.glob(os.path.join(ROOT, "corpus", "positive", "*.mlir"))):
            compile_cmd = [air_check, "compile", "--target=" + args.target, f, "-o", out]
            c, rc = cpu_time(compile_cmd, args.repeat)
            if rc != 0:
                continue
            l, _ = cpu_time([air_check, "lint", "--device=" + args.target, f], args.repeat)
            o, _ = cpu_time([air_opt, f], args.repeat)
            rows.append((os.path.basename(f), c, l, o))
        print("%-42s %9s %9s %9s %9s %9s" % ("program", "compile", "lint", "air-opt",
                                             "c/lint", "c/air-opt"))
        for name, c, l, o in rows:
            print("%-42s %8.3fs %8.3fs %8.3fs %9.2f %9.2f" %
                  (name, c, l, o, c / max(l, 1e-3), c / max(o, 1e-3)))
        if rows:
            print("worst compile/lint %.2f, worst compile/air-opt %.2f" %
                  (max(c / max(l, 1e-3) for _, c, l, _ in rows),
                   max(c / max(o, 1e-3) for _, c, _, o in rows)))

        print("\nshim copy over the number of chunks (the output's BD chains stay one BD each):")
        print("%8s %9s %9s %12s" % ("chunks", "compile", "lint", "vs smallest"))
        base = None
        for chunks in (4, 64, 1024):
            src = os.path.join(tmp, "copy%d.mlir" % chunks)
            with open(src, "w") as fh:
                fh.write(SHIM_COPY.replace("N_CHUNKS", str(chunks))
                         .replace("N_ELEMS", str(256 * chunks)))
            c, rc = cpu_time([air_check, "compile", "--target=" + args.target, src,
                              "-o", out], args.repeat)
            if rc != 0:
                sys.exit("the shim copy of %d chunks did not compile" % chunks)
            l, _ = cpu_time([air_check, "lint", "--device=" + args.target, src], args.repeat)
            base = base or c
            print("%8d %8.3fs %8.3fs %11.2fx" % (chunks, c, l, c / max(base, 1e-3)))


if __name__ == "__main__":
    main()
