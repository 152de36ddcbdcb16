"""Explicit-state exploration of every schedule of an event graph
(semantics.py).

A state records, per FIFO and direction, the order in which transfers were
issued (that order numbers them: put #k meets get #k), which launch
instances were started (serial mode) and, without reduction, which
transfers completed. Everything else (which joins are done, which transfers
may complete) follows from it. Steps: issue a transfer whose predecessors
are done; start a launch instance when no other instance of its launch
runs; (reduction "none") complete an issued transfer whose partner has been
issued. States are memoised. A terminal state (no step) where not every
node is done is a deadlock.

Reductions (`reduction=`), each exact for the terminal states, since no
step ever disables another one (done-ness only grows) except a launch
instance's start, which keeps its siblings waiting:

  * "none": every interleaving of issues, completions and starts;
  * "eager": completions are taken as soon as possible (a completion
    changes no FIFO count, so taking it earlier changes neither what is
    enabled later nor how transfers are numbered);
  * "stubborn" (default): "eager" plus stubborn sets (Valmari): at each
    state only the enabled steps of a stubborn set are explored. Two issues
    depend on each other when they are in the same direction on a common
    FIFO (their order numbers them); two starts when they start instances
    of one launch; nothing else depends. The set is closed under: an
    enabled step brings the steps it depends on; a disabled step brings a
    necessary enabling set (the issue of an unissued predecessor, the
    opposite-direction issues on the FIFO an issued predecessor waits on,
    the start of an instance, the completion of the running instance).
    Such sets preserve every reachable terminal state, so the verdicts
    (some schedule deadlocks, some completes) are those of all
    interleavings.
"""
from .semantics import CHOICE, JOIN

REDUCTIONS = ("none", "eager", "stubborn")


class Result:
    def __init__(self):
        self.states = 0
        self.complete = 0      # terminal states where everything is done
        self.deadlock = 0      # terminal states where something is not
        self.too_big = False
        self.witness = None    # (blocked descriptions, schedule) of a deadlock
        self.unbalanced = False
        self.unsupported = None

    def verdict(self):
        """complete: every schedule completes; deadlock: every schedule
        deadlocks; mixed: some do, some do not."""
        if self.unsupported:
            return "unsupported"
        if self.too_big:
            return "too-big"
        if self.deadlock and self.complete:
            return "mixed"
        if self.deadlock:
            return "deadlock"
        return "complete"


class Explorer:
    def __init__(self, g, limit=200000, reduction="stubborn"):
        assert reduction in REDUCTIONS
        self.g = g
        self.limit = limit
        self.full = reduction == "none"
        self.stubborn = reduction == "stubborn"
        self.n = len(g.kind)
        self.xfers = sorted(g.xfer)
        self.xpos = {x: i for i, x in enumerate(self.xfers)}
        fifo_ids = {}
        for x in self.xfers:
            for f in g.xfer[x].fifos:
                fifo_ids.setdefault(f, len(fifo_ids))
        self.fifo_ids = fifo_ids
        self.fifo_key = {i: k for k, i in fifo_ids.items()}
        self.xf = {x: [fifo_ids[f] for f in g.xfer[x].fifos] for x in self.xfers}
        self.on = {}          # (fifo, kind) -> transfers
        for x in self.xfers:
            for f in self.xf[x]:
                self.on.setdefault((f, g.xfer[x].kind), []).append(x)
        self.choices = sorted(g.group)
        self.cpos = {c: i for i, c in enumerate(self.choices)}

    # a state: (puts, gets, fired, completed); puts[f] and gets[f] are tuples
    # of transfer nodes in issue order
    def initial(self):
        nf = len(self.fifo_ids)
        return (tuple(() for _ in range(nf)), tuple(() for _ in range(nf)), 0, 0)

    def lists(self, state, x):
        return state[0] if self.g.xfer[x].kind == "put" else state[1]

    def issued(self, state, x):
        f = self.xf[x]
        return bool(f) and x in self.lists(state, x)[f[0]]

    def failing_fifo(self, state, x):
        """A FIFO on which issued transfer x cannot complete yet, or None."""
        puts, gets = state[0], state[1]
        t = self.g.xfer[x]
        for f in self.xf[x]:
            if t.kind == "put":
                if len(gets[f]) < puts[f].index(x) - t.depth + 2:
                    return f
            elif len(puts[f]) < gets[f].index(x) + 1:
                return f
        return None

    def can_complete(self, state, x):
        return self.issued(state, x) and self.failing_fifo(state, x) is None

    def done_nodes(self, state):
        g = self.g
        done = [False] * self.n
        done[0] = True
        fired, completed = state[2], state[3]
        for v in range(1, self.n):
            if not all(done[p] for p in g.preds[v]):
                continue
            k = g.kind[v]
            if k == JOIN:
                done[v] = True
            elif k == CHOICE:
                done[v] = bool((fired >> self.cpos[v]) & 1)
            elif self.full:
                done[v] = bool((completed >> self.xpos[v]) & 1)
            else:
                done[v] = self.can_complete(state, v)
        return done

    def fired(self, state, c):
        return bool((state[2] >> self.cpos[c]) & 1)

    def running(self, state, done, c):
        """A started, unfinished instance of c's launch (its done node)."""
        for c2, d2 in self.g.groups[self.g.group[c]]:
            if self.fired(state, c2) and not done[d2]:
                return d2
        return None

    def enabled(self, state, done):
        g = self.g
        out = []
        for x in self.xfers:
            if self.issued(state, x):
                if self.full and not done[x] and self.can_complete(state, x):
                    out.append(("complete", x))
            elif self.xf[x] and all(done[p] for p in g.preds[x]):
                out.append(("issue", x))
        for c in self.choices:
            if (not self.fired(state, c) and all(done[p] for p in g.preds[c])
                    and self.running(state, done, c) is None):
                out.append(("start", c))
        return out

    # stubborn sets ------------------------------------------------------
    def nes_node(self, state, done, v, have, memo):
        """A set of steps one of which must happen before node v is done
        (v is not done), preferring steps already in `have`."""
        if v in memo:
            return memo[v]
        memo[v] = frozenset()        # guards recursion (the graph is a DAG)
        g = self.g
        k = g.kind[v]
        if not all(done[p] for p in g.preds[v]):
            best = None
            for p in g.preds[v]:
                if done[p]:
                    continue
                s = self.nes_node(state, done, p, have, memo)
                if best is None or len(s - have) < len(best - have):
                    best = s
                    if not (s - have):
                        break
            res = best
        elif k == CHOICE:
            res = frozenset([("start", v)])
        elif k == JOIN:
            res = frozenset()
        elif not self.issued(state, v):
            res = frozenset([("issue", v)])
        else:
            f = self.failing_fifo(state, v)
            other = "get" if g.xfer[v].kind == "put" else "put"
            res = frozenset(("issue", y) for y in self.on.get((f, other), [])
                            if not self.issued(state, y))
        memo[v] = res
        return res

    def stubborn_set(self, state, done, seed, enabled):
        g = self.g
        have = {seed}
        work = [seed]
        memo = {}
        while work:
            what, x = work.pop()
            if (what, x) in enabled:
                if what == "issue":
                    kind = g.xfer[x].kind
                    new = [("issue", y) for f in self.xf[x] for y in self.on[(f, kind)]
                           if y != x and not self.issued(state, y)]
                else:
                    new = [("start", c2) for c2, _ in g.groups[g.group[x]]
                           if c2 != x and not self.fired(state, c2)]
            else:
                if what == "issue":
                    new = self.nes_node(state, done, x, frozenset(have), memo) if not all(
                        done[p] for p in g.preds[x]) else []
                    # an issue step with its predecessors done is enabled
                else:
                    if not all(done[p] for p in g.preds[x]):
                        new = self.nes_node(state, done, x, frozenset(have), memo)
                    else:
                        d = self.running(state, done, x)
                        new = self.nes_node(state, done, d, frozenset(have), memo) if d else []
            for s in new:
                if s not in have:
                    have.add(s)
                    work.append(s)
        return [s for s in enabled if s in have]

    def steps(self, state, done):
        en = self.enabled(state, done)
        if not self.stubborn or len(en) <= 1:
            return en
        ens = set(en)
        best = en
        for seed in en:
            s = self.stubborn_set(state, done, seed, ens)
            if len(s) < len(best):
                best = s
                if len(best) == 1:
                    break
        return best

    def apply(self, state, step):
        what, x = step
        puts, gets, fired, completed = state
        if what == "start":
            return (puts, gets, fired | (1 << self.cpos[x]), completed)
        if what == "complete":
            return (puts, gets, fired, completed | (1 << self.xpos[x]))
        if self.g.xfer[x].kind == "put":
            puts = list(puts)
            for f in self.xf[x]:
                puts[f] = puts[f] + (x,)
            puts = tuple(puts)
        else:
            gets = list(gets)
            for f in self.xf[x]:
                gets[f] = gets[f] + (x,)
            gets = tuple(gets)
        return (puts, gets, fired, completed)

    # reports ----------------------------------------------------------------
    def fifo_name(self, f):
        chan, idx, scope = self.fifo_key[f]
        return "@%s%s%s" % (chan, list(idx),
                            " of launch instance %s" % list(scope[1]) if scope else "")

    def blocked(self, state, done):
        g = self.g
        out = []
        for x in self.xfers:
            if done[x] or not self.issued(state, x):
                continue
            t = g.xfer[x]
            lists = self.lists(state, x)
            why = []
            for f in self.xf[x]:
                k = lists[f].index(x)
                if t.kind == "put":
                    why.append("put #%d on %s waits for get #%d" % (k, self.fifo_name(f), k - (t.depth - 1)))
                else:
                    why.append("get #%d on %s waits for put #%d" % (k, self.fifo_name(f), k))
            out.append("%s: %s" % (t.desc, "; ".join(why)))
        waiting = sum(1 for x in self.xfers if not self.issued(state, x))
        if waiting:
            out.append("(%d more transfers never start)" % waiting)
        return out

    def trace(self, parent, s):
        out = []
        while parent[s] is not None:
            s, (what, x) = parent[s]
            if what == "issue":
                out.append("issue " + self.g.xfer[x].desc)
            elif what == "start":
                out.append("start a launch instance (node %d)" % x)
        return list(reversed(out))

    def explore(self):
        res = Result()
        if self.g.unsupported:
            res.unsupported = self.g.unsupported
            return res
        start = self.initial()
        parent = {start: None}
        stack = [start]
        while stack:
            s = stack.pop()
            res.states += 1
            if res.states > self.limit:
                res.too_big = True
                return res
            done = self.done_nodes(s)
            steps = self.steps(s, done)
            if not steps:
                if all(done):
                    res.complete += 1
                    if any(len(p) != len(q) for p, q in zip(s[0], s[1])):
                        res.unbalanced = True
                else:
                    res.deadlock += 1
                    if res.witness is None:
                        res.witness = (self.blocked(s, done), self.trace(parent, s))
                continue
            for st in steps:
                t = self.apply(s, st)
                if t not in parent:
                    parent[t] = (s, st)
                    stack.append(t)
        return res


def explore(g, limit=200000, reduction="stubborn"):
    return Explorer(g, limit, reduction).explore()
