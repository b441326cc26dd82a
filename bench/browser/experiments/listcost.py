#!/usr/bin/env python3
"""What a frame's style recalculation costs per animated element and per dash-list entry, in
Chromium (the floor under piec's colour circles and separator bands).

    python3 bench/browser/experiments/listcost.py [--runs 5] [--json FILE]

Synthetic SVGs, no piec: N circles, each animating its `stroke-dasharray` from one list of L
entries (plus a closing whole turn) to another over 1 s, literal keyframes (as piec writes dash
lists, `SharedKeyframes.Group.literal`). Each page is measured as frames.py measures piec's
(4x CPU throttling, a trace per run, pages alternating, medians); style is the trace's
`UpdateLayoutTree` per main-thread frame. Fitting style per frame = a + b N + c N L gives the
cost of an element (b) and of an entry (c)."""

import argparse
import json
import os
import random
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import cdp        # noqa: E402
import frames     # noqa: E402
import workload   # noqa: E402

CASES = [(10, 20), (20, 20), (30, 20), (40, 20), (20, 2), (20, 40)]


def svg(n, entries):
    rnd = random.Random(1)
    turn = 2 * 3.14159265 * 140
    css, circles = [], []
    for i in range(n):
        first = [round(rnd.uniform(1, 20), 3) for _ in range(entries)] + [round(turn, 3)]
        last = [round(rnd.uniform(1, 20), 3) for _ in range(entries)] + [round(turn, 3)]
        css.append("@keyframes k%d{from{stroke-dasharray:%s}}" % (i, " ".join(map(str, first))))
        css.append(".c%d{animation:k%d %dms ease-in-out backwards}" % (i, i, workload.DURATION_MS))
        circles.append('<circle class="c%d" fill="none" stroke="#%06x" stroke-width="60" stroke-dasharray="%s" r="140"/>'
                       % (i, rnd.randrange(1 << 24), " ".join(map(str, last))))
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="-200 -200 400 400">'
            "<style>\n@media (prefers-reduced-motion:no-preference){\n" + "\n".join(css) + "\n}\n</style>\n"
            + "\n".join(circles) + "\n</svg>")


def fit(rows):
    """Least squares of style = a + b N + c N L over the cases."""
    xs = [(1.0, n, n * l) for n, l, _ in rows]
    ys = [y for _, _, y in rows]
    m = [[sum(x[i] * x[j] for x in xs) for j in range(3)] for i in range(3)]
    v = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(3)]
    for i in range(3):                       # Gauss-Jordan
        p = m[i][i]
        m[i] = [e / p for e in m[i]]
        v[i] /= p
        for k in range(3):
            if k != i:
                f = m[k][i]
                m[k] = [a - f * b for a, b in zip(m[k], m[i])]
                v[k] -= f * v[i]
    return v


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--out", default="/tmp/piec-listcost")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    paths = {}
    for n, l in CASES:
        p = os.path.join(args.out, "n%d-l%d.html" % (n, l))
        with open(p, "w") as f:
            f.write(workload.piec_svg_page(svg(n, l)))
        paths[(n, l)] = p
    runs = {c: [] for c in CASES}
    with cdp.Chromium() as browser:
        for _ in range(args.runs):
            for c in CASES:
                runs[c].append(frames.measure_once(browser, paths[c], 4))
    rows, out = [], []
    print("| circles | entries each | style ms a frame | p95 ms | long frames |")
    print("|---:|---:|---:|---:|---:|")
    for (n, l), rs in runs.items():
        per_frame = statistics.median(r["breakdown"].get("UpdateLayoutTree", 0) / max(len(r["main_frame_times"]), 1) for r in rs)
        p95 = statistics.median(r["p95"] for r in rs)
        long_ = statistics.median(r["long"] for r in rs)
        rows.append((n, l, per_frame))
        out.append({"circles": n, "entries": l, "style_per_frame": per_frame, "p95": p95, "long": long_})
        print("| %d | %d | %.2f | %.1f | %g |" % (n, l, per_frame, p95, long_))
    a, b, c = fit(rows)
    print("\nstyle a frame = %.2f ms + %.3f ms an element + %.4f ms an entry (4x throttling)" % (a, b, c))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"cases": out, "fit": {"base": a, "element": b, "entry": c}}, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
