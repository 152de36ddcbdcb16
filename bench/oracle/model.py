"""The program model of the oracle: AIR programs as Python objects.

A Program holds channels and one function. Bodies are lists of ops. Values
are Python objects, not names: an index variable is a `Var`, a memref is a
`Buffer`, a token is the op (or `IterArg`, `LoopResult`) that produces it.
The printer (printer.py) names them and threads what a hierarchy body uses
from outside through `args(...)`; the semantics (semantics.py) reads them.
"""
import itertools

_uids = itertools.count()


class Var:
    """An index value: a hierarchy id, an scf.for or scf.parallel iv."""

    def __init__(self, hint):
        self.hint = hint
        self.uid = next(_uids)

    def __repr__(self):
        return "%" + self.hint


class Affine:
    """const + sum(coef * var): a channel index."""

    def __init__(self, const=0, terms=()):
        self.const = const
        self.terms = tuple((v, c) for v, c in terms if c != 0)

    @staticmethod
    def of(x):
        if isinstance(x, Affine):
            return x
        if isinstance(x, Var):
            return Affine(0, ((x, 1),))
        return Affine(int(x))

    def eval(self, env):
        return self.const + sum(c * env[v] for v, c in self.terms)

    def vars(self):
        return [v for v, _ in self.terms]

    def is_const(self):
        return not self.terms

    def is_var(self):
        return self.const == 0 and len(self.terms) == 1 and self.terms[0][1] == 1

    def __repr__(self):
        parts = ["%s*%r" % (c, v) for v, c in self.terms]
        if self.const or not parts:
            parts.append(str(self.const))
        return "+".join(parts)


class Buffer:
    """A memref<64xi32, space>: a function argument (space 0) or an alloc."""

    def __init__(self, hint, space):
        self.hint = hint
        self.space = space
        self.uid = next(_uids)

    def type(self):
        return "memref<64xi32>" if self.space == 0 else "memref<64xi32, %d>" % self.space

    def __repr__(self):
        return "%" + self.hint


class Channel:
    def __init__(self, name, size=(), depth=1, bshape=None):
        self.name = name
        self.size = tuple(size)
        self.depth = depth
        self.bshape = tuple(bshape) if bshape else None

    def dest_shape(self):
        return self.bshape or self.size


class Op:
    """Base of every op. `is_async`: the op has a token result; `deps`: its
    dependency list (token values)."""

    def __init__(self, is_async=False, deps=()):
        self.uid = next(_uids)
        self.is_async = is_async
        self.deps = list(deps)

    def bodies(self):
        return []

    def walk(self):
        yield self
        for b in self.bodies():
            for op in b:
                yield from op.walk()


class Transfer(Op):
    def __init__(self, kind, chan, idx, buf, is_async=False, deps=()):
        super().__init__(is_async, deps)
        assert kind in ("put", "get")
        self.kind = kind
        self.chan = chan
        self.idx = tuple(Affine.of(i) for i in idx)
        self.buf = buf


class WaitAll(Op):
    pass


class Execute(Op):
    """An air.execute computing an index constant: a token source."""

    def __init__(self, deps=()):
        super().__init__(True, deps)


class IterArg:
    def __init__(self, loop, k):
        self.loop, self.k = loop, k


class LoopResult:
    def __init__(self, loop, k):
        self.loop, self.k = loop, k


class For(Op):
    """scf.for %iv = 0 to trips step 1, with token iter_args (inits, and
    the body's yields, one per init)."""

    def __init__(self, trips, body=None, inits=()):
        super().__init__(bool(inits), ())
        self.trips = trips
        self.iv = Var("k")
        self.body = body if body is not None else []
        self.inits = list(inits)
        self.iter_args = [IterArg(self, k) for k in range(len(self.inits))]
        self.yields = list(self.iter_args)
        self.results = [LoopResult(self, k) for k in range(len(self.inits))]

    def bodies(self):
        return [self.body]


class Parallel(Op):
    """scf.parallel over shape; with a token: init (a token from outside the
    loop every iteration may wait for) and reduce (the token of the body
    scf.reduce joins)."""

    def __init__(self, shape, body=None, init=None, reduce=None):
        super().__init__(reduce is not None, ())
        self.shape = tuple(shape)
        self.ivs = [Var("i") for _ in shape]
        self.body = body if body is not None else []
        self.init = init
        self.reduce = reduce

    def bodies(self):
        return [self.body]


class Hier(Op):
    """A hierarchy op: launch, segment or herd, with an iteration space."""
    kind = None

    def __init__(self, name, shape=(), body=None, is_async=False, deps=(), allocs=()):
        super().__init__(is_async, deps)
        self.name = name
        self.shape = tuple(shape)
        self.ids = [Var(self.id_hint + str(d)) for d in range(len(self.shape))]
        self.body = body if body is not None else []
        self.allocs = list(allocs)
        self.implicit = False

    def bodies(self):
        return [self.body]

    def instances(self):
        return list(itertools.product(*[range(n) for n in self.shape]))


class Launch(Hier):
    kind = "launch"
    id_hint = "l"


class Segment(Hier):
    kind = "segment"
    id_hint = "s"


class Herd(Hier):
    kind = "herd"
    id_hint = "x"


class Program:
    def __init__(self, channels, args, body, name="f"):
        self.channels = list(channels)
        self.args = list(args)
        self.body = body
        self.name = name

    def walk(self):
        for op in self.body:
            yield from op.walk()


def token_producer(tok):
    """The op a token value comes from (None for loop-carried values)."""
    if isinstance(tok, Op):
        return tok
    return None
