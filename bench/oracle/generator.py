"""Random small AIR programs for the differential oracle.

It keeps the kinds of bench/deadlock_differential.py (a segment with one or
two herds, channels of depth 1 or 2, synchronous and asynchronous
transfers, short scf.for loops, racing channels that two places put to and
one gets from) and adds: transfers in the function body (the host) and in
launch bodies, bare segments and bare herds (wrapped as semantics.md
section 2 says), launches of several instances, two launches, segments of
two instances, broadcast channels (a whole bundle, or a row), channels
indexed by herd tile ids and by scf.parallel ivs (with token init and
scf.reduce, or synchronous), herds of 1x1 to 2x2 and 1-D, permuted
indices, loops carrying tokens, dependency lists on transfers and
hierarchy ops, synchronous air.wait_all barriers and air.execute token
sources.

Channels are balanced by construction (every FIFO gets as many puts as
gets over all instances), except for the rare channel that crosses two
launch ops. The program is kept small enough to explore every schedule.
"""
import math

from .model import (Affine, Buffer, Channel, Execute, For, Herd, Launch,
                    Parallel, Program, Segment, Transfer, WaitAll)

HERD_SHAPES = [(1, 1), (1, 1), (1, 2), (2, 1), (2, 2), (2, 2), (2,), (1,)]


class Place:
    """A body transfers can be put in."""

    def __init__(self, kind, op, outer, own, launch):
        self.kind = kind          # host, launch, segment, herd, loop (a loop body
                                  # in a segment body)
        self.op = op              # the hierarchy op (None for the host)
        self.outer = outer        # instances of the enclosing levels
        self.own = own            # instances of this body per outer instance
        self.launch = launch      # the launch (or bare op) it runs in; None: host
        self.items = []
        self.children = []        # hierarchy ops to place in this body

    @property
    def dataflow(self):
        return self.kind not in ("herd", "loop")

    @property
    def shape(self):
        return self.op.shape if self.kind == "herd" else None


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.channels = []
        self.args = []
        self.places = []
        self.n = {"h": 0, "s": 0}
        self.segment_of = {}

    def chance(self, p):
        return self.rng.random() < p

    # the hierarchy --------------------------------------------------------
    def herd(self, outer, launch, parent_kind):
        shape = self.rng.choice(HERD_SHAPES)
        h = Herd("h%d" % self.n["h"], shape, is_async=self.chance(0.5))
        self.n["h"] += 1
        h.allocs = [Buffer("l1", 2)]
        p = Place("herd", h, outer, math.prod(shape), launch)
        self.places.append(p)
        return h, p

    def segment(self, outer, launch):
        own = 2 if self.chance(0.12) else 1
        s = Segment("s%d" % self.n["s"], (own,) if own > 1 else (), is_async=self.chance(0.5))
        self.n["s"] += 1
        s.allocs = [Buffer("l2", 1)] + ([Buffer("l2", 1)] if self.chance(0.5) else [])
        p = Place("segment", s, outer, own, launch)
        self.places.append(p)
        for _ in range(self.rng.choice([1, 1, 2])):
            if self.chance(0.2):
                # upstream's K loop: an scf.for in the segment body around a
                # herd and the transfers that feed it, in program order
                trips = self.rng.choice([1, 2])
                loop = For(trips, inits=[None] if self.chance(0.5) else [])
                lp = Place("loop", loop, outer * own, trips, launch)
                lp.segment = s
                self.places.append(lp)
                h, hp = self.herd(outer * own * trips, launch, "loop")
                lp.children.append(h)
                p.children.append(loop)
                self.segment_of[h] = s
            else:
                h, _ = self.herd(outer * own, launch, "segment")
                p.children.append(h)
                self.segment_of[h] = s
        return s, p

    def build(self):
        rng = self.rng
        self.args = [Buffer("arg", 0) for _ in range(3)]
        host = Place("host", None, 1, 1, None)
        self.places.append(host)
        self.host = host
        form = rng.choices(["launch", "bare-segment", "bare-herd", "segment-only"],
                           [45, 20, 20, 15])[0]
        self.form = form
        if form in ("launch", "segment-only"):
            nl = 2 if (form == "launch" and self.chance(0.1)) else 1
            for _ in range(nl):
                L = rng.choice([1, 1, 2, 2, 3]) if form == "launch" else 1
                la = Launch("L", (L,) if (L > 1 or self.chance(0.3)) else (),
                            is_async=self.chance(0.3))
                lp = Place("launch", la, 1, L, la)
                self.places.append(lp)
                host.children.append(la)
                if form == "launch" and self.chance(0.15):
                    h, _ = self.herd(L, la, "launch")       # a herd directly in the launch
                    lp.children.append(h)
                else:
                    for _ in range(rng.choice([1, 1, 1, 2])):
                        s, _ = self.segment(L, la)
                        lp.children.append(s)
        elif form == "bare-segment":
            for _ in range(2 if self.chance(0.1) else 1):
                s, sp = self.segment(1, None)
                sp.launch = s
                for q in self.places:
                    if q.launch is None and q is not host:
                        q.launch = s
                host.children.append(s)
        else:
            for _ in range(2 if self.chance(0.1) else 1):
                h, hp = self.herd(1, None, "func")
                hp.launch = h
                host.children.append(h)
        if form == "segment-only":
            self.host_ok = False            # the old generator's shape: no host or launch transfers
        else:
            self.host_ok = True

    # channels -------------------------------------------------------------
    def usable(self, p):
        if p.kind == "host":
            return self.host_ok
        if p.kind == "launch":
            return self.form != "segment-only"
        return True

    def same_space(self, a, b):
        """Places whose traffic can meet: the host meets everything; other
        places meet within one launch op."""
        return a.launch is None or b.launch is None or a.launch is b.launch

    def trips(self, ka, kb, base):
        g = math.gcd(ka, kb)
        ta, tb = base * kb // g, base * ka // g
        return (ta, tb) if max(ta, tb) <= 4 else None

    def add_channel(self):
        rng = self.rng
        name = "c%d" % len(self.channels)
        depth = rng.choice([1, 1, 2])
        places = [p for p in self.places if self.usable(p)]
        herds = [p for p in places if p.kind == "herd"]
        kind = rng.choices(["rank0", "indexed", "broadcast", "row", "race"], [30, 25, 15, 8, 22])[0]
        base = rng.choice([1, 1, 1, 2])
        if kind in ("indexed", "broadcast", "row") and not herds:
            kind = "rank0"
        segs2 = [p for p in places if p.kind == "segment" and p.own == 2]
        if segs2 and self.chance(0.35):
            # a channel of shape [2] indexed by the id of a segment of two
            # instances, to a one-tile herd in it or scf.parallel in the launch
            sp = rng.choice(segs2)
            others = [p for p in places if p.kind == "herd" and self.segment_of.get(p.op) is sp.op
                      and math.prod(p.shape) == 1 and p.outer == sp.outer * 2]
            others += [p for p in places if p.kind == "launch" and p.op is sp.launch]
            others += [sp]
            o = rng.choice(others)
            ch = Channel(name, (2,), depth)
            fo = "par" if o.kind == "launch" else "segid"
            sides = [("put", sp, "segid"), ("get", o, fo)]
            if self.chance(0.5):
                sides = [("put", o, fo), ("get", sp, "segid")]
            for k, p, f in sides:
                p.items.append((k, ch, f, base))
            self.channels.append(ch)
            return
        if kind == "rank0":
            for _ in range(10):
                a, b = rng.choice(places), rng.choice(places)
                if a is b and a.kind == "herd":
                    continue
                if not self.same_space(a, b) and not self.chance(0.2):
                    continue
                t = self.trips(a.outer * a.own, b.outer * b.own, base)
                if t and t[0] * a.outer * a.own <= 6:
                    ch = Channel(name, (), depth)
                    a.items.append(("put", ch, "none", t[0]))
                    b.items.append(("get", ch, "none", t[1]))
                    self.channels.append(ch)
                    return
            return
        if kind == "race":
            for _ in range(10):
                a1, a2, b = rng.choice(places), rng.choice(places), rng.choice(places)
                if not (self.same_space(a1, b) and self.same_space(a2, b)):
                    continue
                t1, t2 = rng.choice([1, 1, 2]), rng.choice([1, 1, 2])
                total = t1 * a1.outer * a1.own + t2 * a2.outer * a2.own
                kb = b.outer * b.own
                if total % kb or total // kb > 4 or total > 6:
                    continue
                ch = Channel(name, (), depth)
                a1.items.append(("put", ch, "none", t1))
                a2.items.append(("put", ch, "none", t2))
                b.items.append(("get", ch, "none", total // kb))
                self.channels.append(ch)
                return
            return
        h = rng.choice(herds)
        shape = h.shape
        if kind == "indexed":
            # the other side: another herd of the shape, or scf.parallel
            others = [p for p in herds if p is not h and p.shape == shape and self.same_space(p, h)]
            dfs = [p for p in places if p.dataflow and self.same_space(p, h)]
            if others and self.chance(0.5):
                o = rng.choice(others)
                form = "perm" if (self.chance(0.3) and shape[0] == 2) else "ids"
                ko = o.outer
            else:
                o = rng.choice(dfs)
                form = "par"
                ko = o.outer * o.own
            t = self.trips(h.outer, ko, base)
            if not t:
                return
            ch = Channel(name, shape, depth)
            sides = [("put", h, "ids", t[0]), ("get", o, form, t[1])]
            if self.chance(0.5):
                sides = [("put", o, form, t[1]), ("get", h, "ids", t[0])]
            for k, p, f, tt in sides:
                p.items.append((k, ch, f, tt))
            self.channels.append(ch)
            return
        if kind == "broadcast":
            srcs = [p for p in places if self.same_space(p, h) and p is not h]
            a = rng.choice(srcs)
            t = self.trips(a.outer * a.own, h.outer, base)
            if not t:
                return
            ch = Channel(name, tuple(1 for _ in shape), depth, shape)
            a.items.append(("put", ch, "zero", t[0]))
            h.items.append(("get", ch, "ids", t[1]))
            self.channels.append(ch)
            return
        # a row broadcast: [hx, 1] to a 2-D herd (hx, hy), from scf.parallel
        # over the rows or from a herd (hx, 1)
        if len(shape) != 2 or shape[1] == 1:
            return
        hx = shape[0]
        rows = [p for p in herds if p.shape == (hx, 1) and p is not h and self.same_space(p, h)]
        dfs = [p for p in places if p.dataflow and self.same_space(p, h)]
        if rows and self.chance(0.5):
            a, form, ka = rng.choice(rows), "rowids", None
            ka = a.outer
        else:
            a, form = rng.choice(dfs), "rowpar"
            ka = a.outer * a.own
        t = self.trips(ka, h.outer, base)
        if not t:
            return
        ch = Channel(name, (hx, 1), depth, shape)
        a.items.append(("put", ch, form, t[0]))
        h.items.append(("get", ch, "ids", t[1]))
        self.channels.append(ch)

    # emission ---------------------------------------------------------------
    def buffer(self, place, kind):
        rng = self.rng
        if place.kind in ("host", "launch"):
            if self.discipline == "separate":
                b = Buffer("arg", 0)
                self.args.append(b)
                return b
            return rng.choice(self.args[:3])
        if place.kind in ("segment", "loop"):
            seg = place.op if place.kind == "segment" else place.segment
            if self.discipline == "separate":
                b = Buffer("l2", 1)
                seg.allocs.append(b)
                return b
            return rng.choice(seg.allocs)
        if self.chance(0.1) and self.segment_of.get(place.op):
            return rng.choice(self.segment_of[place.op].allocs)
        return place.op.allocs[0]

    def index(self, place, ch, form, ivs=None):
        ids = place.op.ids if place.kind == "herd" else None
        if form == "none":
            return ()
        if form == "zero":
            return tuple(0 for _ in ch.size)
        if form == "ids":
            return tuple(ids)
        if form == "perm":
            return (Affine(place.shape[0] - 1, ((ids[0], -1),)),) + tuple(ids[1:])
        if form == "par":
            return tuple(ivs)
        if form == "segid":
            seg = place.op if place.kind == "segment" else self.segment_of[place.op]
            return (seg.ids[0],)
        if form == "rowpar":
            return (ivs[0], 0)
        if form == "rowids":
            return (ids[0], 0)
        raise ValueError(form)

    def emit_place(self, place):
        rng = self.rng
        ops, tokens = [], []
        if place.kind == "loop" and place.op.inits:
            tokens.append(place.op.iter_args[0])
        units = [("item", it) for it in place.items] + [("child", c) for c in place.children]
        rng.shuffle(units)
        # merge neighbouring plain items of equal trip count into one loop
        merged = []
        for u in units:
            if (u[0] == "item" and merged and merged[-1][0] == "items" and len(merged[-1][1]) < 2
                    and merged[-1][1][0][3] == u[1][3] and u[1][3] > 1
                    and u[1][2] not in ("par", "rowpar") and merged[-1][1][0][2] not in ("par", "rowpar")
                    and self.chance(0.5)):
                merged[-1][1].append(u[1])
            elif u[0] == "item":
                merged.append(("items", [u[1]]))
            else:
                merged.append(u)

        def deps():
            if not tokens or not self.chance(0.4):
                return []
            return rng.sample(tokens, min(len(tokens), rng.choice([1, 1, 2])))

        for u in merged:
            if rng.random() < 0.08:
                e = Execute(deps())
                ops.append(e)
                tokens.append(e)
            if place.dataflow and tokens and rng.random() < 0.08:
                ops.append(WaitAll(False, rng.sample(tokens, 1)))
            if u[0] == "child":
                c = u[1]
                if isinstance(c, For):
                    if c.inits:
                        d = deps()
                        if len(d) == 1:
                            c.inits = d
                        else:
                            w = WaitAll(True, d)
                            ops.append(w)
                            c.inits = [w]
                        tokens.append(c.results[0])
                elif c.is_async:
                    c.deps = deps()
                    tokens.append(c)
                ops.append(c)
                continue
            items = u[1]
            asy = self.chance(0.45)
            form = items[0][2]
            if form in ("par", "rowpar"):
                ops_, tok = self.emit_par(place, items[0], asy, deps())
                ops += ops_
                if tok is not None:
                    tokens.append(tok)
                continue
            t = items[0][3]
            if t == 1:
                kind, ch, f, _ = items[0]
                x = Transfer(kind, ch, self.index(place, ch, f), self.buffer(place, kind),
                             asy, deps() if asy else ([] if not self.chance(0.05) or not tokens
                                                      else rng.sample(tokens, 1)))
                ops.append(x)
                if asy:
                    tokens.append(x)
                continue
            if not asy:
                loop = For(t)
                for kind, ch, f, _ in items:
                    loop.body.append(Transfer(kind, ch, self.index(place, ch, f),
                                              self.buffer(place, kind)))
                ops.append(loop)
                continue
            d = deps()
            if d and len(d) == 1:
                init = d[0]
            else:
                init = WaitAll(True, d)
                ops.append(init)
            if len(items) == 2 and self.chance(0.3):
                # two token chains, one per transfer (double buffering)
                d2 = deps()
                init2 = d2[0] if len(d2) == 1 else WaitAll(True, d2)
                if not (len(d2) == 1):
                    ops.append(init2)
                loop = For(t, inits=[init, init2])
                xs = []
                for j, (kind, ch, f, _) in enumerate(items):
                    x = Transfer(kind, ch, self.index(place, ch, f), self.buffer(place, kind), True,
                                 [loop.iter_args[j]])
                    loop.body.append(x)
                    xs.append(x)
                loop.yields = xs
                ops.append(loop)
                tokens += loop.results
                continue
            loop = For(t, inits=[init])
            prev = loop.iter_args[0]
            chain = self.chance(0.6)
            last = []
            for kind, ch, f, _ in items:
                x = Transfer(kind, ch, self.index(place, ch, f), self.buffer(place, kind), True,
                             [prev] if chain else [loop.iter_args[0]])
                loop.body.append(x)
                prev = x
                last.append(x)
            if chain or len(last) == 1:
                loop.yields = [prev]
            else:
                w = WaitAll(True, last)
                loop.body.append(w)
                loop.yields = [w]
            ops.append(loop)
            tokens.append(loop.results[0])
        if place.kind == "loop" and place.op.inits:
            w = WaitAll(True, tokens)
            ops.append(w)
            place.op.yields = [w]
        elif tokens and self.chance(0.35):
            ops.append(WaitAll(False, list(tokens)))
        return ops

    def emit_par(self, place, item, asy, d):
        kind, ch, form, t = item
        shape = ch.size if form == "par" else (ch.size[0],)
        out = []
        if not asy:
            par = Parallel(shape)
            idx = self.index(place, ch, form, par.ivs)
            x = Transfer(kind, ch, idx, self.buffer(place, kind))
            if t > 1:
                loop = For(t, [x])
                par.body.append(loop)
            else:
                par.body.append(x)
            out.append(par)
            return out, None
        if len(d) == 1:
            init = d[0]
        else:
            init = WaitAll(True, d)
            out.append(init)
        par = Parallel(shape, init=init)
        idx = self.index(place, ch, form, par.ivs)
        if t > 1:
            loop = For(t, inits=[init])
            x = Transfer(kind, ch, idx, self.buffer(place, kind), True, [loop.iter_args[0]])
            loop.body.append(x)
            loop.yields = [x]
            par.body.append(loop)
            par.reduce = loop.results[0]
        else:
            x = Transfer(kind, ch, idx, self.buffer(place, kind), True, [init])
            par.body.append(x)
            par.reduce = x
        par.is_async = True
        out.append(par)
        return out, par

    def program(self):
        rng = self.rng
        self.build()
        self.discipline = rng.choice(["separate", "shared"])
        for _ in range(rng.choice([1, 2, 2, 3, 3, 4])):
            self.add_channel()
        if not self.channels:
            self.add_channel()
        for p in self.places:
            body = self.emit_place(p)
            if p.op is None:
                host_body = body
            else:
                p.op.body = body
        used = set()
        for p in self.places:
            for it in p.items:
                used.add(it[1].name)
        self.channels = [c for c in self.channels if c.name in used]
        args = [a for a in self.args]
        return Program(self.channels, args, host_body)


def count_transfers(prog):
    """Transfer instances of the program (for keeping programs small)."""
    from .model import Hier

    def count(ops):
        n = 0
        for op in ops:
            if isinstance(op, Transfer):
                n += 1
            elif isinstance(op, For):
                n += op.trips * count(op.body)
            elif isinstance(op, Parallel):
                n += math.prod(op.shape) * count(op.body)
            elif isinstance(op, Hier):
                n += math.prod(op.shape) * count(op.body)
        return n
    return count(prog.body)


def generate(rng, max_transfers=40):
    while True:
        p = Gen(rng).program()
        if p.channels and count_transfers(p) <= max_transfers:
            return p
