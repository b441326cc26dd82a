"""Chromium screenshots and DOM dumps from one long-running headless Chromium per launch setting.

`chromium --headless --screenshot` (or `--dump-dom`) starts a whole browser for one page: about
a second of start-up and profile set-up per page, hundreds of times per suite. Here one
Chromium per (binary, reduced motion, extra flags) is started on first use, driven over the
DevTools pipe (bench/browser/cdp.py, standard library only), and kept for the pytest process
(one per worker). Each page gets a new tab, closed afterwards:

- the tab's viewport is set to exactly width x height CSS px at device scale 1
  (`Emulation.setDeviceMetricsOverride`), like `--window-size` with
  `--force-device-scale-factor=1`, and the page has focus from the start
  (`Emulation.setFocusEmulationEnabled`: a new tab of a loaded browser got it late);
- it navigates to the file:// page and waits for the load event (the page's seek script has
  run while the page parsed), then for two animation frames (as in Firefox and WebKit);
- `Page.captureScreenshot` (PNG of the viewport), or `document.documentElement.outerHTML`;
  `ChromiumEngine.hover` moves a real pointer in such a tab (`Input.dispatchMouseEvent`).

The launch flags are those of the one-shot command (chromium.py) less `--screenshot` and
`--window-size`, and no file access between file:// pages. `test_chromium_session.py` checks
that both ways give the same pixels and DOM on a few charts.

Every DevTools command has a timeout (`COMMAND_TIMEOUT`); a browser that times out, crashes or
closes its pipe is killed and started again, and the page tried once more (`ATTEMPTS`).
PIEC_CHROMIUM_ONESHOT=1 goes back to one launch per page (chromium.py), e.g. to compare."""

import atexit
import base64
import json
import os
import signal
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench" / "browser"))
import cdp  # noqa: E402

COMMAND_TIMEOUT = 90      # seconds for one DevTools command (a big page's screenshot: ~1 s)
ATTEMPTS = 2              # a crashed or hung browser is restarted and the page retried once
FLAGS = ("--disable-gpu", "--run-all-compositor-stages-before-draw", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--mute-audio")
AFTER_TWO_FRAMES = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(0))))"

# What `chromium --dump-dom` prints, byte for byte.
DOM_TEXT = ("(document.doctype ? new XMLSerializer().serializeToString(document.doctype) + '\\n' : '')"
            " + document.documentElement.outerHTML + '\\n'")

_browsers = {}    # (binary, reduced_motion, flags) -> cdp.Chromium
starts = 0        # browsers started in this process (the tests check reuse with it)


def oneshot():
    """PIEC_CHROMIUM_ONESHOT=1: one Chromium launch per page, as before this module."""
    return os.environ.get("PIEC_CHROMIUM_ONESHOT", "") not in ("", "0")


def _kill(browser):
    """Stop a browser this module started: its own process group, then its pipes and profile."""
    try:
        os.killpg(browser.proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        browser.proc.wait(timeout=10)
    except Exception:   # noqa: BLE001 - nothing more can be done for a process that stays
        pass
    for fd in (browser._r, browser._w):
        try:
            os.close(fd)
        except OSError:
            pass
    shutil.rmtree(browser.profile, ignore_errors=True)


def close_all():
    """Close every browser of this process (at exit, and when the engine fixture ends)."""
    for browser in list(_browsers.values()):
        browser.close()
    _browsers.clear()


atexit.register(close_all)


def _browser(key):
    global starts
    browser = _browsers.get(key)
    if browser is None or browser.proc.poll() is not None:
        if browser is not None:
            _kill(browser)
        binary, reduced, flags = key
        motion = "--force-prefers-reduced-motion" if reduced else "--force-prefers-no-reduced-motion"
        browser = _browsers[key] = cdp.Chromium(width=800, height=600, binary=binary,
                                                file_access=False, flags=(*FLAGS, motion, *flags))
        starts += 1
    return browser


def in_tab(binary, url, width, height, reduced_motion, flags, read):
    """read(tab) on `url` loaded in a new width x height tab, retried once in a new browser."""
    key = (binary, bool(reduced_motion), tuple(flags))
    for attempt in range(ATTEMPTS):
        try:
            browser = _browser(key)
            target = browser.send("Target.createTarget", {"url": "about:blank"},
                                  timeout=COMMAND_TIMEOUT)["targetId"]
            tab = cdp.Session(browser, browser.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                                    timeout=COMMAND_TIMEOUT)["sessionId"], target)
            try:
                tab.send("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
                         timeout=COMMAND_TIMEOUT)
                # The page has focus from its first script (`document.hasFocus()`, `:focus`):
                # a new tab of a loaded browser was sometimes given it only after load.
                tab.send("Emulation.setFocusEmulationEnabled", {"enabled": True}, timeout=COMMAND_TIMEOUT)
                tab.send("Page.enable", timeout=COMMAND_TIMEOUT)
                nav = tab.send("Page.navigate", {"url": url}, timeout=COMMAND_TIMEOUT)
                if nav.get("errorText"):
                    raise RuntimeError(f"chromium could not open {url}: {nav['errorText']}")
                tab.wait_event("Page.loadEventFired", timeout=COMMAND_TIMEOUT)
                tab.evaluate(AFTER_TWO_FRAMES, await_promise=True, timeout=COMMAND_TIMEOUT)
                return read(tab)
            finally:
                browser.send("Target.closeTarget", {"targetId": target}, timeout=COMMAND_TIMEOUT)
                browser.pending = [m for m in browser.pending if m.get("sessionId") != tab.sid]
        except (cdp.CDPError, OSError, ValueError) as e:
            broken = _browsers.pop(key, None)
            if broken is not None:
                _kill(broken)
            if attempt == ATTEMPTS - 1:
                raise RuntimeError(f"chromium (DevTools) failed twice on {url}: {e}") from e


def screenshot(binary, html_path, png_path, width, height, reduced_motion=False, flags=()):
    """Write the PNG of `html_path` (a page or an SVG) at exactly width x height CSS px."""
    def shot(tab):
        return base64.b64decode(tab.send("Page.captureScreenshot", {"format": "png"},
                                         timeout=COMMAND_TIMEOUT)["data"])
    data = in_tab(binary, Path(html_path).resolve().as_uri(), width, height, reduced_motion, flags, shot)
    with open(png_path, "wb") as f:
        f.write(data)


def dump_dom(binary, html_path, reduced_motion=False, width=800, height=600):
    """The page's serialised DOM after load, as `--dump-dom` prints it (doctype, newline,
    `document.documentElement.outerHTML`, newline)."""
    def dom(tab):
        value = tab.evaluate(DOM_TEXT, timeout=COMMAND_TIMEOUT)
        if not isinstance(value, str):
            raise cdp.CDPError(f"outerHTML came back as {json.dumps(value)[:200]}")
        return value
    return in_tab(binary, Path(html_path).resolve().as_uri(), width, height, reduced_motion, (), dom)
