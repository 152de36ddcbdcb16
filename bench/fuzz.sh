#!/usr/bin/env bash
# Fuzzes `air-check lint` (parse, verify, every check) with libFuzzer under
# ASan and UBSan for N seconds (default 60), seeded from corpus/ and tests/.
#
#   bash bench/fuzz.sh [seconds]            (FUZZ_SEED=n for a fixed seed)
#
# Needs clang-22 and libclang-rt-22-dev (Debian). Builds build-fuzz/ (its own
# folder: every object carries the sanitizers) and keeps what the fuzzer
# found interesting in build-fuzz/fuzz-corpus, so the next run goes on from
# there; a crash is written to build-fuzz/fuzz-artifacts/ and fails the run
# (reproduce it: build-fuzz/bin/air-check-lint-fuzzer <file>).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
export CCACHE_BASEDIR="$PWD"
if [ ! -f build-fuzz/build.ninja ]; then
  CC=clang-22 CXX=clang++-22 cmake -S . -B build-fuzz -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DAIRCHECK_FUZZ=ON >/dev/null
fi
cmake --build build-fuzz -j "${AIRCHECK_JOBS:-2}" --target air-check-lint-fuzzer

seeds=build-fuzz/fuzz-seeds
rm -rf "$seeds" && mkdir -p "$seeds" build-fuzz/fuzz-corpus build-fuzz/fuzz-artifacts
i=0
while IFS= read -r f; do
  cp "$f" "$seeds/$i.mlir"; i=$((i + 1))
done < <(find corpus tests -name '*.mlir' -size -16k | sort)

# MLIR and LLVM come uninstrumented from Debian: their containers are not
# annotated, so container-overflow reports would be false.
export ASAN_OPTIONS=detect_container_overflow=0:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export AIRCHECK_DEVICES="$PWD/analyses/devices"
exec build-fuzz/bin/air-check-lint-fuzzer \
  -max_total_time="$secs" -max_len=16384 -timeout=30 -rss_limit_mb=4096 \
  -dict=fuzz/air.dict -print_final_stats=1 ${FUZZ_SEED:+-seed=$FUZZ_SEED} \
  -artifact_prefix=build-fuzz/fuzz-artifacts/ \
  build-fuzz/fuzz-corpus "$seeds"
