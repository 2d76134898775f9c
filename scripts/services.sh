#!/usr/bin/env bash
# PostgreSQL and Redis for the tests of the scale-out path (PostgreSQL integration run, the Redis-shared
# tus locker, rate limits and socket.io adapter). Most machines already run both on the standard ports;
# on one that lacks them this installs Debian's packages and starts private instances — no systemd,
# trust authentication on 127.0.0.1 only, everything under $SERVICES_DIR.
#
# usage: scripts/services.sh start   # make 127.0.0.1:$PG_PORT and :$REDIS_PORT answer (reuses running ones)
#        scripts/services.sh stop    # stop only the instances this script started
# env:   PG_PORT (5432)  REDIS_PORT (6379)  SERVICES_DIR (${TMPDIR:-/tmp}/bimdrive-services)
set -euo pipefail

PG_PORT=${PG_PORT:-5432}
REDIS_PORT=${REDIS_PORT:-6379}
SERVICES_DIR=${SERVICES_DIR:-${TMPDIR:-/tmp}/bimdrive-services}
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"

listening() { # listening <port>: true when something accepts TCP connections on 127.0.0.1:<port>
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

install_pkgs() { # install_pkgs <package...>: install the Debian packages that are missing
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "› installing Debian packages: ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

wait_port() { # wait_port <port> <name>
  for _ in $(seq 150); do listening "$1" && return 0; sleep 0.2; done
  echo "$2 did not start on 127.0.0.1:$1 (see $SERVICES_DIR)" >&2; return 1
}

start_pg() {
  if listening "$PG_PORT"; then echo "› PostgreSQL: running on 127.0.0.1:$PG_PORT" >&2; return 0; fi
  install_pkgs postgresql
  local bin; bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  local data=$SERVICES_DIR/pg
  mkdir -p "$SERVICES_DIR"
  # The server refuses to run as root: the Debian package's `postgres` account owns the instance.
  local as=(); [ "$(id -u)" -eq 0 ] && as=(runuser -u postgres --)
  if [ ! -s "$data/PG_VERSION" ]; then
    install -d -o "$( [ ${#as[@]} -gt 0 ] && echo postgres || id -un)" "$data"
    "${as[@]}" "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  "${as[@]}" "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$PG_PORT -c unix_socket_directories=$data -c max_connections=200" start >/dev/null
  echo started >"$SERVICES_DIR/pg.started"
  wait_port "$PG_PORT" PostgreSQL
  echo "› PostgreSQL: started on 127.0.0.1:$PG_PORT ($data)" >&2
}

start_redis() {
  if listening "$REDIS_PORT"; then echo "› Redis: running on 127.0.0.1:$REDIS_PORT" >&2; return 0; fi
  install_pkgs redis-server
  mkdir -p "$SERVICES_DIR/redis"
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --daemonize yes --save '' --appendonly no \
    --dir "$SERVICES_DIR/redis" --pidfile "$SERVICES_DIR/redis/redis.pid" \
    --logfile "$SERVICES_DIR/redis/redis.log"
  wait_port "$REDIS_PORT" Redis
  echo "› Redis: started on 127.0.0.1:$REDIS_PORT" >&2
}

stop_all() {
  if [ -e "$SERVICES_DIR/pg.started" ]; then
    local bin; bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    local as=(); [ "$(id -u)" -eq 0 ] && as=(runuser -u postgres --)
    "${as[@]}" "$bin/pg_ctl" -D "$SERVICES_DIR/pg" -m fast stop >/dev/null 2>&1 || true
    rm -f "$SERVICES_DIR/pg.started"
  fi
  if [ -e "$SERVICES_DIR/redis/redis.pid" ]; then
    kill "$(cat "$SERVICES_DIR/redis/redis.pid")" 2>/dev/null || true
    rm -f "$SERVICES_DIR/redis/redis.pid"
  fi
}

case "${1:-}" in
  start) start_pg; start_redis ;;
  stop) stop_all ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
