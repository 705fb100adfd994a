#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs part of a Qt Test suite, so that no ctest entry runs long on a 2-core machine (tests/CMakeLists.txt,
# solar_test_parts):
#   testpart.sh BINARY only F...    these test functions (an unknown name fails: QTest says so)
#   testpart.sh BINARY except F...  every other function the binary lists (-functions): one added later runs here
#                                   rather than in no part
set -euo pipefail
bin="$1"
mode="$2"
shift 2
if [[ "$mode" == only ]]; then
  exec "$bin" "$@"
fi
[[ "$mode" == except ]] || { echo "testpart.sh: mode must be only or except" >&2; exit 2; }
keep=()
while IFS= read -r f; do
  f="${f%()}"
  skip=0
  for x in "$@"; do [[ "$f" == "$x" ]] && skip=1; done
  ((skip)) || keep+=("$f")
done < <("$bin" -functions)
if ((${#keep[@]} == 0)); then
  echo "testpart.sh: every function of $bin runs in another part"
  exit 0
fi
exec "$bin" "${keep[@]}"
