# Every target creates .venv when it is missing and installs what it needs: nothing is installed by hand.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
.DEFAULT_GOAL := help

.PHONY: help demo test test-compiled compiled clean-compiled bench-compiled bench-compare test-adapters scale lint typecheck pytest docs docs-html screenshots browser soak bench bench-finder profile golden mutants mutants-sample clean coverage-clauses fuzz baselines

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-base: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# Each stamp below installs the package with the extras its name stands for, at the versions constraints.txt pins.
EXTRAS_dev      := dev
EXTRAS_compile  := dev,compile
EXTRAS_bench    := bench,pettingzoo,gymnasium,openspiel
EXTRAS_adapters := dev,pettingzoo,gymnasium,openspiel
EXTRAS_scale    := dev,scale,browser
EXTRAS_docs     := docs
EXTRAS_shots    := docs,browser

$(VENV)/.installed-%: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[$(EXTRAS_$*)]'
	touch $@

## help: list the targets and what each does.
help:
	@sed -n 's/^## \([a-z-]*\): /\1\t/p' $(MAKEFILE_LIST) | expand -t 16

## demo: install, then run the main job on the bundled defaults.
demo: $(VENV)/.installed-base
	mkdir -p build  # the command writes into folders that exist; it creates none
	$(BIN)/armata-rules board --svg build/fortress.svg
	$(BIN)/armata-rules simulate --heroes 3 --games 12 --seed 1
	$(BIN)/armata-rules verify
	$(BIN)/armata-rules verify --self-test

## test: install with the dev extra, then ruff, mypy --strict and pytest (Hypothesis "ci" profile).
test: lint typecheck pytest

## lint: ruff check and ruff format --check.
lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

## typecheck: mypy --strict over the package.
typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy --strict armata_rules

## pytest: the tests alone, on the pure-Python package (a compiled module left in the tree stops it: make clean).
pytest: $(VENV)/.installed-dev
	ARMATA_BUILD=pure $(BIN)/pytest --ignore=tests/adapters

## compiled: the opt-in mypyc build: compiles the rule modules in place (so the checkout runs them) and writes the
## wheel to build/wheels. `make clean-compiled` goes back to pure Python.
compiled: $(VENV)/.installed-compile
	HATCH_BUILD_HOOK_ENABLE_MYPYC=true $(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation -w build/wheels .

## test-compiled: the compiled build, the whole test suite on it (the adapters' suites too: the encoder and the seat
## vectors they call are compiled), then back to pure Python (whatever the result).
test-compiled: $(VENV)/.installed-adapters compiled
	ARMATA_BUILD=compiled $(BIN)/pytest; status=$$?; $(MAKE) --no-print-directory clean-compiled; exit $$status

## clean-compiled: remove the compiled modules from the tree.
clean-compiled:
	find armata_rules -name '*.so' -delete
	rm -f ./*__mypyc.*.so

## test-adapters: install the PettingZoo, Gymnasium and OpenSpiel extras, then run their conformance suites on the
## pure-Python package (kept out of `make pytest`, which needs no extra; `make test-compiled` runs them compiled).
test-adapters: $(VENV)/.installed-adapters
	$(BIN)/pytest tests/adapters

## baselines: the pack's win rates with random, greedy and MCTS players per hero count, with exact 95% intervals,
## into docs/_data/baselines.json, which the RL pages of the docs render (a few minutes on 2 CPUs).
baselines: $(VENV)/.installed-adapters
	$(BIN)/python -m armata_rules.adapters.baselines --out docs/_data/baselines.json

## soak: the long Hypothesis profile, then a million decisions of checked random, greedy and explorer play of
## Armata, and a million checked decisions of Władcy Nocy on the synthetic pack (each about 15 minutes on 2 cores).
soak: $(VENV)/.installed-dev
	ARMATA_HYPOTHESIS_PROFILE=soak $(BIN)/pytest
	$(BIN)/python -m armata_rules.sim.soak --decisions 1000000
	$(BIN)/python -m armata_rules.wladcy_nocy.verify.soak --decisions 1000000

## docs: the Sphinx site with no warning at all (Sphinx's and Python's), then the browser checks of `screenshots`
## (skipped with one line where no Chromium is found). Needs no root and no apt-get.
docs: screenshots

## docs-html: the Sphinx site alone, English into build/docs and German, French, Italian, Spanish into
## build/docs/<lang> (a build each, about 40 s); a Python warning fails a build like a Sphinx one.
DOCS_LANGUAGES := de fr it es
docs-html: $(VENV)/.installed-docs
	PYTHONWARNINGS=error $(BIN)/sphinx-build -W --keep-going -b html docs build/docs
	for lang in $(DOCS_LANGUAGES); do \
		PYTHONWARNINGS=error $(BIN)/sphinx-build -W --keep-going -b html -D language=$$lang docs build/docs/$$lang \
			|| exit 1; \
	done

## screenshots: Playwright drives the Chromium it finds (ARMATA_CHROMIUM, else chromium, chromium-browser or
## google-chrome on PATH, else Playwright's own) over build/docs: photographs of the main pages, the search for
## "blood points" (and "Blutpunkte" on the German build), the language switch, every page's height against its
## budget. With no Chromium it says so in one line and succeeds.
screenshots: docs-html $(VENV)/.installed-shots
	$(BIN)/python docs/screenshots.py build/docs build/screenshots

## browser: nothing to install: says where the screenshots' Chromium comes from.
browser:
	@echo "browser: nothing to install; make docs drives the Chromium it finds (ARMATA_CHROMIUM=/path/to/chrome, else"
	@echo "chromium, chromium-browser or google-chrome on PATH, else .venv/bin/playwright install chromium's download)"

## bench: speed as a ratio against python-chess, run side by side.
bench: $(VENV)/.installed-bench
	$(BIN)/python bench/bench_engine.py

## bench-compiled: the same benchmark on the compiled build, then back to pure Python.
bench-compiled: compiled $(VENV)/.installed-bench
	$(BIN)/python bench/bench_engine.py; status=$$?; $(MAKE) --no-print-directory clean-compiled; exit $$status

## bench-compare: two commits' compiled builds measured side by side (BASE=rev, HEAD=rev, default HEAD): the gate
## of a refactoring that must not slow the engine; medians and ranges over alternating runs.
bench-compare: $(VENV)/.installed-compile $(VENV)/.installed-bench
	$(BIN)/python bench/compare_commits.py $(BASE) $(or $(HEAD),HEAD) --build compiled

## profile: where the engine spends its time over complete random games (cProfile), then by kind of decision (the
## legal listing and the apply of each frame and action kind, timed apart, with its share of the time), then the
## copies of immutable values a decision makes, by class, kind of decision and place (pure build).
profile: $(VENV)/.installed-bench
	$(BIN)/python bench/profile_engine.py
	$(BIN)/python bench/decision_costs.py
	$(BIN)/python bench/state_copies.py

## bench-finder: precision and recall of the ambiguity finder on seeded scans, per language.
bench-finder: $(VENV)/.installed-base
	$(BIN)/python bench/bench_finder.py

## scale: the [scale] extra's tests (Ray, Parquet, DuckDB), the replay page in Debian's Chromium, and a small
## 2-5 hero readings study on a local Ray. Installs the chromium package with apt-get (CI runs as root).
scale: $(VENV)/.installed-scale /usr/bin/chromium
	ARMATA_REQUIRE_SCALE=1 $(BIN)/pytest -q tests/test_scale.py tests/test_result_store.py tests/test_replay_page.py tests/kernel/test_replay_page.py \
		tests/test_sim_runner.py
	rm -rf build/study  # a store keeps one engine build's games: start afresh, the code may have changed
	mkdir -p build/study  # --out and --plot write into a folder that exists
	$(BIN)/armata-rules study readings --heroes 2-5 --games 3 --backend ray --store build/study/results \
		--out build/study/readings.json --plot build/study/readings.svg

/usr/bin/chromium:
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium

## clean: remove build output and tool caches.
clean: clean-compiled
	rm -rf build .mypy_cache .pytest_cache .ruff_cache .hypothesis

## mutants: mutation testing of effects.py and rules/ against the rule-level tests (mutmut; long: hours on 2 cores).
## Resumable (mutmut keeps each result in mutants/ and runs only what has none); shard with a name glob, e.g.
## `make mutants MUTANTS='armata_rules.rules.movement*'`.
mutants: $(VENV)/.installed-dev
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,mutation]'
	ARMATA_BUILD=pure $(BIN)/mutmut run $(MUTANTS)
	$(BIN)/python -m tests.mutants report

## mutants-sample: a seeded random sample of the mutants not yet run (COUNT, default 400), then the report: an
## estimate of the rest of a run too long for one sitting (after a `make mutants` has generated the mutants).
mutants-sample: $(VENV)/.installed-dev
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,mutation]'
	ARMATA_BUILD=pure $(BIN)/mutmut run $$($(BIN)/python -m tests.mutants sample --count $(or $(COUNT),400))
	$(BIN)/python -m tests.mutants report

## fuzz: the project's own fuzzers (files, state files, actions, scans, rulebook folders, command lines) for four
## minutes: counts of tried, clean, tracebacks and hangs; fails on any traceback or hang. `make test` runs a short one.
fuzz: $(VENV)/.installed-dev
	$(BIN)/python -m tests.fuzz --seconds $(or $(FUZZ_SECONDS),240)

## coverage-clauses: every rule-bearing clause of peg19.en and sb19.en with the scenario tests that cite it.
coverage-clauses: $(VENV)/.installed-dev
	$(BIN)/python -m tests.clause_coverage

## golden: regenerate the golden playthroughs (tests/data/golden/) after an intended change of behaviour.
golden: $(VENV)/.installed-dev
	$(BIN)/python -m tests.golden
