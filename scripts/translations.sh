#!/usr/bin/env bash
# Tafel's message catalogs: .po files are committed, .mo files are built.
#
#   scripts/translations.sh extract [OUT]  sources -> scorer/locales/messages.pot (or OUT)
#   scripts/translations.sh update         messages.pot -> every scorer/locales/<lang>/LC_MESSAGES/messages.po
#   scripts/translations.sh compile        every .po -> .mo (fuzzy entries are not compiled)
#   scripts/translations.sh check          stale template, untranslated/fuzzy entries, placeholders
#   scripts/translations.sh all            extract + update + compile (= make translations)
#
# The extraction keywords are the app's: _ / gettext / ngettext / pgettext (Flask-Babel and
# Jinja), _l / lazy_gettext / lazy_pgettext / lazy_ngettext (labels built at import time),
# and the PDFs' N_ (data marked for later), lang("…") and lang.ctx("context", "…").
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${PY:-$ROOT/.venv/bin/python}"
PYBABEL=("$PY" -m babel.messages.frontend --quiet)
# The languages are scorer/languages.py's (their one home).
mapfile -t LANGUAGES < <("$PY" -c "from scorer.languages import LANGUAGES; print(*LANGUAGES, sep=chr(10))")
POT=scorer/locales/messages.pot

extract() {
    local out="${1:-$POT}"
    # The configuration of record is pyproject.toml (STYLE.md practice 12): mappings, keywords
    # and options. --omit-header keeps the template free of a creation date, so an unchanged
    # source gives an identical file; locations stay as hints for translators.
    "${PYBABEL[@]}" extract -F pyproject.toml \
        -k _l -k lazy_gettext -k lazy_pgettext:1c,2 -k lazy_ngettext:1,2 \
        -k N_ -k lang -k ctx:1c,2 \
        --add-comments=TRANSLATORS: --sort-by-file --omit-header \
        -o "$out" .
}

update() {
    for lang in "${LANGUAGES[@]}"; do
        local po="scorer/locales/$lang/LC_MESSAGES/messages.po"
        if [[ -f "$po" ]]; then
            "${PYBABEL[@]}" update -i "$POT" -d scorer/locales -l "$lang" --ignore-obsolete --no-fuzzy-matching
        else
            "${PYBABEL[@]}" init -i "$POT" -d scorer/locales -l "$lang"
        fi
    done
}

compile() {
    # Fuzzy entries are left out (Babel's default): a guess never reaches a player.
    "${PYBABEL[@]}" compile -d scorer/locales -D messages
}

check() {
    "$PY" -m pytest -q -p no:cacheprovider tests/i18n/test_catalogs.py
}

case "${1:-}" in
    extract) shift; extract "$@" ;;
    update) update ;;
    compile) compile ;;
    check) check ;;
    all) extract; update; compile ;;
    *) sed -n '2,9p' "$0" >&2; exit 2 ;;
esac
