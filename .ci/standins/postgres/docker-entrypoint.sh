#!/bin/sh
# Stand-in for the official postgres image's entrypoint (CI only): the same
# settings and the same first start, in short.
#   POSTGRES_PASSWORD (required), POSTGRES_USER (postgres), POSTGRES_DB (= user), PGDATA,
#   POSTGRES_INITDB_ARGS; *.sh and *.sql in /docker-entrypoint-initdb.d on first start.
# Started as root, it fixes the data directory's owner and runs itself again as postgres.
set -eu
PGDATA=${PGDATA:-/var/lib/postgresql/data}
export PGDATA
case "$1" in -*) set -- postgres "$@" ;; esac

if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chmod 700 "$PGDATA"
  [ "$(stat -c %U "$PGDATA")" = postgres ] || chown -R postgres:postgres "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "Error: Database is uninitialized and superuser password is not specified (POSTGRES_PASSWORD)." >&2
    exit 1
  fi
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  # shellcheck disable=SC2086
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 ${POSTGRES_INITDB_ARGS:-} >/dev/null
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  # A first start on the unix socket only: nobody connects over TCP before the database exists.
  pg_ctl -w -o "-c listen_addresses=''" start >/dev/null
  if [ "$db" != postgres ]; then
    psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -q -c "CREATE DATABASE \"$db\""
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) echo "running $f"; . "$f" ;;
      *.sql) echo "running $f"; psql -v ON_ERROR_STOP=1 --username "$user" --dbname "$db" -q -f "$f" ;;
    esac
  done
  pg_ctl -w -m fast stop >/dev/null
  echo "PostgreSQL init process complete; ready for start up."
fi

exec "$@"
