#!/usr/bin/env bash
# Installs Debian's chromium when /usr/bin/chromium is missing (a fresh CI
# machine has none). The browser tests drive it through playwright-core, which
# never downloads a browser of its own. Recommends are skipped (upower, mesa,
# notification daemon: none is needed headless) except fonts-liberation, so
# screenshots render text the same way on every machine. Needs root (apt-get).
#
#   scripts/ensure-chromium.sh
set -euo pipefail

CHROMIUM=/usr/bin/chromium
[ -x "$CHROMIUM" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $CHROMIUM is missing; install Debian's chromium package as root:" >&2
  echo "  apt-get update && apt-get install -y chromium" >&2
  exit 1
fi

echo "ensure-chromium: installing Debian's chromium (first time only)" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
[ -x "$CHROMIUM" ] || { echo "ensure-chromium: $CHROMIUM still missing after install" >&2; exit 1; }
"$CHROMIUM" --version >&2
