# SPDX-License-Identifier: MIT
# Shared by scripts/run, scripts/test and scripts/package: install what is missing, then configure and build.
# Idempotent: with everything installed and nothing changed it costs a dpkg query and a no-op ninja run.

SOLAR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOLAR_BUILD_DIR="${SOLAR_BUILD_DIR:-$SOLAR_ROOT/build}"

# Debian 12 / Ubuntu 24.04 package names, installed with --no-install-recommends so that nothing arrives by luck
# (docs/building.md says what each is for; scripts/check-fresh proves the list in an empty Debian root).
SOLAR_PACKAGES=(
  build-essential cmake ninja-build pkg-config ca-certificates
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-qpa-plugins                    # the offscreen and xcb platform plugins the GUI and the widget tests load
  libqscintilla2-qt6-dev libgraphviz-dev libcurl4-openssl-dev nlohmann-json3-dev libgl1-mesa-dev
  libbenchmark-dev
  python3 python3-torch python3-numpy
  python3-venv                       # the torch 2.x test environment (scripts/test: build/venv-torch2)
  poppler-utils                      # the report tests read PDFs back (pdftotext, pdfinfo)
  dpkg-dev file appstream desktop-file-utils  # the package test builds (CPack: dpkg-shlibdeps, file) and validates a .deb
  fonts-dejavu-core fontconfig       # a Latin font for the GUI, the PDF reports and the figures
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

# Set when this run installed packages, so that the next configure sees them (find_program/find_package results
# are cached by CMake).
SOLAR_PACKAGES_CHANGED=0

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
    echo "  sudo apt-get install -y --no-install-recommends $missing" >&2
    exit 1
  fi
  echo "==> Installing: $missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing
  SOLAR_PACKAGES_CHANGED=1
}

# What a configure depends on besides the sources: the generator, the options, the package set and what dpkg
# has installed of it. A change to any of them configures afresh (no manual rm -rf build).
solar_configure_key() {
  {
    echo "generator=Ninja build-type=Release args=$* launcher=${CMAKE_CXX_COMPILER_LAUNCHER:-}"
    echo "packages=${SOLAR_PACKAGES[*]}"
    if command -v dpkg-query >/dev/null 2>&1; then
      dpkg-query -W -f='${Package} ${Version}\n' "${SOLAR_PACKAGES[@]}" 2>/dev/null | sort
    fi
    cmake --version | head -1
  } | sha256sum | cut -d' ' -f1
}

# Configures when the build folder has no generated build file, when the last configure failed or never
# finished, or when the configure key changed; then builds. A second run after any failure gets as far as the
# first, because the stamp is written only after a configure that succeeded.
solar_build() {
  local stamp="$SOLAR_BUILD_DIR/.solar-configure-stamp" key
  key=$(solar_configure_key "$@")
  if [[ ! -f "$SOLAR_BUILD_DIR/build.ninja" || ! -f "$stamp" || "$(cat "$stamp" 2>/dev/null)" != "$key" \
        || "$SOLAR_PACKAGES_CHANGED" == 1 ]]; then
    echo "==> Configuring (Release, Ninja) in $SOLAR_BUILD_DIR"
    rm -f "$stamp"
    mkdir -p "$SOLAR_BUILD_DIR"
    # --fresh drops a cache left by a failed or differently-optioned configure (CMake >= 3.24; Debian 12 has 3.25).
    cmake --fresh -S "$SOLAR_ROOT" -B "$SOLAR_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" || return 1
    echo "$key" > "$stamp"
  fi
  echo "==> Building"
  cmake --build "$SOLAR_BUILD_DIR" --parallel "$(nproc)" || return 1
}

# The second torch the tests run under (issue 16): torch 2.13 (+ numpy, einops) in a virtual environment under the
# build folder, never a requirement of the application. pip takes torch from the CPU build on this machine's disk
# (a plain download would be a multi-GB CUDA build, so none is attempted); numpy and einops come from PyPI. When
# either is unavailable this says so in one line, and ctest reports the torch 2.x tests as not run.
SOLAR_TORCH2_VENV="$SOLAR_BUILD_DIR/venv-torch2"
SOLAR_TORCH2_VERSION="2.13.0"

solar_setup_torch2() {
  local py="$SOLAR_TORCH2_VENV/bin/python" log="$SOLAR_BUILD_DIR/venv-torch2.log"
  if [[ "${SOLAR_TORCH2:-1}" == 0 ]]; then
    echo "==> torch 2.x: skipped (SOLAR_TORCH2=0); its tests are reported as not run"
    return 0
  fi
  if "$py" -c "import torch, numpy, einops, sys; sys.exit(torch.__version__.split('+')[0] != '$SOLAR_TORCH2_VERSION')" 2>/dev/null; then
    solar_setup_jax
    solar_setup_transformers
    solar_setup_onnx
    solar_setup_triton
    return 0
  fi
  echo "==> Setting up torch $SOLAR_TORCH2_VERSION for the tests in $SOLAR_TORCH2_VENV"
  rm -rf "$SOLAR_TORCH2_VENV"
  if ! /usr/bin/python3 -m venv "$SOLAR_TORCH2_VENV" >"$log" 2>&1; then
    echo "==> torch 2.x: cannot create a virtual environment (see $log); its tests are reported as not run"
    rm -rf "$SOLAR_TORCH2_VENV"
    return 0
  fi
  if ! "$py" -m pip install -q --no-index --no-deps "torch==$SOLAR_TORCH2_VERSION" >>"$log" 2>&1; then
    echo "==> torch 2.x: no CPU build of torch $SOLAR_TORCH2_VERSION on this machine's disk (see $log); its tests are reported as not run"
    rm -rf "$SOLAR_TORCH2_VENV"
    return 0
  fi
  if ! timeout 900 "$py" -m pip install -q "torch==$SOLAR_TORCH2_VERSION" numpy einops >>"$log" 2>&1; then
    echo "==> torch 2.x: PyPI is not reachable for numpy, einops and torch's dependencies (see $log); its tests are reported as not run"
    rm -rf "$SOLAR_TORCH2_VENV"
    return 0
  fi
  solar_setup_jax
  solar_setup_transformers
  solar_setup_onnx
  solar_setup_triton
}

# Hugging Face transformers for the tests of real LLM code (tst_hf), in the torch 2.x environment. The version is
# pinned so that the traced programs (and the MACs the tests derive) do not move under the tests.
SOLAR_TRANSFORMERS_VERSION="5.25.0"
solar_setup_transformers() {
  local py="$SOLAR_TORCH2_VENV/bin/python" log="$SOLAR_BUILD_DIR/venv-transformers.log"
  if "$py" -c "import sys, transformers; sys.exit(transformers.__version__ != '$SOLAR_TRANSFORMERS_VERSION')" 2>/dev/null; then
    return 0
  fi
  echo "==> Setting up transformers $SOLAR_TRANSFORMERS_VERSION for the tests in $SOLAR_TORCH2_VENV"
  if ! timeout 900 "$py" -m pip install -q "torch==$SOLAR_TORCH2_VERSION" "transformers==$SOLAR_TRANSFORMERS_VERSION" >"$log" 2>&1; then
    echo "==> transformers: PyPI is not reachable for it (see $log); the transformers tests are reported as not run"
  fi
}

# JAX and Flax for the JAX frontend's tests (tst_jax), in the torch 2.x environment: one worker serves both.
solar_setup_jax() {
  local py="$SOLAR_TORCH2_VENV/bin/python" log="$SOLAR_BUILD_DIR/venv-jax.log"
  if "$py" -c "import jax, flax" 2>/dev/null; then
    return 0
  fi
  echo "==> Setting up JAX and Flax for the tests in $SOLAR_TORCH2_VENV"
  if ! timeout 900 "$py" -m pip install -q "torch==$SOLAR_TORCH2_VERSION" jax jaxlib flax >"$log" 2>&1; then
    echo "==> JAX: PyPI is not reachable for jax, jaxlib and flax (see $log); the JAX tests are reported as not run"
  fi
}

# onnx and onnxruntime for the ONNX frontend's tests (tst_onnx), in the torch 2.x environment: the tests export
# their corpus with torch.onnx (which needs onnxscript) and validate against onnxruntime on the CPU.
solar_setup_onnx() {
  local py="$SOLAR_TORCH2_VENV/bin/python" log="$SOLAR_BUILD_DIR/venv-onnx.log"
  if "$py" -c "import onnx, onnxruntime, onnxscript" 2>/dev/null; then
    return 0
  fi
  echo "==> Setting up onnx and onnxruntime for the tests in $SOLAR_TORCH2_VENV"
  if ! timeout 900 "$py" -m pip install -q "torch==$SOLAR_TORCH2_VERSION" onnx onnxruntime onnxscript >"$log" 2>&1; then
    echo "==> onnx: PyPI is not reachable for onnx, onnxruntime and onnxscript (see $log); the ONNX tests are reported as not run"
  fi
}

# Triton for the LLM route's Triton kernels (tst_llmkernels), in the torch 2.x environment: the worker runs them on
# the CPU through Triton's interpreter (TRITON_INTERPRET=1), so no GPU is needed.
solar_setup_triton() {
  local py="$SOLAR_TORCH2_VENV/bin/python" log="$SOLAR_BUILD_DIR/venv-triton.log"
  if "$py" -c "import triton" 2>/dev/null; then
    return 0
  fi
  echo "==> Setting up triton for the tests in $SOLAR_TORCH2_VENV"
  if ! timeout 900 "$py" -m pip install -q "torch==$SOLAR_TORCH2_VERSION" triton >"$log" 2>&1; then
    echo "==> triton: PyPI is not reachable for it (see $log); the Triton kernel tests are reported as not run"
  fi
}
