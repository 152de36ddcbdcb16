#!/usr/bin/env bash
# ctest `install`: installs the build into a temporary prefix and runs the
# installed air-check from another directory, without the source or build
# tree's help: it must find its device models next to itself.
# Usage: install.sh <build dir> <source dir>
set -euo pipefail
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
for f in bin/air-check bin/air-opt share/air-check/devices/npu1_4col.json \
         share/doc/air-check/README.md share/doc/air-check/lint.md; do
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
echo "install: ok"
