#!/usr/bin/env bash
# The browser libraries the app serves itself (never from a CDN), fetched from the npm
# registry with npm and checked against the SHA-256 pinned here. Like the .mo catalogs they
# are built, not committed: scorer/static/vendor/ is ignored by git.
#
#   scripts/vendor.sh          fetch what is missing or differs from its pin (fast when present)
#
# To move to another version: change VERSION, run the script, check the library's changelog,
# and pin the new file's `sha256sum` (the script prints it when the pin does not fit).
#
# Pyodide (the rules engine on a tablet without network) is several files: its whole npm
# tarball is pinned by SHA-256 and only the files a browser loads are copied out of it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENDOR="$ROOT/scorer/static/vendor"

# package  version  file in the package  served as  sha256 of that file
PINS=(
    "htmx.org 2.0.11 dist/htmx.min.js htmx.min.js d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717"
)

fits() {  # fits FILE SHA256
    [[ -f "$1" ]] && [[ "$(sha256sum "$1" | cut -d' ' -f1)" == "$2" ]]
}

mkdir -p "$VENDOR"
for pin in "${PINS[@]}"; do
    read -r package version inner served sha <<<"$pin"
    target="$VENDOR/$served"
    if fits "$target" "$sha"; then
        continue
    fi
    if ! command -v npm >/dev/null 2>&1; then
        echo "vendor: npm is needed to fetch $package@$version (Debian: apt-get install npm)" >&2
        exit 1
    fi
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    echo "vendor: fetching $package@$version" >&2
    (cd "$work" && npm pack --silent "$package@$version" >/dev/null)
    tar -xzf "$work"/*.tgz -C "$work" "package/$inner"
    if ! fits "$work/package/$inner" "$sha"; then
        echo "vendor: $package@$version $inner has sha256 $(sha256sum "$work/package/$inner" | cut -d' ' -f1)," >&2
        echo "vendor: not the pinned $sha: refused" >&2
        exit 1
    fi
    mv "$work/package/$inner" "$target"
    touch "$target"  # the package keeps 1985 as every mtime: the file is new to this server
    rm -rf "$work"
    trap - EXIT
done

# package  version  sha256 of the npm tarball  (files copied into vendor/<package>/)
TARBALLS=(
    "pyodide 314.0.7 66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
)
PYODIDE_FILES=(pyodide.mjs pyodide.js pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json)

for pin in "${TARBALLS[@]}"; do
    read -r package version sha <<<"$pin"
    target="$VENDOR/$package"
    stamp="$target/.tarball-sha256"
    whole=1
    for file in "${PYODIDE_FILES[@]}"; do
        [[ -f "$target/$file" ]] || whole=0
    done
    if [[ $whole == 1 && -f "$stamp" && "$(cat "$stamp")" == "$sha" ]]; then
        continue
    fi
    if ! command -v npm >/dev/null 2>&1; then
        echo "vendor: npm is needed to fetch $package@$version (Debian: apt-get install npm)" >&2
        exit 1
    fi
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    echo "vendor: fetching $package@$version" >&2
    (cd "$work" && npm pack --silent "$package@$version" >/dev/null)
    if ! fits "$work/$package-$version.tgz" "$sha"; then
        echo "vendor: $package-$version.tgz has sha256 $(sha256sum "$work/$package-$version.tgz" | cut -d' ' -f1)," >&2
        echo "vendor: not the pinned $sha: refused" >&2
        exit 1
    fi
    tar -xzf "$work/$package-$version.tgz" -C "$work" "${PYODIDE_FILES[@]/#/package/}"
    rm -rf "$target"
    mkdir -p "$target"
    for file in "${PYODIDE_FILES[@]}"; do
        mv "$work/package/$file" "$target/$file"
        touch "$target/$file"
    done
    echo "$sha" >"$stamp"
    rm -rf "$work"
    trap - EXIT
done
