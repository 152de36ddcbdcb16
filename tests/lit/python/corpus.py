# air_check.lint gives the same findings as the command on the corpus: for
# every program under corpus/ (one `air-check lint --format=json corpus`
# run, the folder walked by the command), the package's Result on the path
# holds the same findings (rule, severity, message, position, notes), the
# same proofs and the same exit code; on the program's text (through
# standard input) the same, with <stdin> for the file.
# RUN: %python %s %air_prefix/bin/air-check %air_src/corpus | FileCheck %s
import json
import os
import subprocess
import sys

import air_check

exe, corpus = sys.argv[1], sys.argv[2]
p = subprocess.run([exe, "lint", "--format=json", corpus], capture_output=True, text=True)
doc = json.loads(p.stdout)
print("command exit:", p.returncode, "files:", doc["summary"]["files"])
# Parse errors in negative/ make the folder's exit 2.
# CHECK: command exit: 2 files: [[N:[0-9]+]]


def key(f, file=None):
    loc = lambda o: (file or o["location"]["file"], o["location"]["line"], o["location"]["column"])
    return (f["rule"], f["severity"], f["message"], loc(f),
            tuple((n["message"],) + loc(n) for n in f["notes"]))


def pkey(f, file=None):
    return (f.rule, f.severity, f.message, (file or f.file, f.line, f.column),
            tuple((n.message, file or n.file, n.line, n.column) for n in f.notes))


def lint(program):
    try:
        return air_check.lint(program)
    except (air_check.ParseError, air_check.InternalError) as e:
        return e


compared = findings = proofs = differences = 0
exits = {0: 0, 1: 0, 2: 0}
for entry in doc["files"]:
    path = entry["file"]
    want = [key(f) for f in entry["findings"]]
    want_proofs = sorted((q["rule"], q["message"], q["location"]["line"]) for q in entry["proofs"])
    want_exit = {"clean": 0, "findings": 1 if any(f["severity"] == "error" for f in entry["findings"]) else 0,
                 "parse-error": 2, "unreadable": 2, "internal-error": 3}[entry["status"]]
    exits[want_exit] = exits.get(want_exit, 0) + 1
    for program, file in ((path, None), (open(path).read(), "<stdin>")):
        got = lint(program)
        got_exit = got.returncode
        got_findings = [pkey(f, file) for f in got.findings]
        got_proofs = sorted((q.rule, q.message, q.line) for q in getattr(got, "proofs", []))
        same = (got_findings == ([key(f, file) for f in entry["findings"]] if file else want)
                and got_exit == want_exit
                and (want_exit == 2 or got_proofs == want_proofs))
        if not same:
            differences += 1
            print("DIFFERENT:", path, "text" if file else "path", got_exit, want_exit)
        compared += 1
    findings += len(want)
    proofs += len(want_proofs)

print("programs:", len(doc["files"]), "compared:", compared, "differences:", differences)
print("exit 0:", exits[0], "exit 1:", exits[1], "exit 2:", exits[2])
print("findings:", findings >= 50, "proofs:", proofs >= 200)
assert len(doc["files"]) > 100 and differences == 0
# CHECK-NOT: DIFFERENT
# CHECK: programs: [[N]] compared: {{[0-9]+}} differences: 0
# CHECK-NEXT: exit 0: {{[1-9][0-9]+}} exit 1: {{[1-9][0-9]+}} exit 2: {{[1-9][0-9]*}}
# CHECK-NEXT: findings: True proofs: True
