"""The browser harness's results (frames.json from frames.py) as BENCHMARKS.md sections and
targets (issue 27), through report.py's Report (out, table, target)."""

import json
import os

PAGES = [("piec-svg", "piec chart.svg (inline)"), ("piec-index", "piec index.html"),
         ("chartjs", "Chart.js 3.9 update()"), ("d3", "D3 3.5 arcTween")]
JUDGED = [("piec-svg", "chart.svg"), ("piec-index", "index.html")]


def load(res):
    path = os.path.join(res, "frames.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def ms(x):
    return "%.1f ms" % x


def ratio(a, b):
    return "%.2fx" % (a / b) if b else "n/a"


def targets(report, r):
    sizes = r["sizes"]
    if "64" in sizes:
        e = sizes["64"]
        for page, name in JUDGED:
            p, c, d = e[page], e["chartjs"], e["d3"]
            report.target("64 slices, %s: p95 main-thread time per frame at most Chart.js's and D3's "
                          "(4x throttling)" % name,
                          "%s vs %s, %s (%s, %s)" % (ms(p["p95"]), ms(c["p95"]), ms(d["p95"]),
                                                     ratio(p["p95"], c["p95"]), ratio(p["p95"], d["p95"])),
                          p["p95"] <= c["p95"] and p["p95"] <= d["p95"])
            report.target("64 slices, %s: no frame over 16.7 ms of main-thread time (4x throttling)" % name,
                          "%d of %d" % (p["long"], len(p["main_frame_times"])), p["long"] == 0)
    if "512" in sizes:
        e = sizes["512"]
        for page, name in JUDGED:
            p, c = e[page], e["chartjs"]
            report.target("512 slices, %s: p95 main-thread time per frame within 1.5x Chart.js's" % name,
                          "%s vs %s (%s)" % (ms(p["p95"]), ms(c["p95"]), ratio(p["p95"], c["p95"])),
                          p["p95"] <= 1.5 * c["p95"])


def section(report, r):
    report.out("## Frame cost in the browser: one data change, piec vs Chart.js vs D3")
    report.out()
    report.out("`bench/browser/frames.py` (see bench/browser/README.md): the same change (every value, one "
               "insert, one removal) animated for %d ms with CSS ease-in-out by each library, in %s "
               "(headless, DevTools `Emulation.setCPUThrottlingRate` %gx), measured from the update "
               "(`performance.mark` then `start()`), not from page load, with a trace per run; median "
               "run of %d by p95. Main-thread time per frame: top-level tasks of the renderer's main "
               "thread between successive BeginMainFrames; long = over 16.7 ms; first frame = update "
               "to the end of the first BeginMainFrame; ratios to Chart.js in the same run." % (
                   r["duration_ms"], r.get("chromium", "Chromium"), r["throttle"], r["runs"]))
    report.out()
    rows = []
    for n, e in sorted(r["sizes"].items(), key=lambda kv: int(kv[0])):
        c = e["chartjs"]
        for page, name in PAGES:
            if page not in e:
                continue
            p = e[page]
            rows.append([n, name, ms(p["p50"]), ratio(p["p50"], c["p50"]), ms(p["p95"]),
                         ratio(p["p95"], c["p95"]), "%d / %d" % (p["long"], len(p["main_frame_times"])),
                         "%d / %d" % (p["presented"], p["frames"]), ms(p["first_frame"]),
                         ratio(p["first_frame"], c["first_frame"]),
                         "%.0f ms" % p["breakdown"].get("UpdateLayoutTree", 0.0)])
    report.table(["slices", "chart", "p50", "vs Chart.js", "p95", "vs Chart.js", "long frames",
                  "presented / compositor frames", "first frame", "vs Chart.js", "style recalc"], rows, left=2)
    busy_rows = []
    for n, e in sorted(r["sizes"].items(), key=lambda kv: int(kv[0])):
        for page, name in PAGES + [("control", "control: HTML square, transform")]:
            b = e.get("busy", {}).get(page)
            if b:
                busy_rows.append([n, name, str(b["main_frames"]), str(b["compositor_frames"]),
                                  str(b["compositor_frames_in_busy"]), ms(b["longest_still_ms"])])
    if busy_rows:
        report.out("With a busy main thread (a script spinning 50 ms every 100 ms, no throttling): "
                   "frames that moved the chart, from the trace (busy.py). Only compositor frames "
                   "can move a chart while the script spins.")
        report.out()
        report.table(["slices", "chart", "main-thread frames", "compositor-animation frames",
                      "of them during the script", "longest still"], busy_rows, left=2)
    ff = r.get("firefox")
    if ff:
        report.out("Firefox (%s), the same pages over Marionette, unthrottled (no CPU throttling or "
                   "trace over its remote protocols): intervals between animation frames seen by the "
                   "page (`requestAnimationFrame`), from the update; long = over 1.5 refreshes." % (
                       ff.get("version", "?")))
        report.out()
        rows = []
        for n, e in sorted(((k, v) for k, v in ff.items() if k != "version"), key=lambda kv: int(kv[0])):
            c = e.get("chartjs")
            for page, name in PAGES:
                if page in e:
                    p = e[page]
                    rows.append([n, name, ms(p["p50"]), ms(p["p95"]), ratio(p["p95"], c["p95"]) if c else "n/a",
                                 "%d / %d" % (p["long"], p["frames"])])
        report.table(["slices", "chart", "interval p50", "interval p95", "vs Chart.js", "long"], rows, left=2)
