# Tafel — the two commands a newcomer needs: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# Where `make serve` listens: every address of this machine, so the table's tablets can open it.
HOST ?= 0.0.0.0
PORT ?= 5000
MO := $(patsubst %.po,%.mo,$(wildcard scorer/locales/*/LC_MESSAGES/messages.po))

.PHONY: test serve install migrate system-deps translations compile-translations vendor typecheck clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

install: $(STAMP) vendor

# The browser libraries the app serves itself (htmx), fetched with npm and checked against
# the SHA-256 pinned in the script; built like the .mo files, never committed.
vendor:
	bash scripts/vendor.sh

# Debian packages the suite drives for real: chromium, poppler-utils, fonts, postgresql.
system-deps:
	bash scripts/system-deps.sh

# .po files are committed; .mo files are built here (never committed).
compile-translations: $(STAMP)
	bash scripts/translations.sh compile

# Extract, update and compile every catalog after changing user-visible strings.
translations: $(STAMP)
	bash scripts/translations.sh all

# Migrations run as a command, never at start-up. DATABASE_URL selects the database
# (default: SQLite in instance/).
migrate: $(STAMP)
	$(PY) -m flask --app scorer db-upgrade

serve: migrate compile-translations vendor
	$(PY) -m flask --app scorer run --host $(HOST) --port $(PORT)

# The whole suite on SQLite, then every test that touches the database again on a real
# PostgreSQL server that scripts/with-postgres.sh starts (the engine tests need no database).
test: $(STAMP) system-deps compile-translations vendor
	$(PY) -m mypy --strict rules_engine
	$(PY) -m pytest -n 2
	bash scripts/with-postgres.sh $(PY) -m pytest -n 2 tests/app tests/browser tests/i18n tests/security tests/robustness tests/sheets

typecheck: $(STAMP)
	$(PY) -m mypy --strict rules_engine

clean:
	rm -rf $(VENV) build *.egg-info
	find scorer/locales -name '*.mo' -delete
	rm -rf scorer/static/vendor
