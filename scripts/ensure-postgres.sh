#!/usr/bin/env bash
# Install Debian's PostgreSQL 15 server binaries when /usr/lib/postgresql/15/bin is missing: the storage tests
# start a throwaway cluster from them (tests/server/conftest.py). Needs root or sudo for apt.
set -euo pipefail
if [ -x /usr/lib/postgresql/15/bin/initdb ] && [ -x /usr/lib/postgresql/15/bin/pg_ctl ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql-15
