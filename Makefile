# Tafel — the two commands a newcomer needs: `make serve` and `make test` (`make check` before a commit).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# Where `make serve` listens: every address of this machine, so the table's tablets can open it.
HOST ?= 0.0.0.0
PORT ?= 5000
# Python keeps compiled modules, and pytest its rewritten test modules, in __pycache__ (ignored by
# git). Where the environment says not to write them, every test worker would compile the whole
# tree again on every run (collecting the fast tests took 10 s of CPU per worker, 3.5 s with them).
unexport PYTHONDONTWRITEBYTECODE
MO := $(patsubst %.po,%.mo,$(wildcard scorer/locales/*/LC_MESSAGES/messages.po))

.PHONY: test check lint fast-tests sqlite-tests postgres-tests serve tournament install lock migrate system-deps translations compile-translations vendor typecheck wheel clean

$(PY):
	$(PYTHON) -m venv $(VENV)

# The exact versions of requirements.lock, then the project itself on them: a fresh clone
# installs what the last `make lock` resolved, not whatever the index holds that day. The project
# is built with the lock's setuptools and Babel (no isolated build fetching others). uv installs
# them (pinned here, itself installed by pip): it fetches, unpacks and compiles the modules in
# parallel, where pip took over a minute of a fresh clone's `make test`. Compiled here, not by
# the test workers: four of them starting at once would each compile the same modules. The
# system's certificates, as pip's: a network that vouches for PyPI with its own authority (this
# machine's does) is trusted by them, not by uv's built-in list.
UV_VERSION := 0.13.9
UV := $(PY) -m uv pip install -q --system-certs --compile-bytecode --python $(PY)
$(STAMP): pyproject.toml requirements.lock | $(PY)
	$(PY) -m pip install -q --disable-pip-version-check uv==$(UV_VERSION)
	$(UV) -r requirements.lock
	$(UV) --no-deps --no-build-isolation -e .
	touch $@

install: $(STAMP) vendor

# After changing a dependency in pyproject.toml (tests/packaging/test_lock.py fails until then),
# or to move every pin to its newest release: pip resolves '.[test]' afresh and pins it all.
lock: | $(PY)
	$(PY) scripts/lock.py

# The browser libraries the app serves itself (htmx), fetched with npm and checked against
# the SHA-256 pinned in the script; built like the .mo files, never committed.
vendor:
	bash scripts/vendor.sh

# Debian packages the suite drives for real: chromium, poppler-utils, fonts, postgresql.
system-deps:
	bash scripts/system-deps.sh

# .po files are committed; .mo files are built here (never committed), each again only when
# its .po changed (what `scripts/translations.sh compile` does for every catalog).
compile-translations: $(MO)

$(MO): %.mo: %.po | $(STAMP)
	$(PY) -m babel.messages.frontend --quiet compile -i $< -o $@

# Extract, update and compile every catalog after changing user-visible strings.
translations: $(STAMP)
	bash scripts/translations.sh all

# Migrations run as a command, never at start-up. DATABASE_URL selects the database
# (default: SQLite in instance/).
migrate: $(STAMP)
	$(PY) -m flask --app scorer db-upgrade

serve: migrate compile-translations vendor
	$(PY) -m scorer.web.serving --host $(HOST) --port $(PORT)

# A tournament: nginx (deploy/nginx.conf) on HOST:PORT caching the spectators' pages for a
# second, in front of Granian on 127.0.0.1:PORT+1 (scripts/tournament.sh).
tournament: migrate compile-translations vendor
	HOST=$(HOST) PORT=$(PORT) PY=$(PY) bash scripts/tournament.sh

# Lint, format, types and the layers' import contracts (pyproject.toml, docs/ARCHITECTURE.md):
# the same over the whole tree in `make check`, `make test` and pre-commit.
lint: $(STAMP)
	$(VENV)/bin/lint-imports
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict rules_engine scorer

# Before every commit: lint, types and the fast tests. The
# slow ones (oracles, fuzzers, sweeps over every language, servers, the wheel), the browser
# and the PostgreSQL runs are left to `make test`; Hypothesis's dev profile tries fewer
# examples. The ignored files (the browser tests, the API's Schemathesis run) import what costs
# seconds in every worker: Playwright, Schemathesis.
# The lint runs beside the tests (mostly one process, it fills what the two workers leave
# idle); either failing fails the command. Its few lines may come between the tests' (make's
# output sync would hold back the tests' progress until they end).
FAST := -m "not slow and not browser" --ignore=tests/browser --ignore=tests/api/test_schemathesis.py -p no:schemathesis
check: compile-translations vendor | $(STAMP)
	@$(MAKE) --no-print-directory -j 2 lint fast-tests

fast-tests: compile-translations vendor | $(STAMP)
	HYPOTHESIS_PROFILE=dev $(PY) -m pytest -n 2 -q -p no:cacheprovider $(FAST)

# The whole suite on SQLite, then the tests whose subject is the store again on a real
# PostgreSQL server that scripts/with-postgres.sh starts: the app's saves, logs and caches of
# them, crashes and concurrency, backups and migrations, events, and the three kinds of access
# the store itself decides (a closed event against concurrent writes, the guess limit that
# servers share, the device that claims a table first). The engine, the PDFs, the languages, the
# input fuzzers, the browser, the other access rules (who may see and change what: decided on
# what the store read), and the tests of those folders whose subject is a page's rendering, a
# printout, a form, a bound or how the app is served (listed below) read the database through
# the same store code and run once.
ONCE_ONLY := $(addprefix --ignore=tests/app/test_,address.py assets.py collector.py contrast.py \
	entry_panel.py kept_rows.py memo.py panel_form.py persian_forms.py proxy_cache.py registry.py \
	render_kept.py serving.py speak_jass.py units.py vendor.py widgets.py) \
	$(addprefix --ignore=tests/events/test_,contract_words.py export_reconciles.py substitute_exports.py \
	tiebreak_rows.py wall_list.py)
STORE_ACCESS := $(addprefix tests/security/test_,closed_event.py guess_limit_shared.py device_binding.py)
# Of test_app.py: the pages' weight, languages, forms and links, and the icon; of the events'
# tests, the printouts in every language, the prize list's printouts and the Persian ranking (the
# events' exports, contract words and wall list are left out whole, above).
RENDERING := every_page or page_stays_under or keypads_and_csrf or leaves_the_machine or printouts_in_every_language \
	or every_printout_in_every_language or projector_and_the_printout or persian_ranking
POSTGRES_TESTS := tests/app tests/robustness tests/events $(STORE_ACCESS) \
	-k "not fuzz and not ($(RENDERING))" $(ONCE_ONLY)
# Four workers on two cores: the browser, server and crash tests spend much of their time
# waiting (on Chromium, on a server's answer, on a killed process), which the other workers fill.
# The two runs go one after the other: the machine's two cores are busy through either.
TEST_WORKERS ?= 4
# The workers take the tests two at a time, browser and slow modules first, a module whose tests
# share a costly fixture (a Chromium, the oracles' positions) whole: tests/conftest.py.
DIST := --dist loadgroup
# The lint runs beside the SQLite run, as in `make check`.
test: system-deps compile-translations vendor | $(STAMP)
	@$(MAKE) --no-print-directory -j 2 lint sqlite-tests
	$(MAKE) --no-print-directory postgres-tests

sqlite-tests: system-deps compile-translations vendor | $(STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS) $(DIST)

postgres-tests: system-deps compile-translations vendor | $(STAMP)
	bash scripts/with-postgres.sh $(PY) -m pytest -n $(TEST_WORKERS) $(DIST) $(POSTGRES_TESTS)

typecheck: $(STAMP)
	$(PY) -m mypy --strict rules_engine scorer

# The wheel carries templates, static files, rule book, migrations and compiled catalogs
# (setup.py compiles the .po files into the build): it serves the app wherever it is installed.
wheel: $(STAMP) vendor
	$(PY) -m pip wheel --no-deps --no-build-isolation -w dist .

clean:
	rm -rf $(VENV) build dist *.egg-info
	find scorer/locales -name '*.mo' -delete
	rm -rf scorer/static/vendor
