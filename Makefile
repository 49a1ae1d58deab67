# Tafel — the two commands a newcomer needs: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: test serve install typecheck clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

install: $(STAMP)

test: $(STAMP)
	$(PY) -m mypy --strict rules_engine
	$(PY) -m pytest -n 2

typecheck: $(STAMP)
	$(PY) -m mypy --strict rules_engine

serve: $(STAMP)
	@echo "The table app arrives with issue #4; until then there is nothing to serve." >&2
	@exit 1

clean:
	rm -rf $(VENV) build *.egg-info
