"""Fixtures for piec's browser tests: the piec binary, Chromium, rsvg-convert, bundle builds.

Nothing is skipped: a missing tool fails the test that needs it, with how to install it
(CI installs everything through scripts/bootstrap.sh, which `make test` runs)."""

import os
import shutil
from pathlib import Path

import pytest

from piectest import bundle
from piectest.chromium import find_chromium, render

REPO = Path(__file__).resolve().parents[2]
INSTALL = "run scripts/bootstrap.sh (or: apt-get install {pkg})"


@pytest.fixture(scope="session")
def repo():
    return REPO


@pytest.fixture(scope="session")
def piec():
    """The piec binary: $PIEC, else .build/debug/piec (building it is `swift build`'s job)."""
    path = Path(os.environ.get("PIEC") or REPO / ".build" / "debug" / "piec")
    if not (path.is_file() and os.access(path, os.X_OK)):
        pytest.fail(f"piec binary not found at {path}: run `swift build` first "
                    f"(`make test` does), or set PIEC=/path/to/piec", pytrace=False)
    return path


@pytest.fixture(scope="session")
def chromium():
    path = find_chromium()
    if not path:
        pytest.fail("Chromium not found (looked at $CHROMIUM, chromium, chromium-browser, "
                    "google-chrome): " + INSTALL.format(pkg="chromium") +
                    ", or set CHROMIUM=/path/to/chrome", pytrace=False)
    return path


@pytest.fixture(scope="session")
def rsvg_convert():
    path = shutil.which("rsvg-convert")
    if not path:
        pytest.fail("rsvg-convert not found: " + INSTALL.format(pkg="librsvg2-bin"), pytrace=False)
    return path


@pytest.fixture(scope="module")
def workdir(tmp_path_factory, request):
    """A temp directory shared by one test module (specs, bundles, pages, screenshots)."""
    return tmp_path_factory.mktemp(request.module.__name__.split(".")[-1])


@pytest.fixture(scope="module")
def build(piec, workdir):
    """build(spec_dict) -> Bundle, built with piec into this module's workdir."""
    def _build(spec):
        return bundle.build(piec, spec, workdir)
    return _build


@pytest.fixture(scope="module")
def shoot(chromium, workdir):
    """shoot(page, name, reduced_motion=False) -> Raster of the page's screenshot."""
    def _shoot(page, name, reduced_motion=False):
        return render(chromium, page, str(workdir), name, reduced_motion)
    return _shoot
