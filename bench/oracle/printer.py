"""Prints a model (model.py) as AIR text in upstream's printed forms.

Hierarchy bodies are isolated from above: what a body uses from outside
(buffers, index values) is passed through `args(...)`, constants are
defined again inside. Tokens never cross a hierarchy boundary (the
generator keeps them in their body). `print_program` returns the text and
a map from op uid to its line (1-based).
"""
from .model import (Affine, Buffer, Execute, For, Hier, Herd, IterArg, Launch,
                    LoopResult, Parallel, Segment, Transfer, Var, WaitAll)

TOKEN = "!air.async.token"


def free_values(ops):
    """Buffers and Vars the ops use that they do not define, in first-use
    order."""
    out, defined = [], set()

    def use(v):
        if v.uid not in defined and v not in out:
            out.append(v)

    def walk(op):
        if isinstance(op, Transfer):
            for a in op.idx:
                for v in a.vars():
                    use(v)
            use(op.buf)
            return
        if isinstance(op, Hier):
            for b in op.allocs:
                defined.add(b.uid)
            for v in op.ids:
                defined.add(v.uid)
        if isinstance(op, For):
            defined.add(op.iv.uid)
        if isinstance(op, Parallel):
            for v in op.ivs:
                defined.add(v.uid)
        for body in op.bodies():
            for o in body:
                walk(o)

    for op in ops:
        walk(op)
    return out


class _Scope:
    """Names of one isolated region."""

    def __init__(self, printer):
        self.p = printer
        self.names = {}
        self.consts = {}

    def const(self, n):
        if n not in self.consts:
            self.consts[n] = "%%c%d_%d" % (n, self.p.fresh())
        return self.consts[n]


class Printer:
    def __init__(self):
        self.n = 0
        self.tok = {}

    def fresh(self):
        self.n += 1
        return self.n

    def name(self, hint):
        return "%%%s%d" % (hint, self.fresh())

    def token(self, t):
        if isinstance(t, IterArg):
            return self.tok[("it", t.loop.uid, t.k)]
        if isinstance(t, LoopResult):
            base = self.tok[("res", t.loop.uid)]
            return base if len(t.loop.results) == 1 else "%s#%d" % (base, t.k)
        return self.tok[t.uid]

    def deps(self, op, deps=None):
        deps = op.deps if deps is None else deps
        return " [%s]" % ", ".join(self.token(d) for d in deps) if deps else ""

    def index(self, scope, a, lines, ind):
        a = Affine.of(a)
        if a.is_const():
            return scope.const(a.const)
        if a.is_var():
            return scope.names[a.terms[0][0].uid]
        vs = a.vars()
        dims = ", ".join("d%d" % i for i in range(len(vs)))
        expr = " + ".join(("d%d" % i if c == 1 else "d%d * %d" % (i, c))
                          for i, (_, c) in enumerate(a.terms))
        if a.const:
            expr += " + %d" % a.const
        nm = self.name("v")
        lines.append((ind + "%s = affine.apply affine_map<(%s) -> (%s)>(%s)" % (
            nm, dims, expr, ", ".join(scope.names[v.uid] for v in vs)), None))
        return nm

    def lhs(self, op, hint="t"):
        if not op.is_async:
            return ""
        nm = self.name(hint)
        self.tok[op.uid] = nm
        return nm + " = "

    def body(self, scope, ops, ind, lines):
        for op in ops:
            self.op(scope, op, ind, lines)

    def op(self, scope, op, ind, lines):
        if isinstance(op, Transfer):
            idx = [self.index(scope, a, lines, ind) for a in op.idx]
            deps = self.deps(op)
            lines.append((ind + "%sair.channel.%s%s%s @%s[%s] (%s[] [] []) : (%s)" % (
                self.lhs(op), op.kind, " async" if op.is_async else "", deps, op.chan.name,
                ", ".join(idx), scope.names[op.buf.uid], op.buf.type()), op.uid))
        elif isinstance(op, WaitAll):
            lines.append((ind + "%sair.wait_all%s%s" % (
                self.lhs(op), " async" if op.is_async else "", self.deps(op)), op.uid))
        elif isinstance(op, Execute):
            nm = self.name("e")
            self.tok[op.uid] = nm
            lines.append((ind + "%s, %s = air.execute%s -> (index) {" % (
                nm, self.name("ev"), self.deps(op)), op.uid))
            c = self.name("k")
            lines.append((ind + "  %s = arith.constant 7 : index" % c, None))
            lines.append((ind + "  air.execute_terminator %s : index" % c, None))
            lines.append((ind + "}", None))
        elif isinstance(op, For):
            iv = self.name("k")
            scope.names[op.iv.uid] = iv
            head = ""
            if op.inits:
                res = self.name("r")
                self.tok[("res", op.uid)] = res
                its = []
                for k, init in enumerate(op.inits):
                    nm = self.name("it")
                    self.tok[("it", op.uid, k)] = nm
                    its.append("%s = %s" % (nm, self.token(init)))
                n = len(op.inits)
                head = "%s%s = " % (res, ":%d" % n if n > 1 else "")
                tail = " iter_args(%s) -> (%s)" % (", ".join(its), ", ".join([TOKEN] * n))
            else:
                tail = ""
            lines.append((ind + "%sscf.for %s = %s to %s step %s%s {" % (
                head, iv, scope.const(0), scope.const(op.trips), scope.const(1), tail), op.uid))
            self.body(scope, op.body, ind + "  ", lines)
            if op.inits:
                lines.append((ind + "  scf.yield %s : %s" % (
                    ", ".join(self.token(y) for y in op.yields), ", ".join([TOKEN] * len(op.yields))),
                    None))
            lines.append((ind + "}", None))
        elif isinstance(op, Parallel):
            ivs = []
            for v in op.ivs:
                nm = self.name("i")
                scope.names[v.uid] = nm
                ivs.append(nm)
            head, tail = "", ""
            if op.reduce is not None:
                head = self.lhs(op, "p")
                init = op.init if op.init is not None else None
                tail = " init (%s) -> %s" % (self.token(init), TOKEN)
            lines.append((ind + "%sscf.parallel (%s) = (%s) to (%s) step (%s)%s {" % (
                head, ", ".join(ivs), ", ".join(scope.const(0) for _ in ivs),
                ", ".join(scope.const(n) for n in op.shape),
                ", ".join(scope.const(1) for _ in ivs), tail), op.uid))
            self.body(scope, op.body, ind + "  ", lines)
            if op.reduce is not None:
                a, b, m = self.name("a"), self.name("b"), self.name("m")
                lines += [(ind + "  scf.reduce(%s : %s) {" % (self.token(op.reduce), TOKEN), None),
                          (ind + "  ^bb0(%s: %s, %s: %s):" % (a, TOKEN, b, TOKEN), None),
                          (ind + "    %s = air.wait_all async [%s, %s]" % (m, a, b), None),
                          (ind + "    scf.reduce.return %s : %s" % (m, TOKEN), None),
                          (ind + "  }", None)]
            else:
                lines.append((ind + "  scf.reduce", None))
            lines.append((ind + "}", None))
        elif isinstance(op, Hier):
            self.hier(scope, op, ind, lines)
        else:
            raise TypeError(op)

    def hier(self, scope, op, ind, lines):
        inner = _Scope(self)
        own = {v.uid for v in op.allocs + op.ids}
        args = [v for v in free_values(op.body) if v.uid not in own]
        binds, types = [], []
        for v in args:
            nm = self.name("h" if isinstance(v, Buffer) else "w")
            inner.names[v.uid] = nm
            binds.append("%s=%s" % (nm, scope.names[v.uid]))
            types.append(v.type() if isinstance(v, Buffer) else "index")
        argtxt = " args(%s) : %s" % (", ".join(binds), ", ".join(types)) if args else ""
        ids, sizes = [], []
        for v, n in zip(op.ids, op.shape):
            nm = self.name(v.hint)
            inner.names[v.uid] = nm
            ids.append(nm)
            sizes.append("%s=%s" % (self.name("n"), scope.const(n)))
        space = "(%s) in (%s)" % (", ".join(ids), ", ".join(sizes))
        lhs = self.lhs(op, op.kind[0])
        asy = " async" if op.is_async else ""
        deps = self.deps(op)
        if isinstance(op, Launch):
            head = "%sair.launch%s%s %s%s {" % (lhs, asy, deps, space, argtxt)
        elif isinstance(op, Segment):
            sp = " unroll%s" % space if op.shape else ""
            head = "%sair.segment @%s%s%s%s%s {" % (lhs, op.name, asy, deps, sp, argtxt)
        else:
            head = "%sair.herd @%s%s%s tile %s%s {" % (lhs, op.name, asy, deps, space, argtxt)
        lines.append((ind + head, op.uid))
        body = []
        for b in op.allocs:
            nm = self.name("l%d_" % b.space)
            inner.names[b.uid] = nm
            body.append((ind + "  %s = memref.alloc() : %s" % (nm, b.type()), None))
        self.body(inner, op.body, ind + "  ", body)
        lines += [(ind + "  %s = arith.constant %d : index" % (nm, n), None)
                  for n, nm in sorted(inner.consts.items())]
        lines += body
        lines.append((ind + "}", None))


def print_program(prog):
    """(text, {op uid: line})."""
    p = Printer()
    scope = _Scope(p)
    head = []
    for c in prog.channels:
        attrs = []
        if c.depth != 1:
            attrs.append("depth = %d" % c.depth)
        if c.bshape:
            attrs.append("broadcast_shape = [%s]" % ", ".join(map(str, c.bshape)))
        head.append(("air.channel @%s [%s]%s" % (
            c.name, ", ".join(map(str, c.size)), " {%s}" % ", ".join(attrs) if attrs else ""), None))
    params = []
    for b in prog.args:
        nm = "%%arg%d" % len(params)
        scope.names[b.uid] = nm
        params.append("%s: %s" % (nm, b.type()))
    body = []
    p.body(scope, prog.body, "  ", body)
    lines = head + [("func.func @%s(%s) {" % (prog.name, ", ".join(params)), None)]
    lines += [("  %s = arith.constant %d : index" % (nm, n), None)
              for n, nm in sorted(scope.consts.items())]
    lines += body + [("  return", None), ("}", None)]
    where = {}
    for i, (_, uid) in enumerate(lines):
        if uid is not None:
            where[uid] = i + 1
    return "\n".join(t for t, _ in lines) + "\n", where
