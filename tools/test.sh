#!/usr/bin/env bash
# Builds air-check if needed and runs the whole test suite: lit + FileCheck
# over tests/ and corpus/, and the googletest unit tests, through one ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/bootstrap.sh
ctest --test-dir build --output-on-failure
