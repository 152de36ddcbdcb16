#!/usr/bin/env python3
"""Checks docs/ci.md and .pre-commit-hooks.yaml: every yaml block parses
(when PyYAML is there), the workflow uploads SARIF written by lint, and the
hook is the one the docs describe."""
import re
import sys

src = sys.argv[1]
doc = open(f"{src}/docs/ci.md").read()
blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
assert len(blocks) == 3, f"{len(blocks)} yaml blocks"
try:
    import yaml
except ImportError:
    yaml = None
if yaml:
    gh, gl, pc = (yaml.safe_load(b) for b in blocks)
    steps = gh["jobs"]["air-check"]["steps"]
    lint = next(s for s in steps if s.get("id") == "lint")
    assert "air-check lint --format=sarif -o air-check.sarif" in lint["run"]
    upload = next(s for s in steps if "upload-sarif" in s.get("uses", ""))
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["with"]["sarif_file"] == "air-check.sarif"
    assert gh["permissions"]["security-events"] == "write"
    assert gl["air-check"]["artifacts"]["reports"]["codequality"]
    assert pc["repos"][0]["hooks"][0]["id"] == "air-check-lint"
    hooks = yaml.safe_load(open(f"{src}/.pre-commit-hooks.yaml"))
    hook = hooks[0]
    assert hook["id"] == "air-check-lint" and hook["entry"] == "air-check lint"
    assert hook["language"] == "system"
    assert re.search(hook["files"], "a/b.mlir") and not re.search(hook["files"], "b.mlir.bak")
print("ci docs: ok")
