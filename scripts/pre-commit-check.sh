#!/usr/bin/env bash
# The `piec-check` pre-commit hook (.pre-commit-hooks.yaml): `piec check` on the files pre-commit
# passes that are piec specs, i.e. have a top-level `piec:` key at the start of a line, and
# `.piec.yaml` shared defaults. Other YAML files are skipped; arguments that are not files
# (e.g. `--format=short`) go to piec.
set -euo pipefail

options=()
specs=()
for arg in "$@"; do
    if [ -f "$arg" ]; then
        # Shared defaults (.piec.yaml) have no `piec:` key; piec checks them as such.
        if grep -Eq '^piec[[:space:]]*:' "$arg" || [ "${arg##*/}" = .piec.yaml ]; then specs+=("$arg"); fi
    else
        options+=("$arg")
    fi
done
[ "${#specs[@]}" -gt 0 ] || exit 0
command -v piec > /dev/null 2>&1 ||
    { echo "piec-check: piec is not on PATH (install it: make install, or the release archive)" >&2; exit 1; }
exec piec check ${options[@]+"${options[@]}"} "${specs[@]}"
