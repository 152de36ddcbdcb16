#!/usr/bin/env python3
"""Translation validation's mutation benchmark (issue 21, docs/validate.md).

Compiles every positive corpus program `air-check compile --target=TARGET`
writes a design for, injects faults into each design and runs
`air-check validate` on the program and the faulty design:

  data-changing faults (each must be caught):
    bd-offset      a BD's offset plus one
    bd-length      a BD without dimensions moves one element less
    bd-stride      a BD's outermost stride plus one
    bd-order       a two-dimensional BD's dimensions swapped
    task-offset    a runtime task's innermost offset plus one
    flow-dest      the destinations of two flows from one tile swapped
    lock-init      a lock's initial value 1 made 0
    bd-buffer      a BD's buffer swapped for another of the same type and tile
    task-order     two runtime tasks on one channel swapped
    turn-order     a shared L1 buffer's ring of turn locks: the initial
                   values rotated, so another herd goes first
    cascade-word   every core's loop over cascade words starts one word
                   late, at both ends of each stream
    bd-pad         a padded BD's pads of one dimension the other way round
                   (before and after swapped)

  faults in what a core computes (each must be refused; validate compares
  a core's code with its herd body by form, and says unknown):
    core-op        an arithmetic op of a core's code made another (addi ->
                   muli, mulf -> addf, ...)

  data-preserving edits (each must be accepted):
    rename         every symbol and SSA name of buffers and locks renamed
    lock-ids       every lock id on a tile renumbered
    flow-order     the flows declared in reverse order
    bd-split       a BD without dimensions split into two BDs that move the
                   same elements, one after the other
    bd-reshape     a BD without dimensions of an even length L given the
                   dimensions [2, L/2] with strides [L/2, 1]: the same
                   elements in the same order
    cascade-order  the cascade flows declared in reverse order

A fault is *caught* when validate reports a difference (exit 1, rule
translation-validation) or the design fails its own checks (exit 1, "not
validated"); it is *unknown* when validate says so, and *missed* when it
exits 0. A fault that leaves the design's data as it was (a stride on a
dimension of size 1, a swap of equal tasks) is listed apart as `no-op`:
the design text changes, what it moves does not, and validate accepting it
is right. Prints one line per kind and the totals.

With --cross-check or --relations it also counts, per kind, the faults
the fill functions find alone (docs/validate.md, "Relation against
relation"): mutants in which more covered core buffers receive what no
instance of a covered alloc receives than in the original design.

Usage: bench/validate_mutations.py [--build build] [--target npu1_4col]
                                   [--per-kind 3] [--kinds a,b]
                                   [--cross-check | --relations]
                                   [--skip REGEX] [-v]
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


# --- faults: each yields (description, mutated text) -------------------------

BD = re.compile(r"aie\.dma_bd\((%\w+) : ([^)]*?) offset = (\d+) len = (\d+)"
                r"(?: sizes = \[([\d, ]+)\] strides = \[([\d, ]+)\])?"
                r"(?: pad \[([^\]]*)\])?\)")
PAD = re.compile(r"<const_pad_before = (\d+), const_pad_after = (\d+)>")


def bds(text):
    return list(BD.finditer(text))


def bd_offset(text):
    for m in bds(text):
        s, e = m.span(3)
        yield ("offset of the BD at %d" % m.start(),
               text[:s] + str(int(m.group(3)) + 1) + text[e:])


def bd_length(text):
    for m in bds(text):
        if m.group(5) or int(m.group(4)) < 2:
            continue
        s, e = m.span(4)
        yield ("len of the BD at %d" % m.start(),
               text[:s] + str(int(m.group(4)) - 1) + text[e:])


def bd_stride(text):
    for m in bds(text):
        if not m.group(6):
            continue
        strides = [int(x) for x in m.group(6).split(",")]
        strides[0] += 1
        s, e = m.span(6)
        yield ("stride of the BD at %d" % m.start(),
               text[:s] + ", ".join(map(str, strides)) + text[e:])


def bd_order(text):
    for m in bds(text):
        if not m.group(5):
            continue
        sizes = m.group(5).split(", ")
        strides = m.group(6).split(", ")
        if len(sizes) != 2:
            continue
        new = "sizes = [%s] strides = [%s]" % (", ".join(reversed(sizes)),
                                              ", ".join(reversed(strides)))
        s = m.start(5) - len("sizes = [")
        e = m.end(6) + 1
        yield ("dimensions of the BD at %d" % m.start(),
               text[:s] + new + text[e:])


def bd_pad(text):
    """A padded BD's zeros moved: the first dimension whose pads differ
    takes them the other way round (before and after swapped)."""
    for m in bds(text):
        if not m.group(7):
            continue
        for p in PAD.finditer(m.group(7)):
            if p.group(1) == p.group(2):
                continue
            s = m.start(7) + p.start()
            e = m.start(7) + p.end()
            yield ("pads of the BD at %d" % m.start(),
                   text[:s] + "<const_pad_before = %s, const_pad_after = %s>"
                   % (p.group(2), p.group(1)) + text[e:])
            break


TASK = re.compile(r"aiex\.npu\.dma_memcpy_nd\((%\w+) \[(\d+), (\d+), (\d+), (\d+)\]")


def task_offset(text):
    for m in TASK.finditer(text):
        s, e = m.span(5)
        yield ("innermost offset of the task at %d" % m.start(),
               text[:s] + str(int(m.group(5)) + 1) + text[e:])


FLOW = re.compile(r"aie\.flow\((%\w+), (\w+) : (\d+), (%\w+), (\w+) : (\d+)\)")


def flow_dest(text):
    flows = list(FLOW.finditer(text))
    for i, a in enumerate(flows):
        for b in flows[i + 1:]:
            # Two flows of one source tile from different channels (two flows
            # of one channel are a broadcast: swapping their ends is no edit).
            if a.group(1) != b.group(1) or a.group(3) == b.group(3) or \
                    (a.group(4) == b.group(4) and a.group(6) == b.group(6)):
                continue
            na = "aie.flow(%s, %s : %s, %s, %s : %s)" % (
                a.group(1), a.group(2), a.group(3), b.group(4), b.group(5),
                b.group(6))
            nb = "aie.flow(%s, %s : %s, %s, %s : %s)" % (
                b.group(1), b.group(2), b.group(3), a.group(4), a.group(5),
                a.group(6))
            out = text[:a.start()] + na + text[a.end():b.start()] + nb + \
                text[b.end():]
            yield ("destinations of the flows at %d and %d" %
                   (a.start(), b.start()), out)
            break


def lock_init(text):
    for m in re.finditer(r"\{init = 1 : i32", text):
        yield ("init of the lock at %d" % m.start(),
               text[:m.start()] + "{init = 0 : i32" + text[m.end():])


BUFFER = re.compile(r"(%\w+) = aie\.buffer\((%\w+)\) \{[^}]*\} : ([^\n]*?) ?$",
                    re.M)


def bd_buffer(text):
    buffers = [(m.group(1), m.group(2), m.group(3).strip())
               for m in BUFFER.finditer(text)]
    for m in bds(text):
        for name, tile, ty in buffers:
            if name == m.group(1):
                continue
            own = [b for b in buffers if b[0] == m.group(1)]
            if not own or own[0][1] != tile or own[0][2] != ty:
                continue
            s, e = m.span(1)
            yield ("buffer of the BD at %d" % m.start(),
                   text[:s] + name + text[e:])
            break


def device_of_line(lines):
    """Per line: the line of the aie.device it is in (-1 before any)."""
    out, device = [], -1
    for i, l in enumerate(lines):
        if "aie.device(" in l:
            device = i
        out.append(device)
    return out


def task_order(text):
    # Two tasks of one device's sequence (devices may reuse symbol names).
    lines = text.split("\n")
    device = device_of_line(lines)
    tasks = [(i, re.search(r"metadata = (@\w+)", l).group(1))
             for i, l in enumerate(lines)
             if "npu.dma_memcpy_nd" in l and "metadata" in l]
    for k, (i, sym) in enumerate(tasks):
        for j, other in tasks[k + 1:]:
            if device[j] != device[i]:
                continue
            plain = [re.sub(r"id = \d+ : i64, ", "", lines[x]) for x in (i, j)]
            if other == sym and plain[0] != plain[1]:
                out = list(lines)
                out[i], out[j] = lines[j], lines[i]
                yield ("tasks at lines %d and %d" % (i + 1, j + 1),
                       "\n".join(out))
                break


def turn_order(text):
    # A shared L1 buffer's ring (compile's `<buf>_turn<i>` locks): the
    # initial values rotated by one, so another herd takes the first turn.
    ring = collections.defaultdict(list)
    pat = re.compile(r'init = (\d+) : i32, sym_name = "(\w+)_turn(\d+)"')
    for m in pat.finditer(text):
        ring[m.group(2)].append(m)
    for buf, locks in ring.items():
        inits = [m.group(1) for m in locks]
        rotated = inits[-1:] + inits[:-1]
        if rotated == inits:
            continue
        out, shift = text, 0
        for m, v in zip(locks, rotated):
            s, e = m.span(1)
            out = out[:s + shift] + v + out[e + shift:]
            shift += len(v) - (e - s)
        yield ("the turns of %s's ring rotated" % buf, out)


def rename(text):
    names = sorted(set(re.findall(r"%(buf\d+(?:_\w+_lock)?)\b", text)),
                   key=len, reverse=True)
    out = text
    for n in names:
        out = re.sub(r"\b%s\b" % re.escape(n), "x_" + n[::-1], out)
    yield ("every buffer and lock renamed", out)


def lock_ids(text):
    # Per tile, the ids in use in reverse order: a permutation of them.
    used = collections.defaultdict(list)
    for m in re.finditer(r"aie\.lock\((%\w+), (\d+)\)", text):
        used[m.group(1)].append(int(m.group(2)))

    def permute(m):
        ids = sorted(used[m.group(1)])
        return "aie.lock(%s, %d)" % (m.group(1),
                                     ids[len(ids) - 1 - ids.index(int(m.group(2)))])
    yield ("lock ids renumbered",
           re.sub(r"aie\.lock\((%\w+), (\d+)\)", permute, text))


def flow_order(text):
    # Within each aie.device: a flow names its device's tiles.
    lines = text.split("\n")
    groups = collections.defaultdict(list)
    for i, d in enumerate(device_of_line(lines)):
        if "aie.flow(" in lines[i]:
            groups[d].append(i)
    for idx in groups.values():
        flows = [lines[i] for i in idx]
        for i, f in zip(idx, reversed(flows)):
            lines[i] = f
    yield ("flows in reverse order", "\n".join(lines))


def bd_split(text):
    # ^bbN: acquire; dma_bd(offset = o len = L); release; next_bd
    pat = re.compile(
        r"(\n(\s*)aie\.dma_bd\((%\w+) : ([^)]*?) offset = (\d+) len = (\d+)\)\n)")
    for m in pat.finditer(text):
        length = int(m.group(6))
        if length < 2:
            continue
        ind, buf, ty, off = m.group(2), m.group(3), m.group(4), int(m.group(5))
        half = length // 2
        label = "^bbsplit%d" % m.start()
        new = ("\n%saie.dma_bd(%s : %s offset = %d len = %d)\n"
               "%saie.next_bd %s\n"
               "%s%s:\n"
               "%saie.dma_bd(%s : %s offset = %d len = %d)\n") % (
            ind, buf, ty, off, half, ind, label, ind[:-2], label, ind, buf,
            ty, off + half, length - half)
        yield ("BD at %d split in two" % m.start(),
               text[:m.start()] + new + text[m.end():])
        break


def bd_reshape(text):
    # A BD without dimensions moving L elements, as two dimensions of L/2:
    # the same elements in the same order.
    pat = re.compile(r"aie\.dma_bd\((%\w+) : ([^)]*?) offset = (\d+) "
                     r"len = (\d+)\)")
    for m in pat.finditer(text):
        length = int(m.group(4))
        if length < 2 or length % 2:
            continue
        half = length // 2
        new = ("aie.dma_bd(%s : %s offset = %s len = %d sizes = [2, %d] "
               "strides = [%d, 1])") % (m.group(1), m.group(2), m.group(3),
                                        length, half, half)
        yield ("BD at %d as two dimensions" % m.start(),
               text[:m.start()] + new + text[m.end():])


CASCADE_LOOP = re.compile(r"scf\.for (%\w+) = (%\w+) to (%\w+) step (%\w+) \{"
                          r"(?=\n\s*%\w+ = (?:vector\.transfer_read|"
                          r"aie\.get_cascade))")


def cascade_word(text):
    if "aie.put_cascade" not in text:
        return
    mutant = CASCADE_LOOP.sub(
        lambda m: "scf.for %s = %s to %s step %s {" % (
            m.group(1), m.group(4), m.group(3), m.group(4)), text)
    yield ("every cascade loop one word late", mutant)


CASCADE_FLOW = re.compile(r"^\s*aie\.cascade_flow\(.*\)$", re.M)


def cascade_order(text):
    flows = list(CASCADE_FLOW.finditer(text))
    if len(flows) < 2:
        return
    lines = [m.group(0) for m in flows]
    out, last = [], 0
    for m, line in zip(flows, reversed(lines)):
        out.append(text[last:m.start()])
        out.append(line)
        last = m.end()
    out.append(text[last:])
    yield ("the cascade flows reversed", "".join(out))


CORE_OP = re.compile(r"= arith\.(addi|subi|muli|addf|subf|mulf) ")
SWAP_OP = {"addi": "muli", "subi": "addi", "muli": "addi", "addf": "mulf",
           "subf": "addf", "mulf": "addf"}


def core_op(text):
    """An arithmetic op of a core's code made another (addi -> muli, ...)."""
    lines = text.split("\n")
    core_indent = None
    for i, line in enumerate(lines):
        if core_indent is None:
            if "= aie.core(" in line:
                core_indent = len(line) - len(line.lstrip())
            continue
        if line.strip() == "}" and len(line) - len(line.lstrip()) == core_indent:
            core_indent = None
            continue
        m = CORE_OP.search(line)
        if m:
            op = m.group(1)
            mutant = lines[:i] + [line[:m.start(1)] + SWAP_OP[op] +
                                  line[m.end(1):]] + lines[i + 1:]
            yield ("arith.%s in a core made arith.%s (line %d)" %
                   (op, SWAP_OP[op], i + 1), "\n".join(mutant))


CHANGING = [("bd-offset", bd_offset), ("bd-length", bd_length),
            ("bd-stride", bd_stride), ("bd-order", bd_order),
            ("task-offset", task_offset), ("flow-dest", flow_dest),
            ("lock-init", lock_init), ("bd-buffer", bd_buffer),
            ("task-order", task_order), ("turn-order", turn_order),
            ("cascade-word", cascade_word), ("bd-pad", bd_pad)]
# Faults in what a core computes (not in what the design moves): validate
# compares a core's code with its herd body by form, so each must be
# refused (unknown: other code may compute the same), never accepted.
COMPUTING = [("core-op", core_op)]
PRESERVING = [("rename", rename), ("lock-ids", lock_ids),
              ("flow-order", flow_order), ("bd-split", bd_split),
              ("bd-reshape", bd_reshape),
              ("cascade-order", cascade_order)]


def classify(rc, out):
    if rc == 0:
        return "accepted"
    if rc == 1 and "[translation-validation]" in out:
        return "difference"
    if rc == 1 and "not validated: its checks have findings" in out:
        return "checks"
    if rc == 1 and "translation-validation-unknown" in out:
        return "unknown"
    return "exit %d" % rc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--target", default="npu1_4col")
    ap.add_argument("--per-kind", type=int, default=3,
                    help="faults of each kind per design")
    ap.add_argument("--kinds", default="",
                    help="only these kinds (comma-separated), e.g. core-op")
    ap.add_argument("--cross-check", action="store_true",
                    help="also check the design replay against the stream "
                         "relations on every design and mutant (validate's "
                         "hidden --cross-check-streams); prints how many "
                         "core buffers the two readings agree on")
    ap.add_argument("--relations", action="store_true",
                    help="only the fill functions against each other "
                         "(validate's hidden --cross-check-relations, no "
                         "replay comparison): how many data-changing "
                         "faults they find alone, how many preserving "
                         "edits they flag")
    ap.add_argument("--method", default="",
                    help="who decides (validate's --method: auto, replays "
                         "or functions); with 'functions' the bench "
                         "measures the verdict from the functions alone: "
                         "its unknowns are what it leaves undecided")
    ap.add_argument("--skip", default="",
                    help="leave out the corpus programs whose file name "
                         "matches this regular expression (e.g. the large "
                         "seed 003 GEMMs, whose replays take minutes a "
                         "mutant)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    xc = ["--cross-check-streams"] if args.cross_check else \
        ["--cross-check-relations"] if args.relations else []
    if args.method:
        if xc:
            ap.error("--method and the cross-checks exclude each other (the "
                     "cross-checks take the replays' verdict)")
        xc = ["--method=" + args.method]
    agreed = re.compile(r"stream cross-check: (\d+) core buffers' fills "
                        r"agree with the replay, (\d+) differ")
    equal = re.compile(r"relation cross-check: (\d+) core buffers' "
                       r"relations equal their instance's in the program, "
                       r"(\d+) differ")
    matched = re.compile(r"relation cross-check: (\d+) covered core buffers "
                         r"receive what a herd instance receives, (\d+) what "
                         r"none of a covered alloc does")
    cross = collections.Counter()
    symbolic = collections.defaultdict(collections.Counter)

    def unmatched(out):
        m = matched.search(out)
        return int(m.group(2)) if m else None

    def tally(out):
        for m in agreed.finditer(out):
            cross["agree"] += int(m.group(1))
            cross["differ"] += int(m.group(2))
        for m in equal.finditer(out):
            cross["equal"] += int(m.group(1))
            cross["unequal"] += int(m.group(2))
    tool = os.path.join(args.build, "bin", "air-check")
    tmp = tempfile.mkdtemp()
    corpus = os.path.join(ROOT, "corpus", "positive")
    results = collections.defaultdict(collections.Counter)
    shown = []
    designs = 0
    for name in sorted(os.listdir(corpus)):
        if args.skip and re.search(args.skip, name):
            continue
        prog = os.path.join(corpus, name)
        design = os.path.join(tmp, name + ".aie.mlir")
        rc, _ = run([tool, "compile", "--target=" + args.target, prog,
                     "-o", design])
        if rc != 0:
            continue
        rc, out = run([tool, "validate", "--target=" + args.target, prog,
                       design] + xc)
        tally(out)
        if rc != 0:
            continue  # unknown on the design itself: no baseline
        baseline = unmatched(out)
        designs += 1
        text = open(design).read()
        for kind, fault in CHANGING + COMPUTING + PRESERVING:
            if args.kinds and kind not in args.kinds.split(","):
                continue
            for n, (what, mutant) in enumerate(fault(text)):
                if n >= args.per_kind:
                    break
                if mutant == text:
                    continue
                path = os.path.join(tmp, "mutant.mlir")
                with open(path, "w") as f:
                    f.write(mutant)
                rc, out = run([tool, "validate", "--target=" + args.target,
                               prog, path] + xc)
                tally(out)
                verdict = classify(rc, out)
                results[kind][verdict] += 1
                # The fill functions alone, without the replays' pairing:
                # a core buffer that now receives what no herd instance
                # does is a difference found symbolically.
                after = unmatched(out)
                if xc and not args.method and baseline is not None and \
                        after is not None:
                    symbolic[kind]["compared"] += 1
                    symbolic[kind]["more"] += after > baseline
                if args.verbose or (kind in dict(CHANGING) and verdict
                                    not in ("difference", "checks")) or \
                        (kind in dict(COMPUTING) and verdict == "accepted") or \
                        (kind in dict(PRESERVING) and verdict != "accepted"):
                    shown.append("  %s %s: %s: %s" % (kind, name, what,
                                                       verdict))
    print("designs: %d (compiled and validated for %s)" % (designs,
                                                           args.target))
    total = collections.Counter()
    for kind, _ in CHANGING:
        c = results[kind]
        n = sum(c.values())
        caught = c["difference"] + c["checks"]
        total["changing"] += n
        total["caught"] += caught
        total["by validate"] += c["difference"]
        total["unknown"] += c["unknown"]
        print("  %-12s %3d faults: %3d caught (%d by validate, %d by the "
              "checks), %d unknown, %d accepted" %
              (kind, n, caught, c["difference"], c["checks"], c["unknown"],
               c["accepted"]))
    for kind, _ in COMPUTING:
        c = results[kind]
        n = sum(c.values())
        total["computing"] += n
        total["refused"] += n - c["accepted"]
        print("  %-12s %3d faults: %3d refused (%d unknown, %d by validate, "
              "%d by the checks), %d accepted" %
              (kind, n, n - c["accepted"], c["unknown"], c["difference"],
               c["checks"], c["accepted"]))
    for kind, _ in PRESERVING:
        c = results[kind]
        n = sum(c.values())
        total["preserving"] += n
        total["accepted"] += c["accepted"]
        print("  %-12s %3d edits:  %3d accepted, %d rejected" %
              (kind, n, c["accepted"], n - c["accepted"]))
    print("data-changing faults caught: %d of %d (%d by validate itself, %d "
          "unknown)" % (total["caught"], total["changing"],
                        total["by validate"], total["unknown"]))
    print("faults in core code refused: %d of %d" %
          (total["refused"], total["computing"]))
    print("data-preserving edits accepted: %d of %d" %
          (total["accepted"], total["preserving"]))
    if xc and not args.method:
        print("stream cross-check (replay against the stream relations): "
              "%d core buffers agree, %d differ" % (cross["agree"],
                                                    cross["differ"]))
        print("relation cross-check (design relation against the program's, "
              "on accepted designs): %d core buffers equal, %d differ" %
              (cross["equal"], cross["unequal"]))
        print("fill functions alone (more covered core buffers receive what "
              "no instance of a covered alloc does than in the original "
              "design):")
        for kind, _ in CHANGING + PRESERVING:
            c = symbolic[kind]
            if c["compared"]:
                print("  %-12s %3d %s: %3d found" %
                      (kind, c["compared"],
                       "edits" if kind in dict(PRESERVING) else "faults",
                       c["more"]))
    for line in shown:
        print(line)


if __name__ == "__main__":
    sys.exit(main())
