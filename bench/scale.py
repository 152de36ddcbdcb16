#!/usr/bin/env python3
"""How lint scales with program size (issue 13).

Generates one module of L launches, each with a segment holding a producer
herd and a consumer herd joined by a channel of its own, the producer in a
three-deep loop nest; about 30 lines a launch, so L = 33 gives about 1,000
lines and L = 3,300 about 100,000. For each size it measures `air-check
lint` and `air-opt` (parse and verify) in CPU time (user + system, steadier
than wall time on a shared machine) and peak memory (max RSS), and prints

  * lint / parse: must stay within the same bound at every size;
  * lint per line, relative to the smallest size: flat means linear;
  * peak memory of lint, and per line.

Usage: bench/scale.py [--build build] [--sizes 33,330,3300]
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile


def launch(i):
    return f"""
  air.launch () in () args(%src=%a, %dst=%b) : memref<4096xi32>, memref<4096xi32> {{
    air.segment @seg{i} {{
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      air.herd @producer{i} tile (%x, %y) in (%sx=%c2, %sy=%c1) {{
        %c0 = arith.constant 0 : index
        %one = arith.constant 1 : index
        %c4 = arith.constant 4 : index
        %buf = memref.alloc() : memref<64xi32, 2 : i32>
        scf.for %i = %c0 to %c4 step %one {{
          scf.for %j = %c0 to %c4 step %one {{
            scf.for %k = %c0 to %c4 step %one {{
              air.channel.put @link{i}[%x, %y] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
            }}
          }}
        }}
        memref.dealloc %buf : memref<64xi32, 2 : i32>
      }}
      air.herd @consumer{i} tile (%x, %y) in (%sx=%c2, %sy=%c1) {{
        %c0 = arith.constant 0 : index
        %one = arith.constant 1 : index
        %c64 = arith.constant 64 : index
        %buf = memref.alloc() : memref<64xi32, 2 : i32>
        scf.for %i = %c0 to %c64 step %one {{
          air.channel.get @link{i}[%x, %y] (%buf[] [] []) : (memref<64xi32, 2 : i32>)
        }}
        memref.dealloc %buf : memref<64xi32, 2 : i32>
      }}
    }}
  }}"""


def program(n):
    decls = "".join(f"air.channel @link{i} [2, 1]\n" for i in range(n))
    body = "".join(launch(i) for i in range(n))
    return (decls + "func.func @big(%a: memref<4096xi32>, %b: memref<4096xi32>) {"
            + body + "\n  return\n}\n")


def measure(cmd):
    """CPU seconds and peak RSS (KiB) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of children is the largest so far; run the biggest last.
    return cpu, after.ru_maxrss, proc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--sizes", default="33,330,3300")
    args = ap.parse_args()
    bindir = os.path.join(args.build, "bin")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in [int(x) for x in args.sizes.split(",")]:
            path = os.path.join(tmp, f"big{n}.mlir")
            text = program(n)
            with open(path, "w") as f:
                f.write(text)
            lines = text.count("\n")
            parse, _, p = measure([os.path.join(bindir, "air-opt"), path, "-o",
                                   os.devnull])
            if p.returncode != 0:
                sys.exit(f"air-opt failed on {lines} lines:\n{p.stderr[:2000]}")
            lint, rss, p = measure([os.path.join(bindir, "air-check"), "lint", path])
            if p.returncode not in (0, 1):
                sys.exit(f"lint failed on {lines} lines:\n{p.stderr[-2000:]}")
            summary = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
            rows.append((lines, parse, lint, rss, summary))
    base = rows[0][2] / rows[0][0]
    print(f"{'lines':>8} {'parse s':>8} {'lint s':>8} {'lint/parse':>10} "
          f"{'per line vs smallest':>21} {'peak MiB':>9}  lint says")
    for lines, parse, lint, rss, summary in rows:
        print(f"{lines:>8} {parse:>8.2f} {lint:>8.2f} {lint / max(parse, 1e-3):>10.2f} "
              f"{(lint / lines) / base:>21.2f} {rss / 1024:>9.0f}  {summary}")


if __name__ == "__main__":
    main()
