#!/usr/bin/env bash
# Install Debian's chromium for the browser tests when /usr/bin/chromium is missing (Playwright drives it;
# `playwright install` is not used).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium
