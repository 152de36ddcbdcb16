#!/usr/bin/env python3
"""Turns the rules table of docs/lint.md into RuleDocs.inc, so that SARIF's
fullDescription and help texts are the documentation itself.

Each row `| `id`[, `id2`] | text |` becomes `{"id", R"d(text)d"},`."""
import re
import sys

src, out = sys.argv[1], sys.argv[2]
rows = []
in_rules = False
for line in open(src, encoding="utf-8"):
    if line.startswith("## "):
        in_rules = line.strip() == "## Rules"
        continue
    if not in_rules or not line.startswith("| `"):
        continue
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) < 2:
        continue
    text = "|".join(cells[1:]).strip()
    for rule_id in re.findall(r"`([a-z0-9-]+)`", cells[0]):
        rows.append((rule_id, text))
if not rows:
    sys.exit(f"{src}: no rules table under '## Rules'")
with open(out, "w", encoding="utf-8") as f:
    f.write("// Generated from docs/lint.md by gen-rule-docs.py; do not edit.\n")
    for rule_id, text in rows:
        assert ")airdoc\"" not in text
        f.write(f'{{"{rule_id}", R"airdoc({text})airdoc"}},\n')
