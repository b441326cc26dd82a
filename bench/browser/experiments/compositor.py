"""index.html before and after the compositor layer (`BoxLayer.swift`), beside Chart.js and D3.

    python3 bench/browser/experiments/compositor.py --before OLD_PIEC --after NEW_PIEC --out DIR
                                                    [--sizes 8,64,512] [--runs 3] [--json FILE]

One Chromium, 4x CPU throttling, frames.py's measure (`measure_once`: from the update, trace
read by trace.py), runs alternating between the four pages; the median run by p95 of each is
kept. Then busy.py's pass (a script spinning 50 ms every 100 ms, unthrottled): does the chart
keep moving? Prints one line per size and page and the ratios to Chart.js in the same run."""

import argparse
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import busy      # noqa: E402
import cdp       # noqa: E402
import frames    # noqa: E402

PAGES = ("index-before", "index-after", "chartjs", "d3")
KEYS = ("p50", "p95", "long", "main_frames", "first_frame", "main_total")


def pages_for(before, after, out, n):
    old, _ = frames.build_pages(before, os.path.join(out, "before"), n)
    new, _ = frames.build_pages(after, os.path.join(out, "after"), n)
    return {"index-before": old["piec-index"], "index-after": new["piec-index"],
            "chartjs": new["chartjs"], "d3": new["d3"]}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sizes", default="8,64,512")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    shutil.rmtree(args.out, ignore_errors=True)
    results = {}
    with cdp.Chromium() as browser:
        for n in (int(s) for s in args.sizes.split(",")):
            paths = pages_for(args.before, args.after, args.out, n)
            runs = {p: [] for p in PAGES}
            for r in range(args.runs):
                for p in PAGES:
                    print(f"compositor: {n} slices, {p}, run {r + 1}", file=sys.stderr)
                    runs[p].append(frames.measure_once(browser, paths[p], 4))
            entry = {p: frames.median_run(runs[p]) for p in PAGES}
            for p in PAGES:
                entry[p]["p95_runs"] = [round(x["p95"], 1) for x in runs[p]]
                entry[p]["busy"] = busy.measure(browser, frames.open_page, frames.collect_trace, paths[p])
            results[str(n)] = entry
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
    for n, entry in results.items():
        base = entry["chartjs"]
        for p in PAGES:
            e = entry[p]
            ratios = " ".join(f"{k}/cjs={e[k] / base[k]:.2f}" for k in ("p50", "p95") if base[k])
            b = e["busy"]
            print(f"{n:>4} {p:<13} " + " ".join(f"{k}={e[k]:.1f}" if isinstance(e[k], float) else f"{k}={e[k]}" for k in KEYS)
                  + f" not_composited={e['animations']['not_composited']} {ratios} p95_runs={e['p95_runs']} busy={b}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
