"""Fixtures for piec's browser tests: the piec binary, the browser engines (Chromium, Firefox,
WebKitGTK), rsvg-convert, bundle builds.

Every test that uses the `engine` fixture (directly, or through `shoot` / `dom`) runs once per
engine: its id carries `[chromium]`, `[firefox]` or `[webkit]`. Each engine's browser is
started once for the session (Chromium: once per process and setting, piectest/chromium_session.py)
and closed when its tests end.

Nothing is skipped: a missing tool fails the test that needs it, with how to install it
(CI installs everything through scripts/bootstrap.sh, which `make test` runs)."""

import os
import shutil
from pathlib import Path

import pytest

from piectest import bundle, engines, fonts
from piectest.chromium import find_chromium

REPO = Path(__file__).resolve().parents[2]
# The font set of this run (piectest/fonts.py: PIEC_FONTS=dejavu hides every font but DejaVu),
# applied before any browser starts: every engine inherits the environment.
FONT_SET = fonts.selected()
os.environ.update(fonts.environment(FONT_SET))


@pytest.fixture(scope="session")
def font_set():
    return FONT_SET
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


@pytest.fixture(scope="session", params=engines.selected())
def engine(request):
    """One browser engine (piectest/engines.py), for every engine in turn."""
    name = request.param
    missing = engines.missing_tools(name)
    if missing:
        pytest.fail(f"{name}: not found: " + ", ".join(tool for tool, _ in missing) + ": " +
                    INSTALL.format(pkg=" ".join(sorted({pkg for _, pkg in missing}))), pytrace=False)
    e = engines.make(name)
    yield e
    e.close()


@pytest.fixture(scope="module")
def shoot(engine, workdir):
    """shoot(page, name, reduced_motion=False) -> Raster of the page's screenshot, taken by the
    current engine (the file is named `<engine>-<name>.png` in the module's workdir)."""
    def _shoot(page, name, reduced_motion=False):
        return engine.render(page, str(workdir), f"{engine.name}-{name}", reduced_motion)
    _shoot.engine = engine
    return _shoot


@pytest.fixture(scope="module")
def dom(engine):
    """dom(html_path, reduced_motion=False) -> the page's serialised DOM after load, in the
    current engine (for pages that measure themselves and write the numbers into the DOM)."""
    def _dom(path, reduced_motion=False):
        return engine.dump_dom(path, reduced_motion)
    _dom.engine = engine
    return _dom


ENGINE_SECONDS = {}
ENGINE_OUTCOMES = {}    # engine -> {nodeid: "passed" / "failed"}


def pytest_runtest_logreport(report):
    """Adds up the time of every test phase (fixture set-up included) per engine, and the
    outcome of every test per engine."""
    engine = getattr(report, "engine", None)
    if engine:
        ENGINE_SECONDS[engine] = ENGINE_SECONDS.get(engine, 0.0) + report.duration
        outcomes = ENGINE_OUTCOMES.setdefault(engine, {})
        if report.failed:
            outcomes[report.nodeid] = "failed"
        elif report.when == "call":
            outcomes.setdefault(report.nodeid, "passed")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    callspec = getattr(item, "callspec", None)
    outcome.get_result().engine = callspec.params.get("engine") if callspec else None


def pytest_terminal_summary(terminalreporter):
    for name in sorted(ENGINE_SECONDS):
        results = list(ENGINE_OUTCOMES.get(name, {}).values())
        terminalreporter.write_line(
            f"{name}: {results.count('passed')} passed, {results.count('failed')} failed, "
            f"{ENGINE_SECONDS[name]:.0f} s (tests and their fixtures)")
