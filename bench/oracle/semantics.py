"""AIR's ordering semantics (docs/semantics.md sections 2, 3, 5), written
from the documentation alone, as an event graph on concrete sizes.

`unroll(program, mode)` expands every op instance (launch and segment
instances, herd tiles, loop trips, scf.parallel points) into nodes of a DAG:

  * a `join` node is done when all its predecessors are done;
  * a `xfer` node is one channel put or get: it may be *issued* once its
    predecessors are done (issue order on a FIFO numbers it) and is done
    when it *completes* (section 3, "Channels": get #k once put #k is
    issued; put #k once get #k - (depth - 1) is issued; a broadcast put on
    every destination FIFO it feeds);
  * a `choice` node starts a launch instance in serial mode: instances of
    one launch run one at a time, in any order.

What waits for what (section 3):

  * herd bodies and the blocks of loops and branches are sequential: program
    order; a synchronous op blocks the block until it completes; an op with
    a token is dispatched and starts when its dependency tokens are done;
  * function, launch and segment bodies are dataflow: an op starts when its
    dependency tokens are done and the earlier ops *without* a token of the
    same body it depends on are done (data: read after write, write after
    read or write, followed into nested ops and through kernel arguments;
    channel order: transfers on the same channel whose FIFOs may meet, not
    counting those inside nested herds or segments), after every earlier
    synchronous `air.wait_all`, and, for launches, after the previous
    launch of the function;
  * a hierarchy op, loop or scf.parallel is done when everything nested in
    it is done; a token is signalled when its op is done (loop results: the
    last trip's yields; an async scf.parallel: the join of the reduced
    tokens of all its points, which start after the init token).

Section 2: a herd or segment in the function body is a launch of one
instance (its own launch and segment around it); a herd in a launch body
is wrapped in a one-instance segment, which changes nothing here.

Launch modes (section 3, "Launch instances"): `serial` runs the instances
of a launch one at a time (any order), all FIFOs shared; `parallel` runs
them at once, each launch instance with FIFOs of its own, except the
channels the host uses (a transfer in the function body outside every
launch), which are one FIFO for the host and every instance.
"""
import itertools

from .model import (Execute, For, Hier, Herd, IterArg, Launch, LoopResult, Op,
                    Parallel, Segment, Transfer, WaitAll)

JOIN, XFER, CHOICE = 0, 1, 2


class Xfer:
    __slots__ = ("kind", "fifos", "depth", "desc", "uid")

    def __init__(self, kind, fifos, depth, desc, uid):
        self.kind, self.fifos, self.depth, self.desc, self.uid = kind, fifos, depth, desc, uid


class Graph:
    def __init__(self):
        self.preds = [[]]     # node 0: always done
        self.kind = [JOIN]
        self.xfer = {}        # node -> Xfer
        self.group = {}       # choice node -> launch key
        self.groups = {}      # launch key -> [(choice node, done node)]
        self.unsupported = None

    def node(self, kind, preds):
        self.preds.append(sorted(set(preds)))
        self.kind.append(kind)
        return len(self.kind) - 1

    def join(self, preds):
        preds = sorted(set(p for p in preds if p != 0))
        if not preds:
            return 0
        if len(preds) == 1:
            return preds[0]
        return self.node(JOIN, preds)


def has_token(op):
    if isinstance(op, For):
        return bool(op.inits)
    if isinstance(op, Parallel):
        return op.reduce is not None
    return op.is_async


def dests(chan, kind, idx):
    """The destination indices (FIFOs) a put or get at idx addresses
    (section 5). None when the index is outside the channel."""
    shape = chan.dest_shape()
    if len(idx) != len(chan.size):
        if not (kind == "get" and chan.bshape and len(idx) == len(chan.bshape)):
            return None
    if kind == "get":
        d = tuple(0 if b == 1 else i for i, b in zip(idx, shape))
        if any(not (0 <= x < b) for x, b in zip(d, shape)):
            return None
        return [d]
    if any(not (0 <= x < s) for x, s in zip(idx, chan.size)):
        return None
    out = []
    for d in itertools.product(*[range(b) for b in shape]):
        src = tuple(0 if s == 1 else x for x, s in zip(d, chan.size))
        if src == tuple(idx):
            out.append(d)
    return out


def host_channels(prog):
    """Channels with a transfer in the function body outside every
    hierarchy op."""
    out = set()

    def walk(ops):
        for op in ops:
            if isinstance(op, Transfer):
                out.add(op.chan.name)
            elif not isinstance(op, Hier):
                for b in op.bodies():
                    walk(b)
    walk(prog.body)
    return out


class _Touch:
    __slots__ = ("reads", "writes", "fifos")

    def __init__(self):
        self.reads, self.writes, self.fifos = set(), set(), set()


def touches(op, env):
    """What op touches, for the data and channel-order edges of a dataflow
    body: buffers read and written by every transfer nested in it, and the
    FIFOs of the transfers not inside a nested herd, segment or launch
    (loop and scf.parallel ivs range over their values)."""
    t = _Touch()

    def walk(o, env, direct):
        if isinstance(o, Transfer):
            (t.reads if o.kind == "put" else t.writes).add(o.buf.uid)
            if direct:
                d = dests(o.chan, o.kind, tuple(a.eval(env) for a in o.idx))
                for x in d or ():
                    t.fifos.add((o.chan.name, x))
            return
        if isinstance(o, For):
            for k in range(o.trips):
                e = dict(env)
                e[o.iv] = k
                for c in o.body:
                    walk(c, e, direct)
        elif isinstance(o, Parallel):
            for pt in itertools.product(*[range(n) for n in o.shape]):
                e = dict(env)
                e.update(zip(o.ivs, pt))
                for c in o.body:
                    walk(c, e, direct)
        elif isinstance(o, Hier):
            for inst in o.instances():
                e = dict(env)
                e.update(zip(o.ids, inst))
                for c in o.body:
                    walk(c, e, False)
    walk(op, env, True)
    return t


def depends(b, a):
    return bool((b.reads & a.writes) or (b.writes & (a.reads | a.writes)) or (b.fifos & a.fifos))


# Deviations from the semantics, each emulating a known defect of air-check's
# executor, so that the differential script can tell a known defect from a
# new one (they are never used for a verdict):
QUIRKS = {
    # an scf.for carrying a token in a function, launch or segment body does
    # not wait for the earlier synchronous ops it depends on, nor for an
    # earlier synchronous air.wait_all
    "for-iter-args-ignores-sync-ops",
    # the later ops of such a body wait for such an scf.for to finish
    "for-iter-args-blocks-later-ops",
}


class Unroller:
    def __init__(self, prog, mode, where=None, quirks=()):
        assert mode in ("serial", "parallel")
        assert set(quirks) <= QUIRKS
        self.quirks = set(quirks)
        self.prog = prog
        self.mode = mode
        self.g = Graph()
        self.host = host_channels(prog)
        self.where = where or {}

    def line(self, op):
        return "line %d" % self.where[op.uid] if op.uid in self.where else "op %d" % op.uid

    # token values -----------------------------------------------------
    @staticmethod
    def key(tok):
        if isinstance(tok, IterArg):
            return ("it", tok.loop.uid, tok.k)
        if isinstance(tok, LoopResult):
            return ("res", tok.loop.uid, tok.k)
        assert isinstance(tok, Op)
        return tok.uid

    def tok(self, env, tok):
        k = self.key(tok)
        if k not in env:
            raise KeyError("token %r used before it is defined" % (k,))
        return env[k]

    # bodies -------------------------------------------------------------
    def run(self):
        env = {}
        done = self.dataflow(self.prog.body, 0, env, ctx=("func", None, "@" + self.prog.name))
        self.g.root = done
        return self.g

    def dataflow(self, ops, entry, env, ctx):
        level = ctx[0]
        prev, barriers, dones = [], [], []
        last_launch = None
        for op in ops:
            preds = [entry] + [self.tok(env, d) for d in op.deps]
            t = touches(op, env)
            if not ("for-iter-args-ignores-sync-ops" in self.quirks and isinstance(op, For)
                    and op.inits):
                preds += [d for (d, ta) in prev if depends(t, ta)]
                preds += barriers
            is_launch = isinstance(op, Launch) or (level == "func" and isinstance(op, (Segment, Herd)))
            if is_launch and last_launch is not None:
                preds.append(last_launch)
            done, _ = self.op(op, self.g.join(preds), env, ctx, is_launch)
            if "for-iter-args-blocks-later-ops" in self.quirks and isinstance(op, For) and op.inits:
                barriers.append(done)
            if is_launch:
                last_launch = done
            if not has_token(op):
                prev.append((done, t))
                if isinstance(op, WaitAll):
                    barriers.append(done)
            dones.append(done)
        return self.g.join(dones + [entry])

    def sequential(self, ops, entry, env, ctx):
        ctrl, dones = entry, []
        for op in ops:
            start = self.g.join([ctrl] + [self.tok(env, d) for d in op.deps])
            done, after = self.op(op, start, env, ctx, False)
            if isinstance(op, (For, Parallel)):
                ctrl = after
            elif not op.is_async:
                ctrl = done
            dones.append(done)
        return self.g.join(dones + [ctrl]), ctrl

    # ops ------------------------------------------------------------------
    def op(self, op, start, env, ctx, is_launch):
        g = self.g
        if isinstance(op, Transfer):
            idx = tuple(a.eval(env) for a in op.idx)
            d = dests(op.chan, op.kind, idx)
            if d is None:
                g.unsupported = "%s @%s%s at %s is outside the channel" % (
                    op.kind, op.chan.name, list(idx), self.line(op))
                d = []
            scope = None if (self.mode == "serial" or op.chan.name in self.host) else ctx[1]
            fifos = [(op.chan.name, x, scope) for x in d]
            desc = "%s @%s%s (%s, %s)" % (op.kind, op.chan.name, list(idx), self.line(op), ctx[2])
            n = g.node(XFER, [start])
            g.xfer[n] = Xfer(op.kind, fifos, op.chan.depth, desc, op.uid)
            if op.is_async:
                env[op.uid] = n
            return n, None
        if isinstance(op, (WaitAll, Execute)):
            if op.is_async:
                env[op.uid] = start
            return start, None
        if isinstance(op, For):
            ctrl, dones = start, []
            its = [self.tok(env, i) for i in op.inits]
            for k in range(op.trips):
                e = dict(env)
                e[op.iv] = k
                for j, v in enumerate(its):
                    e[("it", op.uid, j)] = v
                d, ctrl = self.sequential(op.body, ctrl, e,
                                          (ctx[0], ctx[1], "%s, for #%d=%d" % (ctx[2], op.uid, k)))
                its = [self.tok(e, y) for y in op.yields]
                dones.append(d)
            for j, v in enumerate(its):
                env[("res", op.uid, j)] = v
            return g.join(dones + [start]), ctrl
        if isinstance(op, Parallel):
            entry = g.join([start] + ([self.tok(env, op.init)] if op.init is not None else []))
            dones, ctrls, red = [], [], []
            for pt in itertools.product(*[range(n) for n in op.shape]):
                e = dict(env)
                e.update(zip(op.ivs, pt))
                d, c = self.sequential(op.body, entry, e,
                                       (ctx[0], ctx[1], "%s, parallel %s" % (ctx[2], list(pt))))
                dones.append(d)
                ctrls.append(c)
                if op.reduce is not None:
                    red.append(self.tok(e, op.reduce))
            if op.reduce is not None:
                env[op.uid] = g.join(red + [entry])
            return g.join(dones + [entry]), g.join(ctrls + [entry])
        if isinstance(op, Hier):
            if is_launch:
                done = self.launch(op, start, env, ctx)
            else:
                done = self.hier(op, start, env, ctx)
            if op.is_async:
                env[op.uid] = done
            return done, None
        raise TypeError(op)

    def launch(self, op, start, env, ctx):
        """A launch, or a bare herd or segment in the function body (a
        launch of one instance around it, section 2)."""
        g = self.g
        insts = op.instances() if isinstance(op, Launch) else [()]
        dones = []
        for inst in insts:
            if self.mode == "serial":
                entry = g.node(CHOICE, [start])
                g.group[entry] = op.uid
            else:
                entry = start
            scope = (op.uid, inst)
            what = "launch %s" % list(inst) if isinstance(op, Launch) else "implicit launch"
            c = ("launch", scope, "%s, %s" % (ctx[2], what))
            if isinstance(op, Launch):
                e = {}
                e.update((v, x) for v, x in env.items() if not isinstance(v, (int, tuple)))
                e.update(zip(op.ids, inst))
                d = self.dataflow(op.body, entry, e, c)
            else:
                d = self.hier(op, entry, {v: x for v, x in env.items()
                                          if not isinstance(v, (int, tuple))}, c)
            if self.mode == "serial":
                g.groups.setdefault(op.uid, []).append((entry, d))
            dones.append(d)
        return g.join(dones + [start])

    def hier(self, op, start, env, ctx):
        g = self.g
        dones = []
        for inst in op.instances():
            e = {v: x for v, x in env.items() if not isinstance(v, (int, tuple))}
            e.update(zip(op.ids, inst))
            c = (ctx[0], ctx[1], "%s, %s @%s%s" % (ctx[2], op.kind, op.name,
                                                    " %s" % list(inst) if inst else ""))
            if isinstance(op, Herd):
                d, _ = self.sequential(op.body, start, e, c)
            elif isinstance(op, Segment):
                d = self.dataflow(op.body, start, e, ("segment",) + c[1:])
            else:
                raise TypeError("a launch inside a hierarchy op")
            dones.append(d)
        return g.join(dones + [start])


def unroll(prog, mode, where=None, quirks=()):
    return Unroller(prog, mode, where, quirks).run()
