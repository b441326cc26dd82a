"""`python -m piec ARGS`: runs the piec executable with ARGS (piec.binary() finds it)."""

import os
import sys

from . import PiecNotFound, binary


def main():
    try:
        path = binary()
    except PiecNotFound as error:
        print(f"piec: {error}", file=sys.stderr)
        return 69
    os.execv(path, [path] + sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
