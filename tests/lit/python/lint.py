# air_check.lint on a path, on MLIR text and on an object whose str() is
# MLIR text; the Result's fields; device and checks; the exceptions.
# RUN: %python %s %air_src/tests/lit/lint/Inputs | FileCheck %s
import os
import pathlib
import sys

import air_check

inputs = sys.argv[1]
pairing = os.path.join(inputs, "pairing-error.mlir")

# A path (str): the findings with rule, severity, position and notes.
r = air_check.lint(pairing)
print("ok:", r.ok, "status:", r.status, "returncode:", r.returncode, "file:", os.path.basename(r.file))
# CHECK: ok: False status: findings returncode: 1 file: pairing-error.mlir
f = r.findings[0]
print(f.rule, f.severity, os.path.basename(f.file), f.line, f.column, f.message)
# CHECK-NEXT: channel-pairing error pairing-error.mlir 1 1 channel @c has 1 put but no get: the puts block forever once it is full
for n in f.notes:
    print("note", n.line, n.column, n.message)
# CHECK-NEXT: note 8 9 put here
# CHECK-NEXT: note 1 1 hint: add the matching air.channel.get
print(len(r.errors), len(r.warnings))
# CHECK-NEXT: 1 0

# str(result): the diagnostics as the command prints them, and its summary.
print(str(r).replace(inputs + "/", ""))
# CHECK-NEXT: pairing-error.mlir:1:1: error: channel @c has 1 put but no get: the puts block forever once it is full
# CHECK-NEXT: pairing-error.mlir:8:9: note: put here
# CHECK-NEXT: pairing-error.mlir:1:1: note: hint:
# CHECK-NEXT: air-check: 1 file, 1 error, 0 warnings

# A clean program: ok, no findings, and what was proven.
r = air_check.lint(pathlib.Path(inputs) / "clean.mlir")
print("clean:", r.ok, r.status, len(r.findings), sorted({p.rule for p in r.proofs}))
# CHECK: clean: True clean 0 [{{.*}}'deadlock-freedom'{{.*}}]
print([p.message for p in r.proofs if p.rule == "deadlock-freedom"][0])
# CHECK-NEXT: deadlock freedom, for every schedule

# MLIR text goes through standard input: locations name <stdin>.
text = open(pairing).read()
r = air_check.lint(text)
print("text:", r.ok, r.findings[0].rule, r.findings[0].file, r.findings[0].notes[0].file)
# CHECK: text: False channel-pairing <stdin> <stdin>

# Any object whose str() is MLIR text (as an air.ir.Module prints its IR).
class Module:
    def __str__(self) -> str:
        return text
r = air_check.lint(Module())
print("object:", [(g.rule, g.line, g.column) for g in r.findings])
# CHECK: object: [('channel-pairing', 1, 1)]

# A warning alone leaves ok True; strict makes it an error.
warn = os.path.join(inputs, "nesting-warning.mlir")
r = air_check.lint(warn)
print("warning:", r.ok, [(g.rule, g.severity) for g in r.findings])
# CHECK: warning: True [('hierarchy-nesting', 'warning')]
r = air_check.lint(warn, strict=True)
print("strict:", r.ok, [(g.rule, g.severity) for g in r.findings])
# CHECK: strict: False [('hierarchy-nesting', 'error')]

# checks: only those run (here not channel-pairing); disable leaves one out.
r = air_check.lint(pairing, checks=["hierarchy-nesting", "memory-levels"])
print("checks:", r.ok, len(r.findings))
# CHECK: checks: True 0
r = air_check.lint(pairing, checks="channel-pairing")
print("one check:", [g.rule for g in r.findings])
# CHECK: one check: ['channel-pairing']
r = air_check.lint(pairing, disable=["channel-pairing"])
print("disable:", sorted({g.rule for g in r.findings}))
# CHECK: disable: ['deadlock-freedom']

# device: resource use against a device model.
too_big = os.path.join(os.path.dirname(os.path.dirname(inputs)), "compile", "Inputs", "too-big.mlir")
r = air_check.lint(too_big, device="npu1_4col")
print("device:", [(g.rule, g.message) for g in r.findings if g.severity == "error"])
# CHECK: device: [('resource-fit', 'herd @h requires 25 compute tiles, but npu1_4col has 16')]

# Usage errors and parse errors raise, with the command's own message.
def attempt(what, fn):
    try:
        fn()
        print(what, "did not raise")
    except air_check.Error as e:
        print(what, type(e).__name__, e.returncode, str(e).replace(inputs + "/", ""))
        return e

attempt("device", lambda: air_check.lint(pairing, device="nosuch"))
# CHECK: device UsageError 2 air-check lint: error: unknown device 'nosuch' (known: {{.*}}npu1_4col
attempt("check", lambda: air_check.lint(pairing, checks=["nosuch"]))
# CHECK: check UsageError 2 air-check lint: error: --checks: no check is called 'nosuch' (see --list-checks)
e = attempt("parse", lambda: air_check.lint(os.path.join(inputs, "syntax-error.mlir")))
# CHECK: parse ParseError 2 syntax-error.mlir:2:16: error: expected non-function type
print("parse findings:", [(g.rule, g.line, g.column) for g in e.findings])
# CHECK: parse findings: [('parse', 2, 16)]
attempt("text", lambda: air_check.lint("module {\n  func.func @f( {\n}"))
# CHECK: text ParseError 2 <stdin>:2:16: error: expected non-function type
attempt("missing", lambda: air_check.lint(os.path.join(inputs, "no-such-file.mlir")))
# CHECK: missing ParseError 2 no-such-file.mlir: error: cannot read '{{.*}}no-such-file.mlir': No such file or directory
attempt("empty", lambda: air_check.lint("\n"))
# CHECK: empty ParseError 2 -: error: input is empty; expected an MLIR module
try:
    air_check.lint(pairing, checks=[])
except ValueError as e:
    print("ValueError:", e)
# CHECK: ValueError: checks: give at least one check id
