#!/usr/bin/env bash
# Idempotent set-up of what piec needs to build and test, on Debian/Ubuntu (apt) or macOS (brew).
#
#   scripts/bootstrap.sh              everything: build deps + browser-test deps
#   scripts/bootstrap.sh --no-browser build deps only (libyaml, pkg-config; librsvg, giflib and
#                                     libwebp for piec-render): enough for `make gallery`
#   scripts/bootstrap.sh --dry-run    report what is missing, install nothing
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
browser="${PIEC_BOOTSTRAP_BROWSER:-1}"
dry_run=0
for arg in "$@"; do
    case "$arg" in
        --no-browser) browser=0 ;;
        --browser) browser=1 ;;
        --dry-run) dry_run=1 ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "bootstrap: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
    esac
done

say() { echo "bootstrap: $*"; }
fail() { echo "bootstrap: error: $*" >&2; exit 1; }

if ! command -v swift >/dev/null 2>&1; then
    fail "swift is not on PATH. Install Swift 6 (https://www.swift.org/install/) and retry; this script does not install it"
fi

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

# present PACKAGE: is what the Debian package PACKAGE provides already available?
present() {
    case "$1" in
        pkg-config) command -v pkg-config >/dev/null 2>&1 ;;
        libyaml-dev) { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists yaml-0.1; } || dpkg_installed libyaml-dev ;;
        librsvg2-dev) { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists librsvg-2.0; } || dpkg_installed librsvg2-dev ;;
        libwebp-dev) { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libwebpmux; } || dpkg_installed libwebp-dev ;;
        ffmpeg) command -v ffmpeg >/dev/null 2>&1 ;;
        chromium) find_chromium >/dev/null ;;
        librsvg2-bin) command -v rsvg-convert >/dev/null 2>&1 ;;
        python3-html5lib) /usr/bin/python3 -c 'import html5lib' >/dev/null 2>&1 || dpkg_installed python3-html5lib ;;
        python3-cairosvg) /usr/bin/python3 -c 'import cairosvg' >/dev/null 2>&1 || dpkg_installed python3-cairosvg ;;
        firefox-esr) command -v firefox-esr >/dev/null 2>&1 || [ -n "${FIREFOX:-}" ] ;;
        webkit2gtk-driver) command -v WebKitWebDriver >/dev/null 2>&1 &&
            [ -x "${MINIBROWSER:-/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser}" ] ;;
        xvfb) command -v Xvfb >/dev/null 2>&1 ;;
        xsettingsd) command -v xsettingsd >/dev/null 2>&1 ;;
        inkscape) command -v inkscape >/dev/null 2>&1 ;;
        strace) command -v strace >/dev/null 2>&1 ;;
        zsh) command -v zsh >/dev/null 2>&1 ;;
        fish) command -v fish >/dev/null 2>&1 ;;
        man-db) command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1 ;;
        pre-commit) command -v pre-commit >/dev/null 2>&1 ;;
        yamllint) command -v yamllint >/dev/null 2>&1 ;;
        python3-*) "$here/python.sh" >/dev/null 2>&1 || dpkg_installed "$1" ;;
        fonts-dejavu-core) dpkg_installed fonts-dejavu-core || { command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep -i 'DejaVu Sans' >/dev/null; } ;;
        *) dpkg_installed "$1" ;;
    esac
}

packages=(libyaml-dev pkg-config)
# piec-render (PNG, PDF, GIF, WebP): librsvg with cairo, giflib, libwebp's animation encoder.
packages+=(librsvg2-dev libgif-dev libwebp-dev)
if [ "$browser" = 1 ]; then
    packages+=(chromium librsvg2-bin python3-pytest python3-jsonschema python3-yaml python3-pil fonts-dejavu-core)
    packages+=(python3-html5lib)  # Tests/safety: the HTML5 parse of index.html
    packages+=(strace)            # Tests/safety/test_durability.py: the order of the syncs and renames
    packages+=(yamllint)          # Tests/safety: specs/ and README's YAML pass yamllint's defaults
    # The other two browser engines (Tests/browser/piectest/engines.py): Firefox over Marionette,
    # WebKitGTK's MiniBrowser over WebKitWebDriver on an Xvfb display whose GTK settings
    # (reduced motion) xsettingsd serves; and the static renderers besides librsvg.
    packages+=(firefox-esr webkit2gtk-driver xvfb xsettingsd inkscape python3-cairosvg)
    # `piec completions` and `piec man` run in the real shells and man (PiecCLITests), and the
    # pre-commit hooks under the real pre-commit (Tests/packaging).
    packages+=(zsh fish man-db pre-commit)
    # `piec render -o x.mp4` pipes frames to the ffmpeg program (Tests/browser, Tests/package).
    packages+=(ffmpeg)
fi

missing=()
for p in "${packages[@]}"; do
    if present "$p"; then say "ok       $p"; else say "missing  $p"; missing+=("$p"); fi
done

# --- macOS: print what to do, continue with what is there ------------------------------------

if [ "$(uname -s)" = Darwin ]; then
    if [ "${#missing[@]}" -gt 0 ]; then
        say "macOS: install the missing pieces with Homebrew, then re-run:"
        say "  brew install libyaml pkg-config librsvg giflib webp ffmpeg"
        say "  brew install --cask firefox inkscape   (then FIREFOX=/Applications/Firefox.app/Contents/MacOS/firefox)"
        say "  python3 -m pip install pytest jsonschema pyyaml pillow cairosvg yamllint resvg-py"
        say "  WebKitGTK (MiniBrowser, WebKitWebDriver, Xvfb, xsettingsd) is Linux-only: its tests fail on macOS"
        say "  Chromium/Chrome: set CHROMIUM=/path/to/binary (default: /Applications/Google Chrome.app)"
        say "continuing with what is present; the build or the tests will say what they lack"
    fi
    exit 0
fi

# resvg (Tests/browser/test_static_renderers.py) is not packaged by Debian: its Python binding
# from PyPI, into the Python that runs the tests (Debian's, beside its python3-* packages).
resvg_missing=0
if [ "$browser" = 1 ] && [ "$(uname -s)" != Darwin ]; then
    python="${PYTHON:-/usr/bin/python3}"
    if "$python" -c 'import resvg_py' >/dev/null 2>&1; then say "ok       resvg-py (PyPI)"; else say "missing  resvg-py (PyPI)"; resvg_missing=1; fi
fi
install_resvg() {
    [ "$resvg_missing" = 1 ] || return 0
    [ "$dry_run" = 1 ] && { say "dry run: would run $python -m pip install resvg-py"; return 0; }
    say "installing resvg-py with $python -m pip"
    "$python" -m pip install -q resvg-py 2>/dev/null || "$python" -m pip install -q --break-system-packages resvg-py ||
        fail "could not install resvg-py with $python -m pip"
}

[ "${#missing[@]}" -eq 0 ] && { install_resvg; say "nothing else to install"; exit 0; }

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
    install_resvg
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

for p in "${missing[@]}"; do
    present "$p" || fail "'$p' was installed but is still not usable (see the apt output above)"
done
install_resvg
say "done"
