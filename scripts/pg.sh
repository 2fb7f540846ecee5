#!/usr/bin/env bash
# PostgreSQL helper for development and tests. No system service is used:
# every cluster belongs to this project, listens on 127.0.0.1 only, on a port
# other than 5432, with its socket directory under /tmp.
#
#   scripts/pg.sh ensure-binaries      find (or apt-get install) pg_ctl/initdb; prints their directory
#   scripts/pg.sh start-local          persistent cluster in $MOS_DATA_DIR/pg (default .data/pg); prints DATABASE_URL
#   scripts/pg.sh stop-local           stops it (data is kept)
#   scripts/pg.sh status-local         exit 0 when it is running
#   scripts/pg.sh throwaway-start DIR  fresh, unsafe-but-fast cluster in DIR; prints DATABASE_URL (db "postgres")
#   scripts/pg.sh throwaway-stop DIR   stops it and deletes DIR
#   scripts/pg.sh throwaway-pause DIR  stops it (fast shutdown) and keeps its data and port
#   scripts/pg.sh throwaway-resume DIR starts it again on the same port (outage tests)
#
# As root, initdb and pg_ctl run as the "postgres" user (initdb refuses root);
# as a normal user they run directly. Messages go to stderr; stdout carries
# only the URL (or bin directory), so callers can capture it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"

log() { printf 'pg.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

is_root() { [ "$(id -u)" -eq 0 ]; }

short_hash() { printf '%s' "$1" | sha1sum | cut -c1-10; }

# ---------------------------------------------------------------- binaries

find_bindir() {
  local d
  if [ -n "${PG_BINDIR:-}" ] && [ -x "${PG_BINDIR}/pg_ctl" ] && [ -x "${PG_BINDIR}/initdb" ]; then
    printf '%s\n' "$PG_BINDIR"; return 0
  fi
  if [ -x /usr/lib/postgresql/15/bin/pg_ctl ] && [ -x /usr/lib/postgresql/15/bin/initdb ]; then
    printf '%s\n' /usr/lib/postgresql/15/bin; return 0
  fi
  # Newest major version installed the Debian way.
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5 -V -r); do
    if [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ]; then printf '%s\n' "$d"; return 0; fi
  done
  # Other layouts (e.g. a distribution that puts them on PATH).
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"; return 0
  fi
  return 1
}

install_binaries() {
  local sudo=()
  if ! is_root; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n env DEBIAN_FRONTEND=noninteractive)
    else
      die "PostgreSQL binaries not found and not root: install them with 'apt-get install postgresql' (or set PG_BINDIR)"
    fi
  fi
  command -v apt-get >/dev/null 2>&1 || die "PostgreSQL binaries not found and apt-get is unavailable (set PG_BINDIR)"
  log "PostgreSQL binaries not found; installing the 'postgresql' Debian package"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q >&2
  # Debian's package may create and start its own cluster on 5432; we never use it.
  "${sudo[@]}" apt-get install -y -q --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
    postgresql postgresql-client >&2
}

BINDIR=""
ensure_binaries() {
  if [ -n "$BINDIR" ]; then return 0; fi
  if ! BINDIR="$(find_bindir)"; then
    install_binaries
    BINDIR="$(find_bindir)" || die "PostgreSQL binaries still not found after installing"
  fi
  [ -x "$BINDIR/psql" ] || die "psql not found in $BINDIR"
}

# ---------------------------------------------------------------- users, ownership

ensure_pg_user() {
  if ! id -u postgres >/dev/null 2>&1; then
    log "creating system user 'postgres'"
    if command -v useradd >/dev/null 2>&1; then
      useradd --system --user-group --home-dir /var/lib/postgresql --no-create-home --shell /bin/bash postgres
    else
      adduser --system --group --home /var/lib/postgresql --no-create-home --shell /bin/bash postgres
    fi
  fi
}

# Runs a command as the cluster owner: "postgres" when we are root, else ourselves.
as_owner() {
  if is_root; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# Creates directory $1 for the cluster owner (root: chown postgres; mode 700).
make_owned_dir() {
  mkdir -p "$1"
  if is_root; then chown postgres: "$1"; fi
  chmod 700 "$1"
}

# True when the cluster owner can reach (traverse) directory $1.
owner_can_reach() {
  if is_root; then runuser -u postgres -- test -x "$1" 2>/dev/null; else test -x "$1"; fi
}

# ---------------------------------------------------------------- ports

port_in_use() {
  local port="$1"
  if command -v ss >/dev/null 2>&1; then
    ss -Hltn "sport = :$port" 2>/dev/null | grep -q . && return 0
  fi
  # Fallback (and double check): does something answer on loopback?
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
  return 1
}

# Prints a free port in [lo, hi], starting at a random offset.
free_port() {
  local lo="$1" hi="$2" span i p
  span=$((hi - lo + 1))
  local start=$((RANDOM % span))
  for ((i = 0; i < span; i++)); do
    p=$((lo + (start + i) % span))
    if ! port_in_use "$p"; then printf '%s\n' "$p"; return 0; fi
  done
  return 1
}

# ---------------------------------------------------------------- cluster primitives

initdb_cluster() { # datadir
  local locale=C
  if locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then locale=C.UTF-8; fi
  as_owner "$BINDIR/initdb" -D "$1" -U postgres --auth=trust -E UTF8 --locale="$locale" >/dev/null \
    || die "initdb failed for $1"
}

# Appends our settings to postgresql.conf (port and socket dir are passed at start).
configure_cluster() { # datadir extra-settings...
  local datadir="$1"; shift
  {
    echo
    echo "# ---- added by scripts/pg.sh"
    echo "listen_addresses = '127.0.0.1'"
    local s; for s in "$@"; do echo "$s"; done
  } | as_owner tee -a "$datadir/postgresql.conf" >/dev/null
}

cluster_running() { # datadir
  [ -f "$1/PG_VERSION" ] || return 1
  as_owner "$BINDIR/pg_ctl" -D "$1" status >/dev/null 2>&1
}

# Starts the cluster; returns non-zero (without dying) if the server fails to start.
start_cluster() { # datadir port sockdir logfile
  local datadir="$1" port="$2" sockdir="$3" logfile="$4"
  make_owned_dir "$sockdir"
  as_owner "$BINDIR/pg_ctl" -D "$datadir" -l "$logfile" -w -t 60 \
    -o "-p $port -k $sockdir" start >/dev/null 2>&1
}

stop_cluster() { # datadir mode
  if cluster_running "$1"; then
    as_owner "$BINDIR/pg_ctl" -D "$1" -m "$2" -w -t 60 stop >/dev/null
  fi
}

psql_at() { # port db sql
  "$BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$1" -U postgres -d "$2" -tA -c "$3"
}

url_for() { # port db
  printf 'postgres://postgres@127.0.0.1:%s/%s?sslmode=disable\n' "$1" "$2"
}

# ---------------------------------------------------------------- local (persistent) cluster

STATE_DIR=""
DATA_DIR=""
local_paths() {
  local base="${MOS_DATA_DIR:-.data}"
  case "$base" in /*) ;; *) base="$ROOT/$base" ;; esac
  STATE_DIR="$base/pg"
  if [ "${1:-}" = create ]; then mkdir -p "$STATE_DIR"; fi
  if [ -d "$STATE_DIR" ]; then STATE_DIR="$(cd "$STATE_DIR" && pwd -P)"; fi
  if [ -f "$STATE_DIR/datadir" ]; then
    DATA_DIR="$(cat "$STATE_DIR/datadir")"
  elif [ ! -d "$STATE_DIR" ] || owner_can_reach "$STATE_DIR"; then
    DATA_DIR="$STATE_DIR/data"
  else
    # As root in a tree the postgres user cannot traverse (e.g. under /root):
    # keep the data outside, and only the URL/port files in the repo.
    DATA_DIR="/var/lib/postgresql/mos-pg-$(short_hash "$STATE_DIR")/data"
    log "postgres cannot traverse $STATE_DIR; keeping the cluster data in $DATA_DIR"
  fi
}

local_sockdir() { printf '/tmp/mos-pg-%s\n' "$(short_hash "$STATE_DIR")"; }

cmd_start_local() {
  ensure_binaries
  if is_root; then ensure_pg_user; fi
  local_paths create
  local sockdir port url
  sockdir="$(local_sockdir)"

  if [ ! -f "$DATA_DIR/PG_VERSION" ]; then
    if [ -n "$(ls -A "$DATA_DIR" 2>/dev/null)" ]; then
      die "$DATA_DIR exists but is not a cluster; remove it"
    fi
    log "initialising the project cluster in $DATA_DIR"
    mkdir -p "$(dirname "$DATA_DIR")"
    if is_root && [ "$DATA_DIR" != "$STATE_DIR/data" ]; then chown postgres: "$(dirname "$DATA_DIR")"; fi
    make_owned_dir "$DATA_DIR"
    initdb_cluster "$DATA_DIR"
    configure_cluster "$DATA_DIR" "max_connections = 100"
    printf '%s\n' "$DATA_DIR" >"$STATE_DIR/datadir"
  fi

  if cluster_running "$DATA_DIR"; then
    port="$(cat "$STATE_DIR/port" 2>/dev/null || true)"
    [ -n "$port" ] || port="$(sed -n 4p "$DATA_DIR/postmaster.pid")"
  else
    port="$(cat "$STATE_DIR/port" 2>/dev/null || true)"
    if [ -z "$port" ] || port_in_use "$port"; then
      if [ -n "$port" ]; then log "remembered port $port is taken; choosing another"; fi
      if ! port_in_use 54329; then port=54329; else port="$(free_port 54330 54999)" || die "no free port"; fi
    fi
    log "starting the project cluster on 127.0.0.1:$port"
    if ! start_cluster "$DATA_DIR" "$port" "$sockdir" "$DATA_DIR/server.log"; then
      tail -n 20 "$DATA_DIR/server.log" >&2 2>/dev/null || true
      die "could not start the cluster in $DATA_DIR (log: $DATA_DIR/server.log)"
    fi
    printf '%s\n' "$port" >"$STATE_DIR/port"
  fi

  if [ "$(psql_at "$port" postgres "select count(*) from pg_database where datname = 'mos'")" = 0 ]; then
    log "creating database mos"
    psql_at "$port" postgres "create database mos" >/dev/null
  fi
  url="$(url_for "$port" mos)"
  printf '%s\n' "$url" >"$STATE_DIR/DATABASE_URL"
  printf '%s\n' "$url"
}

cmd_stop_local() {
  local_paths
  if [ ! -f "$DATA_DIR/PG_VERSION" ]; then log "no project cluster in $DATA_DIR"; return 0; fi
  ensure_binaries
  if cluster_running "$DATA_DIR"; then
    stop_cluster "$DATA_DIR" fast
    log "stopped the project cluster ($DATA_DIR)"
  else
    log "the project cluster is not running"
  fi
  rm -rf "$(local_sockdir)"
}

cmd_status_local() {
  local_paths
  if [ ! -f "$DATA_DIR/PG_VERSION" ]; then log "no project cluster in $DATA_DIR"; return 1; fi
  ensure_binaries
  if cluster_running "$DATA_DIR"; then
    log "running: $(cat "$STATE_DIR/DATABASE_URL" 2>/dev/null || echo '?')"
  else
    log "not running"; return 1
  fi
}

# ---------------------------------------------------------------- throwaway clusters (tests)

throwaway_paths() { # dir
  [ -n "${1:-}" ] || die "usage: $0 throwaway-start|throwaway-stop DIR"
  mkdir -p "$1"
  TDIR="$(cd "$1" && pwd -P)"
  TDATA="$TDIR/data"
  TSOCK="/tmp/mos-pgt-$(short_hash "$TDIR")"
}

cmd_throwaway_start() {
  ensure_binaries
  if is_root; then ensure_pg_user; fi
  throwaway_paths "${1:-}"
  [ ! -e "$TDATA" ] || die "$TDATA already exists"
  if is_root; then
    chown postgres: "$TDIR"
    owner_can_reach "$TDIR" || die "the postgres user cannot reach $TDIR; use a directory under /tmp"
  fi
  make_owned_dir "$TDATA"
  initdb_cluster "$TDATA"
  configure_cluster "$TDATA" \
    "fsync = off" \
    "synchronous_commit = off" \
    "full_page_writes = off" \
    "wal_level = minimal" \
    "max_wal_senders = 0" \
    "max_wal_size = 4GB" \
    "checkpoint_timeout = 1h" \
    "max_connections = 200" \
    "shared_buffers = 128MB"

  local attempt port
  for attempt in 1 2 3 4 5 6 7 8; do
    port="$(free_port 55000 59999)" || die "no free port"
    if start_cluster "$TDATA" "$port" "$TSOCK" "$TDIR/server.log"; then
      printf '%s\n' "$port" >"$TDIR/port"
      url_for "$port" postgres
      return 0
    fi
    log "start on port $port failed (attempt $attempt); retrying"
  done
  tail -n 20 "$TDIR/server.log" >&2 2>/dev/null || true
  die "could not start a throwaway cluster in $TDIR"
}

cmd_throwaway_pause() {
  ensure_binaries
  throwaway_paths "${1:-}"
  [ -f "$TDATA/PG_VERSION" ] || die "no throwaway cluster in $TDIR"
  stop_cluster "$TDATA" fast
}

cmd_throwaway_resume() {
  ensure_binaries
  throwaway_paths "${1:-}"
  [ -f "$TDATA/PG_VERSION" ] || die "no throwaway cluster in $TDIR"
  local port
  port="$(cat "$TDIR/port")"
  cluster_running "$TDATA" && return 0
  start_cluster "$TDATA" "$port" "$TSOCK" "$TDIR/server.log" || {
    tail -n 20 "$TDIR/server.log" >&2 2>/dev/null || true
    die "could not restart the throwaway cluster in $TDIR on port $port"
  }
}

cmd_throwaway_stop() {
  ensure_binaries
  [ -n "${1:-}" ] || die "usage: $0 throwaway-stop DIR"
  [ -d "$1" ] || return 0
  throwaway_paths "$1"
  if [ -f "$TDATA/PG_VERSION" ]; then
    stop_cluster "$TDATA" immediate || log "could not stop the cluster in $TDATA"
  fi
  rm -rf "$TSOCK" "$TDIR"
}

# ---------------------------------------------------------------- main

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

cmd="${1:-}"
shift || true
case "$cmd" in
  ensure-binaries) ensure_binaries; printf '%s\n' "$BINDIR" ;;
  start-local) cmd_start_local ;;
  stop-local) cmd_stop_local ;;
  status-local) cmd_status_local ;;
  throwaway-start) cmd_throwaway_start "$@" ;;
  throwaway-stop) cmd_throwaway_stop "$@" ;;
  throwaway-pause) cmd_throwaway_pause "$@" ;;
  throwaway-resume) cmd_throwaway_resume "$@" ;;
  *) usage ;;
esac
