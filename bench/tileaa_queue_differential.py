#!/usr/bin/env python3
"""queue-deadlock against a reference run of the nv_tileaa queue semantics.

Generates random programs: one sequential body or an nv_tileaa.queue.regions
op of two regions, one or two queues of depth 1..3 (each queue's puts in one
region, its gets in one region), queue ops in scf.for loops of 0..3 trips
nested up to two deep. The reference unrolls every region and runs them as
concurrent processes until none can move (a Kahn network: the outcome does
not depend on the order); the program completes or deadlocks. It compares
`air-check lint --checks=queue-deadlock` (the wait-for graph proof, the
enumerated witness, and the program-order cross-check) with it and counts
(reference completes?, lint verdict). A finding on a completing program, a
proof on a deadlocking one, or an internal disagreement is a failure; the
program is written to --out for inspection.

Usage: bench/tileaa_queue_differential.py [SEED] [COUNT] [--build build]
"""
import os
import random
import subprocess
import sys
import tempfile

BUILD = "build"
if "--build" in sys.argv:
    i = sys.argv.index("--build")
    BUILD = sys.argv[i + 1]
    del sys.argv[i:i + 2]
A = os.path.join(BUILD, "bin", "air-check")
OUT = tempfile.mkdtemp(prefix="tileaa_queue_differential_")
def gen(rng):
    nq = rng.randint(1, 2)
    depths = [rng.randint(1, 3) for _ in range(nq)]
    nreg = rng.randint(1, 2) if rng.random() < 0.3 else 2
    # each queue: producer region, consumer region
    prod = [rng.randrange(nreg) for _ in range(nq)]
    cons = [rng.randrange(nreg) for _ in range(nq)]
    regions = []
    for r in range(nreg):
        # build a random tree: list of items: ('put',q) ('get',q) ('for',trips,[items])
        def items(depth):
            out = []
            for _ in range(rng.randint(1, 3)):
                k = rng.random()
                if k < 0.35 and depth < 2:
                    out.append(('for', rng.randint(0, 3), items(depth + 1)))
                else:
                    qs = [q for q in range(nq) if prod[q] == r] , [q for q in range(nq) if cons[q] == r]
                    opts = [('put', q) for q in qs[0]] + [('get', q) for q in qs[1]]
                    if opts:
                        out.append(rng.choice(opts))
            return out
        regions.append(items(0))
    return nq, depths, regions
def text(nq, depths, regions):
    L = ["func.func @f(%x: f32) {", "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index"]
    for t in range(4):
        L.append(f"  %t{t} = arith.constant {t} : index")
    for q in range(nq):
        L.append(f"  %q{q} = nv_tileaa.create_queue {{depth = {depths[q]}}} : !nv_tileaa.queue<f32>")
    cnt = [0]
    def emit(its, ind):
        for it in its:
            if it[0] == 'put':
                L.append(ind + f"nv_tileaa.queue.put %q{it[1]}, %x : !nv_tileaa.queue<f32>, f32")
            elif it[0] == 'get':
                cnt[0] += 1
                L.append(ind + f"%v{cnt[0]} = nv_tileaa.queue.get %q{it[1]} : !nv_tileaa.queue<f32> -> f32")
            else:
                cnt[0] += 1
                L.append(ind + f"scf.for %i{cnt[0]} = %c0 to %t{it[1]} step %c1 {{")
                emit(it[2], ind + "  ")
                L.append(ind + "}")
    if len(regions) == 1:
        emit(regions[0], "  ")
    else:
        L.append("  nv_tileaa.queue.regions {")
        for i, r in enumerate(regions):
            emit(r, "    ")
            L.append("    nv_tileaa.queue.yield")
            L.append("  }, {" if i + 1 < len(regions) else "  }")
    L.append("  return")
    L.append("}")
    return "\n".join(L) + "\n"
def flatten(its):
    out = []
    for it in its:
        if it[0] == 'for':
            for _ in range(it[1]):
                out += flatten(it[2])
        else:
            out.append(it)
    return out
def simulate(nq, depths, regions):
    seqs = [flatten(r) for r in regions]
    pc = [0] * len(seqs); fill = [0] * nq
    progress = True
    while progress:
        progress = False
        for i, s in enumerate(seqs):
            while pc[i] < len(s):
                k, q = s[pc[i]]
                if k == 'put' and fill[q] < depths[q]:
                    fill[q] += 1
                elif k == 'get' and fill[q] > 0:
                    fill[q] -= 1
                else:
                    break
                pc[i] += 1; progress = True
    return all(pc[i] == len(s) for i, s in enumerate(seqs))
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 200
stats = {}
bad = 0
for n in range(N):
    g = gen(rng)
    t = text(*g)
    ok = simulate(*g)
    open(os.path.join(OUT, "p.mlir"), "w").write(t)
    out = subprocess.run([A, "lint", "--checks=queue-deadlock", os.path.join(OUT, "p.mlir")], capture_output=True, text=True)
    o = out.stdout + out.stderr
    if "internal disagreement" in o:
        verdict = "disagree"
    elif "queue deadlock" in o:
        verdict = "deadlock"
    elif "unknown" in o:
        verdict = "unknown"
    elif out.returncode == 0:
        verdict = "free"
    else:
        verdict = "other"
    key = (ok, verdict)
    stats[key] = stats.get(key, 0) + 1
    if (ok and verdict == "deadlock") or (not ok and verdict == "free") or verdict in ("disagree", "other"):
        bad += 1
        open(os.path.join(OUT, f"bad{bad}.mlir"), "w").write(t + "// sim ok=%s\n" % ok + "".join("// " + l + "\n" for l in o.splitlines()))
for (ok, verdict), n in sorted(stats.items()):
    print(f"reference {'completes' if ok else 'deadlocks'}, lint says {verdict}: {n}")
print(f"failures: {bad}" + (f" (programs in {OUT})" if bad else ""))
sys.exit(1 if bad else 0)
