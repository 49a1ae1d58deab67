#!/usr/bin/env bash
# Run a command against a real, throw-away PostgreSQL database on 127.0.0.1:
#
#   bash scripts/with-postgres.sh .venv/bin/python -m pytest tests/app
#
# Starts Debian's cluster if it is down (and stops it again afterwards), creates a role and a
# database named tafel_test_<pid>, exports DATABASE_URL and TEST_DATABASE_URL
# (postgresql+psycopg://…@127.0.0.1:PORT/…), runs the command, then drops both. The names carry
# the pid so that two runs on one machine never share (or drop) each other's database.
# Debian's package is installed by scripts/system-deps.sh; this needs root or sudo to act
# as the postgres user (CI runs as root).
set -euo pipefail

if [ $# -eq 0 ]; then
    echo "usage: $0 COMMAND [ARG...]" >&2
    exit 2
fi

version=$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$version" ] || [ ! -x "/usr/lib/postgresql/$version/bin/postgres" ]; then
    echo "with-postgres: PostgreSQL is not installed (run: bash scripts/system-deps.sh)" >&2
    exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
    as_postgres=(runuser -u postgres --)
elif command -v sudo >/dev/null 2>&1; then
    as_postgres=(sudo -n -u postgres --)
else
    echo "with-postgres: need root or sudo to act as the postgres user" >&2
    exit 1
fi
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo -n)

# A fresh container may have the package without a cluster (e.g. installed with policy-rc.d).
if ! pg_lsclusters -h 2>/dev/null | awk -v v="$version" '$1 == v && $2 == "main"' | grep -q .; then
    "${as_root[@]}" pg_createcluster "$version" main >/dev/null
fi

cluster_line() { pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main"'; }
started_here=0
if ! cluster_line | grep -q online; then
    "${as_root[@]}" pg_ctlcluster "$version" main start
    started_here=1
fi
port=$(cluster_line | awk '{print $3}')

for _ in $(seq 1 50); do
    "/usr/lib/postgresql/$version/bin/pg_isready" -q -h 127.0.0.1 -p "$port" && break
    sleep 0.2
done

name="tafel_test_$$"
password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
psql_admin() { "${as_postgres[@]}" psql -X -q -v ON_ERROR_STOP=1 -p "$port" -d postgres "$@"; }

cleanup() {
    psql_admin -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" -c "DROP ROLE IF EXISTS $name" >/dev/null || true
    if [ "$started_here" -eq 1 ]; then
        "${as_root[@]}" pg_ctlcluster "$version" main stop || true
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

psql_admin -c "CREATE ROLE $name LOGIN PASSWORD '$password'" -c "CREATE DATABASE $name OWNER $name" >/dev/null

export DATABASE_URL="postgresql+psycopg://$name:$password@127.0.0.1:$port/$name"
export TEST_DATABASE_URL="$DATABASE_URL"
echo "with-postgres: PostgreSQL $version on 127.0.0.1:$port, database $name" >&2

status=0
"$@" || status=$?
exit "$status"
