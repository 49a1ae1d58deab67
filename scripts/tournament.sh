#!/usr/bin/env bash
# A tournament's server: nginx (deploy/nginx.conf) on HOST:PORT in front of Granian on
# 127.0.0.1:APP_PORT (README.md, "A club evening or a tournament"):
#
#   DATABASE_URL=postgresql+psycopg://... HOST=0.0.0.0 PORT=8000 bash scripts/tournament.sh
#
# nginx keeps what the app marks as the same for every reader (spectators' match pages, their
# version polls) for a second and asks Granian again with the page's ETag; everything of one
# reader's own goes to Granian every time. nginx runs in the foreground with every file it
# writes (its cache, logs, pid and temporary files) under NGINX_PREFIX (default:
# instance/nginx). Ctrl-C stops both; if either stops, so does the other.
set -euo pipefail
cd "$(dirname "$0")/.."

HOST=${HOST:-0.0.0.0}
PORT=${PORT:-8000}
APP_PORT=${APP_PORT:-$((PORT + 1))}
WORKERS=${WORKERS:-2}
PY=${PY:-.venv/bin/python}
NGINX=${NGINX:-/usr/sbin/nginx}
prefix=${NGINX_PREFIX:-$PWD/instance/nginx}

if [ ! -x "$NGINX" ]; then
    echo "tournament: nginx is not installed (run: bash scripts/system-deps.sh)" >&2
    exit 1
fi
mkdir -p "$prefix"
# Every connection is an open file, for nginx and for Granian: as many as the system allows.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
# As root the workers would run as nobody, who cannot write the cache: they run as the caller.
user_line=""
[ "$(id -u)" -ne 0 ] || user_line="user $(id -un);"
sed -e "s|@PREFIX@|$prefix|g" -e "s|@LISTEN@|$HOST:$PORT|g" \
    -e "s|@UPSTREAM@|127.0.0.1:$APP_PORT|g" -e "s|@USER@|$user_line|g" \
    deploy/nginx.conf > "$prefix/nginx.conf"
"$NGINX" -t -q -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/error.log"

trap 'kill -TERM $(jobs -p) 2>/dev/null || true; wait' EXIT
trap 'exit 130' INT TERM
"$PY" -m scorer.web.serving --host 127.0.0.1 --port "$APP_PORT" --workers "$WORKERS" &
app=$!
# nginx opens once Granian listens, so that the first browsers are not answered 502.
for _ in $(seq 1 150); do
    (exec 3<>"/dev/tcp/127.0.0.1/$APP_PORT") 2>/dev/null && break
    kill -0 "$app" 2>/dev/null || exit 1
    sleep 0.2
done
"$NGINX" -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/error.log" -g "daemon off;" &
proxy=$!
echo "tournament: http://$HOST:$PORT/ (nginx) in front of Granian on 127.0.0.1:$APP_PORT" >&2
wait -n "$app" "$proxy"
