#!/usr/bin/env bash
# Fails when gen/ is not what `go generate ./gen/...` produces from the
# current openapi/ spec and generator config, or when generating prints
# anything (warnings included). Works on an uncommitted tree:
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

# The generator is silent on success, so anything it prints (a warning about
# the spec, say) fails the check. "go: downloading" lines from a cold module
# cache are not the generator's and are let through.
if ! "$GO" generate ./gen/... >"$SAVED/generate.out" 2>&1; then
  cat "$SAVED/generate.out" >&2
  echo "check-generated: go generate ./gen/... failed" >&2
  exit 1
fi
if grep -v '^go: downloading ' "$SAVED/generate.out" >"$SAVED/printed"; then
  cat "$SAVED/printed" >&2
  echo "check-generated: go generate ./gen/... printed the above; it must regenerate without warnings" >&2
  exit 1
fi

if ! diff -r -u "$SAVED/gen" gen >"$SAVED/diff" 2>&1; then
  echo "check-generated: gen/ is out of date with openapi/ (or was edited by hand)." >&2
  echo "check-generated: run 'make generate' and commit the result. Differences:" >&2
  head -n 200 "$SAVED/diff" >&2
  exit 1
fi
echo "check-generated: gen/ is up to date" >&2
