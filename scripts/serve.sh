#!/usr/bin/env bash
# `make run`: the web server, in the compiled mode where this machine can build it (docs/compiled.md), so that the
# computer seats and hints play at its speed; in the pure mode otherwise. The first start builds the compiled copy
# (build/compiled/src, a few CPU minutes); later starts only rebuild what changed. Building it never stops the
# server from starting: without a C compiler or Cython, or when the build fails (build/compiled.log says why), the
# `.py` files run. `boardcade --version` (printed first) says which mode runs.
# Usage: serve.sh [VENV_BIN] [serve options...]
set -u
BIN=${1:-.venv/bin}
shift || true
mkdir -p build
log=build/compiled.log
if ! command -v "${CC:-cc}" >/dev/null 2>&1; then
  echo "serve: no C compiler (${CC:-cc}): the pure mode" >"$log"
elif ! "$BIN/python" -c 'import Cython' 2>/dev/null && ! "$BIN/python" -m pip install --quiet --retries 1 --timeout 15 'cython>=3.0' >"$log" 2>&1; then
  echo "serve: Cython could not be installed: the pure mode" >>"$log"
else
  echo "bringing the compiled mode up to date (the first time takes a few minutes; log: $log) ..."
  if "$BIN/python" scripts/build_compiled.py >"$log" 2>&1; then
    export PYTHONPATH="$PWD/build/compiled/src${PYTHONPATH:+:$PYTHONPATH}"
  fi
fi
"$BIN/boardcade" --version
exec "$BIN/boardcade" serve "$@"
