"""Finding and running the air-check binary."""
from __future__ import annotations

import os
import shutil
import subprocess
from typing import List, Optional, Tuple, Union

from ._errors import NotInstalled

#: A path, MLIR text, or an object whose str() is MLIR text (an
#: ``air.ir.Module`` prints its IR).
Program = Union[str, "os.PathLike[str]", object]


def binary() -> str:
    """The air-check binary the package runs, the first of:

    1. ``$AIR_CHECK``, if set (it must name an executable file);
    2. ``air-check`` in the ``bin`` folder of the prefix this package is
       installed in (``<prefix>/bin/air-check`` for
       ``<prefix>/lib/python3/dist-packages/air_check``);
    3. ``air-check`` on ``PATH``.

    Raises NotInstalled when none is found.
    """
    env = os.environ.get("AIR_CHECK")
    if env:
        if os.path.isfile(env) and os.access(env, os.X_OK):
            return env
        raise NotInstalled(f"AIR_CHECK names '{env}', which is not an executable file")
    try:
        from ._install import BINDIR_FROM_PACKAGE
        here = os.path.dirname(os.path.realpath(__file__))
        exe = os.path.normpath(os.path.join(here, BINDIR_FROM_PACKAGE, "air-check"))
        if os.path.isfile(exe) and os.access(exe, os.X_OK):
            return exe
    except ImportError:  # the source tree's package, not installed
        pass
    found = shutil.which("air-check")
    if found:
        return found
    raise NotInstalled("no air-check binary: not next to the package "
                       "(<prefix>/bin), not on PATH, and AIR_CHECK is not set")


def source(program: Program) -> Tuple[str, Optional[str]]:
    """The command-line argument for `program` and the text to give on
    standard input: a path is passed as is; MLIR text goes through stdin
    ("-"). A ``str`` is a path when it is one line without ``{`` (every
    MLIR module has a region); any other ``str`` is MLIR text, and any
    other object is converted with ``str()``."""
    if isinstance(program, os.PathLike):
        return os.fspath(program), None
    if isinstance(program, bytes):
        raise TypeError("program: give a path, MLIR text (str), or an object "
                        "whose str() is MLIR text, not bytes")
    if isinstance(program, str):
        if "\n" not in program and "{" not in program:
            return program, None
        return "-", program
    return "-", str(program)


def run(args: List[str], stdin: Optional[str]) -> "subprocess.CompletedProcess[str]":
    """Runs air-check with `args`; stdout and stderr are captured as text."""
    return subprocess.run([binary()] + args, input=stdin, capture_output=True,
                          text=True, encoding="utf-8", errors="replace",
                          check=False)
