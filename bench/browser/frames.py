#!/usr/bin/env python3
"""Frame cost of one data change animated by piec, Chart.js and D3 in headless Chromium.

    python3 bench/browser/frames.py --piec PATH --out DIR [--sizes 8,64,512] [--runs 3]
                                    [--throttle 4] [--json FILE] [--firefox]

For every size (workload.py) it builds piec's bundle (`piec build after.yaml --from before.yaml`),
writes the pages, and per page and run: opens a fresh tab (600x600), waits until the chart is
drawn and idle, sets `Emulation.setCPUThrottlingRate`, starts a trace, marks `bench-start` and
calls the page's `start()`, waits for the animation's end plus 300 ms, and reads the trace
(trace.py). Runs alternate between the pages; the median run (by p95) of each page is kept.

A second pass runs each page unthrottled with a busy main thread (a script that spins 50 ms every
100 ms) and reads from a trace whether the compositor kept presenting frames (busy.py)."""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cdp        # noqa: E402
import trace      # noqa: E402
import workload   # noqa: E402
import busy       # noqa: E402

PAGES = ("piec-svg", "piec-index", "chartjs", "d3")
IDLE_JS = """new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300))))"""


def build_pages(piec, out, n):
    """Write the workload and pages for n slices under out/n<N>/; return {page: path}."""
    d = os.path.join(out, "n%d" % n)
    os.makedirs(d, exist_ok=True)
    before, after = workload.change(n)
    with open(os.path.join(d, "before.yaml"), "w") as f:
        f.write(workload.spec(n, before))
    with open(os.path.join(d, "after.yaml"), "w") as f:
        f.write(workload.spec(n, after))
    shutil.rmtree(os.path.join(d, "out"), ignore_errors=True)   # piec refuses foreign files
    subprocess.run([piec, "build", os.path.join(d, "after.yaml"), "--from", os.path.join(d, "before.yaml"),
                    "-o", os.path.join(d, "out")], check=True, stdout=subprocess.DEVNULL)
    bundle = os.path.join(d, "out", "bench-%d" % n)
    with open(os.path.join(bundle, "chart.svg"), encoding="utf-8") as f:
        svg = f.read()
    with open(os.path.join(bundle, "index.html"), encoding="utf-8") as f:
        index = f.read()
    pages = {
        "piec-svg": (d, workload.piec_svg_page(svg)),
        "piec-index": (bundle, workload.piec_index_page(index)),
        "chartjs": (d, workload.chartjs_page(before, after)),
        "d3": (d, workload.d3_page(before, after)),
    }
    paths = {}
    for name, (folder, html) in pages.items():
        p = os.path.join(folder, "bench-%s.html" % name)
        with open(p, "w", encoding="utf-8") as f:
            f.write(html)
        paths[name] = p
    return paths, {"svg_bytes": len(svg.encode()), "slices": n}


def collect_trace(browser, tab):
    tab.send("Tracing.end")
    browser.wait_event("Tracing.tracingComplete", session=tab.sid, timeout=120)
    return [v for p in browser.drain("Tracing.dataCollected", tab.sid) for v in p["value"]]


def open_page(browser, path):
    tab = browser.page()
    tab.send("Emulation.setDeviceMetricsOverride", {"width": 600, "height": 600,
                                                    "deviceScaleFactor": 1, "mobile": False})
    tab.navigate("file://" + os.path.abspath(path))
    tab.evaluate(IDLE_JS, await_promise=True)
    return tab


def measure_once(browser, path, throttle):
    tab = open_page(browser, path)
    try:
        tab.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        tab.send("Tracing.start", {"traceConfig": {"includedCategories": trace.CATEGORIES,
                                                   "recordMode": "recordAsMuchAsPossible"},
                                   "transferMode": "ReportEvents"})
        time.sleep(0.2)
        tab.evaluate("performance.mark('bench-start'); start(); 0")
        time.sleep(workload.DURATION_MS / 1000 + 0.3)
        events = collect_trace(browser, tab)
        tab.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        done = tab.evaluate("!!window.benchDone")
    finally:
        tab.close()
    result = trace.analyse(events, workload.DURATION_MS)
    result["done"] = done
    return result


def median_run(runs):
    ordered = sorted(runs, key=lambda r: r["p95"])
    return ordered[len(ordered) // 2]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--piec", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sizes", default="8,64,512")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--throttle", type=float, default=4)
    ap.add_argument("--pages", default=",".join(PAGES))
    ap.add_argument("--no-busy", action="store_true")
    ap.add_argument("--firefox", action="store_true", help="also run the pages in Firefox ESR (firefox.py)")
    ap.add_argument("--json", help="write the results here (default: stdout)")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    pages = args.pages.split(",")
    results = {"throttle": args.throttle, "duration_ms": workload.DURATION_MS, "runs": args.runs,
               "sizes": {}}
    with cdp.Chromium() as browser:
        results["chromium"] = browser.send("Browser.getVersion")["product"]
        for n in sizes:
            paths, info = build_pages(args.piec, args.out, n)
            runs = {p: [] for p in pages}
            for r in range(args.runs):
                for p in pages:
                    print(f"frames: {n} slices, {p}, run {r + 1}", file=sys.stderr)
                    runs[p].append(measure_once(browser, paths[p], args.throttle))
            entry = dict(info)
            for p in pages:
                best = median_run(runs[p])
                best["p95_runs"] = [round(x["p95"], 2) for x in runs[p]]
                entry[p] = best
            if not args.no_busy:
                entry["busy"] = {p: busy.measure(browser, open_page, collect_trace, paths[p]) for p in pages}
                control = os.path.join(args.out, "bench-control.html")
                with open(control, "w") as f:
                    f.write(busy.CONTROL_PAGE)
                entry["busy"]["control"] = busy.measure(browser, open_page, collect_trace, control)
            results["sizes"][str(n)] = entry
    if args.firefox:
        import firefox
        results["firefox"] = firefox.measure_all(args.out, sizes, pages, runs=args.runs)
    text = json.dumps(results, indent=1, sort_keys=True)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
