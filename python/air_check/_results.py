"""What lint found, as Python objects: read from air-check's JSON, or from
its text diagnostics where a command has no JSON (compile)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, List


@dataclass(frozen=True)
class Note:
    """A note of a finding: another op involved, or a hint."""
    message: str
    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{_where(self.file, self.line, self.column)}: note: {self.message}"


@dataclass(frozen=True)
class Finding:
    """One diagnostic: ``rule`` is the check's id (``air-check lint
    --list-checks``), ``severity`` ``"error"`` or ``"warning"``; ``line`` and
    ``column`` are 1-based, 0 when the finding has no position (an
    unreadable file)."""
    rule: str
    severity: str
    message: str
    file: str
    line: int
    column: int
    notes: List[Note] = field(default_factory=list)

    def __str__(self) -> str:
        """As the command's text output prints it (``file:line:col: error:
        message``, without the source line), then one line per note."""
        head = f"{_where(self.file, self.line, self.column)}: {self.severity}: {self.message}"
        return "\n".join([head] + [str(n) for n in self.notes])


@dataclass(frozen=True)
class Proof:
    """A property a check proved (``deadlock freedom, ...``)."""
    rule: str
    message: str
    file: str
    line: int
    column: int


@dataclass(frozen=True)
class Result:
    """The outcome of linting one program.

    ``ok`` is what the command's exit code 0 means: no error finding
    (warnings, such as an ``unknown``, leave it True; look at ``findings``).
    ``status`` is ``"clean"`` or ``"findings"``; ``file`` the program's
    name (``"-"`` for text given to lint, whose locations name
    ``<stdin>``); ``returncode`` the command's exit code.
    """
    ok: bool
    findings: List[Finding]
    proofs: List[Proof]
    file: str
    status: str
    returncode: int

    @property
    def errors(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "warning"]

    def __str__(self) -> str:
        """The findings, then the command's summary line."""
        def plural(n: int, word: str) -> str:
            return f"{n} {word}{'' if n == 1 else 's'}"
        summary = (f"air-check: 1 file, {plural(len(self.errors), 'error')}, "
                   f"{plural(len(self.warnings), 'warning')}")
        return "\n".join([str(f) for f in self.findings] + [summary])


def _where(file: str, line: int, column: int) -> str:
    return f"{file}:{line}:{column}" if line else file


def _location(obj: Dict[str, Any]) -> Dict[str, Any]:
    loc = obj.get("location", {})
    return {"file": str(loc.get("file", "")), "line": int(loc.get("line", 0)),
            "column": int(loc.get("column", 0))}


def finding_from_json(obj: Dict[str, Any]) -> Finding:
    notes = [Note(message=str(n["message"]), **_location(n)) for n in obj.get("notes", [])]
    return Finding(rule=str(obj["rule"]), severity=str(obj["severity"]),
                   message=str(obj["message"]), notes=notes, **_location(obj))


def result_from_json(file_obj: Dict[str, Any], returncode: int) -> Result:
    """One entry of the JSON's ``files``."""
    findings = [finding_from_json(f) for f in file_obj.get("findings", [])]
    proofs = [Proof(rule=str(p["rule"]), message=str(p["message"]), **_location(p))
              for p in file_obj.get("proofs", [])]
    return Result(ok=returncode == 0, findings=findings, proofs=proofs,
                  file=str(file_obj.get("file", "")),
                  status=str(file_obj.get("status", "")), returncode=returncode)


_DIAGNOSTIC = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): "
    r"(?P<severity>error|warning|note|remark): (?P<message>.*)$")
_RULE = re.compile(r"^\[(?P<rule>[a-z0-9-]+)\] (?P<rest>.*)$")


def findings_from_text(text: str, default_rule: str = "") -> List[Finding]:
    """The diagnostics of the command's text output (``file:line:col:
    severity: message`` lines, notes attached to the finding before them;
    source lines and carets skipped). A message that opens with ``[rule] ``
    names its rule (and loses that prefix); the others get
    ``default_rule``."""
    found: List[Finding] = []
    for line in text.splitlines():
        m = _DIAGNOSTIC.match(line)
        if not m:
            continue
        where = {"file": m["file"], "line": int(m["line"]), "column": int(m["column"])}
        if m["severity"] == "note":
            if found:
                found[-1].notes.append(Note(message=m["message"], **where))
            continue
        rule, message = default_rule, m["message"]
        r = _RULE.match(message)
        if r:
            rule, message = r["rule"], r["rest"]
        found.append(Finding(rule=rule, severity=m["severity"], message=message,
                             notes=[], **where))
    return found


def blocks_compilation(f: Finding) -> bool:
    """compile's rule (tools/air-check/Compile.cpp, blocksCompilation): an
    error, or a warning other than the wrapping notice of a bare herd."""
    return f.severity == "error" or (f.severity == "warning" and f.rule != "hierarchy-nesting")

