"""Shrink a Design while a predicate holds (a disagreement persists):
greedily drop host ops, core ops, cores, chains, chain blocks and flows, and
lower loop trips, until no single change keeps the predicate."""
import copy

from .model import For


def _lists(ops):
    """Every op list inside a body (the body itself and loop bodies)."""
    out = [ops]
    for op in ops:
        if isinstance(op, For):
            out += _lists(op.body)
    return out


def _candidates(d):
    """Functions that change a copy of d in one way (by position, so they
    apply to any deep copy)."""
    cands = []
    if d.host is not None:
        for li, l in enumerate(_lists(d.host)):
            for k in range(len(l)):
                cands.append(lambda e, li=li, k=k: _drop(_lists(e.host)[li], k))
    for ci, c in enumerate(d.cores):
        cands.append(lambda e, ci=ci: e.cores.pop(ci))
        for li, l in enumerate(_lists(c.body)):
            for k in range(len(l)):
                cands.append(lambda e, ci=ci, li=li, k=k: _drop(_lists(e.cores[ci].body)[li], k))
    for i, ch in enumerate(d.chains):
        cands.append(lambda e, i=i: e.chains.pop(i))
        if len(ch.blocks) > 1:
            for k in range(len(ch.blocks)):
                cands.append(lambda e, i=i, k=k: _drop_block(e.chains[i], k))
    for i in range(len(d.flows)):
        cands.append(lambda e, i=i: e.flows.pop(i))
    return cands


def _drop(l, k):
    op = l[k]
    if isinstance(op, For) and op.trips > 1 and op.trips < 1000:
        op.trips -= 1
    else:
        del l[k]


def _drop_block(ch, k):
    del ch.blocks[k]
    if ch.loop_to is not None and ch.loop_to >= len(ch.blocks):
        ch.loop_to = 0


def minimise(d, keeps, budget=300):
    """keeps(design) -> bool; returns the smallest design found."""
    tries = 0
    changed = True
    while changed and tries < budget:
        changed = False
        for f in _candidates(d):
            e = copy.deepcopy(d)
            try:
                f(e)
            except (IndexError, ValueError):
                continue
            tries += 1
            try:
                ok = keeps(e)
            except Exception:
                ok = False
            if ok:
                d = e
                changed = True
                break
            if tries >= budget:
                break
    return d
