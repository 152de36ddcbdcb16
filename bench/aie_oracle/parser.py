"""Read the subset of the aie forms the printer writes (and the lit tests'
handwritten designs use) back into a Design, with regular expressions:
no MLIR library, nothing of air-check's.

Supported: aie.device, aie.tile, aie.lock, aie.buffer, aie.core with
use_locks and constant scf.for loops (arith.constant bounds), aie.mem /
aie.memtile_dma with dma_start (repeat_count), use_lock, dma_bd (both the
positional and the `offset = .. len = ..` forms), next_bd, end; aie.flow
between DMA ports; aie.shim_dma_allocation; aie.runtime_sequence with
aiex.npu.dma_memcpy_nd, aiex.npu.dma_wait, dma_configure_task_for +
dma_start_task, dma_await_task, constant scf.for. Other ops
without regions are ignored; anything else raises ValueError.
"""
import re

from .model import (Alloc, Await, Block, Cascade, CGet, CPut, Chain, Core, Design, Flow, For, Lock,
                    Push, UseLock, Wait)

R_DEVICE = re.compile(r"aie\.device\((\w+)\)\s*(?:@(\w+))?")
R_TILE = re.compile(r"%([\w.]+)\s*=\s*aie\.tile\((\d+),\s*(\d+)\)")
R_LOCK = re.compile(r"%([\w.]+)\s*=\s*aie\.lock\(%([\w.]+)(?:,\s*(\d+))?\)(.*)")
R_BUFFER = re.compile(r"%([\w.]+)\s*=\s*aie\.buffer\(%([\w.]+)\).*:\s*memref<(\d+)x")
R_CONST = re.compile(r"%([\w.]+)\s*=\s*arith\.constant\s+(-?\d+)\s*:\s*index")
R_FOR = re.compile(r"scf\.for\s+%[\w.]+\s*=\s*%([\w.]+)\s+to\s+%([\w.]+)\s+step\s+%([\w.]+)")
R_USE = re.compile(r"aie\.use_lock\(%([\w.]+),\s*\"?(AcquireGreaterEqual|Acquire|Release)\"?(?:,\s*(\d+))?\)")
R_START = re.compile(r"aie\.dma_start\((MM2S|S2MM),\s*(\d+),\s*\^(\w+),\s*\^(\w+)(?:,\s*repeat_count\s*=\s*(\d+))?\)")
R_BD = re.compile(r"aie\.dma_bd\(%([\w.]+)\s*:\s*memref<[^>]*>\s*(?:,\s*(\d+),\s*(\d+)|offset\s*=\s*(\d+)\s+len\s*=\s*(\d+))")
R_NEXT = re.compile(r"aie\.next_bd\s+\^(\w+)")
R_LABEL = re.compile(r"^\s*\^(\w+)\s*:")
R_CASCADE = re.compile(r"aie\.cascade_flow\(%([\w.]+),\s*%([\w.]+)\)")
R_FLOW = re.compile(r"aie\.flow\(%([\w.]+),\s*DMA\s*:\s*(\d+),\s*%([\w.]+),\s*DMA\s*:\s*(\d+)\)")
R_ALLOC = re.compile(r"aie\.shim_dma_allocation\s*@(\w+)\(%([\w.]+),\s*(MM2S|S2MM),\s*(\d+)\)")
R_MEMCPY = re.compile(r"aiex\.npu\.dma_memcpy_nd\(%[\w.]+\s*\[[^\]]*\]\s*\[([^\]]*)\].*metadata\s*=\s*@(\w+)")
R_WAIT = re.compile(r"aiex\.npu\.dma_wait\s*\{\s*symbol\s*=\s*@(\w+)")
R_CONF = re.compile(r"%([\w.]+)\s*=\s*aiex\.dma_configure_task_for\s*@(\w+)")
R_STARTT = re.compile(r"aiex\.dma_start_task\(%([\w.]+)\)")
R_AWAIT = re.compile(r"aiex\.dma_await_task\(%([\w.]+)\)")
R_REPEAT = re.compile(r"repeat_count\s*=\s*(\d+)")


def _strip(line):
    i = line.find("//")
    return line[:i] if i >= 0 else line


def _net(line):
    return line.count("{") - line.count("}")


def parse(text, device=None):
    """The Design of the aie.device named `device` (the first when None)."""
    lines = [_strip(x) for x in text.splitlines()]
    designs = []
    i = 0
    while i < len(lines):
        m = R_DEVICE.search(lines[i])
        if m:
            j, depth = i, 0
            while True:
                depth += _net(lines[j])
                if depth == 0 and j > i:
                    break
                j += 1
            designs.append((m.group(2), m.group(1), lines[i + 1:j]))
            i = j
        i += 1
    for name, dev, body in designs:
        if device is None or name == device:
            return _device(dev, name or "d", body)
    raise ValueError("no aie.device %s" % device)


def _region(lines, i):
    """The lines inside the region opening on line i, and the index after."""
    depth = _net(lines[i])
    j = i + 1
    out = []
    while depth > 0:
        depth += _net(lines[j])
        if depth > 0:
            out.append(lines[j])
        else:
            # the closing line may carry the rest of the region's line ("} {attrs}")
            out.append(lines[j])
        j += 1
    return out[:-1], lines[j - 1], j


def _device(dev, name, lines):
    d = Design(dev, name)
    tiles, locks, bufs = {}, {}, {}
    i = 0
    while i < len(lines):
        ln = lines[i]
        if not ln.strip():
            i += 1
            continue
        m = R_TILE.search(ln)
        if m:
            tiles[m.group(1)] = d.tile(int(m.group(2)), int(m.group(3)))
            i += 1
            continue
        m = R_LOCK.search(ln)
        if m:
            t = tiles[m.group(2)]
            init = re.search(r"init\s*=\s*(\d+)", m.group(4))
            lid = int(m.group(3)) if m.group(3) else sum(1 for l in d.locks if l.tile == t)
            l = Lock(m.group(1), t, lid, int(init.group(1)) if init else 0)
            d.locks.append(l)
            locks[m.group(1)] = l
            i += 1
            continue
        m = R_BUFFER.search(ln)
        if m:
            bufs[m.group(1)] = (m.group(1), int(m.group(3)))
            d.buffers.append((m.group(1), tiles[m.group(2)], int(m.group(3))))
            i += 1
            continue
        if "aie.core(" in ln:
            t = tiles[re.search(r"aie\.core\(%([\w.]+)\)", ln).group(1)]
            body, _, i = _region(lines, i)
            d.cores.append(Core(t, _ops(body, locks, {}, None)))
            continue
        if "aie.mem(" in ln or "aie.memtile_dma(" in ln:
            t = tiles[re.search(r"aie\.(?:mem|memtile_dma)\(%([\w.]+)\)", ln).group(1)]
            body, _, i = _region(lines, i)
            d.chains += _chains(t, body, locks, bufs)
            continue
        m = R_FLOW.search(ln)
        if m:
            d.flows.append(Flow(tiles[m.group(1)], int(m.group(2)), tiles[m.group(3)], int(m.group(4))))
            i += 1
            continue
        m = R_CASCADE.search(ln)
        if m:
            d.cascades.append(Cascade(tiles[m.group(1)], tiles[m.group(2)]))
            i += 1
            continue
        m = R_ALLOC.search(ln)
        if m:
            d.allocs.append(Alloc(m.group(1), tiles[m.group(2)], m.group(3), int(m.group(4))))
            i += 1
            continue
        if "aie.runtime_sequence" in ln:
            body, _, i = _region(lines, i)
            allocs = {a.name: a for a in d.allocs}
            d.host = _ops(body, locks, {}, allocs)
            continue
        if "{" in ln and _net(ln) > 0:
            raise ValueError("unsupported region op: %s" % ln.strip())
        if ln.strip() in ("}", "aie.end"):
            i += 1
            continue
        if re.search(r"\baie\.|\baiex\.", ln) and "arith." not in ln:
            raise ValueError("unsupported op: %s" % ln.strip())
        i += 1
    # A core's cascade ops: the cascade out of (put) or into (get) its tile.
    def resolve(ops, tile):
        for op in ops:
            if isinstance(op, (CPut, CGet)):
                out = isinstance(op, CPut)
                for c in d.cascades:
                    if (c.src if out else c.dst) == tile:
                        op.cascade = c
                if op.cascade is None:
                    raise ValueError("a cascade op on a tile no cascade_flow %s" %
                                     ("leaves" if out else "reaches"))
            elif isinstance(op, For):
                resolve(op.body, tile)
    for c in d.cores:
        resolve(c.body, c.tile)
    return d


def _ops(lines, locks, consts, allocs):
    """A core body (allocs None) or a runtime sequence body."""
    out = []
    tasks = {}
    i = 0
    while i < len(lines):
        ln = lines[i]
        m = R_CONST.search(ln)
        if m:
            consts[m.group(1)] = int(m.group(2))
            i += 1
            continue
        m = R_FOR.search(ln)
        if m:
            lo, hi, st = (consts[m.group(k)] for k in (1, 2, 3))
            if lo != 0 or st != 1:
                raise ValueError("only loops from 0 step 1")
            body, _, i = _region(lines, i)
            out.append(For(hi, _ops(body, locks, consts, allocs)))
            continue
        if allocs is None and "aie.put_cascade" in ln:
            out.append(CPut(None))
            i += 1
            continue
        if allocs is None and "aie.get_cascade" in ln:
            out.append(CGet(None))
            i += 1
            continue
        m = R_USE.search(ln)
        if m and allocs is None:
            kind = "rel" if m.group(2) == "Release" else "acq"
            out.append(UseLock(locks[m.group(1)], kind, int(m.group(3) or 1)))
            i += 1
            continue
        if allocs is not None:
            m = R_MEMCPY.search(ln)
            if m:
                sizes = [int(x) for x in m.group(1).split(",")]
                out.append(Push(allocs[m.group(2)], sizes=sizes))
                i += 1
                continue
            m = R_WAIT.search(ln)
            if m:
                out.append(Wait(allocs[m.group(1)]))
                i += 1
                continue
            m = R_CONF.search(ln)
            if m:
                body, close, i = _region(lines, i)
                bd = [R_BD.search(x) for x in body]
                bd = [b for b in bd if b]
                if len(bd) != 1:
                    raise ValueError("a task of one BD only")
                words = int(bd[0].group(3) or bd[0].group(5))
                rep = R_REPEAT.search(close)
                tasks[m.group(1)] = Push(allocs[m.group(2)], style="task", bd_words=words,
                                         repeat=int(rep.group(1)) if rep else 0)
                continue
            m = R_STARTT.search(ln)
            if m:
                out.append(tasks[m.group(1)])
                i += 1
                continue
            m = R_AWAIT.search(ln)
            if m:
                t = tasks[m.group(1)]
                if out and out[-1] is t and not t.await_it:
                    t.await_it = True
                else:
                    out.append(Await(t))
                i += 1
                continue
            if "dma_free_task" in ln:
                i += 1
                continue
        if "{" in ln and _net(ln) > 0:
            raise ValueError("unsupported region op: %s" % ln.strip())
        if re.search(r"\baie\.|\baiex\.", ln) and "aie.end" not in ln:
            raise ValueError("unsupported op: %s" % ln.strip())
        i += 1
    return out


def _chains(tile, lines, locks, bufs):
    # blocks: label -> list of lines; the entry block is "^entry"
    blocks, order, cur = {"^entry": []}, ["^entry"], "^entry"
    for ln in lines:
        m = R_LABEL.match(ln)
        if m:
            cur = m.group(1)
            blocks[cur] = []
            order.append(cur)
            rest = ln[m.end():]
            if rest.strip():
                blocks[cur].append(rest)
            continue
        if ln.strip():
            blocks[cur].append(ln)
    chains = []
    for label in order:
        for ln in blocks[label]:
            m = R_START.search(ln)
            if not m:
                continue
            path, seen = [], {}
            b = m.group(3)
            loop_to = None
            while True:
                if b in seen:
                    loop_to = seen[b]
                    break
                body = blocks[b]
                if any("aie.end" in x for x in body) and not any(R_BD.search(x) for x in body):
                    break
                seen[b] = len(path)
                pre, post, bd, nxt = [], [], None, None
                for x in body:
                    u = R_USE.search(x)
                    if u:
                        ul = UseLock(locks[u.group(1)], "rel" if u.group(2) == "Release" else "acq",
                                     int(u.group(3) or 1))
                        (pre if bd is None else post).append(ul)
                    mb = R_BD.search(x)
                    if mb:
                        bd = (bufs[mb.group(1)], int(mb.group(3) or mb.group(5)))
                    mn = R_NEXT.search(x)
                    if mn:
                        nxt = mn.group(1)
                if bd is None or nxt is None:
                    raise ValueError("a chain block needs a dma_bd and a next_bd")
                path.append(Block(bd[0], bd[1], pre, post))
                b = nxt
            chains.append(Chain(tile, m.group(1), int(m.group(2)), path, loop_to,
                                int(m.group(5) or 0)))
    return chains
