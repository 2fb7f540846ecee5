#!/usr/bin/env bash
# The full check (`make test`, and CI): generated code, vet, lint, spec lint,
# then every Go test (unit, store and black-box API tests) against a throwaway
# PostgreSQL cluster. Stops at the first failure; leaves no cluster running.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GO="${GO:-go}"
MAKE="${MAKE:-make}"

START=$SECONDS
step() { printf '\n==> %s  (%ss)\n' "$*" "$((SECONDS - START))" >&2; }

step "go mod download"
"$GO" mod download

step "PostgreSQL binaries"
scripts/pg.sh ensure-binaries >/dev/null

step "throwaway PostgreSQL cluster"
PG_TMP="$(mktemp -d "${TMPDIR:-/tmp}/mos-pg.XXXXXX")"
cleanup() { scripts/pg.sh throwaway-stop "$PG_TMP" >/dev/null 2>&1 || true; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
DATABASE_URL="$(scripts/pg.sh throwaway-start "$PG_TMP")"
export DATABASE_URL
echo "DATABASE_URL=$DATABASE_URL" >&2

for target in check-generated check-docs-assets check-breaking vet lint spec-lint; do
  step "make $target"
  "$MAKE" --no-print-directory GO="$GO" "$target"
done

step "poppler-utils (the PDF renderer's tests read PDFs back with pdftotext/pdftoppm)"
scripts/ensure-poppler.sh

step "go test -race ./..."
"$GO" test -race -count=1 -timeout 20m ./...

step "e2e: TypeScript client and the docs page in Chromium"
GO="$GO" MAKE="$MAKE" scripts/e2e.sh

step "all checks passed in $((SECONDS - START))s"
