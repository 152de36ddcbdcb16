# air_check.report returns the report's data; air_check.compile the lowered
# text, or raises Refused carrying the findings; usage and parse errors
# raise with the command's message.
# RUN: %python %s %air_src | FileCheck %s
import os
import sys

import air_check

src = sys.argv[1]
vector_add = os.path.join(src, "corpus", "positive", "vector_add_async.mlir")
add_one = os.path.join(src, "tests", "lit", "compile", "add-one.mlir")

data = air_check.report(vector_add, "npu1_4col")
print("report:", data["verdict"], data["device"]["name"], os.path.basename(data["file"]))
# CHECK: report: fits npu1_4col vector_add_async.mlir
# An aie.device module needs no device.
aie = air_check.report(os.path.join(src, "corpus", "positive", "aie_ping_pong.mlir"))
print("aie report:", aie["level"], aie["verdict"])
# CHECK: aie report: aie fits
# Over capacity is data, not an exception.
big = air_check.report(os.path.join(src, "tests", "lit", "compile", "Inputs", "too-big.mlir"), "npu1_4col")
print("too big:", big["verdict"])
# CHECK: too big: {{.*}}over


def attempt(what, fn):
    try:
        fn()
        print(what, "did not raise")
    except air_check.Error as e:
        print(what, type(e).__name__, e.returncode, str(e).replace(src + "/", ""))
        return e


attempt("report device", lambda: air_check.report(vector_add, "nosuch"))
# CHECK: report device UsageError 2 air-check report: error: unknown device 'nosuch'
e = attempt("report parse", lambda: air_check.report("module {\n  func.func @f( {\n}", "npu1_4col"))
# CHECK: report parse ParseError 2 <stdin>:2:16: error: expected non-function type
print("report parse findings:", [(f.rule, f.line, f.column) for f in e.findings])
# CHECK: report parse findings: [('parse', 2, 16)]

# compile: the lowered design, from a path or from text.
out = air_check.compile(add_one, "npu1_4col")
print("compiled:", type(out).__name__, "aie.device(npu1)" in out, "aie.core" in out)
# CHECK: compiled: str True True
out = air_check.compile(open(add_one).read(), "npu1_4col", emit="air")
print("emit air:", "air.herd" in out)
# CHECK: emit air: True

# Refused by the checks: lint's findings, with their rules.
e = attempt("refused", lambda: air_check.compile(
    os.path.join(src, "tests", "lit", "compile", "Inputs", "too-big.mlir"), "npu1_4col"))
# CHECK: refused Refused 1 {{.*}}too-big.mlir:5:5: warning:
# CHECK: too-big.mlir:5:5: error: herd @h requires 25 compute tiles, but npu1_4col has 16
# CHECK: air-check compile: {{.*}}too-big.mlir: refused: 1 error from the checks; no output written
print("refused findings:", [(f.rule, f.severity, f.message) for f in e.findings])
# CHECK: refused findings: [('resource-fit', 'error', 'herd @h requires 25 compute tiles, but npu1_4col has 16')]
# Refused by the lowering: its diagnostic, under compile-unsupported.
e = attempt("unsupported", lambda: air_check.compile(
    os.path.join(src, "corpus", "positive", "gemm_broadcast_set.mlir"), "npu1_4col"))
# CHECK: unsupported Refused 1 {{.*}}error: [compile-unsupported] does not fit: this L2 buffer
print("unsupported findings:", [(f.rule, f.line, f.message[:27]) for f in e.findings])
# CHECK: unsupported findings: [('compile-unsupported', {{[0-9]+}}, 'does not fit: this L2 buffe')]

attempt("target", lambda: air_check.compile(add_one, "nosuch"))
# CHECK: target UsageError 2 air-check compile: error: unknown device 'nosuch'
attempt("emit", lambda: air_check.compile(add_one, "npu1_4col", emit="isa"))
# CHECK: emit UsageError 2 air-check compile: error: --emit=isa is not an output of a aie target (one of: aie, air)
attempt("compile parse", lambda: air_check.compile("module {\n  func.func @f( {\n}", "npu1_4col"))
# CHECK: compile parse ParseError 2 <stdin>:2:16: error: expected non-function type
