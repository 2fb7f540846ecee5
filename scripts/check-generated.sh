#!/usr/bin/env bash
# Fails when gen/ is not what `go generate ./gen/...` produces from the
# current openapi/ spec and generator config. Works on an uncommitted tree:
# gen/ is copied aside, regenerated in place, compared, then restored as it was.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GO="${GO:-go}"

[ -d gen ] || { echo "check-generated: no gen/ directory" >&2; exit 1; }

SAVED="$(mktemp -d "${TMPDIR:-/tmp}/mos-gen.XXXXXX")"
restore() {
  rm -rf gen
  cp -a "$SAVED/gen" gen
  rm -rf "$SAVED"
}
cp -a gen "$SAVED/gen"
trap restore EXIT

"$GO" generate ./gen/...

if ! diff -r -u "$SAVED/gen" gen >"$SAVED/diff" 2>&1; then
  echo "check-generated: gen/ is out of date with openapi/ (or was edited by hand)." >&2
  echo "check-generated: run 'make generate' and commit the result. Differences:" >&2
  head -n 200 "$SAVED/diff" >&2
  exit 1
fi
echo "check-generated: gen/ is up to date" >&2
