#!/usr/bin/env bash
# ctest `package`: builds the Debian package with CPack into a temporary
# folder and checks what it holds and what it depends on.
# Usage: package.sh <build dir>
set -euo pipefail
build=$1
command -v dpkg-deb >/dev/null || { echo "package: no dpkg-deb; skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$build" && cpack -G DEB -B "$tmp" >/dev/null)
deb=$(ls "$tmp"/air-check_*.deb)
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/air-check ./usr/bin/air-opt \
         ./usr/share/air-check/devices/npu1_4col.json \
         ./usr/share/air-check/devices/npu2.json \
         ./usr/share/doc/air-check/lint.md \
         ./usr/lib/python3/dist-packages/air_check/__init__.py \
         ./usr/lib/python3/dist-packages/air_check/_install.py \
         ./usr/lib/python3/dist-packages/air_check/py.typed; do
  grep -q " $f\$" <<<"$contents" || { echo "package: $f missing"; echo "$contents"; exit 1; }
done
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for p in libmlir-22 libllvm22 libz3-4 libgmp10 libstdc++6 libc6; do
  grep -q "\b$p\b" <<<"$depends" || { echo "package: Depends lacks $p"; exit 1; }
done
echo "package: ok ($(basename "$deb"))"
