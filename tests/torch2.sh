#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs a test binary with the torch 2.x environment scripts/test sets up (build/venv-torch2) as the Python every
# frontend uses. Without that environment the test is not run (exit 77, ctest's SKIP_RETURN_CODE), never passed.
python="$1"
shift
if ! "$python" -c 'import sys, torch; sys.exit(int(torch.__version__.split(".")[0]) < 2)' >/dev/null 2>&1; then
  echo "torch 2.x environment $python is not set up (scripts/test creates it; without PyPI it cannot): not run"
  exit 77
fi
export SOLAR_PYTHON="$python"
exec "$@"
