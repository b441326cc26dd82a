"""The same pages in Firefox ESR, over Marionette (Tests/browser/piectest/engines.py).

Firefox's remote protocols give no trace of its main thread and no CPU throttling, so this
measures what the page itself can see, unthrottled: the intervals between animation frames
(`requestAnimationFrame` timestamps) from the update to the animation's end. An interval longer
than 1.5 refreshes means a refresh passed without a new frame from the main thread. Firefox
animates transforms and opacity on its compositor, so a CSS animation could move on while the
page's frames stall: the intervals are an upper bound on what the reader saw, not a measure of
it."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tests", "browser"))
from piectest import engines  # noqa: E402

import trace     # noqa: E402
import workload  # noqa: E402

MEASURE_JS = """
const done = arguments[arguments.length - 1];
const go = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
  const ts = [];
  const t0 = performance.now();
  const tick = t => { ts.push(t - t0); if (t - t0 < %d) requestAnimationFrame(tick); else done(ts); };
  start();
  requestAnimationFrame(tick);
}, 300)));
if (document.readyState === 'complete') go(); else addEventListener('load', go);
""" % workload.DURATION_MS


def frame_stats(ts):
    """Interval statistics. (No first-frame time: a rAF callback's timestamp is its frame's start,
    which can precede the update that was made during that frame.)"""
    stamps = [t for t in ts if t >= 0]
    intervals = [b - a for a, b in zip([0.0] + stamps, stamps)]
    return {"frames": len(intervals),
            "p50": trace.percentile(intervals, 50), "p95": trace.percentile(intervals, 95),
            "max": max(intervals, default=0.0),
            "long": sum(1 for v in intervals if v > 1.5 * trace.FRAME_MS)}


def measure_all(out, sizes, pages, runs=3):
    """{size: {page: stats of the median run by p95}} for the pages frames.py wrote."""
    ff = engines.Firefox(False)
    ff.start()
    result = {}
    try:
        ff.fit_viewport(600, 600)
        version = ff.execute("return navigator.userAgent;")
        for n in sizes:
            entry = {}
            for p in pages:
                folder = os.path.join(out, "n%d" % n)
                path = os.path.join(folder, "out", "bench-%d" % n, "bench-piec-index.html") \
                    if p == "piec-index" else os.path.join(folder, "bench-%s.html" % p)
                got = []
                for _ in range(runs):
                    ff.navigate("file://" + os.path.abspath(path))
                    got.append(frame_stats(ff.execute_async(MEASURE_JS)))
                got.sort(key=lambda r: r["p95"])
                entry[p] = got[len(got) // 2]
                entry[p]["p95_runs"] = [round(r["p95"], 2) for r in got]
            result[str(n)] = entry
        result["version"] = version
    finally:
        ff.stop()
    return result
