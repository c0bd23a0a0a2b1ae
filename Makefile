# Every target creates .venv when it is missing and installs what it needs: nothing is installed by hand.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test lint typecheck pytest docs soak bench scale clean

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

$(VENV)/.installed-scale: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,scale,browser]'
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
	$(BIN)/pytest

## soak: the long Hypothesis profile.
soak: $(VENV)/.installed-dev
	ARMATA_HYPOTHESIS_PROFILE=soak $(BIN)/pytest

## docs: the Sphinx site, warnings as errors.
docs: $(VENV)/.installed-docs
	$(BIN)/sphinx-build -W --keep-going -b html docs build/docs

## bench: speed as a ratio against python-chess, run side by side.
bench: $(VENV)/.installed-bench
	$(BIN)/python bench/bench_engine.py

## scale: the [scale] extra's tests (Ray, Parquet, DuckDB), the replay page in Debian's Chromium, and a small
## 2-5 hero readings study on a local Ray. Installs the chromium package with apt-get (CI runs as root).
scale: $(VENV)/.installed-scale /usr/bin/chromium
	ARMATA_REQUIRE_SCALE=1 $(BIN)/pytest -q tests/test_scale.py tests/test_replay_page.py tests/test_sim_runner.py
	$(BIN)/armata-rules study readings --heroes 2-5 --games 3 --backend ray --store build/study/results \
		--out build/study/readings.json --plot build/study/readings.svg

/usr/bin/chromium:
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium

clean:
	rm -rf build .mypy_cache .pytest_cache .ruff_cache .hypothesis
