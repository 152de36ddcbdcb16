#!/usr/bin/env python3
"""Issue 26: how many tasks the runtime sequences `air-check compile` emits
push onto one DMA channel beyond its last wait (the queue occupancy the host
can reach). Compiles every program of a folder for a target and prints, per
compiled program, the largest occupancy and its channel, then how many
programs compiled and the largest occupancy over all.

usage: bench/queue_occupancy.py <air-check> <folder> [target]"""
import os, re, subprocess, sys, tempfile

air_check, folder = sys.argv[1], sys.argv[2]
target = sys.argv[3] if len(sys.argv) > 3 else "npu1_4col"
push = re.compile(r"aiex\.npu\.dma_memcpy_nd\(.*metadata = @([\w.]+)")
wait = re.compile(r"aiex\.npu\.dma_wait \{symbol = @([\w.]+)\}")
compiled, worst = 0, 0
with tempfile.TemporaryDirectory() as tmp:
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mlir"):
            continue
        out = os.path.join(tmp, name + ".out")
        p = subprocess.run([air_check, "compile", "--target=" + target,
                            os.path.join(folder, name), "-o", out],
                           capture_output=True, text=True, timeout=300)
        if p.returncode != 0:
            continue
        compiled += 1
        queued, top, where = {}, 0, "-"
        for line in open(out):
            if m := push.search(line):
                queued[m[1]] = queued.get(m[1], 0) + 1
                if queued[m[1]] > top:
                    top, where = queued[m[1]], m[1]
            elif m := wait.search(line):
                queued[m[1]] = 0
        worst = max(worst, top)
        print(f"{name}: {top} ({where})")
print(f"compiled {compiled}; largest occupancy {worst}")
