#!/usr/bin/env bash
# Prints the first Python 3 interpreter that can run the browser tests, i.e. that imports
# pytest, jsonschema, yaml (PyYAML) and PIL (Pillow). Exits 1 (printing nothing) if none can.
#
# Order: $PYTHON if set, then Debian's /usr/bin/python3 (where bootstrap.sh installs the
# python3-* packages), then whatever `python3` is first on PATH (pyenv, Homebrew, a venv).
set -euo pipefail

modules='import pytest, jsonschema, yaml, PIL.Image'
for candidate in "${PYTHON:-}" /usr/bin/python3 python3; do
    [ -n "$candidate" ] || continue
    command -v "$candidate" >/dev/null 2>&1 || continue
    if "$candidate" -c "$modules" >/dev/null 2>&1; then
        command -v "$candidate"
        exit 0
    fi
done
exit 1
