#!/usr/bin/env bash
# `make run`: start the project-local PostgreSQL (unless DATABASE_URL is set),
# build, migrate, create a demo tenant and token on first use, then serve.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GO="${GO:-go}"

DATA="${MOS_DATA_DIR:-.data}"
mkdir -p "$DATA"

echo "==> go mod download" >&2
"$GO" mod download

if [ -z "${DATABASE_URL:-}" ]; then
  echo "==> project PostgreSQL ($DATA/pg)" >&2
  DATABASE_URL="$(scripts/pg.sh start-local)"
fi
export DATABASE_URL

echo "==> go build -o bin/mos ./cmd/mos" >&2
"$GO" build -o bin/mos ./cmd/mos

echo "==> bin/mos migrate up" >&2
bin/mos migrate up

# The demo tenant and token belong to one database: recreate them when the
# database changes (or the files are missing).
TOKEN_FILE="$DATA/demo-token"
TENANT_FILE="$DATA/demo-tenant"
DB_FILE="$DATA/demo-database"
if [ ! -s "$TOKEN_FILE" ] || [ ! -s "$TENANT_FILE" ] \
  || [ "$(cat "$DB_FILE" 2>/dev/null || true)" != "$DATABASE_URL" ]; then
  echo "==> creating the demo tenant and an integration token" >&2
  TENANT="$(bin/mos tenant create --name "Demo Manufacturing")"
  [ -n "$TENANT" ] || { echo "run: 'mos tenant create' printed no id" >&2; exit 1; }
  TOKEN="$(bin/mos token create --tenant "$TENANT")"
  [ -n "$TOKEN" ] || { echo "run: 'mos token create' printed no token" >&2; exit 1; }
  (
    umask 077
    printf '%s\n' "$TENANT" >"$TENANT_FILE"
    printf '%s\n' "$TOKEN" >"$TOKEN_FILE"
    printf '%s\n' "$DATABASE_URL" >"$DB_FILE"
  )
  chmod 600 "$TOKEN_FILE" "$DB_FILE"
fi
TENANT="$(cat "$TENANT_FILE")"
TOKEN="$(cat "$TOKEN_FILE")"

ADDR="${MOS_ADDR:-127.0.0.1:8080}"
HOST="${ADDR%:*}"
PORT="${ADDR##*:}"
case "$HOST" in "" | 0.0.0.0 | "[::]" | "::") HOST=127.0.0.1 ;; esac

cat >&2 <<MSG

Demo tenant: $TENANT   (saved in $TENANT_FILE)
Demo token:  $TOKEN   (saved in $TOKEN_FILE)

Try:
  TOKEN=\$(cat $TOKEN_FILE)
  curl -H "Authorization: Bearer \$TOKEN" -X POST http://$HOST:$PORT/api/accounting-codes/list

==> bin/mos serve on $ADDR  (Ctrl-C to stop; the database keeps running: 'make clean' stops it)
MSG

exec bin/mos serve
