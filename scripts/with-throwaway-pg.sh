#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a fresh throwaway PostgreSQL
# cluster (fsync off, 200 connections), then stops and deletes the cluster,
# whether the command succeeds or fails.
#
#   scripts/with-throwaway-pg.sh go test ./...
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

[ "$#" -gt 0 ] || { echo "usage: $0 COMMAND [ARG...]" >&2; exit 2; }

scripts/pg.sh ensure-binaries >/dev/null
PG_TMP="$(mktemp -d "${TMPDIR:-/tmp}/mos-pg.XXXXXX")"
cleanup() { scripts/pg.sh throwaway-stop "$PG_TMP" >/dev/null 2>&1 || true; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

DATABASE_URL="$(scripts/pg.sh throwaway-start "$PG_TMP")"
export DATABASE_URL
echo "==> throwaway PostgreSQL at $DATABASE_URL" >&2

"$@"
