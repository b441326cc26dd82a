"""piec: pie and donut charts as code.

The Python package holds the docs-tool adapters (``piec.markdown``: a SuperFences fence for
MkDocs, Material and Zensical) and finds the ``piec`` executable they run: ``$PIEC`` if set,
else ``piec`` beside this package's scripts, else ``piec`` on PATH. ``python -m piec ARGS`` runs it.
``piec.sphinx`` is the Sphinx and MyST extension: ``extensions = ["piec.sphinx"]``, a ``piec`` directive.
"""

import os
import shutil
import sys
from pathlib import Path

__all__ = ["binary", "PiecNotFound"]


class PiecNotFound(RuntimeError):
    """No piec executable: the message says where piec looked and how to install it."""


def binary():
    """The path of the piec executable the adapters run."""
    named = os.environ.get("PIEC")
    if named:
        if not (os.path.isfile(named) and os.access(named, os.X_OK)):
            raise PiecNotFound(f"PIEC={named} is not an executable file")
        # Absolute: the adapters run piec in a temporary folder, where a relative PIEC (as in
        # `make docs`) would name nothing.
        return os.path.abspath(named)
    beside = Path(sys.executable).parent / "piec"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which("piec")
    if found:
        return found
    raise PiecNotFound("piec is not installed: no $PIEC, no piec beside "
                       f"{sys.executable} and none on PATH (install it with `make install`, "
                       "or set PIEC=/path/to/piec)")
