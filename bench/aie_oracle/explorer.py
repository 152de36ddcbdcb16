"""Exhaustive explorer of an aie Design: every interleaving, no reduction.

The semantics are those docs/aie.md states in prose ("The deadlock
analysis (aie-deadlock)"), written again from that prose alone:

* agents: the cores, the BD chains, the DMA channels run by a task queue
  (every channel a shim_dma_allocation names, when the device has a
  runtime sequence) and the host (the runtime sequence);
* a core runs its use_locks in order (constant scf.for loops unrolled; an
  outermost loop of FOREVER trips repeats for ever) and finishes at its end;
  AcquireGreaterEqual v waits for value >= v and takes v, Release v adds v;
* a BD chain runs each block's use_locks and its BD in order; a chain whose
  last next_bd leads back repeats for ever, one that ends runs repeat+1
  times;
* a flow between two BD chains moves words when the MM2S chain and every
  S2MM chain it feeds are at a BD: as many as each of those BDs has left;
  a BD completes when it has all its words (equal sizes: together);
* a task queue's channel runs its tasks in push order; a move takes as
  many words as the head task has left and every chain at the other end
  can take into (give from) its current BD; the BD completes when full, the
  task finishes when it has moved all its words;
* the host pushes (a push onto a queue holding `depth` unfinished tasks is
  dropped: an overflow; with polling it waits for room), `dma_wait` waits
  until every task pushed so far on the channel has finished,
  `dma_await_task` until that task has;
* a stream end nothing in the device drives (a channel without a flow, a
  shim channel when there is no runtime sequence) is always ready;
* later dispatches (`repeated`): when every core (at least one) runs a
  forever loop, the host, once it has finished with every queue empty and
  no chain at a queue's flow in the middle of a BD, may run its sequence
  again from its start, with the locks, cores and chains as they are.

Verdicts, over the whole reachable state graph (first that applies):
  "overflow"  a reachable state where the host pushes onto a full queue;
  "deadlock"  a reachable state from which a core that has not finished,
              or the host that has not finished, can never step again
              (a core in a forever loop may instead be anywhere in the
              loop once the host has finished: it waits for the next
              dispatch);
  "unclean"   a reachable state where the host has finished and a queue
              holds a task it can never finish, or a chain at a queue's
              flow is in the middle of a BD while that queue is empty;
  "ok"        none of these;
  "too-big"   more than max_states states;
  "lockmax"   a lock value would pass the maximum (63).
`Result.kinds` holds every failure kind found (not only the first).
"""
import collections

from .model import FOREVER, Await, CGet, CPut, For, Push, UseLock, Wait

LOCK_MAX = 63


class Result:
    def __init__(self, verdict, kinds, states, detail=""):
        self.verdict = verdict
        self.kinds = kinds
        self.states = states
        self.detail = detail

    def __repr__(self):
        return "Result(%s, %s, %d states%s)" % (self.verdict, sorted(self.kinds), self.states,
                                                ", " + self.detail if self.detail else "")


def _flatten(ops, lock_index, out):
    for op in ops:
        if isinstance(op, UseLock):
            out.append((op.kind, lock_index[id(op.lock)], op.value))
        elif isinstance(op, (CPut, CGet)):
            # a cascade: a counter of the values on it, after the locks
            out.append(("cput" if isinstance(op, CPut) else "cget",
                        lock_index[id(op.cascade)], 1))
        elif op.trips == FOREVER:
            raise ValueError("a forever loop only as a core's last op")
        else:
            for _ in range(op.trips):
                _flatten(op.body, lock_index, out)
    return out


def _core_program(core, lock_index):
    """(ops, loop_start): loop_start is None for a core that ends."""
    body = core.body
    if body and isinstance(body[-1], For) and body[-1].trips == FOREVER:
        pre = _flatten(body[:-1], lock_index, [])
        loop = _flatten(body[-1].body, lock_index, [])
        if not loop:
            return pre, None
        return pre + loop, len(pre)
    return _flatten(body, lock_index, []), None


class Model:
    def __init__(self, d, depth=4, polling=False, repeated=False, room=4):
        self.d = d
        self.depth = depth
        self.polling = polling
        self.room = room          # the values a cascade holds
        li = {id(l): i for i, l in enumerate(d.locks)}
        for k, c in enumerate(d.cascades):
            li[id(c)] = len(d.locks) + k
        self.init_locks = tuple(l.init for l in d.locks) + tuple(0 for _ in d.cascades)
        self.cores = [_core_program(c, li) for c in d.cores]
        # chains: steps list, loop_start, repeat
        self.chains = []
        for ch in d.chains:
            steps, starts = [], []
            for b in ch.blocks:
                starts.append(len(steps))
                steps += [(u.kind, li[id(u.lock)], u.value) for u in b.pre]
                steps.append(("bd", b.words))
                steps += [(u.kind, li[id(u.lock)], u.value) for u in b.post]
            loop = starts[ch.loop_to] if ch.loop_to is not None else None
            self.chains.append((steps, loop, ch.repeat))
        chain_at = {ch.port: i for i, ch in enumerate(d.chains)}
        has_host = d.host is not None
        queue_at = {a.port: i for i, a in enumerate(d.allocs)} if has_host else {}
        self.queue_names = [a.name for a in d.allocs] if has_host else []
        # what each chain's BD meets: ("free",), ("hs", group) or ("queue", q)
        self.bd_kind = [("free",)] * len(d.chains)
        self.groups = []          # handshake groups: (src chain, [dst chains])
        self.queue_peers = [[] for _ in self.queue_names]   # chains at the other end
        for i, ch in enumerate(d.chains):
            if ch.dir != "MM2S":
                continue
            dsts = [(f.dst, "S2MM", f.dch) for f in d.flows if f.src == ch.tile and f.sch == ch.ch]
            dchains = [chain_at[p] for p in dsts if p in chain_at]
            dqueues = [queue_at[p] for p in dsts if p in queue_at]
            if dchains and dqueues:
                raise ValueError("a source feeding both a chain and a queue is not modelled")
            if dchains:
                g = len(self.groups)
                self.groups.append((i, dchains))
                for j in [i] + dchains:
                    self.bd_kind[j] = ("hs", g)
            elif dqueues:
                if len(dqueues) > 1:
                    raise ValueError("a chain feeding two queues is not modelled")
                self.bd_kind[i] = ("queue", dqueues[0])
                self.queue_peers[dqueues[0]].append(i)
        for i, ch in enumerate(d.chains):
            if ch.dir != "S2MM":
                continue
            srcs = [(f.src, "MM2S", f.sch) for f in d.flows if f.dst == ch.tile and f.dch == ch.ch]
            qs = [queue_at[p] for p in srcs if p in queue_at]
            if qs:
                self.bd_kind[i] = ("queue", qs[0])
                self.queue_peers[qs[0]].append(i)
        self.queue_dir = [a.dir for a in d.allocs] if has_host else []
        # the host's program, flattened
        self.host = None
        if has_host:
            qi = {id(a): i for i, a in enumerate(d.allocs)}
            prog = []
            pushed = [0] * len(d.allocs)
            ordinal = {}              # a task push -> its place on its queue, last instance
            self.pushed_before = []   # per pc: tasks pushed on each queue before it

            def walk(ops):
                for op in ops:
                    if isinstance(op, Push):
                        q = qi[id(op.alloc)]
                        self.pushed_before.append(tuple(pushed))
                        prog.append(("push", q, op.words))
                        pushed[q] += 1
                        ordinal[id(op)] = pushed[q]
                        if op.await_it:
                            self.pushed_before.append(tuple(pushed))
                            prog.append(("await", q, pushed[q]))
                    elif isinstance(op, Wait):
                        self.pushed_before.append(tuple(pushed))
                        prog.append(("wait", qi[id(op.alloc)]))
                    elif isinstance(op, Await):
                        self.pushed_before.append(tuple(pushed))
                        prog.append(("await", qi[id(op.push.alloc)], ordinal[id(op.push)]))
                    else:
                        for _ in range(op.trips):
                            walk(op.body)
            walk(d.host)
            self.pushed_before.append(tuple(pushed))
            self.host = prog
        self.repeated = (repeated and bool(self.host) and bool(self.cores) and
                         all(loop is not None for _, loop in self.cores))

    # state: (host_pc, locks, core pcs, chains ((pc, iter, fill), ...), queues)
    def initial(self):
        chains = tuple(self._norm(i, 0, 0) + (0,) for i in range(len(self.chains)))
        return (0, self.init_locks, tuple(0 for _ in self.cores), chains,
                tuple(() for _ in self.queue_names))

    def _norm(self, i, pc, it):
        steps, loop, rep = self.chains[i]
        if pc == len(steps):
            if loop is not None:
                return (loop, 0)
            if it < rep:
                return (0, it + 1)
            return (-1, it)     # done
        return (pc, it)

    def _core_next(self, c, pc):
        ops, loop = self.cores[c]
        pc += 1
        if pc == len(ops) and loop is not None:
            pc = loop
        return pc

    def core_done(self, s, c):
        return s[2][c] >= len(self.cores[c][0])

    def host_done(self, s):
        return self.host is None or s[0] >= len(self.host)

    def _lockop(self, locks, op):
        kind, l, v = op
        if kind == "cput":
            if locks[l] >= self.room:
                return None
            return locks[:l] + (locks[l] + 1,) + locks[l + 1:]
        if kind == "cget":
            if locks[l] < 1:
                return None
            return locks[:l] + (locks[l] - 1,) + locks[l + 1:]
        if kind == "acq":
            if locks[l] < v:
                return None
            return locks[:l] + (locks[l] - v,) + locks[l + 1:]
        nv = locks[l] + v
        if nv > LOCK_MAX:
            return "max"
        return locks[:l] + (nv,) + locks[l + 1:]

    def overflow(self, s):
        if self.polling or self.host_done(s):
            return False
        op = self.host[s[0]]
        return op[0] == "push" and len(s[4][op[1]]) >= self.depth

    def steps(self, s):
        """[(agent, state)]; agent: ("core", c), ("host",), ("chain", i),
        ("hs", g), ("queue", q). Raises LockMax."""
        hpc, locks, cpcs, chains, queues = s
        out = []
        # cores
        for c, pc in enumerate(cpcs):
            ops, _ = self.cores[c]
            if pc >= len(ops):
                continue
            nl = self._lockop(locks, ops[pc])
            if nl == "max":
                raise LockMax("core %d" % c)
            if nl is not None:
                out.append((("core", c), (hpc, nl, cpcs[:c] + (self._core_next(c, pc),) + cpcs[c + 1:],
                                           chains, queues)))
        # chains' lock steps and free BDs
        for i, (pc, it, fill) in enumerate(chains):
            if pc < 0:
                continue
            op = self.chains[i][0][pc]
            if op[0] == "bd":
                # a BD of no words has all of them at once (docs/aie.md: it
                # "completes when it has all its words"), unless a handshake
                if self.bd_kind[i][0] == "free" or (op[1] == 0 and self.bd_kind[i][0] == "queue"):
                    out.append((("chain", i), (hpc, locks, cpcs, self._set(chains, i, self._norm(i, pc + 1, it) + (0,)),
                                               queues)))
                continue
            nl = self._lockop(locks, op)
            if nl == "max":
                raise LockMax("chain %d" % i)
            if nl is not None:
                out.append((("chain", i), (hpc, nl, cpcs, self._set(chains, i, self._norm(i, pc + 1, it) + (0,)),
                                           queues)))
        # handshakes
        for g, (src, dsts) in enumerate(self.groups):
            members = [src] + dsts
            if all(chains[j][0] >= 0 and self.chains[j][0][chains[j][0]][0] == "bd" for j in members):
                # as many words as every member's BD has left; a BD whose
                # words are all there completes (sizes may differ)
                k = min(self.chains[j][0][chains[j][0]][1] - chains[j][2] for j in members)
                nc = chains
                for j in members:
                    pc, it, fill = chains[j]
                    if fill + k >= self.chains[j][0][pc][1]:
                        nc = self._set(nc, j, self._norm(j, pc + 1, it) + (0,))
                    else:
                        nc = self._set(nc, j, (pc, it, fill + k))
                out.append((("hs", g), (hpc, locks, cpcs, nc, queues)))
        # queue moves
        for q, tasks in enumerate(queues):
            if not tasks:
                continue
            rem = tasks[0]
            peers = self.queue_peers[q]
            if rem == 0:
                # a task of no words has moved all of them: it finishes
                out.append((("queue", q), (hpc, locks, cpcs, chains,
                                           queues[:q] + (tasks[1:],) + queues[q + 1:])))
                continue
            if not peers:
                k = rem     # nothing at the other end drives it: always ready
            else:
                k = rem
                ok = True
                for j in peers:
                    pc, it, fill = chains[j]
                    if pc < 0 or self.chains[j][0][pc][0] != "bd":
                        ok = False
                        break
                    k = min(k, self.chains[j][0][pc][1] - fill)
                if not ok or k <= 0:
                    continue
            nc = chains
            for j in peers:
                pc, it, fill = chains[j]
                words = self.chains[j][0][pc][1]
                if fill + k == words:
                    nc = self._set(nc, j, self._norm(j, pc + 1, it) + (0,))
                else:
                    nc = self._set(nc, j, (pc, it, fill + k))
            nt = tasks[1:] if rem == k else (rem - k,) + tasks[1:]
            out.append((("queue", q), (hpc, locks, cpcs, nc, queues[:q] + (nt,) + queues[q + 1:])))
        # host
        if not self.host_done(s):
            op = self.host[hpc]
            if op[0] == "push":
                q = op[1]
                if len(queues[q]) < self.depth:
                    out.append((("host",), (hpc + 1, locks, cpcs, chains,
                                            queues[:q] + (queues[q] + (op[2],),) + queues[q + 1:])))
            elif op[0] == "wait":
                if not queues[op[1]]:
                    out.append((("host",), (hpc + 1, locks, cpcs, chains, queues)))
            else:
                q, k = op[1], op[2]
                finished = self.pushed_before[hpc][q] - len(queues[q])
                if finished >= k:
                    out.append((("host",), (hpc + 1, locks, cpcs, chains, queues)))
        elif self.repeated and not any(queues) and not any(
                chains[j][2] > 0 for q in range(len(queues)) for j in self.queue_peers[q]):
            # the next dispatch, from where this one left the array
            out.append((("host",), (0, locks, cpcs, chains, queues)))
        return out

    @staticmethod
    def _set(t, i, v):
        return t[:i] + (v,) + t[i + 1:]


class LockMax(Exception):
    pass


def _closure(targets, preds):
    seen = set(targets)
    work = list(targets)
    while work:
        n = work.pop()
        for p in preds[n]:
            if p not in seen:
                seen.add(p)
                work.append(p)
    return seen


def explore(d, depth=4, polling=False, max_states=200000, repeated=False):
    """The design's verdict; with cascades, each room from 1 to 4 values
    is explored, and the first that is not ok is the verdict."""
    if not d.cascades:
        return _explore(d, depth, polling, max_states, repeated, 4)
    last = None
    for room in range(1, 5):
        r = _explore(d, depth, polling, max_states, repeated, room)
        if r.verdict != "ok":
            r.detail = "room %d: %s" % (room, r.detail)
            return r
        last = r
    return last


def _explore(d, depth, polling, max_states, repeated, room):
    m = Model(d, depth, polling, repeated, room)
    init = m.initial()
    index = {init: 0}
    states = [init]
    succ = []
    overflow = []
    head = 0
    try:
        while head < len(states):
            s = states[head]
            head += 1
            if m.overflow(s):
                overflow.append(head - 1)
                succ.append([])
                continue
            out = []
            for agent, t in m.steps(s):
                n = index.get(t)
                if n is None:
                    if len(states) >= max_states:
                        return Result("too-big", set(), len(states))
                    n = len(states)
                    index[t] = n
                    states.append(t)
                out.append((agent, n))
            succ.append(out)
    except LockMax as e:
        return Result("lockmax", set(), len(states), str(e))
    kinds = set()
    details = []
    if overflow:
        kinds.add("overflow")
        details.append("overflow at host pc %d" % states[overflow[0]][0])
    preds = [[] for _ in states]
    for n, out in enumerate(succ):
        for _, t in out:
            preds[t].append(n)
    ovf = set(overflow)
    # a core or the host that can never step again
    agents = [("core", c) for c in range(len(m.cores))]
    if m.host is not None:
        agents.append(("host",))
    for ag in agents:
        targets = set(ovf)
        for n, s in enumerate(states):
            if ag[0] == "core":
                if m.core_done(s, ag[1]):
                    targets.add(n)
                # a forever-loop core anywhere in its loop when the host
                # has finished waits for the next dispatch: a normal end
                loop = m.cores[ag[1]][1]
                if (loop is not None and m.host is not None and
                        m.host_done(s) and s[2][ag[1]] >= loop):
                    targets.add(n)
            elif m.host_done(s):
                targets.add(n)
            if n not in targets and any(a == ag for a, _ in succ[n]):
                targets.add(n)
        live = _closure(targets, preds)
        if len(live) < len(states):
            kinds.add("deadlock")
            bad = min(set(range(len(states))) - live)
            details.append("%s stuck in state %r" % (ag, states[bad]))
    # the dispatch ends clean
    if m.host is not None:
        done = [n for n, s in enumerate(states) if m.host_done(s)]
        for q in range(len(m.queue_names)):
            empty = [n for n in done if not states[n][4][q]]
            live = _closure(empty, preds)
            for n in done:
                if n not in live:
                    kinds.add("unclean")
                    details.append("queue %s keeps words in %r" % (m.queue_names[q], states[n]))
                    break
            for n in done:
                s = states[n]
                if s[4][q]:
                    continue
                if any(s[3][j][2] > 0 for j in m.queue_peers[q]):
                    kinds.add("unclean")
                    details.append("a BD of queue %s's flow half done in %r" % (m.queue_names[q], s))
                    break
    for v in ("overflow", "deadlock", "unclean"):
        if v in kinds:
            return Result(v, kinds, len(states), "; ".join(details))
    return Result("ok", kinds, len(states))
