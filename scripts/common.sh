# SPDX-License-Identifier: MIT
# Shared by scripts/run, scripts/test and scripts/package: install what is missing, then configure and build.
# Idempotent: with everything installed and nothing changed it costs a dpkg query and a no-op ninja run.

SOLAR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOLAR_BUILD_DIR="${SOLAR_BUILD_DIR:-$SOLAR_ROOT/build}"

# Debian 12 / Ubuntu 24.04 package names (see docs/building.md for what each is for).
SOLAR_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libqscintilla2-qt6-dev libgraphviz-dev libcurl4-openssl-dev nlohmann-json3-dev libgl1-mesa-dev
  libbenchmark-dev
  python3-torch python3-numpy
  poppler-utils dpkg-dev appstream   # the report test reads PDFs back; the package test builds and validates a .deb
  fonts-wqy-microhei                 # a CJK font, so the Simplified Chinese interface and reports have glyphs
)

solar_missing_packages() {
  local missing=() pkg status
  for pkg in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
  done
  echo "${missing[@]}"
}

solar_ensure_packages() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "scripts: this is not a Debian-based system; install the equivalents of: ${SOLAR_PACKAGES[*]}" >&2
    return 0
  fi
  local missing
  missing=$(solar_missing_packages "${SOLAR_PACKAGES[@]}" "$@")
  [[ -z "$missing" ]] && return 0
  if [[ $(id -u) -ne 0 ]]; then
    echo "Missing system packages. Install them with:" >&2
    echo "  sudo apt-get install -y $missing" >&2
    exit 1
  fi
  echo "==> Installing: $missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing
}

solar_build() {
  if [[ ! -f "$SOLAR_BUILD_DIR/CMakeCache.txt" ]]; then
    echo "==> Configuring (Release, Ninja) in $SOLAR_BUILD_DIR"
    cmake -S "$SOLAR_ROOT" -B "$SOLAR_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
  fi
  echo "==> Building"
  cmake --build "$SOLAR_BUILD_DIR" --parallel "$(nproc)"
}
