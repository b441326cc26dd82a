"""The long-running Chromium (piectest/chromium_session.py) gives what one Chromium launch per
page gave (`chromium --headless --screenshot` / `--dump-dom`): the same PNG pixels and the same
DOM text on gallery charts, with and without reduced motion and with an extra launch flag. It
is started once and reused, and a browser that crashed or hangs is replaced and the page
retried. Chromium only: Firefox and WebKit always ran one browser per session."""

import os
import signal
from pathlib import Path

import pytest
from PIL import Image

from piectest import bundle, chromium_session, dommeasure
from piectest.chromium import SeekPage, oneshot_screenshot, screenshot
from piectest.engines import ChromiumEngine

REPO = Path(__file__).resolve().parents[2]
CHARTS = ["budget", "dark", "label-boxes-outside", "nested-rings", "patterns"]
TIMES = (0, 250, 600, 5000)    # ms: the enter animation under way, and at rest
CASES = [("budget", False, ()), ("label-boxes-outside", False, ()), ("nested-rings", True, ()),
         ("patterns", False, ()), ("dark", True, ("--force-dark-mode",))]

# Every text's box in the page's pixels, written into the DOM (as the label judge's pages do).
TEXT_BOXES = dommeasure.GEOMETRY + """
document.getElementById('result').textContent = JSON.stringify(
  [...document.querySelectorAll('.frame')].map(f => [...f.shadowRoot.querySelectorAll('text')]
    .map(t => { const b = t.getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; })));
"""


@pytest.fixture(scope="module")
def gallery(piec, workdir):
    proc = bundle.run(piec, "build", *[REPO / "specs" / f"{n}.yaml" for n in CHARTS], "-o", workdir / "out")
    assert proc.returncode == 0, proc.stderr
    return {n: (workdir / "out" / n / "chart.svg").read_text(encoding="utf-8") for n in CHARTS}


def page_of(gallery, workdir, name, extra=""):
    page = SeekPage([(gallery[name], t) for t in TIMES], frame_width=400, columns=2)
    path = workdir / f"session-{name}.html"
    path.write_text(page.html().replace("<script>", extra + "<script>", 1) if extra else page.html(),
                    encoding="utf-8")
    return page, path


def pixels(path):
    with Image.open(path) as img:
        return img.mode, img.size, img.tobytes()


@pytest.mark.parametrize("name,reduced,flags", CASES, ids=[c[0] for c in CASES])
def test_screenshot_equals_oneshot(gallery, chromium, workdir, name, reduced, flags):
    page, path = page_of(gallery, workdir, name)
    one, kept = workdir / f"oneshot-{name}.png", workdir / f"session-{name}.png"
    oneshot_screenshot(chromium, path, one, page.width, page.height, reduced, flags)
    chromium_session.screenshot(chromium, path, kept, page.width, page.height, reduced, flags)
    a, b = pixels(one), pixels(kept)
    assert a[:2] == b[:2], f"{name}: one-shot {a[:2]}, session {b[:2]}"
    if a != b:
        with Image.open(one) as x, Image.open(kept) as y:
            from PIL import ImageChops
            box = ImageChops.difference(x.convert("RGB"), y.convert("RGB")).getbbox()
        pytest.fail(f"{name} (reduced motion {reduced}, flags {flags}): the session's screenshot "
                    f"differs from the one-shot one in {box}: {one} {kept}")


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced"])
def test_dom_dump_equals_oneshot(gallery, workdir, reduced):
    engine = ChromiumEngine()
    _, path = page_of(gallery, workdir, "label-boxes-outside", "<pre id='result'></pre><script>" + TEXT_BOXES
                      + "</script>")
    one, kept = engine.oneshot_dump_dom(path, reduced), chromium_session.dump_dom(engine.binary, path, reduced)
    assert "<pre id=\"result\">[[[" in one, one[-2000:]
    assert kept == one


def test_browser_is_reused_and_replaced(gallery, chromium, workdir, monkeypatch):
    page, path = page_of(gallery, workdir, "budget")
    key = (chromium, False, ())

    def shot(name):
        png = workdir / f"reuse-{name}.png"
        screenshot(chromium, path, png, page.width, page.height)
        return pixels(png)

    if chromium_session.oneshot():
        pytest.fail("PIEC_CHROMIUM_ONESHOT is set: the session browser is not in use")
    first = shot("first")
    starts = chromium_session.starts
    assert shot("again") == first and chromium_session.starts == starts, "a second browser was started"

    os.killpg(chromium_session._browsers[key].proc.pid, signal.SIGKILL)    # a crash
    assert shot("after-crash") == first
    assert chromium_session.starts == starts + 1

    monkeypatch.setattr(chromium_session, "COMMAND_TIMEOUT", 5)
    os.killpg(chromium_session._browsers[key].proc.pid, signal.SIGSTOP)    # a hang
    assert shot("after-hang") == first
    assert chromium_session.starts == starts + 2
