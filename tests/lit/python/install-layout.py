# The installed package: importable from <prefix>/lib/python3/dist-packages
# (docs/python.md), pure Python, typed, and it runs the prefix's own binary.
# RUN: %python %s %air_prefix | FileCheck %s
import os
import sys

import air_check

prefix = os.path.realpath(sys.argv[1])
package = os.path.dirname(os.path.realpath(air_check.__file__))
print("package:", os.path.relpath(package, prefix))
# CHECK: package: lib/python3/dist-packages/air_check
print("binary:", os.path.relpath(os.path.realpath(air_check.binary()), prefix))
# CHECK: binary: bin/air-check
files = sorted(f for f in os.listdir(package) if f != "__pycache__")
print("files:", " ".join(files))
# CHECK: files: __init__.py _command.py _errors.py _install.py _results.py py.typed
compiled = [f for f in files if f.endswith((".so", ".pyd", ".dll"))]
print("compiled extensions:", len(compiled))
# CHECK: compiled extensions: 0
print("public:", " ".join(sorted(air_check.__all__)))
# CHECK: public: Error Finding InternalError NotInstalled Note ParseError Program Proof Refused Result UsageError binary compile lint report
