#!/usr/bin/env bash
# End-to-end checks of the published contract, the way its users meet it:
#   1. TypeScript: types generated from openapi/v1.yaml by openapi-typescript
#      (build/ts/schema.d.ts), scripts/node/e2e/client-check.ts type-checked
#      against them (strict) and run with openapi-fetch against a live server;
#   2. the five document PDFs printed from records made through the API, their first pages
#      rendered to build/pdf/e2e-*.png with pdftoppm (scripts/node/e2e/pdf-check.ts);
#   3. the /docs page in headless Chromium (scripts/node/e2e/docs-check.mjs):
#      renders offline, authorizes with a token, tries an operation; the
#      screenshot is left in build/docs.png.
# It builds bin/mos, creates a fresh database in DATABASE_URL's cluster, migrates
# it, creates a tenant and an integration token, and serves on a free loopback
# port. On exit, success or failure, it stops the server and drops the database.
#
#   DATABASE_URL=postgres://... scripts/e2e.sh     (`make e2e` brings a throwaway cluster)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GO="${GO:-go}"
MAKE="${MAKE:-make}"
: "${DATABASE_URL:?DATABASE_URL must name a database of a PostgreSQL cluster where e2e may create one (make e2e starts a throwaway cluster)}"

NODE_BIN=scripts/node/node_modules/.bin
TS_OUT=build/ts
SERVER_LOG=build/e2e-server.log
HEALTH_WAIT_S=20

START=$SECONDS
step() { printf '==> e2e: %s  (%ss)\n' "$*" "$((SECONDS - START))" >&2; }
die() { printf 'e2e: %s\n' "$*" >&2; exit 1; }

PSQL="$(scripts/pg.sh ensure-binaries)/psql"
psql_admin() { "$PSQL" "$DATABASE_URL" -v ON_ERROR_STOP=1 -qAt "$@"; }

SERVER_PID=""
E2E_DB=""
cleanup() {
  local status=$?
  if [ -n "$SERVER_PID" ]; then
    # SIGTERM is a graceful shutdown; give it a few seconds, then make sure.
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ] && [ -s "$SERVER_LOG" ]; then
    echo "e2e: failed; last lines of $SERVER_LOG:" >&2
    tail -n 30 "$SERVER_LOG" >&2 || true
  fi
  if [ -n "$E2E_DB" ]; then
    psql_admin -c "DROP DATABASE IF EXISTS \"$E2E_DB\" WITH (FORCE)" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

step "node tools from scripts/node/package-lock.json"
"$MAKE" --no-print-directory NPM="${NPM:-npm}" scripts/node/node_modules/.package-lock.json >&2

step "chromium"
scripts/ensure-chromium.sh

step "TypeScript types from openapi/v1.yaml (openapi-typescript)"
rm -rf "$TS_OUT"
mkdir -p "$TS_OUT"
"$NODE_BIN/openapi-typescript" openapi/v1.yaml --output "$TS_OUT/schema.d.ts" >/dev/null

step "tsc: type-check and compile scripts/node/e2e to $TS_OUT"
# One tsc run does both: with noEmitOnError nothing is written unless the
# program type-checks. The compiled ES modules resolve openapi-fetch from
# scripts/node/node_modules through the link below.
"$NODE_BIN/tsc" -p scripts/node/e2e/tsconfig.json
printf '{ "type": "module" }\n' >"$TS_OUT/package.json"
ln -sfn ../../scripts/node/node_modules "$TS_OUT/node_modules"

step "go build -o bin/mos ./cmd/mos"
"$GO" build -o bin/mos ./cmd/mos

step "fresh database, migrations, tenant and token"
E2E_DB="e2e_$(date +%s)_$$"
psql_admin -c "CREATE DATABASE \"$E2E_DB\"" >/dev/null
# Same cluster and options, another database: replace the URL's path.
DATABASE_URL="$(printf '%s' "$DATABASE_URL" | sed -E "s|^([a-z]+://[^/]*)/[^?]*|\1/$E2E_DB|")"
case "$DATABASE_URL" in *"/$E2E_DB"*) ;; *) die "could not point DATABASE_URL at $E2E_DB" ;; esac
export DATABASE_URL
bin/mos migrate up
TENANT="$(bin/mos tenant create --name E2E)"
[ -n "$TENANT" ] || die "'mos tenant create' printed no id"
MOS_TOKEN="$(bin/mos token create --tenant "$TENANT")"
[ -n "$MOS_TOKEN" ] || die "'mos token create' printed no token"

step "bin/mos serve on a free loopback port"
PORT="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
MOS_URL="http://127.0.0.1:$PORT"
MOS_ADDR="127.0.0.1:$PORT" bin/mos serve >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!
deadline=$((SECONDS + HEALTH_WAIT_S))
until curl -fsS --max-time 1 -o /dev/null "$MOS_URL/healthz" 2>/dev/null; do
  kill -0 "$SERVER_PID" 2>/dev/null || die "bin/mos serve exited before /healthz answered"
  [ "$SECONDS" -lt "$deadline" ] || die "$MOS_URL/healthz did not answer within ${HEALTH_WAIT_S}s"
  sleep 0.1
done
export MOS_URL MOS_TOKEN

step "TypeScript client against $MOS_URL (openapi-fetch)"
node "$TS_OUT/client-check.js"

step "the five document PDFs, first pages rendered to build/pdf/e2e-*.png"
scripts/ensure-poppler.sh
node "$TS_OUT/pdf-check.js"

step "/docs in headless Chromium"
node scripts/node/e2e/docs-check.mjs

step "the server log holds no token"
# The real binary's log over the run above (requests with the token, the docs page):
# a token must never be logged.
if grep -qF "$MOS_TOKEN" "$SERVER_LOG" || grep -qE 'mos_[0-9a-f]{24}_[A-Za-z0-9_-]{20,}' "$SERVER_LOG"; then
  die "$SERVER_LOG holds an API token"
fi

step "passed in $((SECONDS - START))s"
