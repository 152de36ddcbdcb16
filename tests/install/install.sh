#!/usr/bin/env bash
# ctest `install`: installs the build into a temporary prefix and runs the
# installed air-check from another directory, without the source or build
# tree's help: it must find its device models next to itself.
# Usage: install.sh <build dir> <source dir> <lit>
set -euo pipefail
build=$1 src=$2 lit=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
for f in bin/air-check bin/air-opt share/air-check/devices/npu1_4col.json \
         share/doc/air-check/README.md share/doc/air-check/lint.md \
         share/doc/air-check/python.md \
         lib/python3/dist-packages/air_check/__init__.py \
         lib/python3/dist-packages/air_check/py.typed; do
  test -e "$tmp/prefix/$f" || { echo "install: missing $f"; exit 1; }
done
cp "$src/corpus/positive/vector_add_async.mlir" "$tmp/prog.mlir"
mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
unset AIRCHECK_DEVICES
exe="$tmp/prefix/bin/air-check"

"$exe" --version > version.txt
cat version.txt
grep -Eq '^air-check [0-9]+\.[0-9]+\.[0-9]+$' version.txt
grep -q '^  LLVM/MLIR 22\.' version.txt
grep -Eq '^  isl isl-[0-9.]+-GMP \(static\)$' version.txt
grep -Eq '^  z3 [0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' version.txt
# The device models it uses are the installed ones.
grep -qx "  device models: $tmp/prefix/share/air-check/devices" version.txt

"$exe" lint --device=npu1_4col ../prog.mlir 2> lint.txt
cat lint.txt
grep -qx 'air-check: 1 file, 0 errors, 0 warnings' lint.txt
"$exe" report --device=npu1_4col ../prog.mlir > report.txt
grep -q '^verdict: fits' report.txt
"$exe" report --list-devices | grep -q '^npu1_4col'

# AIRCHECK_DEVICES still overrides.
mkdir devs
AIRCHECK_DEVICES=$PWD/devs "$exe" lint --device=npu1_4col ../prog.mlir 2> override.txt && {
  echo "install: AIRCHECK_DEVICES did not override"; exit 1; }
grep -q 'npu1_4col' override.txt

# The installed air-opt runs too.
"$tmp/prefix/bin/air-opt" ../prog.mlir > /dev/null

# The Python package, with the prefix on the path docs/python.md names: it
# imports, and runs the prefix's own binary.
PYTHONPATH="$tmp/prefix/lib/python3/dist-packages" python3 -c \
  "import air_check; r = air_check.lint('../prog.mlir', device='npu1_4col'); print(air_check.binary(), r.ok, len(r.findings))" > py.txt
cat py.txt
grep -qx "$tmp/prefix/bin/air-check True 0" py.txt
# And the package's lit tests (tests/lit/python) against this prefix.
"$lit" -q "$build/tests/lit/python" --param air_prefix="$tmp/prefix"
echo "install: ok"
