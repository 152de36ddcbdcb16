#!/usr/bin/env bash
# Fuzzes air-check with libFuzzer under ASan and UBSan for N seconds
# (default 60) per target:
#
#   bash bench/fuzz.sh [seconds] [air|aie|all]     (FUZZ_SEED=n for a fixed seed)
#
#   air: AIR programs through `air-check lint` and, when lint admits them,
#        `air-check compile` for npu1_4col and for mi300x (both back ends,
#        each lowered program checked again); seeded from corpus/ and tests/.
#   aie: aie designs through lint's aie-level checks and the report's tile
#        model; seeded from the aie designs of corpus/ and tests/ and from
#        what compile writes for the corpus programs.
#
# Needs clang-22 and libclang-rt-22-dev (Debian). Builds build-fuzz/ (its own
# folder: every object carries the sanitizers) and keeps what the fuzzer
# found interesting in build-fuzz/fuzz-corpus[-aie], so the next run goes on
# from there; a crash is written to build-fuzz/fuzz-artifacts/ and fails the
# run (reproduce it: build-fuzz/bin/air-check-<target>-fuzzer <file>).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
which=${2:-all}
export CCACHE_BASEDIR="$PWD"
if [ ! -f build-fuzz/build.ninja ]; then
  CC=clang-22 CXX=clang++-22 cmake -S . -B build-fuzz -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DAIRCHECK_FUZZ=ON >/dev/null
fi
targets=()
case $which in
  air) targets=(air-check-lint-fuzzer) ;;
  aie) targets=(air-check-aie-fuzzer) ;;
  all) targets=(air-check-lint-fuzzer air-check-aie-fuzzer) ;;
  *) echo "fuzz.sh: unknown target '$which' (air, aie or all)" >&2; exit 2 ;;
esac
cmake --build build-fuzz -j "${AIRCHECK_JOBS:-2}" --target "${targets[@]}"
mkdir -p build-fuzz/fuzz-artifacts

# MLIR and LLVM come uninstrumented from Debian: their containers are not
# annotated, so container-overflow reports would be false. Nor do their
# BumpPtrAllocators unpoison what they hand out, while the same allocator's
# inline code compiled into our objects poisons its slabs (LLVM's
# Allocator.h under ASan): an attribute the uninstrumented parser allocates
# there and then copies reads as use-after-poison (a fuzz-aie run found one
# in `aie.mem`'s region: valgrind finds no invalid read there, and ASan
# with user poisoning off none).
export ASAN_OPTIONS=detect_container_overflow=0:allow_user_poisoning=0:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export AIRCHECK_DEVICES="$PWD/analyses/devices"

run() { # fuzzer corpus-dir seed-dir [extra options]
  local fuzzer=$1 corpus=$2 seeds=$3
  shift 3
  mkdir -p "$corpus"
  build-fuzz/bin/$fuzzer \
    -max_total_time="$secs" -max_len=16384 -timeout=30 -rss_limit_mb=4096 \
    -print_final_stats=1 ${FUZZ_SEED:+-seed=$FUZZ_SEED} \
    -artifact_prefix=build-fuzz/fuzz-artifacts/ "$@" "$corpus" "$seeds"
}

if [ "$which" != aie ]; then
  seeds=build-fuzz/fuzz-seeds
  rm -rf "$seeds" && mkdir -p "$seeds"
  # A seed whose compile takes the release build more than 2 s (seed 003's
  # GEMM at its sizes: 3 s) may pass the fuzzer's 30 s per input under the
  # sanitizers (at 15 s it did): such seeds stay out (the lit suite
  # compiles them).
  release=build/bin/air-check
  i=0
  while IFS= read -r f; do
    if [ -x "$release" ]; then
      rc=0
      timeout 2 "$release" compile --target=npu1_4col "$f" -o /dev/null         >/dev/null 2>&1 || rc=$?
      if [ "$rc" = 124 ]; then
        echo "fuzz.sh: not a seed (compile takes over 2 s): $f"
        continue
      fi
    fi
    cp "$f" "$seeds/$i.mlir"; i=$((i + 1))
  done < <(find corpus tests -name '*.mlir' -size -16k | sort)
  run air-check-lint-fuzzer build-fuzz/fuzz-corpus "$seeds" -dict=fuzz/air.dict
fi

if [ "$which" != air ]; then
  seeds=build-fuzz/fuzz-seeds-aie
  rm -rf "$seeds" && mkdir -p "$seeds"
  i=0
  while IFS= read -r f; do
    cp "$f" "$seeds/$i.mlir"; i=$((i + 1))
  done < <(grep -l 'aie.device' $(find corpus tests -name '*.mlir' -size -64k) | sort)
  # What compile writes for the corpus programs (the release build's
  # air-check when there is one: it is faster).
  checker=build/bin/air-check
  [ -x "$checker" ] || { cmake --build build-fuzz -j "${AIRCHECK_JOBS:-2}" --target air-check; checker=build-fuzz/bin/air-check; }
  for f in corpus/positive/*.mlir; do
    "$checker" compile --target=npu1_4col "$f" -o "$seeds/compiled-$(basename "$f")" \
      >/dev/null 2>&1 || rm -f "$seeds/compiled-$(basename "$f")"
  done
  run air-check-aie-fuzzer build-fuzz/fuzz-corpus-aie "$seeds"
fi
