#!/usr/bin/env bash
# Install a C compiler, and Debian's Python headers when the Python in use is Debian's, when missing: `make test`
# builds the compiled mode (Cython) and tests it beside the pure one (docs/compiled.md).
# Usage: ensure-compiler.sh [PYTHON]
set -euo pipefail
PY=${1:-python3}
include=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
need=""
command -v "${CC:-cc}" >/dev/null 2>&1 || need="gcc"
if [ ! -f "$include/Python.h" ]; then
  case "$include" in
    /usr/include/*) need="$need python3-dev" ;;
    *) echo "ensure-compiler: $include/Python.h is missing: install the headers of the Python at $PY" >&2; exit 1 ;;
  esac
fi
if [ -z "$need" ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# shellcheck disable=SC2086 (the package list is meant to split)
$SUDO apt-get install -y -qq $need
