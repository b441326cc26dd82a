# piec: common tasks. `make` (or `make help`) lists them.
# Every recipe runs under `bash -euo pipefail`, so it stops at the first failing command.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

SWIFT ?= swift
OUT ?= out
# `make install`: where (PREFIX), under which staging root (DESTDIR, for packagers), and which
# build (CONFIGURATION: release; the packaging tests install the debug build).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
# `make test` (CI) fails when a target imports a module its Package.swift entry does not declare.
IMPORT_CHECK = --explicit-target-dependency-import-check error
# Release builds are fully static executables on Linux (`--static-swift-stdlib
# -static-executable`, as `make dist`): no shared library is loaded or relocated at start, not
# even glibc, libstdc++ or libyaml. Measured side by side (BENCHMARKS.md of 81d15d3): a cold
# start on disk 3.07 ms instead of 4.06 ms with the Swift runtime alone linked in (6.5 ms with
# none), 1000 full bundles 241 ms instead of 258 ms. The linker warns that some glibc functions
# (`dlopen`, `getaddrinfo`, ...) need the shared glibc at run time: piec's paths never call
# them (docs/dev/release-build.md). macOS ships
# the Swift runtime and has no static executables, so nothing is added there.
RELEASE_FLAGS ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib -Xswiftc -static-executable,)
# piec-render links librsvg, cairo, giflib and libwebp, and librsvg has no static library
# (Debian ships only librsvg-2.so): it is built apart, with the Swift runtime linked in but the
# system's shared libraries (librsvg2-2, libgif7, libwebpmux3 at run time), in its own build
# folder so the two sets of flags do not rebuild each other.
RENDER_FLAGS ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
RENDER_SCRATCH ?= .build-render
# The wheel's platform tags: fully static x86-64 executables need no glibc or musl of any age.
WHEEL_TAG ?= manylinux_2_5_x86_64.manylinux1_x86_64.musllinux_1_1_x86_64
# The Python that runs the browser tests is chosen after bootstrap has run (see scripts/python.sh).
PYTHON_CMD = $$(scripts/python.sh || { echo "no python3 with pytest, jsonschema, yaml and PIL: run scripts/bootstrap.sh" >&2; exit 1; })

.PHONY: help bootstrap gallery build test wheel swift-test browser-test docs docs-test safety-test package-test vcs-test install uninstall dist dist-test fuzz schema reference goldens screenshot print-release-flags print-render-flags clean

help: ## list the targets
	@echo "usage: make TARGET"
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z-]+):.*## (.*)/  \1\t\2/' | expand -t 16

bootstrap: ## install what scripts/dependencies.txt lists and is missing (apt, pip; prints brew commands on macOS)
	scripts/bootstrap.sh

gallery: ## build every spec under specs/ into out/ with a release build
	scripts/bootstrap.sh --no-browser
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product piec
	.build/release/piec build specs -o $(OUT)
	.build/release/piec build specs/transitions/*.yaml -o $(OUT) --from specs/transitions/before

build: ## debug build of piec
	$(SWIFT) build

test: ## everything CI runs: bootstrap, swift build, swift test, then the browser, docs, safety, package and vcs tests
	scripts/bootstrap.sh
	$(SWIFT) build $(IMPORT_CHECK)
	$(SWIFT) test $(IMPORT_CHECK)
	bench/run.sh --smoke --piec .build/debug/piec > /dev/null  # keeps the benchmark script working (~25 s with the browser harness at 8 slices)
	PIEC_ENGINES= $(MAKE) --no-print-directory browser-test   # all three engines, whatever the environment says
	$(MAKE) --no-print-directory docs-test
	$(MAKE) --no-print-directory safety-test
	$(MAKE) --no-print-directory package-test
	$(MAKE) --no-print-directory vcs-test

swift-test: ## swift test only
	$(SWIFT) test

browser-test: ## Tests/browser in Chromium, Firefox and WebKitGTK, plus rsvg/Inkscape/cairosvg; the label judge again with DejaVu alone (needs a debug build)
	python="$(PYTHON_CMD)"; echo "browser tests with $$python"; "$$python" -m pytest -q Tests/browser
	python="$(PYTHON_CMD)"; echo "label judge with DejaVu alone (Tests/browser/piectest/fonts.py)"; \
		PIEC_FONTS=dejavu "$$python" -m pytest -q Tests/browser/test_fonts.py Tests/browser/test_label_layout.py

docs: ## build the manual (mkdocs.yml, docs/) into site/ with MkDocs and piec's own fence (debug build of piec)
	scripts/bootstrap.sh
	$(SWIFT) build --product piec
	PYTHONPATH=python PIEC=.build/debug/piec NO_MKDOCS_2_WARNING=1 .venv-docs/bin/mkdocs build --strict --quiet
	@echo "docs: open site/index.html"

docs-test: ## build the manual and check it: every piec block, links and images, pages in headless Chromium (needs a debug build)
	python="$(PYTHON_CMD)"; echo "docs tests with $$python"; "$$python" -m pytest -q Tests/docs

safety-test: ## output safety, limits and file-system tests under Tests/safety (needs a debug build)
	python="$(PYTHON_CMD)"; echo "safety tests with $$python"; "$$python" -m pytest -q Tests/safety

package-test: ## make install/uninstall, the pre-commit hooks and the GitHub Action script, under Tests/package (needs a debug build)
	python="$(PYTHON_CMD)"; echo "package tests with $$python"; "$$python" -m pytest -q Tests/package

vcs-test: ## charts under version control: real git repositories and clones, build/check/diff, the pre-commit hook and the Action script, under Tests/vcs (needs a debug build)
	python="$(PYTHON_CMD)"; echo "vcs tests with $$python"; "$$python" -m pytest -q Tests/vcs

install: ## build (release) and install piec, piec-preview, piec-render, the man page and bash/zsh/fish completions under DESTDIR/PREFIX (PREFIX=/usr/local)
	scripts/bootstrap.sh --no-browser
ifeq ($(CONFIGURATION),release)
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product piec
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product piec-preview
	$(SWIFT) build -c release $(RENDER_FLAGS) --scratch-path $(RENDER_SCRATCH) --product piec-render
	scripts/install.sh install "$$($(SWIFT) build -c release --show-bin-path)" "$(DESTDIR)$(PREFIX)" \
		"$$($(SWIFT) build -c release --scratch-path $(RENDER_SCRATCH) --show-bin-path)"
else
	$(SWIFT) build -c $(CONFIGURATION)
	scripts/install.sh install "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)" "$(DESTDIR)$(PREFIX)"
endif

uninstall: ## remove exactly the files `make install` installed under DESTDIR/PREFIX (PREFIX=/usr/local)
	scripts/install.sh uninstall "$(DESTDIR)$(PREFIX)"

dist: ## static release archive dist/piec-VERSION-linux-x86_64.tar.gz + .sha256 (own build folder .build-dist)
	scripts/dist.sh

wheel: ## the binary wheel dist/piec_charts-VERSION-py3-none-manylinux...whl: static piec and piec-preview, the Python adapters (Linux x86-64; checked with auditwheel)
	scripts/bootstrap.sh --no-browser
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product piec
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product piec-preview
	wheel="$$(python3 scripts/wheel.py "$$($(SWIFT) build -c release --show-bin-path)" dist --tag $(WHEEL_TAG))"; \
		echo "$$wheel"; if command -v auditwheel >/dev/null; then auditwheel show "$$wheel" | tee dist/auditwheel.txt; \
		grep -q "manylinux_2_5_x86_64" dist/auditwheel.txt || { echo "wheel: auditwheel disagrees with $(WHEEL_TAG)" >&2; exit 1; }; fi

dist-test: dist ## unpack the archive into an empty folder and build the gallery with only its bin/ on PATH
	scripts/dist-test.sh

fuzz: ## fuzz FUZZ_TARGET (FuzzCompile) for FUZZ_SECONDS (60) with libFuzzer, release build (FUZZ_CONFIG=asan: ASan; not in CI; see Fuzz/README.md)
	scripts/fuzz.sh $${FUZZ_SECONDS:-60} $${FUZZ_TARGET:-FuzzCompile}

schema: ## regenerate Schemas/piec.schema.json, Schemas/piec-defaults.schema.json and the reference pages (make reference) from the tables
	$(SWIFT) build
	mkdir -p Schemas
	.build/debug/piec schema > Schemas/piec.schema.json.tmp
	mv Schemas/piec.schema.json.tmp Schemas/piec.schema.json
	.build/debug/piec schema --defaults > Schemas/piec-defaults.schema.json.tmp
	mv Schemas/piec-defaults.schema.json.tmp Schemas/piec-defaults.schema.json
	$(MAKE) --no-print-directory reference

reference: ## regenerate docs/reference/{keys,cli,diagnostics}.md from the key tables, the command tables and the diagnostic catalog
	$(SWIFT) build
	mkdir -p docs/reference
	.build/debug/piec schema --markdown > docs/reference/keys.md.tmp
	mv docs/reference/keys.md.tmp docs/reference/keys.md
	.build/debug/piec man --markdown > docs/reference/cli.md.tmp
	mv docs/reference/cli.md.tmp docs/reference/cli.md
	# diagnostics.md shows the bad-input fixtures, which only the tests have: the test writes it.
	PIEC_UPDATE_FIXTURES=1 $(SWIFT) test --filter 'PiecCLITests.ReferencePagesTests/diagnosticsReferencePageIsNotStale'

goldens: ## regenerate the Swift test fixtures (review the diff before committing)
	PIEC_UPDATE_FIXTURES=1 $(SWIFT) test

screenshot: ## render docs/gallery.png (a few built examples side by side) with headless Chromium
	scripts/screenshot.sh

print-release-flags: # the flags of a release build (bench/run.sh builds what users get)
	@echo "$(RELEASE_FLAGS)"

print-render-flags: # the flags of piec-render's release build (bench/run.sh)
	@echo "$(RENDER_FLAGS)"

clean: ## remove build output
	rm -rf .build .build-dist .build-dist-render $(RENDER_SCRATCH) dist $(OUT) site
