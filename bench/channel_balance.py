#!/usr/bin/env python3
"""Cost of `air-check lint` on GEMM-shaped AIR programs.

Generates programs with an NxN herd (N = 1, 2, 4, 8) and a K loop of
4 .. 4096 trips: the segment broadcasts A rows and B columns through
channels with broadcast_shape [N, N] on every trip, the herd reads them on
every trip and returns C. For each program it times `air-check lint` and
`air-opt` (parse and verify only) on the same file and prints

  * lint / parse: what the analysis costs on top of reading the program;
  * lint(K) / lint(K=4): the analysis is symbolic in the trip count, so this
    must stay flat (about 1) as K grows.

The deadlock-freedom check runs the program on its concrete sizes, so it is
left out here (--disable=deadlock-freedom) and measured on the same programs
by bench/deadlock_cost.py.

Times are medians of --repeat runs of the whole process. Usage:
  bench/channel_balance.py [--build build] [--repeat 5]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERDS = [1, 2, 4, 8]
TRIPS = [4, 64, 1024, 4096]


def program(n, k):
    return f"""
air.channel @A [{n}, 1] {{broadcast_shape = [{n}, {n}]}}
air.channel @B [1, {n}] {{broadcast_shape = [{n}, {n}]}}
air.channel @C [{n}, {n}]
func.func @gemm(%a: memref<{32*n}x{64*k}xbf16>, %b: memref<{64*k}x{32*n}xbf16>, %c: memref<{32*n}x{32*n}xf32>) {{
  %c1 = arith.constant 1 : index
  air.launch (%l) in (%nl=%c1) args(%A=%a, %B=%b, %C=%c) : memref<{32*n}x{64*k}xbf16>, memref<{64*k}x{32*n}xbf16>, memref<{32*n}x{32*n}xf32> {{
    air.segment @seg args(%sa=%A, %sb=%B, %sc=%C) : memref<{32*n}x{64*k}xbf16>, memref<{64*k}x{32*n}xbf16>, memref<{32*n}x{32*n}xf32> {{
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : index
      %n = arith.constant {n} : index
      %k = arith.constant {k} : index
      %la = memref.alloc() : memref<32x64xbf16, 1 : i32>
      %lb = memref.alloc() : memref<64x32xbf16, 1 : i32>
      scf.for %t = %c0 to %k step %one {{
        scf.parallel (%i) = (%c0) to (%n) step (%one) {{
          %pa = air.channel.put async @A[%i, %c0] (%la[] [] []) : (memref<32x64xbf16, 1 : i32>)
          scf.reduce
        }}
        scf.parallel (%j) = (%c0) to (%n) step (%one) {{
          %pb = air.channel.put async @B[%c0, %j] (%lb[] [] []) : (memref<64x32xbf16, 1 : i32>)
          scf.reduce
        }}
      }}
      %h = air.herd @herd async tile (%x, %y) in (%sx=%n, %sy=%n) args(%hk=%k) : index {{
        %z = arith.constant 0 : index
        %u = arith.constant 1 : index
        %a1 = memref.alloc() : memref<32x64xbf16, 2 : i32>
        %b1 = memref.alloc() : memref<64x32xbf16, 2 : i32>
        %c1h = memref.alloc() : memref<32x32xf32, 2 : i32>
        scf.for %t = %z to %hk step %u {{
          air.channel.get @A[%x, %y] (%a1[] [] []) : (memref<32x64xbf16, 2 : i32>)
          air.channel.get @B[%x, %y] (%b1[] [] []) : (memref<64x32xbf16, 2 : i32>)
        }}
        %pc = air.channel.put async @C[%x, %y] (%c1h[] [] []) : (memref<32x32xf32, 2 : i32>)
      }}
      scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%one, %one) {{
        %lc = memref.alloc() : memref<32x32xf32, 1 : i32>
        air.channel.get @C[%i, %j] (%lc[] [] []) : (memref<32x32xf32, 1 : i32>)
        scf.reduce
      }}
    }}
  }}
  return
}}
"""


def median_time(cmd, repeat, clean=True):
    """Median wall time of `cmd`; with `clean`, lint must report nothing."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if p.returncode != 0:
            sys.exit("command failed: %s\n%s" % (" ".join(cmd), p.stderr))
        if clean and "lint" in cmd and "0 errors, 0 warnings" not in p.stderr:
            sys.exit("lint did not prove the program balanced:\n" + p.stderr)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "build"))
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    lint = os.path.join(args.build, "bin", "air-check")
    opt = os.path.join(args.build, "bin", "air-opt")

    print("%-6s %6s %10s %10s %13s %14s" % ("herd", "K", "lint ms", "parse ms", "lint/parse", "lint/lint(K=4)"))
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for n in HERDS:
            base = None
            for k in TRIPS:
                path = os.path.join(tmp, "gemm_%d_%d.mlir" % (n, k))
                with open(path, "w") as f:
                    f.write(program(n, k))
                t_lint = median_time([lint, "lint", "--disable=deadlock-freedom", path], args.repeat)
                t_opt = median_time([opt, path, "-o", os.devnull], args.repeat)
                base = base or t_lint
                growth = t_lint / base
                worst = max(worst, growth)
                print("%-6s %6d %10.1f %10.1f %13.2f %14.2f" % (
                    "%dx%d" % (n, n), k, 1000 * t_lint, 1000 * t_opt, t_lint / t_opt, growth))
    print("largest lint(K)/lint(K=4) over all herds: %.2f (flat is about 1)" % worst)


if __name__ == "__main__":
    main()
