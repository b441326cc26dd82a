"""The three browser engines the tests drive: Chromium, Firefox (Gecko) and WebKitGTK.

Every engine does the same two things with a page written by the tests:

- `render(page, out_dir, name, reduced_motion)`: screenshot a `SeekPage` (see chromium.py) at
  exactly its CSS size, device scale 1, and return the Raster, after checking that the page
  was fully painted. The page's own script seeks every chart copy while the page parses.
- `dump_dom(html_path, reduced_motion)`: the serialised DOM after the page has loaded (and two
  animation frames later), like `chromium --dump-dom`: pages that measure themselves write
  their numbers into the DOM.

Chromium runs one long-lived headless browser per reduced-motion setting, driven over the
DevTools pipe, with a new tab per page (chromium_session.py; PIEC_CHROMIUM_ONESHOT=1 launches
one `chromium --screenshot` / `--dump-dom` per page instead). Firefox and WebKitGTK run one
browser per engine (and per reduced-motion setting) for the whole pytest session and navigate
it to file:// pages:

- Firefox ESR: `firefox-esr --headless --marionette` with a fresh profile whose user.js sets
  `marionette.port` 0 (Firefox writes the port it took to `MarionetteActivePort` in the
  profile) and `ui.prefersReducedMotion`. Marionette is Firefox's own protocol: messages are
  `length:json`, commands `[0, id, name, params]`, replies `[1, id, error, result]`.
- WebKitGTK: `WebKitWebDriver` (W3C WebDriver over HTTP) starting `MiniBrowser --automation`
  on its own Xvfb display, where `xsettingsd` serves `Gtk/EnableAnimations` (0 = reduced
  motion: WebKitGTK maps the GTK setting to `prefers-reduced-motion`). WebKit's element
  screenshots are broken, so the viewport is shot and cropped; the window is made at least as
  large as the page.

After navigation (which waits for the load event), a script waits two animation frames
(`requestAnimationFrame` twice) so that the seeked state is painted, then the viewport is
captured. A command that gets no answer in `COMMAND_TIMEOUT` seconds kills that browser; it
is started again and the page retried, at most `ATTEMPTS` times in all."""

import base64
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import chromium as chromium_cli
from . import chromium_session
from .raster import Raster

NAMES = ("chromium", "firefox", "webkit")
COMMAND_TIMEOUT = 90      # seconds for one browser command (a screenshot of a big page: ~1 s)
START_TIMEOUT = 60        # seconds for a browser to come up
ATTEMPTS = 3
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
SCREEN = (6400, 6400)     # Xvfb screen: SeekPage keeps pages within 6000 px a side

# Resolves with the document's title two animation frames after load.
AFTER_TWO_FRAMES = """
const done = arguments[arguments.length - 1];
const go = () => requestAnimationFrame(() => requestAnimationFrame(() => done(document.title)));
if (document.readyState === 'complete') go(); else addEventListener('load', go);
"""
REDUCED_QUERY = "return matchMedia('(prefers-reduced-motion: reduce)').matches;"


class BrowserHang(RuntimeError):
    """A browser did not answer in time (or its connection broke): it is restarted."""


class CommandError(RuntimeError):
    """A browser answered a command with an error."""


def missing_tools(name):
    """[(tool, Debian package)] that engine `name` needs and this machine lacks."""
    need = {
        "chromium": [],
        "firefox": [("firefox-esr", "firefox-esr")],
        "webkit": [("WebKitWebDriver", "webkit2gtk-driver"), ("Xvfb", "xvfb"),
                   ("xsettingsd", "xsettingsd")],
    }[name]
    out = [(tool, pkg) for tool, pkg in need if not shutil.which(tool)]
    if name == "chromium" and not chromium_cli.find_chromium():
        out.append(("chromium", "chromium"))
    if name == "webkit" and not os.access(minibrowser(), os.X_OK):
        out.append((minibrowser(), "webkit2gtk-driver"))
    return out


def minibrowser():
    return os.environ.get("MINIBROWSER", MINIBROWSER)


def firefox_binary():
    return os.environ.get("FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox")


def _crop_save(png_bytes, width, height, png_path):
    """Save the top-left width x height CSS px of a viewport screenshot; False if too small."""
    from io import BytesIO
    from PIL import Image
    img = Image.open(BytesIO(png_bytes))
    img.load()
    if img.width < width or img.height < height:
        return False
    img.crop((0, 0, width, height)).save(png_path)
    return True


def _wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise BrowserHang(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)


def _kill(proc):
    """Stop one process this module started (its own process group)."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired, PermissionError):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)


def _spawn(cmd, env=None, **kw):
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, **kw)


# A point inside the element `sel` matches where it is what the pointer hits (integer viewport
# coordinates, as pointer actions take), or null.
HIT_POINT_JS = """(sel => { const el = document.querySelector(sel), b = el.getBoundingClientRect();
  for (let y = Math.ceil(b.top) + 1; y < b.bottom - 1; y += 2)
    for (let x = Math.ceil(b.left) + 1; x < b.right - 1; x += 2) {
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return [x, y];
    }
  return null; })(%s)"""


HOVER_VIEWPORT = (800, 600)


def pointer_states(engine, targets, state_js, evaluate, move, settle):
    """What `Engine.hover` returns, driven through one browser's `evaluate(expression)`,
    `move(x, y)` (a real pointer move) and `settle()` (two animation frames): for each target
    and then off the chart (the viewport's bottom-right corner), the state after the pointer
    rests there."""
    states = []
    for target in list(targets) + [None]:
        if target is None:
            x, y = HOVER_VIEWPORT[0] - 1, HOVER_VIEWPORT[1] - 1
        elif isinstance(target, str):
            found = evaluate(HIT_POINT_JS % json.dumps(target))
            if found is None:
                raise AssertionError(f"{engine}: no point of {target} takes the pointer")
            x, y = found
        else:
            x, y = target
        move(int(x), int(y))
        settle()
        states.append(evaluate(state_js))
    return states


AFTER_TWO_FRAMES_PROMISE = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(0))))"


def POINTER_MOVE(x, y):
    """One W3C WebDriver pointer action: the mouse moves to viewport point (x, y)."""
    return {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "duration": 0, "x": x, "y": y, "origin": "viewport"}]}


class Engine:
    """Common part: screenshots of SeekPages and DOM dumps, with restart on hang."""

    name = "?"

    def render(self, page, out_dir, name, reduced_motion=False):
        html_path = os.path.join(out_dir, name + ".html")
        png_path = os.path.join(out_dir, name + ".png")
        with open(html_path, "w", encoding="utf-8") as f:
            f.write(page.html())
        for attempt in range(5):
            self.screenshot(html_path, png_path, page.width, page.height, reduced_motion)
            raster = Raster(png_path, page.background)
            if page.fully_painted(raster):   # else a painting hiccup: shoot again
                break
        page.screenshot = png_path
        if raster.width != page.width or raster.height != page.height:
            raise AssertionError(f"{self.name} screenshot is {raster.width}x{raster.height}, "
                                 f"expected {page.width}x{page.height}: {png_path}")
        return raster

    def reduced_motion_matches(self, reduced_motion):
        """What `matchMedia('(prefers-reduced-motion: reduce)').matches` says in the browser
        started with (or without) reduced motion."""
        page = Path(tempfile.mkdtemp(prefix="piec-media-")) / "media.html"
        page.write_text("<!doctype html><pre id='result'></pre><script>document.getElementById('result')"
                        ".textContent = matchMedia('(prefers-reduced-motion: reduce)').matches"
                        "</script>", encoding="utf-8")
        dom = self.dump_dom(page, reduced_motion)
        shutil.rmtree(page.parent, ignore_errors=True)
        if "<pre id=\"result\">true</pre>" in dom:
            return True
        if "<pre id=\"result\">false</pre>" in dom:
            return False
        raise AssertionError(f"{self.name}: no matchMedia result in {dom[:500]!r}")

    def hover(self, html_path, selectors, state_js, reduced_motion=True):
        """For each target, a selector or a viewport point (x, y): rest a real pointer (not a
        script event) on the point, or on a point of the selector's first element where that
        element is topmost, wait two frames, and return `state_js`'s value; then the pointer
        leaves the page (one more state)."""
        raise NotImplementedError

    def close(self):
        pass


class ChromiumEngine(Engine):
    """Headless Chromium: one long-lived browser per setting (chromium_session.py)."""

    name = "chromium"

    def __init__(self):
        self.binary = chromium_cli.find_chromium()

    def screenshot(self, html_path, png_path, width, height, reduced_motion):
        chromium_cli.screenshot(self.binary, html_path, png_path, width, height, reduced_motion)

    def render(self, page, out_dir, name, reduced_motion=False):
        return chromium_cli.render(self.binary, page, out_dir, name, reduced_motion)

    def dump_dom(self, html_path, reduced_motion=False):
        if chromium_session.oneshot():
            return self.oneshot_dump_dom(html_path, reduced_motion)
        return chromium_session.dump_dom(self.binary, html_path, reduced_motion)

    def oneshot_dump_dom(self, html_path, reduced_motion=False):
        """`dump_dom` by one `chromium --headless --dump-dom` launch."""
        motion = "--force-prefers-reduced-motion" if reduced_motion else "--force-prefers-no-reduced-motion"
        for attempt in range(ATTEMPTS):
            with tempfile.TemporaryDirectory(prefix="piec-chromium-") as profile:
                cmd = [self.binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                       f"--user-data-dir={profile}", motion, "--dump-dom", Path(html_path).resolve().as_uri()]
                try:
                    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
                    break
                except subprocess.TimeoutExpired:
                    if attempt == ATTEMPTS - 1:
                        raise
        if proc.returncode != 0:
            raise RuntimeError(f"chromium --dump-dom failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
        return proc.stdout

    def close(self):
        chromium_session.close_all()

    def hover(self, html_path, selectors, state_js, reduced_motion=True):
        if chromium_session.oneshot():
            return self.oneshot_hover(html_path, selectors, state_js, reduced_motion)

        def run(tab):
            # A real pointer move (hit test, :hover) through the DevTools input domain.
            tab.send("Page.bringToFront", timeout=chromium_session.COMMAND_TIMEOUT)
            settle = lambda: tab.evaluate(AFTER_TWO_FRAMES_PROMISE, await_promise=True,  # noqa: E731
                                          timeout=chromium_session.COMMAND_TIMEOUT)
            return pointer_states(
                self.name, selectors, state_js,
                lambda js: tab.evaluate(js, timeout=chromium_session.COMMAND_TIMEOUT),
                lambda x, y: tab.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y,
                                                                   "button": "none"},
                                      timeout=chromium_session.COMMAND_TIMEOUT),
                settle)
        return chromium_session.in_tab(self.binary, Path(html_path).resolve().as_uri(), *HOVER_VIEWPORT,
                                       reduced_motion, (), run)

    def oneshot_hover(self, html_path, selectors, state_js, reduced_motion=True):
        """`hover` in a Chromium of its own (PIEC_CHROMIUM_ONESHOT=1)."""
        # One browser over the DevTools pipe (bench/browser/cdp.py),
        # `Input.dispatchMouseEvent` being a real pointer move (hit test, :hover), not a script event.
        sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench" / "browser"))
        import cdp
        motion = "--force-prefers-reduced-motion" if reduced_motion else "--force-prefers-no-reduced-motion"
        width, height = HOVER_VIEWPORT
        with cdp.Chromium(width=width, height=height, flags=(motion, "--disable-gpu")) as browser:
            tab = browser.page()
            tab.send("Page.bringToFront")
            tab.send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                            "deviceScaleFactor": 1, "mobile": False})
            tab.navigate(Path(html_path).resolve().as_uri())
            settle = lambda: tab.evaluate(AFTER_TWO_FRAMES_PROMISE, await_promise=True)  # noqa: E731
            settle()
            return pointer_states(
                self.name, selectors, state_js, tab.evaluate,
                lambda x, y: tab.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "button": "none"}),
                settle)


class SessionEngine(Engine):
    """An engine with a long-lived browser per reduced-motion setting (started lazily)."""

    def __init__(self):
        self.browsers = {}    # reduced_motion -> browser object (start(), command methods, stop())
        self.starts = 0

    def _browser(self, reduced):
        b = self.browsers.get(reduced)
        if b is None:
            b = self.browsers[reduced] = self.new_browser(reduced)
            self.starts += 1
            b.start()
        return b

    def _run(self, reduced, action):
        """action(browser), restarting a browser that hangs, at most ATTEMPTS times."""
        for attempt in range(ATTEMPTS):
            b = None
            try:
                b = self._browser(reduced)
                return action(b)
            except (BrowserHang, OSError, http.client.HTTPException) as e:
                if b is not None:
                    b.stop()
                self.browsers.pop(reduced, None)
                if attempt == ATTEMPTS - 1:
                    raise BrowserHang(f"{self.name}: gave up after {ATTEMPTS} attempts: {e}") from e

    def screenshot(self, html_path, png_path, width, height, reduced_motion):
        url = Path(html_path).resolve().as_uri()

        def shot(b):
            b.fit_viewport(width, height)
            b.navigate(url)
            b.execute_async(AFTER_TWO_FRAMES)
            if not _crop_save(b.screenshot(), width, height, png_path):
                raise CommandError(f"{self.name}: viewport smaller than {width}x{height}")
        self._run(reduced_motion, shot)

    def dump_dom(self, html_path, reduced_motion=False):
        url = Path(html_path).resolve().as_uri()

        def dom(b):
            b.navigate(url)
            b.execute_async(AFTER_TWO_FRAMES)
            return b.execute("return document.documentElement.outerHTML;")
        return self._run(reduced_motion, dom)

    def hover(self, html_path, selectors, state_js, reduced_motion=True):
        url = Path(html_path).resolve().as_uri()

        def run(b):
            b.fit_viewport(*HOVER_VIEWPORT)
            b.navigate(url)
            b.execute_async(AFTER_TWO_FRAMES)
            return pointer_states(self.name, selectors, state_js, lambda js: b.execute("return " + js + ";"),
                                  b.pointer_move, lambda: b.execute_async(AFTER_TWO_FRAMES))
        return self._run(reduced_motion, run)

    def close(self):
        for b in self.browsers.values():
            b.stop()
        self.browsers.clear()


class WebDriverCommands:
    """Window sizing shared by both session browsers (they differ in transport only)."""

    viewport = (0, 0)

    def fit_viewport(self, width, height):
        """Make the viewport (innerWidth x innerHeight) at least width x height: grown from the
        current one, or, when the browser caps the window's area (Firefox gave 4800x2026 for
        4800x2668 after a wide page), exactly as large as needed."""
        if self.viewport[0] >= width and self.viewport[1] >= height:
            return
        for w, h in ((max(width, self.viewport[0]), max(height, self.viewport[1])), (width, height)):
            for _ in range(3):
                self.set_window(w + self.chrome[0], h + self.chrome[1])
                iw, ih, ow, oh = self.execute("return [innerWidth, innerHeight, outerWidth, outerHeight];")
                self.chrome = (ow - iw, oh - ih)
                self.viewport = (iw, ih)
                if iw >= width and ih >= height:
                    return
        raise CommandError(f"{self.name}: window gives a {iw}x{ih} viewport, need {width}x{height}")


class Firefox(WebDriverCommands):
    """One headless Firefox driven over Marionette."""

    name = "firefox"

    def __init__(self, reduced):
        self.reduced = reduced
        self.proc = self.sock = None
        self.profile = None
        self.chrome = (0, 0)
        self.viewport = (0, 0)
        self.next_id = 0

    def start(self):
        self.profile = tempfile.mkdtemp(prefix="piec-firefox-")
        prefs = {
            "marionette.port": 0,
            "ui.prefersReducedMotion": 1 if self.reduced else 0,
            "layout.css.devPixelsPerPx": "1.0",
            # Else Animation.currentTime is rounded to 20 us (a seek to 799.99 ms reads 799.98)
            # and the page's seek check (exact to 1e-6 ms) fails.
            "privacy.reduceTimerPrecision": False,
            "privacy.reduceTimerPrecision.unconditional": False,
            "browser.shell.checkDefaultBrowser": False,
            "browser.startup.page": 0,
            "browser.startup.homepage_override.mstone": "ignore",
            "datareporting.policy.dataSubmissionEnabled": False,
            "toolkit.telemetry.reportingpolicy.firstRun": False,
            "app.update.disabledForTesting": True,
            "app.normandy.enabled": False,
            "network.captive-portal-service.enabled": False,
            "network.connectivity-service.enabled": False,
            "browser.safebrowsing.malware.enabled": False,
            "browser.safebrowsing.phishing.enabled": False,
            "extensions.update.enabled": False,
        }
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            for k, v in prefs.items():
                f.write(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n")
        env = dict(os.environ, MOZ_HEADLESS="1")
        self.proc = _spawn([firefox_binary(), "--headless", "--marionette", "--no-remote",
                            "--profile", self.profile, "about:blank"], env=env)
        port_file = os.path.join(self.profile, "MarionetteActivePort")

        def port():
            if self.proc.poll() is not None:
                raise BrowserHang(f"firefox exited with {self.proc.returncode} while starting")
            try:
                return int(open(port_file).read().strip() or 0)
            except (OSError, ValueError):
                return 0
        p = _wait_for(port, START_TIMEOUT, "Firefox's Marionette port")
        self.sock = socket.create_connection(("127.0.0.1", p), timeout=COMMAND_TIMEOUT)
        self.buffer = b""
        hello = self._receive()
        if hello.get("marionetteProtocol") != 3:
            raise CommandError(f"unexpected Marionette greeting {hello}")
        self.command("WebDriver:NewSession", {"capabilities": {"alwaysMatch": {
            "pageLoadStrategy": "normal", "timeouts": {"script": COMMAND_TIMEOUT * 1000,
                                                       "pageLoad": COMMAND_TIMEOUT * 1000}}}})

    def _receive(self):
        try:
            while b":" not in self.buffer:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise BrowserHang("Marionette closed the connection")
                self.buffer += chunk
            length, _, rest = self.buffer.partition(b":")
            n = int(length)
            while len(rest) < n:
                chunk = self.sock.recv(1 << 20)
                if not chunk:
                    raise BrowserHang("Marionette closed the connection")
                rest += chunk
        except socket.timeout as e:
            raise BrowserHang(f"no answer from Firefox in {COMMAND_TIMEOUT} s") from e
        self.buffer = rest[n:]
        return json.loads(rest[:n])

    def command(self, name, params=None):
        self.next_id += 1
        data = json.dumps([0, self.next_id, name, params or {}]).encode()
        self.sock.sendall(str(len(data)).encode() + b":" + data)
        while True:
            kind, mid, error, result = self._receive()
            if mid == self.next_id:
                break
        if error:
            raise CommandError(f"Marionette {name}: {error.get('error')}: {error.get('message')}")
        return result

    def set_window(self, width, height):
        self.command("WebDriver:SetWindowRect", {"width": width, "height": height})

    def navigate(self, url):
        self.command("WebDriver:Navigate", {"url": url})

    def pointer_move(self, x, y):
        self.command("WebDriver:PerformActions", {"actions": [POINTER_MOVE(x, y)]})

    def execute(self, script):
        return self.command("WebDriver:ExecuteScript", {"script": script, "args": []})["value"]

    def execute_async(self, script):
        return self.command("WebDriver:ExecuteAsyncScript", {"script": script, "args": []})["value"]

    def screenshot(self):
        value = self.command("WebDriver:TakeScreenshot", {"full": False, "hash": False})["value"]
        return base64.b64decode(value)

    def stop(self):
        if self.sock is not None:
            try:
                self.sock.settimeout(10)
                self.command("Marionette:Quit", {})
            except (OSError, BrowserHang, CommandError, ValueError):
                pass
            self.sock.close()
            self.sock = None
        if self.proc is not None:
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
            _kill(self.proc)
            self.proc = None
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None


class WebKit(WebDriverCommands):
    """MiniBrowser (WebKitGTK) on its own Xvfb display, driven by WebKitWebDriver."""

    name = "webkit"

    def __init__(self, reduced):
        self.reduced = reduced
        self.xvfb = self.xsettingsd = self.driver = None
        self.tmp = None
        self.session = None
        self.chrome = (0, 0)
        self.viewport = (0, 0)

    def start(self):
        self.tmp = tempfile.mkdtemp(prefix="piec-webkit-")
        # Xvfb picks a free display and writes its number to the pipe we pass (-displayfd).
        r, w = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
             "-nolisten", "tcp"], pass_fds=(w,), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(w)
        display = b""
        deadline = time.monotonic() + START_TIMEOUT
        while not display.endswith(b"\n"):
            if time.monotonic() > deadline or self.xvfb.poll() is not None:
                os.close(r)
                raise BrowserHang("Xvfb did not report a display")
            chunk = os.read(r, 64)
            if not chunk:
                break
            display += chunk
        os.close(r)
        env = dict(os.environ, DISPLAY=":" + display.decode().strip())
        env.pop("WAYLAND_DISPLAY", None)
        conf = os.path.join(self.tmp, "xsettingsd.conf")
        with open(conf, "w") as f:
            f.write(f"Gtk/EnableAnimations {0 if self.reduced else 1}\n")
        self.xsettingsd = _spawn(["xsettingsd", "-c", conf], env=env)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.driver = _spawn(["WebKitWebDriver", f"--port={self.port}"], env=env)

        def ready():
            if self.driver.poll() is not None:
                raise BrowserHang(f"WebKitWebDriver exited with {self.driver.returncode}")
            try:
                return self._request("GET", "/status", timeout=5)["ready"]
            except (OSError, http.client.HTTPException, BrowserHang):
                return False
        _wait_for(ready, START_TIMEOUT, "WebKitWebDriver")
        value = self._request("POST", "/session", {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": {"binary": minibrowser(), "args": ["--automation"]},
            "pageLoadStrategy": "normal"}}})
        self.session = value["sessionId"]
        self.command("POST", "timeouts", {"script": COMMAND_TIMEOUT * 1000, "pageLoad": COMMAND_TIMEOUT * 1000})

    def _request(self, method, path, body=None, timeout=COMMAND_TIMEOUT):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = json.loads(resp.read() or b"null")
        except socket.timeout as e:
            raise BrowserHang(f"no answer from WebKitWebDriver in {timeout} s ({method} {path})") from e
        finally:
            conn.close()
        value = data.get("value") if isinstance(data, dict) else None
        if resp.status != 200:
            raise CommandError(f"WebDriver {method} {path}: {resp.status} {value}")
        return value

    def command(self, method, what, body=None):
        return self._request(method, f"/session/{self.session}/{what}", body)

    def set_window(self, width, height):
        self.command("POST", "window/rect", {"width": width, "height": height})

    def navigate(self, url):
        self.command("POST", "url", {"url": url})

    def pointer_move(self, x, y):
        self.command("POST", "actions", {"actions": [POINTER_MOVE(x, y)]})

    def execute(self, script):
        return self.command("POST", "execute/sync", {"script": script, "args": []})

    def execute_async(self, script):
        return self.command("POST", "execute/async", {"script": script, "args": []})

    def screenshot(self):
        return base64.b64decode(self.command("GET", "screenshot"))

    def stop(self):
        if self.session is not None:
            try:
                self._request("DELETE", f"/session/{self.session}", timeout=10)
            except (OSError, http.client.HTTPException, BrowserHang, CommandError, ValueError):
                pass
            self.session = None
        for p in (self.driver, self.xsettingsd, self.xvfb):
            _kill(p)
        self.driver = self.xsettingsd = self.xvfb = None
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None


class FirefoxEngine(SessionEngine):
    name = "firefox"

    def new_browser(self, reduced):
        return Firefox(reduced)


class WebKitEngine(SessionEngine):
    name = "webkit"

    def new_browser(self, reduced):
        return WebKit(reduced)


def make(name):
    return {"chromium": ChromiumEngine, "firefox": FirefoxEngine, "webkit": WebKitEngine}[name]()


def selected():
    """The engines to test: all three, or those named in $PIEC_ENGINES (comma-separated), e.g.
    PIEC_ENGINES=firefox while working on one engine. `make test` always runs all three."""
    env = os.environ.get("PIEC_ENGINES", "").strip()
    if not env:
        return list(NAMES)
    names = [n.strip() for n in env.split(",") if n.strip()]
    unknown = [n for n in names if n not in NAMES]
    if unknown:
        raise ValueError(f"PIEC_ENGINES: unknown engine(s) {unknown}; known: {', '.join(NAMES)}")
    return names
