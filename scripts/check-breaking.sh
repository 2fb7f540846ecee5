#!/usr/bin/env bash
# Breaking-change gate (`make check-breaking`, part of `make test` and CI).
# Compares openapi/v1.yaml at a base commit with the working tree using oasdiff:
# - base BASE when given (`make check-breaking BASE=main`: a branch's whole
#   change), else HEAD when the working tree's spec differs from HEAD's (an
#   uncommitted change under review), else HEAD~1 (the last commit: CI runs on
#   a clean clone of main);
# - additive changes pass;
# - breaking changes (oasdiff severity ERR) pass only when openapi/CHANGELOG.md
#   gained, since the same base, a line in a dated section that says "breaking"
#   or sits under a "Breaking" heading: clients must be told what breaks and
#   what to do.
# Without the history to compare (shallow clone, first commit, no git) it
# skips with a message and exits 0.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
: "${OASDIFF:?set OASDIFF to the oasdiff binary (make check-breaking does)}"
SPEC=openapi/v1.yaml
CHANGELOG=openapi/CHANGELOG.md

skip() {
  echo "check-breaking: skipped: $*" >&2
  exit 0
}

[ -f "$SPEC" ] || { echo "check-breaking: $SPEC is missing" >&2; exit 1; }
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || skip "not a git checkout, so there is no base spec to compare with"
git rev-parse --verify --quiet HEAD >/dev/null || skip "no commits yet, so there is no base spec to compare with"

if [ -n "${BREAKING_BASE:-}" ]; then
  BASE=$BREAKING_BASE
  git rev-parse --verify --quiet "$BASE^{commit}" >/dev/null || { echo "check-breaking: BASE $BASE is not a commit" >&2; exit 1; }
elif git show "HEAD:$SPEC" 2>/dev/null | cmp -s - "$SPEC"; then
  BASE=HEAD~1
  if ! git rev-parse --verify --quiet "$BASE^{commit}" >/dev/null; then
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
      skip "shallow clone without HEAD~1; clone with full history (or git fetch --deepen=1) to check the last commit's spec changes"
    fi
    skip "HEAD is the first commit; there is no earlier spec to compare with"
  fi
else
  BASE=HEAD
fi
FROM="$BASE ($(git rev-parse --short "$BASE"))"

TMP="$(mktemp -d "${TMPDIR:-/tmp}/mos-breaking.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
scripts/spec-at.sh "$BASE" >"$TMP/base.yaml"

# --fail-on ERR: exit 1 when an ERR-level change is reported (WARN-level ones
# are printed but pass); any other non-zero exit is oasdiff failing to run.
status=0
"$OASDIFF" breaking "$TMP/base.yaml" "$SPEC" --fail-on ERR --color never >"$TMP/breaking" 2>&1 || status=$?
case "$status" in
  0)
    if grep -q '^warning' "$TMP/breaking"; then
      cat "$TMP/breaking" >&2
    fi
    echo "check-breaking: no breaking changes to $SPEC since $FROM" >&2
    exit 0
    ;;
  1) ;;
  *)
    cat "$TMP/breaking" >&2
    echo "check-breaking: oasdiff failed (exit $status) comparing $SPEC with $FROM" >&2
    exit 1
    ;;
esac

# Line numbers of the lines the working tree's CHANGELOG.md adds to the base's.
git show "$BASE:$CHANGELOG" >"$TMP/changelog.base" 2>/dev/null || : >"$TMP/changelog.base"
acknowledged=false
if [ -f "$CHANGELOG" ]; then
  diff --old-line-format='' --unchanged-line-format='' --new-line-format='%dn
' "$TMP/changelog.base" "$CHANGELOG" >"$TMP/added" || true
  # An added non-blank line in a dated section (the preamble does not count)
  # acknowledges a breaking change when it says so or sits under a heading that
  # does (a new bullet under an existing "### Breaking").
  if [ -s "$TMP/added" ] && awk 'NR == FNR { added[$1] = 1; next }
          /^## [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]/ { dated = 1 }
          /^#/ { under = (tolower($0) ~ /breaking/) }
          dated && (FNR in added) && /[^[:space:]]/ && (under || tolower($0) ~ /breaking/) { found = 1 }
          END { exit !found }' "$TMP/added" "$CHANGELOG"; then
    acknowledged=true
  fi
fi

cat "$TMP/breaking" >&2
if $acknowledged; then
  echo "check-breaking: the breaking changes above since $FROM are recorded in $CHANGELOG" >&2
  exit 0
fi
cat >&2 <<MSG
check-breaking: FAIL: $SPEC has breaking changes since $FROM (above), and
$CHANGELOG does not record them. Either make the change additive, or add to
$CHANGELOG, in the same change, a "Breaking" entry saying what breaks and what
clients must do, under the newest dated section, for example:

## $(date -u +%Y-%m-%d)

### Breaking
- POST /api/...: <what changed>; clients must <what to do>.
MSG
exit 1
