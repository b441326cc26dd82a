"""A minimal Chrome DevTools Protocol client over `--remote-debugging-pipe` (standard library).

Chromium reads commands from fd 3 and writes replies and events to fd 4, each message a JSON
object followed by a NUL byte: no WebSocket, no HTTP. One `Chromium` is one browser process;
`page()` attaches to a new tab with a flat session, and `Session.send` waits for the reply while
keeping the events that arrive meanwhile (`Session.events`)."""

import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time


class CDPError(RuntimeError):
    pass


def find_chromium():
    env = os.environ.get("CHROMIUM")
    if env:
        return shutil.which(env) or env
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if shutil.which(name):
            return shutil.which(name)
    raise CDPError("no Chromium: install the Debian package chromium or set CHROMIUM")


class Chromium:
    """One headless Chromium driven over the DevTools pipe."""

    def __init__(self, width=900, height=900, flags=(), binary=None, file_access=True):
        self.profile = tempfile.mkdtemp(prefix="piec-bench-chromium-")
        to_child_r, self._w = os.pipe()
        self._r, from_child_w = os.pipe()

        def fds():   # in the child: the pipe ends on fds 3 and 4 (via fds above 10: no clobbering)
            import fcntl
            a = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)
        # file_access=False: file:// pages may not read other files (as in a plain launch).
        cmd = [binary or find_chromium(), "--headless", "--no-sandbox", "--remote-debugging-pipe",
               "--no-first-run", "--no-default-browser-check", "--disable-extensions",
               "--mute-audio", "--hide-scrollbars", "--force-device-scale-factor=1",
               *(["--allow-file-access-from-files"] if file_access else []),
               f"--user-data-dir={self.profile}",
               f"--window-size={width},{height}", *flags, "about:blank"]
        self.proc = subprocess.Popen(cmd, preexec_fn=fds, pass_fds=(3, 4, to_child_r, from_child_w),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b""
        self._next = 0
        self.pending = []    # (sessionId, message) events not yet taken by a session

    def _write(self, msg):
        data = json.dumps(msg).encode() + b"\0"
        while data:
            n = os.write(self._w, data)
            data = data[n:]

    def _read(self, timeout):
        """The next message, or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self._r], [], [], left)
            if not ready:
                return None
            chunk = os.read(self._r, 1 << 20)
            if not chunk:
                raise CDPError("Chromium closed the DevTools pipe")
            self._buf += chunk
        raw, _, self._buf = self._buf.partition(b"\0")
        return json.loads(raw)

    def send(self, method, params=None, session=None, timeout=120):
        self._next += 1
        mid = self._next
        msg = {"id": mid, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self._write(msg)
        deadline = time.monotonic() + timeout
        while True:
            m = self._read(max(0.0, deadline - time.monotonic()))
            if m is None:
                raise CDPError(f"no answer to {method} in {timeout} s")
            if m.get("id") == mid:
                if "error" in m:
                    raise CDPError(f"{method}: {m['error']}")
                return m.get("result", {})
            if "method" in m:
                self.pending.append(m)

    def wait_event(self, method, session=None, timeout=60, predicate=None):
        """Wait for (and return) the first event `method` (of `session`), keeping others."""
        deadline = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.pending):
                if m["method"] == method and (session is None or m.get("sessionId") == session) \
                        and (predicate is None or predicate(m["params"])):
                    return self.pending.pop(i)["params"]
            m = self._read(max(0.0, deadline - time.monotonic()))
            if m is None:
                raise CDPError(f"no {method} event in {timeout} s")
            if "method" in m:
                self.pending.append(m)

    def drain(self, method, session=None):
        """Remove and return every pending event `method`."""
        out = [m["params"] for m in self.pending
               if m["method"] == method and (session is None or m.get("sessionId") == session)]
        self.pending = [m for m in self.pending
                        if not (m["method"] == method and (session is None or m.get("sessionId") == session))]
        return out

    def page(self):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        sid = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return Session(self, sid, target)

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except (CDPError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        for fd in (self._r, self._w):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Session:
    """One tab (flat session)."""

    def __init__(self, browser, sid, target):
        self.browser, self.sid, self.target = browser, sid, target

    def send(self, method, params=None, timeout=120):
        return self.browser.send(method, params, session=self.sid, timeout=timeout)

    def wait_event(self, method, timeout=60, predicate=None):
        return self.browser.wait_event(method, session=self.sid, timeout=timeout, predicate=predicate)

    def evaluate(self, expression, await_promise=False, timeout=120):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                           "awaitPromise": await_promise}, timeout=timeout)
        if "exceptionDetails" in r:
            raise CDPError(f"script failed: {r['exceptionDetails']}")
        return r["result"].get("value")

    def navigate(self, url, timeout=60):
        self.send("Page.enable")
        self.browser.drain("Page.loadEventFired", self.sid)
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired", timeout=timeout)

    def close(self):
        self.browser.send("Target.closeTarget", {"targetId": self.target})
