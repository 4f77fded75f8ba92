# The two commands of the README: `make book` (build the book) and `make test` (everything).
# Both work on a fresh machine: they create .venv, install the package with its extras,
# and install the book's pinned JavaScript from package-lock.json.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Jupyter kernels started by the build must be this environment's Python.
export PATH := $(abspath $(BIN)):$(PATH)
export PYDEVD_DISABLE_FILE_VALIDATION := 1
# One BLAS thread per process: the tests, the pages and the kernels already run one per
# core, and OpenBLAS threads competing for the same two cores made a 14 s run take 370 s;
# one thread also keeps the round-off the same whatever the number of cores.
export OPENBLAS_NUM_THREADS := 1
export OMP_NUM_THREADS := 1
export MKL_NUM_THREADS := 1

BOOK_FLAGS := -W -n --keep-going
ASSETS ?= local

.PHONY: help book book-student test test-unit test-book test-book-stages unit notebooks browser screenshots book-build book-execute book-html lab assignments benchmark benchmark-exudyn browser-check clean

help:
	@echo "make book       build the book into book/_build/html (executes every chapter)"
	@echo "make book-student  the student edition: the same book with every solution removed"
	@echo "make test       unit tests, doctests, notebooks, book build (-W), browser checks"
	@echo "make screenshots  the browser checks with a screenshot of every page (book/_build/screenshots)"
	@echo "make lab        JupyterLab on the chapters (they open as notebooks)"
	@echo "make assignments  student and instructor versions of the assignments (otter-grader)"
	@echo "make benchmark  formulation and position-solve timings, the demos' slider latency, the bouncing bar, the stiff pendulum, the force Jacobians, contacts and friction, recursive dynamics against N"
	@echo "make benchmark-exudyn  position solves and dynamics beside Exudyn (its own venv)"

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[book,classroom,test]'
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (mbtools)" >/dev/null
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp book/scripts/lab-overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $(STAMP)

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

book/_vendor/VERSIONS.json: node_modules/.package-lock.json book/scripts/assets.py book/scripts/widgets-assets-path.js $(wildcard book/scripts/mbplayer/*.js) | $(STAMP)
	$(BIN)/python book/scripts/assets.py

ifeq ($(ASSETS),cdn)
BOOK_CONFIG := --config build/_config_cdn.yml
book-config: $(STAMP) node_modules/.package-lock.json
	$(BIN)/python book/scripts/assets.py --cdn build/_config_cdn.yml
else
BOOK_CONFIG :=
book-config: book/_vendor/VERSIONS.json
endif

# The pages are executed first, one kernel per core, into the execution cache the build
# then reads (book/scripts/execute_chapters.py): the build itself would run them one by one.
book-build: book-execute
	$(MAKE) book-html

book-execute: $(STAMP) book-config
	rm -rf book/_build
	$(BIN)/python book/scripts/execute_chapters.py

book-html: $(STAMP) book-config
	$(BIN)/jupyter-book build book $(BOOK_CONFIG) $(BOOK_FLAGS)

book: book-build
	@echo
	@echo "The book is built: open $(abspath book/_build/html/index.html)"

# The student edition: the sources copied with every solution cut, then built the same way.
STUDENT := build/student/book
book-student: $(STAMP) book/_vendor/VERSIONS.json
	$(BIN)/python book/scripts/student_edition.py $(STUDENT)
	$(BIN)/jupyter-book build $(STUDENT) $(BOOK_FLAGS)
	@echo
	@echo "The student edition is built: open $(abspath $(STUDENT)/_build/html/index.html)"

unit: $(STAMP) node_modules/.package-lock.json
	$(BIN)/python -m pytest -m "not browser and not notebooks" -n auto

notebooks: $(STAMP)
	$(BIN)/python -m pytest -m notebooks

# The browser checks need Debian's Chromium; say so in one line rather than fail deep
# inside Playwright.
CHROMIUM ?= /usr/bin/chromium
browser-check:
	@test -x $(CHROMIUM) || { echo "make test needs Chromium for the browser checks: apt-get install -y chromium (or set CHROMIUM=/path/to/chromium)"; exit 2; }

# only the files that hold browser tests are collected (collecting all takes a minute);
# JupyterLab's (a live kernel in the page) run last in make test, on a machine left idle
LAB_TESTS = tests/test_lab.py
BROWSER_TESTS = $(filter-out $(LAB_TESTS),$(shell grep -l "mark.browser" tests/*.py))
browser: $(STAMP) browser-check
	$(BIN)/python -m pytest -m browser -n auto $(BROWSER_TESTS) $(LAB_TESTS)

# the browser checks with a full-page screenshot of every page, in book/_build/screenshots
screenshots: $(STAMP) browser-check
	SCREENSHOTS=1 $(BIN)/python -m pytest -m browser -n auto $(BROWSER_TESTS) $(LAB_TESTS)

# Each stage says how long it took (CI's budget is 30 minutes on two cores). The unit
# tests run side by side with the book's chain: the pages executed once, the book and the
# student edition built from that one execution, then the browser checks on the built
# pages, two processes each. When one side is down to its last long test or page, or
# waits on the browser, the other keeps the cores busy. The live demos in JupyterLab come
# last, alone: a kernel on a loaded machine answers a page too slowly to be waited for.
# (No test asserts a time; the pages' own timings are one run each on a busy machine, and
# say so.) The unit tests read the pinned three.js in node_modules (the player's files
# and its budget).
test: $(STAMP) node_modules/.package-lock.json browser-check
	@start=$$(date +%s); $(MAKE) --no-print-directory -j2 test-unit test-book; status=$$?; \
	  echo "make test: the unit tests and the book's chain, side by side, took $$(( $$(date +%s) - start )) s"; \
	  exit $$status
	@start=$$(date +%s); $(BIN)/python -m pytest -m browser $(LAB_TESTS); status=$$?; \
	  echo "make test: the live demos in JupyterLab took $$(( $$(date +%s) - start )) s"; exit $$status

test-unit: $(STAMP) node_modules/.package-lock.json
	@start=$$(date +%s); $(BIN)/python -m pytest -m "not browser" -n auto --durations=30; status=$$?; \
	  echo "make test: unit tests, doctests and notebooks took $$(( $$(date +%s) - start )) s"; exit $$status

# The book's chain, its lines kept in a log printed when it is done (the unit tests'
# progress stays readable as it comes); it stops at the first stage that fails.
test-book: $(STAMP) browser-check
	@mkdir -p build; start=$$(date +%s); $(MAKE) --no-print-directory test-book-stages > build/book-chain.log 2>&1; \
	  status=$$?; cat build/book-chain.log; \
	  echo "make test: the book's chain took $$(( $$(date +%s) - start )) s"; exit $$status

test-book-stages:
	@start=$$(date +%s); $(MAKE) --no-print-directory book-execute; status=$$?; \
	  echo "make test: executing the pages took $$(( $$(date +%s) - start )) s"; exit $$status
	@start=$$(date +%s); $(MAKE) -j2 --output-sync=target book-html book-student; status=$$?; \
	  echo "make test: the book and the student edition, built side by side from that one execution," \
	       "took $$(( $$(date +%s) - start )) s"; exit $$status
	@start=$$(date +%s); $(BIN)/python -m pytest -m browser -n auto $(BROWSER_TESTS); status=$$?; \
	  echo "make test: the browser checks took $$(( $$(date +%s) - start )) s"; exit $$status

lab: $(STAMP)
	$(BIN)/jupyter lab --allow-root --notebook-dir=. book/chapters

assignments: $(STAMP)
	$(BIN)/python notebooks/assignments/assign.py

benchmark: $(STAMP)
	$(BIN)/python benchmarks/formulation_time.py
	$(BIN)/python benchmarks/position_solve.py
	$(BIN)/python benchmarks/demo_latency.py
	$(BIN)/python benchmarks/impacts.py
	$(BIN)/python benchmarks/stiff_pendulum.py
	$(BIN)/python benchmarks/force_jacobians.py
	$(BIN)/python benchmarks/recursive.py
	$(BIN)/python benchmarks/contacts.py

benchmark-exudyn: $(STAMP)
	benchmarks/exudyn/run.sh position
	benchmarks/exudyn/run.sh dynamics

clean:
	rm -rf book/_build book/_vendor build .pytest_cache
