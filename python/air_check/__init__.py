"""air_check: air-check's lint, report and compile from Python.

Pure Python: it runs the installed ``air-check`` binary and reads its JSON
(docs/python.md)::

    import air_check
    result = air_check.lint(module, device="npu1_4col")
    if not result.ok:
        raise SystemExit(str(result))
"""
from __future__ import annotations

import json
import os
import tempfile
from typing import Any, Dict, Iterable, List, Optional, Union

from ._command import Program, binary, run, source
from ._errors import (Error, InternalError, NotInstalled, ParseError, Refused,
                      UsageError)
from ._results import (Finding, Note, Proof, Result, blocks_compilation,
                       findings_from_text, result_from_json)

__all__ = [
    "lint", "report", "compile", "binary",
    "Result", "Finding", "Note", "Proof", "Program",
    "Error", "NotInstalled", "UsageError", "ParseError", "InternalError", "Refused",
]


def _exit_2(command: str, stderr: str) -> Error:
    """Exit 2 of report or compile: the command's own usage errors start
    with ``air-check <command>:``; anything else is about the program (it
    could not be read, or does not parse)."""
    message = stderr.strip()
    if message.startswith(f"air-check {command}:") or message.startswith("air-check:"):
        return UsageError(message, 2)
    return ParseError(message, 2, findings_from_text(message, "parse"))


def _lint_json(program: Program, options: List[str]) -> Result:
    """``air-check lint --format=json`` on one program, whatever its exit
    code, except a usage error (no JSON then)."""
    arg, stdin = source(program)
    p = run(["lint", "--format=json"] + options + [arg], stdin)
    if p.returncode == 2 and not p.stdout.strip():
        raise UsageError(p.stderr.strip(), 2)
    try:
        doc: Dict[str, Any] = json.loads(p.stdout)
        file_obj: Dict[str, Any] = doc["files"][0]
    except (ValueError, KeyError, IndexError):
        raise Error(f"air-check lint exited {p.returncode} without its JSON: "
                    f"{p.stderr.strip()}", p.returncode)
    return result_from_json(file_obj, p.returncode)


def lint(program: Program, device: Optional[str] = None,
         checks: Optional[Iterable[str]] = None, *, strict: bool = False,
         disable: Optional[Iterable[str]] = None,
         max_steps: Optional[int] = None) -> Result:
    """Lints one program, as ``air-check lint --format=json`` does.

    ``program`` is a path (``str`` of one line, or ``os.PathLike``), MLIR
    text, or any object whose ``str()`` is MLIR text. ``device`` checks
    resource use against a device model (``--device``); ``checks`` runs only
    those checks (``--checks``; the structural rules always apply),
    ``disable`` leaves some out; ``strict`` and ``max_steps`` are lint's
    ``--strict`` and ``--max-steps``.

    Returns the Result (findings are not an exception: look at ``ok``).
    Raises UsageError (an unknown device or check), ParseError (the program
    cannot be read or parsed; its findings say where) or InternalError
    (air-check crashed on it).
    """
    options: List[str] = []
    if device is not None:
        options.append(f"--device={device}")
    for flag, ids in (("checks", checks), ("disable", disable)):
        if ids is None:
            continue
        names = [ids] if isinstance(ids, str) else list(ids)
        if not names:
            raise ValueError(f"{flag}: give at least one check id")
        options.append(f"--{flag}={','.join(names)}")
    if strict:
        options.append("--strict")
    if max_steps is not None:
        options.append(f"--max-steps={int(max_steps)}")
    result = _lint_json(program, options)
    if result.returncode in (0, 1):
        return result
    message = "\n".join(str(f) for f in result.findings) or result.status
    if result.returncode == 3:
        raise InternalError(message, 3, result.findings)
    raise ParseError(message, result.returncode, result.findings)


def report(program: Program, device: Optional[str] = None) -> Dict[str, Any]:
    """The report's data: ``air-check report --format=json`` parsed.

    ``device`` is required for an AIR program and not read for an
    ``aie.device`` module (docs/report.md). A design over capacity is not an
    exception: its ``verdict`` says so. Raises UsageError (no or an unknown
    device) or ParseError (the program cannot be read or parsed).
    """
    arg, stdin = source(program)
    args = ["report", "--format=json"]
    if device is not None:
        args.append(f"--device={device}")
    p = run(args + [arg], stdin)
    if p.returncode == 2:
        raise _exit_2("report", p.stderr)
    try:
        data: Dict[str, Any] = json.loads(p.stdout)
    except ValueError:
        raise Error(f"air-check report exited {p.returncode} without its JSON: "
                    f"{p.stderr.strip()}", p.returncode)
    return data


def compile(program: Program, target: str, emit: Optional[str] = None, *,
            max_steps: Optional[int] = None) -> Union[str, bytes]:
    """Verified compilation (``air-check compile``; docs/compile.md): the
    lowered program, as text (``bytes`` for ``emit="bin"``).

    Raises Refused when a check failed or was unknown, or the lowering does
    not support a construct: its ``findings`` are lint's blocking findings
    with the target's device model, or, when the lowering refused, the
    command's ``[compile-unsupported]`` / ``[lowering-check]`` diagnostics;
    its ``message`` is the command's output. Raises UsageError (unknown
    target or emit), ParseError, or InternalError (exit 3: a crash, or the
    lowered design failed its check).
    """
    arg, stdin = source(program)
    options = [f"--target={target}"]
    if emit is not None:
        options.append(f"--emit={emit}")
    if max_steps is not None:
        options.append(f"--max-steps={int(max_steps)}")
    with tempfile.TemporaryDirectory(prefix="air_check.") as tmp:
        out = os.path.join(tmp, "out")
        p = run(["compile"] + options + ["-o", out, arg], stdin)
        if p.returncode == 0:
            mode = "rb" if emit == "bin" else "r"
            with open(out, mode) as f:
                lowered: Union[str, bytes] = f.read()
            return lowered
    message = p.stderr.strip()
    if p.returncode == 1:
        raise Refused(message, 1, _refusal_findings(program, target, max_steps, message))
    if p.returncode == 2:
        raise _exit_2("compile", p.stderr)
    raise InternalError(message, p.returncode,
                        findings_from_text(message, "lowering-check"))


def _refusal_findings(program: Program, target: str, max_steps: Optional[int],
                      stderr: str) -> List[Finding]:
    """Why compile refused. Its first step is lint with the target's model,
    so lint's JSON names the rules of those findings; a refusal by the
    lowering is read from the command's diagnostics."""
    options = [f"--device={target}"]
    if max_steps is not None:
        options.append(f"--max-steps={int(max_steps)}")
    try:
        blocking = [f for f in _lint_json(program, options).findings
                    if blocks_compilation(f)]
    except Error:
        blocking = []
    return blocking or findings_from_text(stderr, "compile-unsupported")
