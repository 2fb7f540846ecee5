#!/usr/bin/env bash
# Prints openapi/v1.yaml as committed at git REF, for oasdiff to compare with
# the working tree. When REF has no openapi/v1.yaml, or no REF is given (a repo
# whose first commit is under review), it prints an empty OpenAPI document
# instead, so that everything in the spec compares as added.
# Usage: scripts/spec-at.sh [REF] >base.yaml
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SPEC=openapi/v1.yaml
REF="${1:-}"

empty_spec() {
  printf 'openapi: 3.0.3\ninfo: {title: "no %s at %s", version: none}\npaths: {}\n' "$SPEC" "${REF:-base}"
}

if [ -z "$REF" ]; then
  empty_spec
  exit 0
fi
if ! git rev-parse --verify --quiet "$REF^{commit}" >/dev/null; then
  echo "spec-at: '$REF' is not a commit in this repository" >&2
  exit 2
fi
if git cat-file -e "$REF:$SPEC" 2>/dev/null; then
  git show "$REF:$SPEC"
else
  echo "spec-at: $REF has no $SPEC; comparing with an empty spec (everything added)" >&2
  empty_spec
fi
