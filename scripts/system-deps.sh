#!/usr/bin/env bash
# Installs the Debian packages the test suite drives for real (idempotent; fast when present):
#   chromium        browser tests (Playwright with executable_path=/usr/bin/chromium, never `playwright install`)
#   poppler-utils   pdftoppm, to look at rendered PDF pages
#   fonts-dejavu-core, fonts-noto-core   fonts embedded in PDFs (Latin and Persian scripts)
#   postgresql      a real server for the PostgreSQL runs
#   npm             fetches the browser libraries the app serves (scripts/vendor.sh)
#   nginx-light     (or nginx) the reverse proxy in front of Granian (deploy/nginx.conf, scripts/tournament.sh)
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
[ -d /usr/share/fonts/truetype/noto ] || need+=(fonts-noto-core)
[ -d /usr/lib/postgresql ] || need+=(postgresql)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ! -x /usr/sbin/nginx ]; then
    # Debian 12's smallest build; a release without it has the plain package.
    if apt-cache show nginx-light >/dev/null 2>&1; then need+=(nginx-light); else need+=(nginx); fi
fi

if [ ${#need[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "system-deps: missing Debian packages: ${need[*]} (run as root: apt-get install ${need[*]})" >&2
    exit 1
fi
echo "system-deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
