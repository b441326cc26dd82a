#!/usr/bin/env bash
# Idempotent set-up of what piec needs to build and test, on Debian/Ubuntu (apt) or macOS (brew),
# from the one list of dependencies, scripts/dependencies.txt.
#
#   scripts/bootstrap.sh              groups build, test and docs: `make test`, `make docs`
#   scripts/bootstrap.sh --no-browser group build only: enough for `make gallery`, `make install`
#   scripts/bootstrap.sh --bench      groups build, test, docs and bench (a full bench/run.sh)
#   scripts/bootstrap.sh --dry-run    report what is missing, install nothing
#   scripts/bootstrap.sh --list       print the packages of the chosen groups, one per line
#
# Environment: PIEC_BOOTSTRAP_BROWSER=0 is the same as --no-browser; CHROMIUM=/path/to/chrome
# names a Chromium/Chrome binary to use instead of installing one (FIREFOX and MINIBROWSER
# likewise for Firefox and WebKitGTK's MiniBrowser); PYTHON=/path/to/python3
# names the interpreter for the tests (see scripts/python.sh).
#
# Only what is missing is installed. `apt-get update` runs only when something is missing.
# Swift itself is never installed here: it must already be on PATH.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
list="$here/dependencies.txt"
groups="build test docs"
[ "${PIEC_BOOTSTRAP_BROWSER:-1}" = 0 ] && groups="build"
dry_run=0
list_only=0
for arg in "$@"; do
    case "$arg" in
        --no-browser) groups="build" ;;
        --browser) groups="build test docs" ;;
        --bench) groups="build test docs bench" ;;
        --dry-run) dry_run=1 ;;
        --list) list_only=1 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "bootstrap: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
    esac
done

say() { echo "bootstrap: $*"; }
fail() { echo "bootstrap: error: $*" >&2; exit 1; }

# --- the list --------------------------------------------------------------------------------

# entries KIND: "package provides..." lines of the chosen groups' entries of that kind.
entries() {
    local group kind package provides
    while read -r group kind package provides; do
        case "$group" in ''|'#'*) continue ;; esac
        [[ " $groups " == *" $group "* ]] || continue
        [ "$kind" = "$1" ] && echo "$package $provides"
    done < "$list"
    return 0
}

if [ "$list_only" = 1 ]; then
    for kind in toolchain apt pypi; do entries "$kind" | while read -r package _; do echo "$kind $package"; done; done
    exit 0
fi

command -v swift >/dev/null 2>&1 ||
    fail "swift is not on PATH. Install Swift 6 (https://www.swift.org/install/) and retry; this script does not install it"

python="${PYTHON:-/usr/bin/python3}"
[ -x "$python" ] || python="$(command -v python3 || echo python3)"

# --- what is present -------------------------------------------------------------------------

find_chromium() {
    if [ -n "${CHROMIUM:-}" ]; then
        command -v "$CHROMIUM" 2>/dev/null && return 0
        [ -x "$CHROMIUM" ] && { echo "$CHROMIUM"; return 0; }
        return 1
    fi
    local name
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        command -v "$name" 2>/dev/null && return 0
    done
    local mac="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
    [ -x "$mac" ] && { echo "$mac"; return 0; }
    return 1
}

dpkg_installed() {
    command -v dpkg-query >/dev/null 2>&1 &&
        [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

# provided WHAT: is one thing a package provides (prog:, import:, pc:, file:, font:) there?
provided() {
    local what="${1#*:}"
    case "$1" in
        prog:chromium) find_chromium >/dev/null ;;
        prog:firefox-esr) [ -n "${FIREFOX:-}" ] || command -v firefox-esr >/dev/null 2>&1 ;;
        file:*/MiniBrowser) [ -x "${MINIBROWSER:-$what}" ] ;;
        prog:*) command -v "$what" >/dev/null 2>&1 ;;
        import:*) "$python" -c "import $what" >/dev/null 2>&1 ;;
        pc:*) command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$what" ;;
        file:*) [ -e "$what" ] ;;
        font:*) command -v fc-list >/dev/null 2>&1 && fc-list : family 2>/dev/null | tr ',' '\n' | grep -qxF "${what//_/ }" ;;
        none) return 1 ;;
        *) fail "scripts/dependencies.txt: unknown provides '$1'" ;;
    esac
}

# present PACKAGE PROVIDES...: everything it provides is there (else, on Debian, it is installed).
present() {
    local package="$1" item
    shift
    [ "$*" = none ] && { dpkg_installed "$package"; return; }
    for item in "$@"; do provided "$item" || return 1; done
}

while read -r package provides; do
    # shellcheck disable=SC2086
    present "$package" $provides || fail "$package is not on PATH: it must be installed already (this script does not install it)"
done < <(entries toolchain)

missing=()
while read -r package provides; do
    # shellcheck disable=SC2086
    if present "$package" $provides; then say "ok       $package"; else say "missing  $package"; missing+=("$package"); fi
done < <(entries apt)

# PyPI packages of group test go into the Python that runs the tests (Debian's, beside its
# python3-* packages); group bench's into bench/.venv, which bench/run.sh makes from this list.
pypi_missing=()
while read -r package provides; do
    [[ " $groups " == *" test "* ]] || continue
    # shellcheck disable=SC2086
    if present "$package" $provides; then say "ok       $package (PyPI)"; else say "missing  $package (PyPI)"; pypi_missing+=("$package"); fi
done < <(groups="test" entries pypi)

# The docs group's PyPI packages go into .venv-docs (made with the test Python's venv module).
venv_docs="$here/../.venv-docs"
docs_missing=()
if [[ " $groups " == *" docs "* ]]; then
    while read -r package provides; do
        # shellcheck disable=SC2086
        if [ -x "$venv_docs/bin/python" ] && python="$venv_docs/bin/python" present "$package" $provides; then
            say "ok       $package (PyPI, .venv-docs)"
        else
            say "missing  $package (PyPI, .venv-docs)"; docs_missing+=("$package")
        fi
    done < <(groups="docs" entries pypi)
fi

install_pypi() {
    install_docs
    [ "${#pypi_missing[@]}" -gt 0 ] || return 0
    [ "$dry_run" = 1 ] && { say "dry run: would run $python -m pip install ${pypi_missing[*]}"; return 0; }
    say "installing ${pypi_missing[*]} with $python -m pip"
    "$python" -m pip install -q "${pypi_missing[@]}" 2>/dev/null ||
        "$python" -m pip install -q --break-system-packages "${pypi_missing[@]}" ||
        fail "could not install ${pypi_missing[*]} with $python -m pip"
}

install_docs() {
    [ "${#docs_missing[@]}" -gt 0 ] || return 0
    [ "$dry_run" = 1 ] && { say "dry run: would install ${docs_missing[*]} into .venv-docs"; return 0; }
    [ -x "$venv_docs/bin/python" ] || "$python" -m venv "$venv_docs" || fail "could not create .venv-docs with $python -m venv"
    say "installing ${docs_missing[*]} into .venv-docs"
    "$venv_docs/bin/python" -m pip install -q "${docs_missing[@]}" || fail "could not install ${docs_missing[*]} into .venv-docs"
}

# --- macOS: print what to do, continue with what is there ------------------------------------

if [ "$(uname -s)" = Darwin ]; then
    if [ "${#missing[@]}" -gt 0 ]; then
        say "macOS: install the missing pieces with Homebrew, then re-run:"
        say "  brew install libyaml pkg-config librsvg giflib webp ffmpeg hyperfine"
        say "  brew install --cask firefox inkscape font-dejavu font-liberation font-wenquanyi-micro-hei"
        say "    (then FIREFOX=/Applications/Firefox.app/Contents/MacOS/firefox)"
        say "  python3 -m pip install pytest jsonschema pyyaml pillow cairosvg html5lib yamllint resvg-py pre-commit"
        say "  WebKitGTK (MiniBrowser, WebKitWebDriver, Xvfb, xsettingsd) is Linux-only: its tests fail on macOS"
        say "  Chromium/Chrome: set CHROMIUM=/path/to/binary (default: /Applications/Google Chrome.app)"
        say "continuing with what is present; the build or the tests will say what they lack"
    fi
    exit 0
fi

[ "${#missing[@]}" -eq 0 ] && { install_pypi; say "nothing else to install"; exit 0; }

command -v apt-get >/dev/null 2>&1 ||
    fail "missing: ${missing[*]}; no apt-get here: install them with your package manager"

# Ubuntu ships Chromium as a snap: the apt package is `chromium-browser` (a transitional package
# that installs the snap, which does not work inside most containers).
has_candidate() {
    # No `| grep -q` here: with pipefail, grep closing the pipe early makes apt-cache fail (SIGPIPE).
    local policy
    policy="$(apt-cache policy "$1" 2>/dev/null || true)"
    [[ "$policy" =~ Candidate:\ [0-9] ]]
}

resolve_name() {
    if [ "$1" = chromium ] && ! has_candidate chromium; then
        if has_candidate chromium-browser; then
            say "note: no apt package 'chromium' here; using 'chromium-browser' instead (on Ubuntu it installs" \
                "the snap, which may not run in a container: then install Chrome and set CHROMIUM=/path/to/chrome)"
            echo chromium-browser
            return
        fi
    fi
    echo "$1"
}

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || fail "not root and no sudo: install as root: apt-get install ${missing[*]}"
    sudo=(sudo)
fi

if [ "$dry_run" = 1 ]; then
    say "dry run: would run apt-get update and apt-get install ${missing[*]}"
    install_pypi
    exit 0
fi

export DEBIAN_FRONTEND=noninteractive
say "running apt-get update"
"${sudo[@]}" apt-get update -qq
install=()
for p in "${missing[@]}"; do install+=("$(resolve_name "$p")"); done
for p in "${install[@]}"; do
    has_candidate "$p" ||
        fail "apt has no package '$p' (checked with apt-cache policy); install its equivalent by hand"
done
say "installing ${install[*]}"
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${install[@]}"

while read -r package provides; do
    [[ " ${missing[*]} " == *" $package "* ]] || continue
    # shellcheck disable=SC2086
    present "$package" $provides || fail "'$package' was installed but is still not usable (see the apt output above)"
done < <(entries apt)
install_pypi
say "done"
