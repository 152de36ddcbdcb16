"""Print a Design in the textual aie forms air-check reads (docs/aie.md)."""
from .model import FOREVER, Await, CGet, CPut, For, Push, UseLock, Wait


def _tname(t):
    return "%%t_%d_%d" % t


def _memref(size):
    return "memref<%dxi32>" % size


def _trip_consts(ops, acc):
    for op in ops:
        if isinstance(op, For):
            acc.add(op.trips)
            _trip_consts(op.body, acc)
    return acc


def _consts(out, ind, trips):
    out.append("%s%%c0 = arith.constant 0 : index" % ind)
    out.append("%s%%c1 = arith.constant 1 : index" % ind)
    for n in sorted(trips):
        if n not in (0, 1):
            out.append("%s%%c%d = arith.constant %d : index" % (ind, n, n))


def _uselock(u):
    return "aie.use_lock(%%%s, %s, %d)" % (
        u.lock.name, "AcquireGreaterEqual" if u.kind == "acq" else "Release", u.value)


def _core_body(out, ops, ind, depth):
    for op in ops:
        if isinstance(op, UseLock):
            out.append(ind + _uselock(op))
        elif isinstance(op, CPut):
            out.append(ind + "aie.put_cascade(%cv : vector<16xi32>)")
        elif isinstance(op, CGet):
            out.append(ind + "%%g%d = aie.get_cascade() : vector<16xi32>" % _next_get())
        else:
            out.append("%sscf.for %%i%d = %%c0 to %%c%d step %%c1 {" % (ind, depth, op.trips))
            _core_body(out, op.body, ind + "  ", depth + 1)
            out.append(ind + "}")


_gets = [0]


def _next_get():
    _gets[0] += 1
    return _gets[0]


def _puts(ops):
    return any(isinstance(op, CPut) or (isinstance(op, For) and _puts(op.body)) for op in ops)


class _Host:
    def __init__(self, d):
        self.d = d
        self.next_id = 0
        self.next_task = 0
        self.task_name = {}

    def body(self, out, ops, ind, depth):
        for op in ops:
            if isinstance(op, Push):
                a = op.alloc
                arg = "%%arg_%s" % a.name
                size = self.d.host_arg_size[a.name]
                if op.style == "memcpy":
                    s = op.sizes
                    strides = [0, 0, s[3], 1]
                    out.append("%saiex.npu.dma_memcpy_nd(%s[0, 0, 0, 0][%d, %d, %d, %d][%d, %d, %d, %d]) "
                               "{id = %d : i64, metadata = @%s} : %s"
                               % (ind, arg, s[0], s[1], s[2], s[3], strides[0], strides[1],
                                  strides[2], strides[3], self.next_id % 16, a.name, _memref(size)))
                    self.next_id += 1
                else:
                    t = "%%task%d" % self.next_task
                    self.task_name[id(op)] = t
                    self.next_task += 1
                    attrs = "issue_token = true"
                    if op.repeat:
                        attrs += ", repeat_count = %d : i32" % op.repeat
                    out.append("%s%s = aiex.dma_configure_task_for @%s {" % (ind, t, a.name))
                    out.append("%s  aie.dma_bd(%s : %s, 0, %d)" % (ind, arg, _memref(size), op.bd_words))
                    out.append("%s  aie.end" % ind)
                    out.append("%s} {%s}" % (ind, attrs))
                    out.append("%saiex.dma_start_task(%s)" % (ind, t))
                    if op.await_it:
                        out.append("%saiex.dma_await_task(%s)" % (ind, t))
            elif isinstance(op, Wait):
                out.append("%saiex.npu.dma_wait {symbol = @%s}" % (ind, op.alloc.name))
            elif isinstance(op, Await):
                out.append("%saiex.dma_await_task(%s)" % (ind, self.task_name[id(op.push)]))
            else:
                out.append("%sscf.for %%h%d = %%c0 to %%c%d step %%c1 {" % (ind, depth, op.trips))
                self.body(out, op.body, ind + "  ", depth + 1)
                out.append(ind + "}")


def _host_sizes(ops, acc):
    for op in ops:
        if isinstance(op, Push):
            w = op.words if op.style == "memcpy" else op.bd_words
            acc[op.alloc.name] = max(acc.get(op.alloc.name, 0), w)
        elif isinstance(op, For):
            _host_sizes(op.body, acc)
    return acc


def print_design(d, comment=None):
    _gets[0] = 0
    out = []
    if comment:
        for line in comment.splitlines():
            out.append("// " + line)
    out.append("module {")
    out.append("  aie.device(%s) @%s {" % (d.device, d.name))
    ind = "    "
    for t in sorted(d.tiles, key=lambda t: (t[1], t[0])):
        out.append("%s%s = aie.tile(%d, %d)" % (ind, _tname(t), t[0], t[1]))
    for l in d.locks:
        out.append('%s%%%s = aie.lock(%s, %d) {init = %d : i32, sym_name = "%s"}'
                   % (ind, l.name, _tname(l.tile), l.lid, l.init, l.name))
    for name, t, size in d.buffers:
        out.append('%s%%%s = aie.buffer(%s) {sym_name = "%s"} : %s'
                   % (ind, name, _tname(t), name, _memref(size)))
    for c in d.cores:
        out.append("%s%%core_%d_%d = aie.core(%s) {" % (ind, c.tile[0], c.tile[1], _tname(c.tile)))
        trips = _trip_consts(c.body, set())
        if trips:
            _consts(out, ind + "  ", trips)
        if _puts(c.body):
            out.append(ind + "  %cv = arith.constant dense<0> : vector<16xi32>")
        _core_body(out, c.body, ind + "  ", 0)
        out.append(ind + "  aie.end")
        out.append(ind + "}")
    # one DMA program per tile holding chains
    tiles = []
    for ch in d.chains:
        if ch.tile not in tiles:
            tiles.append(ch.tile)
    for t in tiles:
        chains = [ch for ch in d.chains if ch.tile == t]
        op = "aie.memtile_dma" if t[1] == 1 else "aie.mem"
        out.append("%s%%mem_%d_%d = %s(%s) {" % (ind, t[0], t[1], op, _tname(t)))
        for k, ch in enumerate(chains):
            if k > 0:
                out.append("^s%d:" % k)
            nxt = "^s%d" % (k + 1) if k + 1 < len(chains) else "^end"
            rep = ", repeat_count = %d" % ch.repeat if ch.repeat else ""
            out.append("%s  %%%d = aie.dma_start(%s, %d, ^c%db0, %s%s)" % (ind, k, ch.dir, ch.ch, k, nxt, rep))
            for j, b in enumerate(ch.blocks):
                out.append("^c%db%d:" % (k, j))
                for u in b.pre:
                    out.append(ind + "  " + _uselock(u))
                out.append("%s  aie.dma_bd(%%%s : %s, 0, %d)" % (ind, b.buf[0], _memref(b.buf[1]), b.words))
                for u in b.post:
                    out.append(ind + "  " + _uselock(u))
                if j + 1 < len(ch.blocks):
                    tgt = "^c%db%d" % (k, j + 1)
                elif ch.loop_to is not None:
                    tgt = "^c%db%d" % (k, ch.loop_to)
                else:
                    tgt = "^end"
                out.append("%s  aie.next_bd %s" % (ind, tgt))
        out.append("^end:")
        out.append(ind + "  aie.end")
        out.append(ind + "}")
    for f in d.flows:
        out.append("%saie.flow(%s, DMA : %d, %s, DMA : %d)" % (ind, _tname(f.src), f.sch, _tname(f.dst), f.dch))
    for c in d.cascades:
        out.append("%saie.cascade_flow(%s, %s)" % (ind, _tname(c.src), _tname(c.dst)))
    for a in d.allocs:
        out.append("%saie.shim_dma_allocation @%s(%s, %s, %d)" % (ind, a.name, _tname(a.tile), a.dir, a.ch))
    if d.host is not None:
        d.host_arg_size = _host_sizes(d.host, {})
        for a in d.allocs:
            d.host_arg_size.setdefault(a.name, 16)
        args = ", ".join("%%arg_%s: %s" % (a.name, _memref(d.host_arg_size[a.name])) for a in d.allocs)
        out.append("%saie.runtime_sequence(%s) {" % (ind, args))
        trips = _trip_consts(d.host, set())
        if trips:
            _consts(out, ind + "  ", trips)
        _Host(d).body(out, d.host, ind + "  ", 0)
        out.append(ind + "}")
    out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"
