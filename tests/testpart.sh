#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs one slice of a Qt Test suite, so that no ctest entry runs long on a 2-core machine (tests/CMakeLists.txt,
# SOLAR_SLICES_<suite>): `testpart.sh BINARY K N` lists the suite's items (-datatags: each data row of a
# data-driven function, each other function), cuts them into N contiguous slices of nearly equal count and runs the
# K-th (1-based). The N slices together run every item exactly once, those added later included.
set -euo pipefail
bin="$1"
k="$2"
n="$3"
items=()
# -datatags prints "Class function" or "Class function tag" (the tag may hold spaces) per line.
while IFS= read -r line; do
  rest="${line#* }"
  fn="${rest%% *}"
  if [[ "$rest" == "$fn" ]]; then
    items+=("$fn")
  else
    items+=("$fn:${rest#* }")
  fi
done < <("$bin" -datatags)
count=${#items[@]}
first=$(((k - 1) * count / n))
last=$((k * count / n))
if ((last <= first)); then
  echo "testpart.sh: slice $k of $n of $bin holds no item ($count in all)"
  exit 0
fi
exec "$bin" "${items[@]:first:last-first}"
