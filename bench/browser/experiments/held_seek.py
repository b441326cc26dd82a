#!/usr/bin/env python3
"""Does a SeekPage still seek every frame when the machine is slow? Held against unheld.

    python3 bench/browser/experiments/held_seek.py --piec PATH [--rate 20] [--frames 60] [--trials 3]

Builds the enter-grow chart of test_enter_grow.py (800 ms, fill mode `backwards`), puts
`--frames` copies of it on one SeekPage (Tests/browser/piectest/chromium.py) and loads the page
in a tab of the tests' long-running Chromium whose CPU is slowed `--rate` times
(`Emulation.setCPUThrottlingRate`: a loaded machine, reproducibly), once as the tests write it
(every frame's shadow root starts with `HOLD`) and once without `HOLD` (as before). Prints, per
trial, how many frames' markers are not green (animations not held at 0, or seek not
confirmed) and how many frames had lost animations before the seek (the count the page read
is below the chart's): those showed the chart's end state whatever their time.

Seen (2026-12-05, the defaults, a loaded 2-core machine, two runs): held, no frame lost and
every marker green in all six trials; unheld, 33, 0 and 0 frames lost in one run, 0, 26 and 7
in the other (a frame that lost every animation seeks nothing, so its marker is green: the
count, which the tests check, says it; the other unheld markers are red, as the page now
requires the hold)."""

import argparse
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "Tests" / "browser"))
sys.path.insert(0, str(HERE.parent))
import cdp                                                       # noqa: E402
from piectest import bundle, chromium, chromium_session, specs   # noqa: E402

# Per marker row: [status colour, animation count read from its bits].
READ = """JSON.stringify([...document.querySelectorAll('.marker')].map(r => [r.children[0].style.background,
  [...r.children].slice(1).reduce((n, c, b) => n + (c.style.background === 'rgb(255, 255, 255)' ? 1 << b : 0), 0)]))"""


def load(path, rate):
    """Marker rows of `path` loaded in a new tab slowed `rate` times."""
    browser = chromium_session._browser((chromium.find_chromium(), False, ()))
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    tab = cdp.Session(browser, browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})
                      ["sessionId"], target)
    try:
        tab.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        tab.send("Page.enable")
        tab.send("Page.navigate", {"url": path.resolve().as_uri()})
        tab.wait_event("Page.loadEventFired", timeout=600)
        return json.loads(tab.evaluate(READ))
    finally:
        browser.send("Target.closeTarget", {"targetId": target})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--piec", required=True)
    ap.add_argument("--rate", type=float, default=20)
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--trials", type=int, default=3)
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="piec-held-seek-"))
    b = bundle.build(Path(args.piec), specs.spec("grow", [30, 22, 18, 17, 13]), work)
    chart = b.chart()
    times = [chart.end_time * (i % 7) / 7 for i in range(args.frames)]
    page = chromium.SeekPage([(b.svg, t) for t in times], frame_width=200, columns=10)
    full = None
    try:
        for held in (True, False):
            html = page.html() if held else page.html().replace(chromium.HOLD, "")
            path = work / f"{'held' if held else 'unheld'}.html"
            path.write_text(html, encoding="utf-8")
            rows = []
            for _ in range(args.trials):
                markers = load(path, args.rate)
                full = full or max(count for _, count in markers)
                rows.append((sum(1 for status, _ in markers if status != "rgb(0, 255, 0)"),
                             sum(1 for _, count in markers if count < full)))
            print(f"{'held' if held else 'unheld'}: rate {args.rate:g}, {args.frames} frames; per trial "
                  "(markers not green, frames that lost animations before the seek): " + str(rows))
    finally:
        chromium_session.close_all()


if __name__ == "__main__":
    main()
