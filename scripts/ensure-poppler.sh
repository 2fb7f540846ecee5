#!/usr/bin/env bash
# Installs Debian's poppler-utils when pdftotext or pdftoppm is missing (a fresh
# CI machine has neither). The PDF renderer's tests read rendered documents back
# with `pdftotext -layout` and rasterise a page with `pdftoppm -png`. Needs root
# (apt-get).
#
#   scripts/ensure-poppler.sh
set -euo pipefail

command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-poppler: pdftotext/pdftoppm are missing; install Debian's poppler-utils package as root:" >&2
  echo "  apt-get update && apt-get install -y poppler-utils" >&2
  exit 1
fi

echo "ensure-poppler: installing Debian's poppler-utils (first time only)" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends poppler-utils >/dev/null
for tool in pdftotext pdftoppm; do
  command -v "$tool" >/dev/null 2>&1 || { echo "ensure-poppler: $tool still missing after install" >&2; exit 1; }
done
pdftotext -v 2>&1 | head -n 1 >&2
