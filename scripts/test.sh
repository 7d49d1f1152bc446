#!/usr/bin/env bash
# Every test on a fresh Debian 12 machine: installs what is missing, builds everything, runs the
# whole ctest suite (doctest suites per library, the Oclgrind checks and the layering check).
# numpy is installed, so the fft suite's numpy.fft comparison must run (LIFTCL_REQUIRE_NUMPY=1).
# Usage: bash scripts/test.sh [extra cmake -D options]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-and-build.sh "$@"
LIFTCL_REQUIRE_NUMPY="${LIFTCL_REQUIRE_NUMPY:-1}" ctest --test-dir build --output-on-failure -j2
