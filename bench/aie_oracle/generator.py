"""Random small aie designs for the aie oracle.

A design is built from pipes, each a buffer (or two, ping-pong) guarded by
a producer/consumer lock pair, the way mlir-aie's lowerings and the
corpus's aie programs move data:
  * in:   a shim MM2S task queue feeds a compute tile's S2MM chain, whose
          core consumes one buffer per item;
  * out:  the core produces, the tile's MM2S chain feeds a shim S2MM queue;
  * c2c:  core A produces into its tile's MM2S chain, which feeds core B's
          tile's S2MM chain (a handshake between two chains);
plus, sometimes, a pair of semaphores the two cores hand each other. The
host pushes each shim pipe's words as one or several tasks
(dma_memcpy_nd, or dma_configure_task_for + dma_start_task), flat or in a
loop, and waits (dma_wait, dma_await_task) on some channels.

Half the designs are left as built (which can still overflow a queue when
a pipe's words are split into more than four tasks before a wait); the
others get one or two mutations that often break them: a core's trip count
off by one, a task's words changed, a lock's init changed, a wait moved in
front of its push or dropped or pointed at another channel, a chain that
ends too soon, two cores' semaphores in a cycle, another core taking
buffers of a pipe too (two acquirers of one lock), an amount of 2, a chain
without its locks.
"""
from .model import (FOREVER, Alloc, Await, Block, Cascade, CGet, CPut, Chain, Core, Design, Flow,
                    For, Push, UseLock, Wait)

_EXTRA = [False]      # generate(extra=True): the shapes of --mode extra
_DISPATCHES = [False]  # generate_dispatches(): forever cores, a host, later dispatches


class Pipe:
    def __init__(self, kind, words, items, nbuf):
        self.kind = kind          # in, out, c2c
        self.words = words        # per BD
        self.items = items        # buffers moved in the run
        self.nbuf = nbuf
        self.src_tile = None      # producing core's tile (out, c2c)
        self.dst_tile = None      # consuming core's tile (in, c2c)
        self.alloc = None         # shim allocation (in, out)
        self.tasks = 1


def _lockpair(d, tile, nbuf, tag):
    prod = d.lock(tile, nbuf, "%s_prod" % tag)
    cons = d.lock(tile, 0, "%s_cons" % tag)
    return prod, cons


def _chain(d, tile, direction, ch, prod, cons, nbuf, words, tag, rng, items, forever_ok):
    """A chain over nbuf buffers: S2MM acquires prod, releases cons; MM2S the
    reverse. Loops back, or ends after exactly `items` BDs when it can."""
    blocks = []
    for k in range(nbuf):
        buf = d.buffer(tile, words, "%s_buf%d" % (tag, k))
        if direction == "S2MM":
            pre, post = [UseLock(prod, "acq")], [UseLock(cons, "rel")]
        else:
            pre, post = [UseLock(cons, "acq")], [UseLock(prod, "rel")]
        blocks.append(Block(buf, words, pre, post))
    loop_to, repeat = 0, 0
    if rng.random() < 0.3 and items % nbuf == 0 and (not forever_ok or _DISPATCHES[0]):
        loop_to, repeat = None, items // nbuf - 1
    elif _EXTRA[0] and nbuf == 2 and rng.random() < 0.4:
        loop_to = 1       # the first block runs once, the second for ever
    return Chain(tile, direction, ch, blocks, loop_to, repeat)


def _split(rng, total, words):
    """The words of each task: equal parts (one task, one per BD, half a BD
    each, ...) or, sometimes, unequal parts in multiples of 4 words that
    end in the middle of a BD."""
    if rng.random() < 0.25 and total >= 8:
        k = rng.choice([2, 3])
        cuts = sorted(rng.sample(range(4, total, 4), min(k - 1, total // 4 - 1)))
        parts = [b - a for a, b in zip([0] + cuts, cuts + [total])]
        return parts
    opts = [1, 1, 2, total // words, 2 * total // words, 3]
    opts = [k for k in opts if k >= 1 and total % k == 0]
    k = rng.choice(opts)
    return [total // k] * k


def _core_body(rng, consumes, produces, trips):
    """consumes/produces: lists of (prod, cons) locks; one item of each per
    trip."""
    acqs = [UseLock(c, "acq") for p, c in consumes] + [UseLock(p, "acq") for p, c in produces]
    rels = [UseLock(p, "rel") for p, c in consumes] + [UseLock(c, "rel") for p, c in produces]
    rng.shuffle(acqs)
    rng.shuffle(rels)
    if rng.random() < 0.3 and acqs and rels:
        # release each buffer right after the acquires it needs
        body = acqs + rels
    else:
        body = acqs + rels
    if trips == 1:
        return body
    r = rng.random()
    if r < 0.2:
        return [u for _ in range(trips) for u in body]     # straight-line
    if r < 0.35 and trips == 4:
        return [For(2, [For(2, body)])]
    return [For(trips, body)]


def _host(rng, d, pipes):
    """Pushes and waits for the shim pipes."""
    shim_pipes = [p for p in pipes if p.alloc is not None]
    if not shim_pipes:
        return []
    use_tasks = rng.random() < (0.7 if _EXTRA[0] else 0.25)
    style = rng.random()

    def push(p, words):
        if use_tasks and words % 2 == 0 and rng.random() < 0.7:
            rep = rng.choice([0, 0, 1])
            bw = words // (rep + 1) if words % (rep + 1) == 0 else words
            rep = words // bw - 1
            return Push(p.alloc, style="task", bd_words=bw, repeat=rep,
                        await_it=rng.random() < 0.3)
        if words % 4 == 0 and rng.random() < 0.3:
            return Push(p.alloc, sizes=[1, 1, 4, words // 4])
        return Push(p.alloc, sizes=[1, 1, 1, words])

    trips = shim_pipes[0].items
    if style < 0.4 and all(p.items == trips for p in shim_pipes) and trips > 1:
        # a loop: each trip pushes one item of each pipe and waits on some
        body = []
        ins = [p for p in shim_pipes if p.kind == "in"]
        outs = [p for p in shim_pipes if p.kind == "out"]
        for p in ins + outs:
            body.append(push(p, p.words))
        for p in outs + [p for p in ins if rng.random() < 0.5]:
            if rng.random() < 0.85:
                body.append(Wait(p.alloc))
        return [For(trips, body)]
    ops = []
    for p in shim_pipes:
        total = p.words * p.items
        parts = _split(rng, total, p.words)
        p.tasks = len(parts)
        pushes = [push(p, w) for w in parts]
        if p.tasks > 4 and rng.random() < 0.5:
            # wait every four
            n = rng.choice([2, 3, 4])
            grouped = []
            for i, x in enumerate(pushes):
                grouped.append(x)
                if i % n == n - 1 and i + 1 < len(pushes):
                    grouped.append(Wait(p.alloc))
            pushes = grouped
        ops.append(pushes)
    # in-pipes first (mostly)
    if rng.random() < 0.7:
        ops.sort(key=lambda l: 0 if l[0].alloc.dir == "MM2S" else 1)
    waits = [Wait(p.alloc) for p in shim_pipes if p.kind == "out" or rng.random() < 0.5]
    rng.shuffle(waits)
    if rng.random() < 0.35 and len(ops) > 1:
        # the pipes' pushes merged at random, a few waits anywhere after them
        flat = []
        lists = [list(l) for l in ops]
        while any(lists):
            l = rng.choice([l for l in lists if l])
            flat.append(l.pop(0))
            if rng.random() < 0.2:
                flat.append(Wait(rng.choice(shim_pipes).alloc))
        return flat + waits
    flat = [x for l in ops for x in l]
    return flat + waits


MUTATIONS = ("trips", "words", "init", "wait_early", "drop_wait", "wrong_wait",
             "short_chain", "cycle", "extra_push", "steal", "amount", "nolock", "noflow")


def _mutate(rng, d, pipes, which):
    if which == "trips":
        cores = [c for c in d.cores if c.body]
        if not cores:
            return False
        c = rng.choice(cores)
        loops = [op for op in c.body if isinstance(op, For) and op.trips != FOREVER]
        if loops:
            lp = loops[0]
            lp.trips = max(1, lp.trips + rng.choice([-1, 1, 1]))
        else:
            body = c.body
            while body and isinstance(body[-1], For):
                body = body[-1].body
            body += [UseLock(u.lock, u.kind, u.value) for u in body[:2] if isinstance(u, UseLock)]
        return True
    if which == "words":
        pushes = _host_pushes(d.host or [])
        if not pushes:
            return False
        p = rng.choice(pushes)
        if p.style == "memcpy":
            p.sizes[3] = rng.choice([p.sizes[3] * 2, max(1, p.sizes[3] // 2), p.sizes[3] + 4])
        else:
            p.bd_words = rng.choice([p.bd_words * 2, max(2, p.bd_words // 2)])
        return True
    if which == "init":
        l = rng.choice(d.locks)
        l.init = rng.choice([0, 1, 2]) if l.init != 1 else rng.choice([0, 2])
        return True
    if which in ("wait_early", "drop_wait", "wrong_wait", "extra_push"):
        if not d.host:
            return False
        body = d.host[0].body if isinstance(d.host[0], For) else d.host
        waits = [i for i, op in enumerate(body) if isinstance(op, Wait)]
        if which == "extra_push":
            pushes = [op for op in body if isinstance(op, Push)]
            if not pushes:
                return False
            p = rng.choice(pushes)
            body.insert(body.index(p), Push(p.alloc, sizes=[1, 1, 1, p.words]))
            return True
        if not waits:
            return False
        i = rng.choice(waits)
        if which == "drop_wait":
            del body[i]
        elif which == "wait_early":
            w = body.pop(i)
            body.insert(rng.randrange(0, i + 1), w)
        else:
            others = [a for a in d.allocs if a is not body[i].alloc]
            if not others:
                return False
            body[i] = Wait(rng.choice(others))
        return True
    if which == "short_chain":
        ends = [c for c in d.chains if c.loop_to is None]
        if ends:
            c = rng.choice(ends)
            if c.repeat > 0:
                c.repeat -= 1
            else:
                c.blocks = c.blocks[:1]
            return True
        c = rng.choice(d.chains) if d.chains else None
        if c is None:
            return False
        c.loop_to, c.repeat = None, 0
        return True
    if which == "amount":
        # a core acquires (or releases) 2 at once, and sometimes its partner op too
        ops = [u for c in d.cores for u in _uselocks(c.body)]
        if not ops:
            return False
        u = rng.choice(ops)
        u.value = 2
        if rng.random() < 0.5:
            for w in ops:
                if w is not u and w.kind != u.kind and w.lock.name.rsplit("_", 1)[0] == u.lock.name.rsplit("_", 1)[0]:
                    w.value = 2
                    break
        return True
    if which == "noflow":
        # a flow left out: both its ends are stream ends nothing drives
        if not d.flows:
            return False
        d.flows.remove(rng.choice(d.flows))
        return True
    if which == "nolock":
        # a chain without its locks: it moves whatever the core does
        if not d.chains:
            return False
        c = rng.choice(d.chains)
        for b in c.blocks:
            b.pre, b.post = [], []
        return True
    if which == "steal":
        # another core takes one buffer of a pipe too: two acquirers of one lock
        ins = [p for p in pipes if getattr(p, "locks_dst", None)]
        if len(d.cores) < 2 or not ins:
            return False
        p = rng.choice(ins)
        c = rng.choice([c for c in d.cores if c.tile != p.dst_tile] or d.cores)
        prod, cons = p.locks_dst
        forever = c.body and isinstance(c.body[-1], For) and c.body[-1].trips == FOREVER
        at = rng.randrange(0, len(c.body) + (0 if forever else 1))
        c.body[at:at] = [UseLock(cons, "acq"), UseLock(prod, "rel")]
        return True
    if which == "cycle":
        if len(d.cores) < 2:
            return False
        a, b = d.cores[0], d.cores[1]
        if any(isinstance(op, For) and op.trips == FOREVER for op in a.body + b.body):
            return False
        x = d.lock(a.tile, rng.choice([0, 0, 1]), "sync%d_x" % len(d.locks))
        y = d.lock(b.tile, 0, "sync%d_y" % len(d.locks))
        # a: acquire x, release y; b: acquire y, release x
        a.body = [UseLock(x, "acq")] + a.body + [UseLock(y, "rel")]
        b.body = [UseLock(y, "acq")] + b.body + [UseLock(x, "rel")]
        return True
    return False


def _uselocks(ops):
    out = []
    for op in ops:
        if isinstance(op, UseLock):
            out.append(op)
        else:
            out += _uselocks(op.body)
    return out


def _host_pushes(ops):
    out = []
    for op in ops:
        if isinstance(op, Push):
            out.append(op)
        elif isinstance(op, For):
            out += _host_pushes(op.body)
    return out


def _no_core(rng, d, shim):
    """The host, two task queues and a memory tile's chains, no core: shim
    MM2S -> (0, 1) S2MM, (0, 1) MM2S -> shim S2MM over one lock pair."""
    mt = d.tile(0, 1)
    words = rng.choice([16, 32])
    items = rng.choice([1, 2, 3])
    nbuf = rng.choice([1, 2])
    prod, cons = _lockpair(d, mt, nbuf, "m")
    d.chains.append(_chain(d, mt, "S2MM", 0, prod, cons, 1, words, "mi", rng, items, False))
    d.chains.append(_chain(d, mt, "MM2S", 0, prod, cons, 1, words, "mo", rng, items, False))
    d.flows += [Flow(shim, 0, mt, 0), Flow(mt, 0, shim, 0)]
    pin, pout = Pipe("in", words, items, nbuf), Pipe("out", words, items, nbuf)
    pin.alloc = Alloc("in0", shim, "MM2S", 0)
    pout.alloc = Alloc("out0", shim, "S2MM", 0)
    d.allocs += [pin.alloc, pout.alloc]
    d.host = _host(rng, d, [pin, pout])
    muts = []
    if rng.random() < 0.6:
        m = rng.choice(["words", "init", "wait_early", "drop_wait", "wrong_wait", "short_chain",
                        "extra_push", "noflow"])
        if _mutate(rng, d, [pin, pout], m):
            muts.append(m)
    return d, "no core: shim -> memtile -> shim %dw x%d nbuf %d%s" % (
        words, items, nbuf, "; mutations: " + ",".join(muts) if muts else "")


def _defer_awaits(rng, ops):
    """dma_await_task moved from right after its start to a later place in
    the same body."""
    for op in list(ops):
        if isinstance(op, For):
            _defer_awaits(rng, op.body)
        elif isinstance(op, Push) and op.await_it and rng.random() < 0.7:
            op.await_it = False
            at = ops.index(op) + 1
            ops.insert(rng.randrange(at, len(ops) + 1), Await(op))


def generate_extra(rng, name="d"):
    """generate() with more shapes: tasks configured and awaited later,
    chains whose first block runs once, a core's MM2S chain broadcast to a
    third tile."""
    _EXTRA[0] = True
    try:
        d, desc = generate(rng, name)
    finally:
        _EXTRA[0] = False
    if d.host:
        _defer_awaits(rng, d.host)
    return d, desc


def generate_dispatches(rng, name="d"):
    """generate() for later dispatches: every core loops forever, there is
    always a host, chains may end after one dispatch's items, and a core's
    trip may take two items (the locks drift from one dispatch to the
    next)."""
    _DISPATCHES[0] = True
    try:
        return generate(rng, name)
    finally:
        _DISPATCHES[0] = False


def generate(rng, name="d"):
    """A random Design and a one-line description of how it was built."""
    d = Design(rng.choice(["npu1_1col"] * 4 + ["npu1_4col", "npu1", "npu2"]), name)
    shim = d.tile(0, 0)
    if rng.random() < 0.08:
        return _no_core(rng, d, shim)
    ntiles = rng.choice([1, 1, 2, 2])
    tiles = [d.tile(0, 2 + k) for k in range(ntiles)]
    has_host = _DISPATCHES[0] or rng.random() < 0.85
    forever = _DISPATCHES[0] or rng.random() < (0.1 if has_host else 0.3)
    pipes = []
    shim_used = {"MM2S": 0, "S2MM": 0}
    tile_used = {(t, dr): 0 for t in tiles for dr in ("MM2S", "S2MM")}
    items = rng.choice([1, 2, 2, 3, 4] if ntiles == 1 else [1, 2, 2, 3])
    notes = []

    def add_pipe(kind, src, dst):
        words = rng.choice([8, 16, 16, 32])
        nbuf = rng.choice([1, 1, 2])
        p = Pipe(kind, words, items, nbuf)
        p.src_tile, p.dst_tile = src, dst
        tag = "p%d" % len(pipes)
        if kind == "in":
            sch, dch = shim_used["MM2S"], tile_used[(dst, "S2MM")]
            shim_used["MM2S"] += 1
            tile_used[(dst, "S2MM")] += 1
            prod, cons = _lockpair(d, dst, nbuf, tag)
            d.chains.append(_chain(d, dst, "S2MM", dch, prod, cons, nbuf, words, tag, rng, items, forever))
            if rng.random() < 0.2:
                # through a memory tile: shim -> (0, 1) S2MM -> (0, 1) MM2S -> tile
                mt = d.tile(0, 1)
                mch = sum(1 for c in d.chains if c.tile == mt and c.dir == "S2MM")
                mp, mc = _lockpair(d, mt, rng.choice([1, 2]), tag + "m")
                d.chains.append(_chain(d, mt, "S2MM", mch, mp, mc, 1, words, tag + "mi", rng, items, forever))
                d.chains.append(_chain(d, mt, "MM2S", mch, mp, mc, 1, words, tag + "mo", rng, items, forever))
                d.flows.append(Flow(shim, sch, mt, mch))
                d.flows.append(Flow(mt, mch, dst, dch))
                notes.append("via memtile")
            else:
                d.flows.append(Flow(shim, sch, dst, dch))
            p.alloc = Alloc("in%d" % sch, shim, "MM2S", sch)
            p.locks_dst = (prod, cons)
            other = [t for t in tiles if t != dst]
            if other and rng.random() < 0.2 and tile_used[(other[0], "S2MM")] < 2:
                # the same shim channel feeds the other tile too (one source, two destinations)
                b = other[0]
                bch = tile_used[(b, "S2MM")]
                tile_used[(b, "S2MM")] += 1
                bp, bc = _lockpair(d, b, nbuf, tag + "b")
                d.chains.append(_chain(d, b, "S2MM", bch, bp, bc, nbuf, words, tag + "b", rng, items, forever))
                src_tile = d.flows[-1].src
                src_ch = d.flows[-1].sch
                d.flows.append(Flow(src_tile, src_ch, b, bch))
                q = Pipe("bcast", words, items, nbuf)
                q.dst_tile = b
                q.locks_dst = (bp, bc)
                pipes.append(q)
                notes.append("broadcast to %s" % (b,))
        elif kind == "out":
            sch, dch = tile_used[(src, "MM2S")], shim_used["S2MM"]
            tile_used[(src, "MM2S")] += 1
            shim_used["S2MM"] += 1
            prod, cons = _lockpair(d, src, nbuf, tag)
            d.chains.append(_chain(d, src, "MM2S", sch, prod, cons, nbuf, words, tag, rng, items, forever))
            d.flows.append(Flow(src, sch, shim, dch))
            p.alloc = Alloc("out%d" % dch, shim, "S2MM", dch)
            p.locks_src = (prod, cons)
        else:
            sch, dch = tile_used[(src, "MM2S")], tile_used[(dst, "S2MM")]
            tile_used[(src, "MM2S")] += 1
            tile_used[(dst, "S2MM")] += 1
            sp, sc = _lockpair(d, src, nbuf, tag + "s")
            dp, dc = _lockpair(d, dst, nbuf, tag + "d")
            d.chains.append(_chain(d, src, "MM2S", sch, sp, sc, nbuf, words, tag + "s", rng, items, forever))
            d.chains.append(_chain(d, dst, "S2MM", dch, dp, dc, nbuf, words, tag + "d", rng, items, forever))
            d.flows.append(Flow(src, sch, dst, dch))
            p.locks_src = (sp, sc)
            p.locks_dst = (dp, dc)
        if p.alloc is not None:
            d.allocs.append(p.alloc)
        pipes.append(p)
        notes.append("%s %s->%s %dw x%d nbuf %d" % (kind, src, dst, words, items, nbuf))

    for t in tiles:
        if rng.random() < 0.75 and shim_used["MM2S"] < 2:
            add_pipe("in", shim, t)
        if rng.random() < 0.45 and shim_used["S2MM"] < 2 and len(pipes) < 3:
            add_pipe("out", t, shim)
    if ntiles == 2 and rng.random() < 0.7 and len(pipes) < 3:
        a, b = (tiles[0], tiles[1]) if rng.random() < 0.5 else (tiles[1], tiles[0])
        add_pipe("c2c", a, b)
    if not pipes:
        add_pipe("in", shim, tiles[0])
    c2c = [p for p in pipes if p.kind == "c2c"]
    if _EXTRA[0] and c2c and rng.random() < 0.5:
        # the c2c source's MM2S feeds a third tile as well
        p = c2c[0]
        t4 = d.tile(0, 4)
        src_flow = [f for f in d.flows if f.src == p.src_tile and f.dst == p.dst_tile][0]
        bp, bc = _lockpair(d, t4, p.nbuf, "x")
        d.chains.append(_chain(d, t4, "S2MM", 0, bp, bc, p.nbuf, p.words, "x", rng, items, forever))
        d.flows.append(Flow(p.src_tile, src_flow.sch, t4, 0))
        q = Pipe("bcast", p.words, items, p.nbuf)
        q.dst_tile = t4
        q.locks_dst = (bp, bc)
        pipes.append(q)
        tiles.append(t4)
        notes.append("c2c broadcast to (0, 4)")
    for t in tiles:
        consumes = [p.locks_dst for p in pipes if p.dst_tile == t]
        produces = [p.locks_src for p in pipes if p.src_tile == t]
        if not consumes and not produces:
            continue
        if forever:
            # later dispatches: a trip may take more items than a dispatch
            # sends, or not divide it (the locks drift between dispatches)
            per_trip = rng.choice([1, 1, 2]) if _DISPATCHES[0] else 1
            body = [For(FOREVER, _core_body(rng, consumes, produces, per_trip))]
        else:
            body = _core_body(rng, consumes, produces, items)
        d.cores.append(Core(t, body))
    if has_host:
        d.host = _host(rng, d, pipes)
    muts = []
    if rng.random() < 0.7:
        for _ in range(rng.choice([1, 1, 2])):
            m = rng.choice(MUTATIONS)
            if _mutate(rng, d, pipes, m):
                muts.append(m)
    desc = "; ".join(notes) + ("; host" if has_host else "; no host") + \
        ("; forever" if forever else "") + ("; mutations: " + ",".join(muts) if muts else "")
    return d, desc


def generate_host_stress(rng, name="d"):
    """A design for the host's side: two to four shim channels (two MM2S
    into the tiles, sometimes one or two S2MM out of them), pipes of 2 to 6
    items of 8 words, a task per BD or per half BD, the channels' pushes
    merged at random with waits on random channels in between (some
    pipes without locks: sinks and sources that move whenever a task is
    there, as in aie-host.mlir). Overflows here depend on which channel a
    wait covers and on how far the DMAs can lag."""
    d = Design("npu1_1col", name)
    shim = d.tile(0, 0)
    tiles = [d.tile(0, 2), d.tile(0, 3)][:rng.choice([1, 2])]
    items = rng.choice([2, 3, 4, 5, 6])
    pipes, consumes, produces = [], {t: [] for t in tiles}, {t: [] for t in tiles}
    for k, direction in enumerate(["MM2S", "MM2S"] + ["S2MM"] * rng.choice([0, 1, 2])):
        t = tiles[k % len(tiles)]
        ch = sum(1 for c in d.chains if c.tile == t and c.dir != direction)
        sch = sum(1 for a in d.allocs if a.dir == direction)
        tdir = "S2MM" if direction == "MM2S" else "MM2S"
        locked = rng.random() < 0.6
        prod, cons = _lockpair(d, t, rng.choice([1, 2]), "p%d" % k)
        c = _chain(d, t, tdir, ch, prod, cons, 1, 8, "p%d" % k, rng, items, False)
        if not locked:
            c.blocks[0].pre, c.blocks[0].post = [], []
            c.loop_to, c.repeat = 0, 0
        elif tdir == "S2MM":
            consumes[t].append((prod, cons))
        else:
            produces[t].append((prod, cons))
        d.chains.append(c)
        if direction == "MM2S":
            d.flows.append(Flow(shim, sch, t, ch))
        else:
            d.flows.append(Flow(t, ch, shim, sch))
        p = Pipe("in" if direction == "MM2S" else "out", 8, items, 1)
        p.alloc = Alloc(("in%d" if direction == "MM2S" else "out%d") % sch, shim, direction, sch)
        d.allocs.append(p.alloc)
        pipes.append(p)
    for t in tiles:
        if consumes[t] or produces[t]:
            d.cores.append(Core(t, _core_body(rng, consumes[t], produces[t], items)))
    lists = []
    for p in pipes:
        per = rng.choice([8, 8, 4])
        lists.append([Push(p.alloc, sizes=[1, 1, 1, per]) for _ in range(items * 8 // per)])
    host = []
    while any(lists):
        l = rng.choice([l for l in lists if l])
        host.append(l.pop(0))
        if rng.random() < 0.3:
            host.append(Wait(rng.choice(pipes).alloc))
    host += [Wait(p.alloc) for p in pipes]
    d.host = host
    return d, "host stress: %d channels, %d items" % (len(pipes), items)


def _runs(ops):
    """Consecutive equal cascade ops folded into loops (a loop of k puts)."""
    out = []
    i = 0
    while i < len(ops):
        j = i
        while (j + 1 < len(ops) and type(ops[j + 1]) is type(ops[i]) and
               isinstance(ops[i], (CPut, CGet)) and ops[j + 1].cascade is ops[i].cascade):
            j += 1
        n = j - i + 1
        out.append(For(n, [ops[i]]) if n > 1 else ops[i])
        i = j + 1
    return out


def generate_cascade(rng, name="d"):
    """Cores in a column joined by cascade streams, south: each passes a few
    values down, in a random order with hand-offs of shared locks. Whether
    they deadlock, and with which room of the cascade, is left to chance."""
    d = Design("npu1_1col", name)
    ncores = rng.choice([2, 2, 3])
    tiles = [d.tile(0, 2 + k) for k in range(ncores)]     # lowest first
    cascades = []
    for k in range(ncores - 1, 0, -1):                     # top down
        c = Cascade(tiles[k], tiles[k - 1])
        d.cascades.append(c)
        cascades.append(c)
    events = {t: [] for t in tiles}
    notes = []
    for c in cascades:
        n = rng.randint(1, 5)
        events[c.src] += [CPut(c) for _ in range(n)]
        events[c.dst] += [CGet(c) for _ in range(n)]
        notes.append("%d values %s->%s" % (n, c.src, c.dst))
    for _ in range(rng.choice([0, 1, 1, 2])):
        a, b = rng.sample(tiles, 2)
        lock = d.lock(tiles[1] if len(tiles) > 1 else tiles[0], rng.choice([0, 0, 1]))
        events[a].append(UseLock(lock, "rel"))
        events[b].append(UseLock(lock, "acq"))
        notes.append("%s hands %s to %s" % (a, lock.name, b))
    for t in tiles:
        ops = events[t]
        # one cascade's ops are alike: any order of them is the same
        rng.shuffle(ops)
        d.cores.append(Core(t, _runs(ops)))
    return d, "; ".join(notes)
