# Every target creates .venv when it is missing and installs what it needs: nothing is installed by hand.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test test-adapters lint typecheck pytest docs soak bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-base: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	touch $@

$(VENV)/.installed-adapters: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,pettingzoo,gymnasium,openspiel]'
	touch $@

$(VENV)/.installed-docs: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@

## demo: install, then run the main job on the bundled defaults.
demo: $(VENV)/.installed-base
	$(BIN)/armata-rules board --svg build/fortress.svg
	$(BIN)/armata-rules simulate --heroes 3 --games 12 --seed 1
	$(BIN)/armata-rules verify
	$(BIN)/armata-rules verify --self-test

## test: install with the dev extra, then ruff, mypy --strict and pytest (Hypothesis "ci" profile).
test: lint typecheck pytest

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy --strict armata_rules

pytest: $(VENV)/.installed-dev
	$(BIN)/pytest --ignore=tests/adapters

## test-adapters: install the PettingZoo, Gymnasium and OpenSpiel extras, then run their conformance suites
## (kept out of `make pytest` so that each runs once in CI).
test-adapters: $(VENV)/.installed-adapters
	$(BIN)/pytest tests/adapters

## soak: the long Hypothesis profile.
soak: $(VENV)/.installed-dev
	ARMATA_HYPOTHESIS_PROFILE=soak $(BIN)/pytest

## docs: the Sphinx site, warnings as errors.
docs: $(VENV)/.installed-docs
	$(BIN)/sphinx-build -W --keep-going -b html docs build/docs

## bench: speed as a ratio against python-chess, run side by side.
bench: $(VENV)/.installed-bench
	$(BIN)/python bench/bench_engine.py

clean:
	rm -rf build .mypy_cache .pytest_cache .ruff_cache .hypothesis
