"""The exceptions air_check raises. Each carries the command's own message."""
from __future__ import annotations

from typing import List, Optional, Sequence, TYPE_CHECKING

if TYPE_CHECKING:
    from ._results import Finding


class Error(Exception):
    """Base of air_check's exceptions.

    ``message`` is what the command printed (or, for a program it could not
    read or parse, its findings as the command's text output prints them);
    ``returncode`` is the command's exit code (None when it did not run);
    ``findings`` are the findings that go with it, if any.
    """

    def __init__(self, message: str, returncode: Optional[int] = None,
                 findings: Sequence["Finding"] = ()) -> None:
        super().__init__(message)
        self.message: str = message
        self.returncode: Optional[int] = returncode
        self.findings: List["Finding"] = list(findings)


class NotInstalled(Error):
    """No air-check binary was found (see air_check.binary())."""


class UsageError(Error):
    """Exit 2 before any program was read: an unknown option value, device,
    target or check."""


class ParseError(Error):
    """Exit 2 on the program: it could not be read, is empty, or does not
    parse. ``findings`` holds the parse error(s)."""


class InternalError(Error):
    """Exit 3: air-check itself failed on the program (a bug in air-check).
    ``findings`` holds the internal-error finding, for lint."""


class Refused(Error):
    """compile refused the program (exit 1): a check failed or was unknown,
    or the lowering does not support a construct. ``findings`` says why;
    ``message`` is the command's output."""
