#!/usr/bin/env bash
# `make spec-diff BASE=<git ref>`: what changed in the API contract between
# openapi/v1.yaml at BASE (default HEAD~1) and the working tree, as oasdiff's
# changelog (every change, by severity) and its breaking-change report.
# Informational: exits 0 whatever it finds (`make check-breaking` is the gate).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
: "${OASDIFF:?set OASDIFF to the oasdiff binary (make spec-diff does)}"
SPEC=openapi/v1.yaml
BASE="${1:-HEAD~1}"

# A first commit has no HEAD~1 (and a repo without commits no HEAD): compare
# with nothing, so everything is added. Any other unknown ref is a mistake.
if ! git rev-parse --verify --quiet "$BASE^{commit}" >/dev/null; then
  if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
    echo "spec-diff: '$BASE' is not in this shallow clone; fetch more history (git fetch --deepen=50) or pass another BASE" >&2
    exit 2
  elif [ "$BASE" = HEAD~1 ] && ! git rev-parse --verify --quiet HEAD~1 >/dev/null; then
    echo "spec-diff: HEAD has no parent commit; comparing with an empty spec (everything added)" >&2
    BASE=""
  else
    echo "spec-diff: '$BASE' is not a commit in this repository" >&2
    exit 2
  fi
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/mos-spec-diff.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
scripts/spec-at.sh "$BASE" >"$TMP/base.yaml"

if [ -n "$BASE" ]; then
  FROM="$BASE ($(git rev-parse --short "$BASE"))"
else
  FROM="an empty spec"
fi
printf '==> changelog: %s at %s -> working tree\n' "$SPEC" "$FROM"
"$OASDIFF" changelog "$TMP/base.yaml" "$SPEC"
printf '\n==> breaking changes: %s at %s -> working tree\n' "$SPEC" "$FROM"
"$OASDIFF" breaking "$TMP/base.yaml" "$SPEC"
