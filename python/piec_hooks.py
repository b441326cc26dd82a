#!/usr/bin/env python3
"""The `piec-check` pre-commit hook (.pre-commit-hooks.yaml): `piec check` on the files pre-commit
passes that are piec specs, i.e. have a top-level `piec:` key at the start of a line, and
`.piec.yaml` shared defaults. Other YAML files are skipped; arguments that are not files (e.g.
`--format=short`) go to piec.

The `piec-hooks` distribution (pyproject.toml) installs this module with the console script
`piec-hook-check` next to the `piec` of the binary wheel it depends on: that is the
`language: python` hook `piec-check`, which needs no piec of the user's. The
`piec-check-system` hook runs this file as a script with the `piec` on PATH."""

import os
import re
import shutil
import subprocess
import sys

# A spec's required top-level key; shared defaults (.piec.yaml) have none and are checked as such.
SPEC_LINE = re.compile(rb"^piec[ \t]*:", re.M)


def is_spec(path):
    if os.path.basename(path) == ".piec.yaml":
        return True
    try:
        with open(path, "rb") as f:
            return SPEC_LINE.search(f.read()) is not None
    except OSError:
        return False


def check(argv=None):
    """`piec check` on the spec files among argv (the other arguments are piec's options)."""
    args = sys.argv[1:] if argv is None else argv
    options = [a for a in args if not os.path.isfile(a)]
    specs = [a for a in args if os.path.isfile(a) and is_spec(a)]
    if not specs:
        return 0
    piec = shutil.which("piec")
    if piec is None:
        print("piec-check: piec is not on PATH (piec-check-system runs your own piec: install it with "
              "make install, the release archive or the wheel; or use the hook piec-check, which brings it)",
              file=sys.stderr)
        return 1
    return subprocess.call([piec, "check", *options, *specs])


if __name__ == "__main__":
    sys.exit(check())
