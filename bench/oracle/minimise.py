"""Shrinks a program while a property (a disagreement) holds: drops ops,
cuts loop trips to 1, shrinks herds, launches and segments to fewer
instances. Greedy, bigger pieces first, until nothing more can go."""
import copy

from .model import For, Hier, IterArg, LoopResult, Op, Parallel, Transfer


def _bodies(prog):
    yield prog.body
    for op in prog.walk():
        for b in op.bodies():
            yield b


def clean(prog):
    """Drops references to tokens that are gone, loop-carried tokens whose
    init is gone, and channels no one uses."""
    while True:
        ops = {op.uid: op for op in prog.walk()}
        changed = False

        def ok(t):
            if isinstance(t, (IterArg, LoopResult)):
                return t.loop.uid in ops and t in (t.loop.iter_args if isinstance(t, IterArg)
                                                   else t.loop.results)
            return isinstance(t, Op) and t.uid in ops and (
                t.is_async if not isinstance(t, (For, Parallel)) else
                (bool(t.inits) if isinstance(t, For) else t.reduce is not None))

        for op in ops.values():
            d = [t for t in op.deps if ok(t)]
            if len(d) != len(op.deps):
                op.deps, changed = d, True
            if isinstance(op, For):
                for k in reversed(range(len(op.inits))):
                    if not ok(op.inits[k]):
                        for lst in (op.inits, op.iter_args, op.yields, op.results):
                            del lst[k]
                        changed = True
                op.yields = [y if ok(y) else op.iter_args[k] for k, y in enumerate(op.yields)]
                op.is_async = bool(op.inits)
            if isinstance(op, Parallel):
                if op.init is not None and not ok(op.init):
                    op.init, changed = None, True
                if op.reduce is not None and (op.init is None or not ok(op.reduce)):
                    op.reduce, op.is_async, changed = None, False, True
        if not changed:
            break
    used = {op.chan.name for op in prog.walk() if isinstance(op, Transfer)}
    prog.channels = [c for c in prog.channels if c.name in used]
    bufs = {op.buf.uid for op in prog.walk() if isinstance(op, Transfer)}
    prog.args = [b for b in prog.args if b.uid in bufs]
    for op in prog.walk():
        if isinstance(op, Hier):
            op.allocs = [b for b in op.allocs if b.uid in bufs] or op.allocs[:1]
    return prog


def _candidates(prog):
    """(description, function that changes a copy) for every shrink step."""
    out = [("channel", c.name, None) for c in prog.channels]
    bodies = list(_bodies(prog))
    for bi, body in enumerate(bodies):
        for oi in range(len(body)):
            out.append(("drop", bi, oi))
    for bi, body in enumerate(bodies):
        for oi, op in enumerate(body):
            if isinstance(op, For) and op.trips > 1:
                out.append(("trips", bi, oi))
            if isinstance(op, (Hier, Parallel)) and any(n > 1 for n in op.shape):
                out.append(("shape", bi, oi))
    return out


def _apply(prog, cand):
    p = copy.deepcopy(prog)
    what, bi, oi = cand
    if what == "channel":
        for body in _bodies(p):
            body[:] = [op for op in body if not (isinstance(op, Transfer) and op.chan.name == bi)]
        return clean(p)
    body = list(_bodies(p))[bi]
    op = body[oi]
    if what == "drop":
        del body[oi]
    elif what == "trips":
        op.trips = 1
    elif what == "shape":
        d = max(range(len(op.shape)), key=lambda i: op.shape[i])
        op.shape = tuple(n - 1 if i == d else n for i, n in enumerate(op.shape))
    return clean(p)


def minimise(prog, holds, budget=400):
    """The smallest program found from prog for which holds(program) is
    true (prog itself if nothing smaller is)."""
    best = prog
    tries = 0
    progress = True
    while progress and tries < budget:
        progress = False
        for cand in _candidates(best):
            tries += 1
            if tries > budget:
                break
            try:
                p = _apply(best, cand)
            except Exception:
                continue
            if holds(p):
                best = p
                progress = True
                break
    return best
