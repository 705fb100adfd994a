#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the .deb with CPack (into a scratch directory), unpacks it into a temporary root without installing it,
# and runs the packaged binaries from there: `solar --version`, `solar hw list` (profiles found in the package's
# share/solar-studio), `solar-studio --version` offscreen. Checks the control fields and the desktop files.
# Usage: tst_package.sh BUILD_DIR
set -euo pipefail
build="$1"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$scratch/out" >/dev/null) || fail "cpack failed"
deb=$(ls "$scratch"/out/*.deb | head -1)
[[ -f "$deb" ]] || fail "no .deb produced"
dpkg-deb -x "$deb" "$scratch/root"
root="$scratch/root/usr"

version=$("$root/bin/solar" --version)
[[ "$version" == solar\ * ]] || fail "solar --version printed '$version'"
"$root/bin/solar" hw list > "$scratch/hw.txt" || fail "solar hw list failed"
grep -q "h100-pcie" "$scratch/hw.txt" || fail "hw list has no h100-pcie: $(cat "$scratch/hw.txt")"
grep -q "$root/share/solar-studio/hwprofiles" "$scratch/hw.txt" || \
    "$root/bin/solar" hw show h100-pcie | grep -q "$root/share/solar-studio/hwprofiles" || \
    fail "the profiles were not read from the package"
[[ -f "$root/share/solar-studio/python/solar_worker.py" && -f "$root/share/solar-studio/python/solarworker/protocol.py" ]] || fail "tracer missing"
[[ -f "$root/share/solar-studio/examples/transformer_block.py" ]] || fail "examples missing"

if [[ -x "$root/bin/solar-studio" ]]; then
    gui=$(QT_QPA_PLATFORM=offscreen "$root/bin/solar-studio" --version 2>/dev/null)
    [[ "$gui" == *"$version"* || "$gui" == *"${version#solar }"* ]] || fail "solar-studio --version printed '$gui'"
    [[ -f "$root/share/applications/solar-studio.desktop" ]] || fail ".desktop missing"
    [[ -f "$root/share/icons/hicolor/scalable/apps/solar-studio.svg" ]] || fail "icon missing"
    [[ -f "$root/share/metainfo/io.github.solar_studio.SolarStudio.metainfo.xml" ]] || fail "metainfo missing"
    if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$root/share/applications/solar-studio.desktop" || fail "desktop file invalid"; fi
    if command -v appstreamcli >/dev/null; then appstreamcli validate --no-net "$root/share/metainfo/io.github.solar_studio.SolarStudio.metainfo.xml" >/dev/null || fail "metainfo invalid"; fi
fi

depends=$(dpkg-deb -f "$deb" Depends)
recommends=$(dpkg-deb -f "$deb" Recommends)
[[ "$depends" == *libqt6core6* ]] || fail "Depends lacks libqt6core6: $depends"
[[ "$recommends" == *python3-torch* ]] || fail "Recommends lacks python3-torch: $recommends"
echo "PASS: $(basename "$deb"): $version; Depends: $depends; Recommends: $recommends"
