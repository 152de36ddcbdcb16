#!/usr/bin/env python3
"""Checks a SARIF file against what GitHub code scanning requires of an
upload (and what air-check promises on top).

  check_sarif.py doc.sarif [--rules ids.txt]
      the document's shape; with --rules, every id listed (the first word
      of each line of `air-check lint --list-checks`) is described.
  check_sarif.py --same-fingerprints a.sarif b.sarif
      both hold the same results, with the same partialFingerprints.
"""
import json
import sys

LEVELS = {"none", "note", "warning", "error"}
errors = []


def need(cond, what):
    if not cond:
        errors.append(what)
    return cond


def text_of(obj, key):
    v = obj.get(key)
    return isinstance(v, dict) and isinstance(v.get("text"), str) and v["text"] != ""


def check_location(loc, where):
    phys = loc.get("physicalLocation")
    if not need(isinstance(phys, dict), f"{where}: no physicalLocation"):
        return
    art = phys.get("artifactLocation", {})
    need(isinstance(art.get("uri"), str) and art["uri"] != "",
         f"{where}: no artifactLocation.uri")
    region = phys.get("region", {})
    need(isinstance(region.get("startLine"), int) and region["startLine"] >= 1,
         f"{where}: region.startLine missing or < 1")
    if "startColumn" in region:
        need(isinstance(region["startColumn"], int) and region["startColumn"] >= 1,
             f"{where}: region.startColumn < 1")


def check(doc, rule_ids):
    need(doc.get("$schema", "").endswith("sarif-2.1.0.json")
         or "sarif-schema-2.1.0" in doc.get("$schema", ""), "$schema is not SARIF 2.1.0")
    need(doc.get("version") == "2.1.0", "version is not 2.1.0")
    runs = doc.get("runs")
    if not need(isinstance(runs, list) and runs, "no runs"):
        return
    for ri, run in enumerate(runs):
        driver = run.get("tool", {}).get("driver", {})
        need(driver.get("name") == "air-check", f"run {ri}: tool.driver.name")
        rules = driver.get("rules")
        if not need(isinstance(rules, list) and rules, f"run {ri}: no tool.driver.rules"):
            continue
        ids = set()
        for rule in rules:
            rid = rule.get("id", "")
            need(rid != "" and rid not in ids, f"rule {rid!r}: missing or duplicate id")
            ids.add(rid)
            for key in ("shortDescription", "fullDescription", "help"):
                need(text_of(rule, key), f"rule {rid}: no {key}.text")
            need(len(rule.get("shortDescription", {}).get("text", "")) <= 1024,
                 f"rule {rid}: shortDescription longer than 1024")
            level = rule.get("defaultConfiguration", {}).get("level")
            need(level in LEVELS, f"rule {rid}: defaultConfiguration.level {level!r}")
        for rid in rule_ids:
            need(rid in ids, f"rule {rid} (from --list-checks) is not described")
        results = run.get("results")
        if not need(isinstance(results, list), f"run {ri}: no results array"):
            continue
        prints = set()
        for i, res in enumerate(results):
            where = f"result {i}"
            need(res.get("ruleId") in ids, f"{where}: ruleId {res.get('ruleId')!r} not in rules")
            need(text_of(res, "message"), f"{where}: no message.text")
            need(res.get("level") in LEVELS, f"{where}: level")
            locs = res.get("locations")
            if need(isinstance(locs, list) and locs, f"{where}: no locations"):
                for loc in locs:
                    check_location(loc, where)
            fp = res.get("partialFingerprints")
            if need(isinstance(fp, dict) and fp and all(isinstance(v, str) and v for v in fp.values()),
                    f"{where}: no partialFingerprints"):
                key = json.dumps(fp, sort_keys=True)
                need(key not in prints, f"{where}: fingerprint {key} not unique")
                prints.add(key)
            for j, rel in enumerate(res.get("relatedLocations", [])):
                need(text_of(rel, "message"), f"{where}: relatedLocations[{j}] no message")
                if "physicalLocation" in rel:
                    check_location(rel, f"{where}: relatedLocations[{j}]")


def results(path):
    doc = json.load(open(path))
    return [r for run in doc["runs"] for r in run["results"]]


if sys.argv[1] == "--same-fingerprints":
    a, b = results(sys.argv[2]), results(sys.argv[3])
    need(len(a) == len(b) and a, f"{len(a)} results against {len(b)}")
    moved = 0
    for ra, rb in zip(a, b):
        need(ra["ruleId"] == rb["ruleId"], "results in another order")
        need(ra["partialFingerprints"] == rb["partialFingerprints"],
             f"fingerprint changed: {ra['partialFingerprints']} -> {rb['partialFingerprints']}")
        la = ra["locations"][0]["physicalLocation"]["region"]["startLine"]
        lb = rb["locations"][0]["physicalLocation"]["region"]["startLine"]
        moved += la != lb
    need(moved == len(a), "the lines did not move; the test proves nothing")
else:
    rule_ids = []
    if len(sys.argv) > 3 and sys.argv[2] == "--rules":
        rule_ids = [l.split()[0] for l in open(sys.argv[3]) if l.strip()]
    check(json.load(open(sys.argv[1])), rule_ids)

for e in errors:
    print("sarif:", e)
if errors:
    sys.exit(1)
print("sarif: ok")
