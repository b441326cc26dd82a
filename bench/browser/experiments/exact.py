#!/usr/bin/env python3
"""Is each motion scheme (variants.py) exact in Chromium, Firefox and WebKitGTK?

    python3 bench/browser/experiments/exact.py --piec PATH --out DIR [--engines chromium,firefox,webkit]
                                               [--variants rot,xform,var,prop] [--cases small,many]

For each case it builds a measurable transition with piec (Tests/browser/piectest/specs.py: test
colours with green 200 on magenta, no stroke), writes every variant's SVG from the manifest, and
lets the browser tests' own machinery judge it: a SeekPage per variant pausing the animations at
0/25/50/75/100 % and after the end, screenshots by each engine, `Probe` for every boundary at
three radii against the exact model (`TransitionChart`: from + (to - from) * E(p)) and for the
background showing through seams. `piec` is the bundle's own chart.svg (bytes: the whole file), `piec-var` the same rewritten by
rewrite.shared_keyframes.
Prints, per case, variant and engine: the worst boundary error
in motion and at rest (degrees), the worst leak, whether every seek landed, and the motion
layer's bytes per segment."""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "Tests", "browser"))
sys.path.insert(0, HERE)
from piectest import bundle as bundles, checks, engines, specs   # noqa: E402
from piectest.chromium import SEEK_SCRIPT, SeekPage               # noqa: E402
from piectest.measure import Probe                                # noqa: E402
from piectest.transition import TransitionChart                   # noqa: E402
import rewrite                                                    # noqa: E402
import variants                                                   # noqa: E402

PERCENTS = [0, 25, 50, 75, 100]


def cases():
    """{name: (before values, after values, frame width)}: ids s<k> by position, so an entry of
    None removes (before) or inserts (after) a slice with a fresh id."""
    many_before = [1 + (k * 7) % 3 for k in range(500)]
    many_after = [1 + (k * 5) % 4 for k in range(500)]
    return {
        # An insert that turns 234 degrees (WebKit once took such turns the short way), a removal,
        # growth and shrinkage.
        "small": ([("a", 5), ("b", 40), ("c", 20), ("d", 35)],
                  [("a", 70), ("n", 10), ("c", 10), ("d", 10)], 800),
        # 500 moving slices (the limit issue 27 asks about), one insert and one removal.
        "many": ([("s%d" % k, v) for k, v in enumerate(many_before)],
                 [("s%d" % k, v) for k, v in enumerate(many_after) if k != 100][:250] + [("new", 2)] +
                 [("s%d" % k, v) for k, v in enumerate(many_after) if k != 100][250:], 1600),
    }


def spec(name, entries):
    s = specs.spec(name, [])
    colors = specs.SLICE_COLORS
    ids = sorted({i for i, _ in entries})
    s["slices"] = [{"id": i, "label": i.upper(), "value": v, "color": colors[hash_index(i) % len(colors)]}
                   for i, v in entries]
    return s


def hash_index(sid):
    """A colour index per id, different for neighbours in the cases above."""
    if sid.startswith("s") and sid[1:].isdigit():
        return int(sid[1:])
    return {"a": 0, "b": 1, "c": 2, "d": 3, "n": 4, "new": 5}[sid]


class HoistedPage(SeekPage):
    """A SeekPage that also registers the charts' `@property` rules in the document (engines
    ignore `@property` inside a shadow tree, and each SeekPage frame is one), and seeks again
    once the document is parsed: with 500 moving slices Chromium returned no animations for the
    first frames to the inline seek script."""

    def __init__(self, items, hoisted="", **kw):
        super().__init__(items, **kw)
        self.hoisted = hoisted

    def html(self):
        html = super().html().replace("</head>", "<style>%s</style></head>" % self.hoisted, 1)
        # Frames seeked past their end already hold finished animations that getAnimations()
        # no longer lists: the second pass leaves those alone.
        again = SEEK_SCRIPT.replace("const anims = frame.shadowRoot.getAnimations();",
                                    "const anims = frame.shadowRoot.getAnimations(); if (!anims.length) return;")
        # The first pass checked that they were held at 0; the second finds them at their t.
        again = again.replace("a.currentTime === 0", "a.currentTime !== null")
        again = "<script>addEventListener('DOMContentLoaded', () => {%s});</script>" % again
        return html.replace("</body>", again + "</body>", 1)


def measure(engine, workdir, name, variant, manifest, frame_width, bundle_svg):
    chart = TransitionChart(manifest)
    if variant in ("piec", "piec-var"):
        svg = bundle_svg if variant == "piec" else rewrite.shared_keyframes(bundle_svg)
        motion_bytes = len(svg.encode())
    else:
        svg, motion_bytes = variants.svg(manifest, variant.replace("-shadow", ""), background=specs.BACKGROUND)
    start, end = chart.delay, chart.end_time
    times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
    columns = 3 if frame_width > 1000 else 6
    hoisted = "".join(line for line in svg.splitlines() if line.startswith("@property"))
    if variant.endswith("-shadow"):
        hoisted = ""
    page = HoistedPage([(svg, t) for t in times], hoisted, frame_width=frame_width, columns=columns,
                       background=chart.background)
    raster = engine.render(page, workdir, "%s-%s-%s" % (engine.name, name, variant))
    # The closing seam of a full circle (the sweep's start, where the last stacked dash ends
    # on the first) is drawn by a separate closing line in piec; the variants leave it out, so
    # it is reported apart ("closing").
    worst = {"motion": 0.0, "rest": 0.0, "closing": 0.0}
    leak, missing = 0.0, 0
    markers = [page.marker(raster, i) for i in range(len(page.frames))]
    expected = max(count for _, count in markers)
    unseeked = []
    for i, frame in enumerate(page.frames):
        ok, count = markers[i]
        if not ok or (frame.t_ms < chart.end_time and count < expected):
            unseeked.append(PERCENTS[i] if i < len(PERCENTS) else "after")
            continue
        probe = Probe(raster, frame.viewport, chart, frame.t_ms)
        phase = "rest" if frame.t_ms >= chart.end_time else "motion"
        for r in probe.radii(checks.RADII):
            for edge in probe.edges(r):
                if edge.measured is None:
                    missing += 1
                elif abs((edge.expected - chart.start_angle + 180) % 360 - 180) < 1e-6:
                    worst["closing"] = max(worst["closing"], abs(edge.error))
                else:
                    worst[phase] = max(worst[phase], abs(edge.error))
        leaks = probe.leaks(probe.radii(checks.LEAK_RADII), specs.MAGENTA)
        if leaks:
            leak = max(leak, leaks[0][0])
    return {"motion": round(worst["motion"], 3), "rest": round(worst["rest"], 3),
            "closing": round(worst["closing"], 3), "leak": round(leak, 3),
            "missing_edges": missing, "unseeked_frames": unseeked, "bytes_per_segment": round(motion_bytes / len(manifest["transitions"]), 1)}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--piec", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--engines", default="chromium,firefox,webkit")
    ap.add_argument("--variants", default="piec," + ",".join(variants.VARIANTS) + ",prop-shadow",
                    help="piec (the bundle's own chart.svg), piec-var (it rewritten by "
                         "rewrite.shared_keyframes), the variants of variants.py, and "
                         "prop-shadow (prop with @property left inside the shadow tree only)")
    ap.add_argument("--cases", default="small,many")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    from pathlib import Path
    manifests = {}
    all_cases = cases()
    for name in args.cases.split(","):
        before, after, width = all_cases[name]
        d = Path(args.out) / name
        d.mkdir(exist_ok=True)
        b = bundles.build_transition(Path(args.piec), spec(name, before), spec(name, after), d)
        manifests[name] = (b.manifest, width, b.svg)
    results = {}
    for en in args.engines.split(","):
        engine = engines.make(en)
        try:
            for name, (manifest, width, bundle_svg) in manifests.items():
                for v in args.variants.split(","):
                    r = measure(engine, args.out, name, v, manifest, width, bundle_svg)
                    results.setdefault(name, {}).setdefault(v, {})[en] = r
                    print(name, v, en, json.dumps(r), flush=True)
        finally:
            engine.close()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
