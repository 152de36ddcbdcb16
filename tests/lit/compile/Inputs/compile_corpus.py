"""Compiles every program of a folder for an NPU target and prints one line
per program: `compiled <name>` (followed by `, not validated: <why>` when
compile's translation validation said unknown, which only
--allow-unvalidated writes) or `refused <name>: <why>` (`not validated:
<why>` when that unknown refused it),
where why is the first [compile-unsupported] reason or `checks`. Fails (exit 1) on an exit
code other than 0 or 1, on output written by a refused compile, on a
compiled design that does not round-trip through air-opt or lint clean,
and on one whose runtime sequence pushes more than a queue's depth (4 on
the NPUs, issue 26) of tasks onto a channel beyond its last wait. A
compiled program's line also gets `lines <name> <N>`: the design's lines.
With --negative, a program that compiles fails too, and exit 2 (a program
the parser rejects) is accepted."""
import os, re, subprocess, sys, tempfile

QUEUE_DEPTH = 4  # dma_task_queue_depth of npu1*, npu2 (analyses/devices)
PUSH = re.compile(r"aiex\.npu\.dma_memcpy_nd\(.*metadata = @([\w.]+)")
WAIT = re.compile(r"aiex\.npu\.dma_wait \{symbol = @([\w.]+)\}")


def occupancy(path):
    """The most tasks the sequence pushes onto one channel beyond its last
    wait on it."""
    queued, top = {}, 0
    for line in open(path):
        if m := PUSH.search(line):
            queued[m[1]] = queued.get(m[1], 0) + 1
            top = max(top, queued[m[1]])
        elif m := WAIT.search(line):
            queued[m[1]] = 0
    return top

air_check, folder, target = sys.argv[1], sys.argv[2], sys.argv[3]
# --negative: every program must be refused (exit 1) or not parse (exit 2).
negative = "--negative" in sys.argv[4:]
bad = False
with tempfile.TemporaryDirectory() as tmp:
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mlir"):
            continue
        out = os.path.join(tmp, name + ".out")
        p = subprocess.run([air_check, "compile", "--target=" + target,
                            os.path.join(folder, name), "-o", out],
                           capture_output=True, text=True, timeout=900)
        if p.returncode == 0:
            air_opt = os.path.join(os.path.dirname(air_check), "air-opt")
            rt = subprocess.run([air_opt, out], capture_output=True, text=True,
                                timeout=120)
            if rt.returncode != 0:
                print(f"BAD {name}: the compiled design does not round-trip through air-opt\n{rt.stderr}")
                bad = True
            lint = subprocess.run([air_check, "lint", out], capture_output=True,
                                  text=True, timeout=120)
            if lint.returncode != 0:
                print(f"BAD {name}: the compiled design does not lint clean\n{lint.stderr}")
                bad = True
            if occupancy(out) > QUEUE_DEPTH:
                print(f"BAD {name}: the runtime sequence pushes {occupancy(out)} tasks onto one channel without a wait")
                bad = True
            unvalidated = ""
            for line in p.stderr.splitlines():
                if "[translation-validation-unknown]" in line:
                    unvalidated = ", not validated: " + line.split("not validated: ", 1)[-1][:80]
                    break
            print(f"compiled {name}{unvalidated}")
            print(f"lines {name} {sum(1 for _ in open(out))}")
            if negative:
                print(f"BAD {name}: a negative program compiled")
                bad = True
        elif p.returncode == 1:
            if os.path.exists(out):
                print(f"BAD {name}: refused, but an output was written")
                bad = True
            why = "checks"
            for line in p.stderr.splitlines():
                if "[compile-unsupported]" in line:
                    why = line.split("[compile-unsupported] ", 1)[1][:60]
                    break
                if "[translation-validation-unknown]" in line:
                    why = "not validated: " + line.split("not validated: ", 1)[-1][:80]
                    break
            print(f"refused {name}: {why}")
        elif p.returncode == 2 and negative:
            if os.path.exists(out):
                print(f"BAD {name}: not parsed, but an output was written")
                bad = True
            print(f"unparsed {name}")
        else:
            print(f"BAD {name}: exit {p.returncode}\n{p.stderr}")
            bad = True
sys.exit(1 if bad else 0)
