#!/usr/bin/env python3
"""Cost of queue-balance and queue-deadlock on nv_tileaa as trip counts grow.

Generates a producer/consumer pipeline (docs/tileaa.md, "Queue regions"):
an nv_tileaa.queue.regions op whose producer region puts T tiles, four
per trip of an inner loop, and whose consumer region gets them, with a
back queue of depth 1 that the consumer fills once per tile and the
producer drains; and the same pipeline as one sequential body (put then
get per trip). T runs from 4 to 4194304 as a constant trip count. For
each program it times

  air-check lint --checks=queue-balance,queue-deadlock

and prints the median time and the ratio against T = 4. Both checks are
symbolic (isl counts and an affine schedule of the wait-for graph), so the
ratio must stay about 1; the program-order run that cross-checks a
sequential body stops at 4096 queue operations. The script fails if lint
does not prove a program or if a ratio exceeds --max-ratio.

Usage: bench/tileaa_queue_scaling.py [--build build] [--repeat 5]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TRIPS = [4, 64, 1024, 65536, 4194304]


def regions(t):
    return f"""
func.func @pipeline(%x: f32) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %ct = arith.constant {t // 4} : index
  %q = nv_tileaa.create_queue {{depth = 2}} : !nv_tileaa.queue<f32>
  %back = nv_tileaa.create_queue {{depth = 4}} : !nv_tileaa.queue<f32>
  nv_tileaa.queue.regions {{
    scf.for %i = %c0 to %ct step %c1 {{
      scf.for %j = %c0 to %c4 step %c1 {{
        nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
      }}
      scf.for %j = %c0 to %c4 step %c1 {{
        %a = nv_tileaa.queue.get %back : !nv_tileaa.queue<f32> -> f32
      }}
    }}
    nv_tileaa.queue.yield
  }}, {{
    scf.for %i = %c0 to %ct step %c1 {{
      scf.for %j = %c0 to %c4 step %c1 {{
        %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
        nv_tileaa.queue.put %back, %v : !nv_tileaa.queue<f32>, f32
      }}
    }}
    nv_tileaa.queue.yield
  }}
  return
}}
"""


def sequential(t):
    return f"""
func.func @body(%x: f32) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ct = arith.constant {t} : index
  %q = nv_tileaa.create_queue {{depth = 2}} : !nv_tileaa.queue<f32>
  scf.for %i = %c0 to %ct step %c1 {{
    nv_tileaa.queue.put %q, %x : !nv_tileaa.queue<f32>, f32
    %v = nv_tileaa.queue.get %q : !nv_tileaa.queue<f32> -> f32
  }}
  return
}}
"""


def timed(cmd, repeat):
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--max-ratio", type=float, default=2.0)
    args = ap.parse_args()
    tool = os.path.join(args.build, "bin", "air-check")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, gen in [("regions", regions), ("sequential", sequential)]:
            base = None
            print(f"{name}:")
            print(f"  {'T':>8}  {'lint s':>8}  {'ratio':>6}")
            for t in TRIPS:
                path = os.path.join(tmp, f"{name}_{t}.mlir")
                with open(path, "w") as f:
                    f.write(gen(t))
                cmd = [tool, "lint", "--show-proofs",
                       "--checks=queue-balance,queue-deadlock", path]
                secs, out = timed(cmd, args.repeat)
                text = out.stdout + out.stderr
                ok = (out.returncode == 0 and "proven: queue balance" in text
                      and "proven: deadlock freedom of the queues" in text
                      and "warning:" not in text)
                base = base or secs
                ratio = secs / base
                print(f"  {t:>8}  {secs:8.3f}  {ratio:6.2f}"
                      + ("" if ok else "  NOT PROVEN"))
                if not ok:
                    print(text, file=sys.stderr)
                failed |= not ok or ratio > args.max_ratio
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
