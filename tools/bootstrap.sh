#!/usr/bin/env bash
# Installs what air-check needs on Debian 12 (bookworm; dpkg-dev for the
# Debian-package test, clang-22 and libclang-rt-22-dev for the fuzz test,
# lld-22 for `air-check compile --emit=bin` on a GPU target, whose
# gpu-module-to-binary links the HSACO with ld.lld),
# then configures and builds it in ./build. Safe to run again: apt and
# ninja skip what is done.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake ninja-build g++ ccache pkg-config python3 dpkg-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libisl-dev libgmp-dev libz3-dev libgtest-dev
  clang-22 libclang-rt-22-dev lld-22
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "bootstrap: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# ccache hashes paths relative to the checkout, so a fresh clone elsewhere
# reuses the cache.
export CCACHE_BASEDIR="$PWD"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
# Two jobs: the machine has two cores, and MLIR translation units are big.
cmake --build build -j "${AIRCHECK_JOBS:-2}"
