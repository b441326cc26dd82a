#!/usr/bin/env python3
"""Frame cost of each motion scheme (variants.py) on the harness's workloads, in Chromium.

    python3 bench/browser/experiments/cost.py --bench DIR [--sizes 64,512] [--runs 3]

`piec` is the bundle's own chart.svg, `piec-flat` the same with its style's nesting block
unwrapped, `piec-var` the same with its dash lists read by `var(--d)` from one shared keyframes
(as colour circles were written before they kept keyframes of their own). (`boxes`, the compositor-only
HTML prototype, was removed once shipped as index.html's `BoxLayer`: compositor.py measures it.) DIR is a frames.py output folder (n<N>/out/bench-<N>/manifest.json). Each variant's SVG is
inlined in a page held still until `start()` (as piec's pages in frames.py), and measured the same
way: 4x CPU throttling, a trace per run, median run by p95; plus the busy-main-thread pass, and
from the trace how many animations Chromium ran on the compositor and why not (the `Animation`
events' failure bits: 1<<13 unsupported property such as stroke-dasharray, 1<<19 an individual
transform property (`rotate`) on an SVG element, 1<<5 invalid compositing state, 1<<17 no
visible change)."""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import busy       # noqa: E402
import cdp        # noqa: E402
import frames     # noqa: E402
import variants   # noqa: E402
import workload   # noqa: E402


def unnest(svg, chart_id):
    """chart.svg with its style's one `.piec-<id>{...}` block unwrapped (the same rules, unscoped:
    the same meaning for one chart on a page), to see what CSS nesting costs per frame."""
    opening = "\n.piec-%s{\n" % chart_id
    start = svg.index(opening)
    end = svg.rindex("}\n</style>")
    return svg[:start] + "\n" + svg[start + len(opening):end] + svg[end + 2:]


def shared_lists(svg, chart_id):
    """The bundle as piec wrote colour circles before they kept keyframes of their own: every
    `stroke-dasharray` list read by `var(--d)` from its circle's rule, one shared keyframes."""
    scope = "piec-" + chart_id
    lists = dict(re.findall(r"@keyframes %s-(k\d+)\{from\{stroke-dasharray:([^;}]*)\}\}\n" % re.escape(scope), svg))
    lists = {k: v for k, v in lists.items() if len(v.split()) > 2}
    for k, v in lists.items():
        svg = svg.replace("@keyframes %s-%s{from{stroke-dasharray:%s}}\n" % (scope, k, v), "")
        svg = svg.replace("{animation-name:%s-%s}" % (scope, k), "{animation-name:%s-kv;--d:%s}" % (scope, v))
    return svg.replace("<style>\n", "<style>\n@keyframes %s-kv{from{stroke-dasharray:var(--d)}}\n" % scope, 1)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", required=True)
    ap.add_argument("--sizes", default="64,512")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--variants", default="piec,piec-flat," + ",".join(variants.VARIANTS),
                    help="piec (the bundle's chart.svg), piec-flat (its style unnested), piec-nosep "
                         "(its separators taken out), piec-var (its dash lists read by var()) and the "
                         "variants of variants.py")
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    out = {}
    with cdp.Chromium() as browser:
        for n in args.sizes.split(","):
            d = os.path.join(args.bench, "n%s" % n)
            with open(os.path.join(d, "out", "bench-%s" % n, "manifest.json")) as f:
                manifest = json.load(f)
            with open(os.path.join(d, "out", "bench-%s" % n, "chart.svg")) as f:
                bundle_svg = f.read()
            for v in args.variants.split(","):
                if v == "piec":
                    svg, size = bundle_svg, len(bundle_svg.encode())
                elif v == "piec-nosep":
                    a = bundle_svg.index('<g class="p-sep"')
                    svg = bundle_svg[:a] + bundle_svg[bundle_svg.index("</g>", a) + 5:]
                    size = len(svg.encode())
                elif v == "piec-var":
                    svg = shared_lists(bundle_svg, manifest["id"])
                    size = len(svg.encode())
                elif v == "piec-flat":
                    svg = unnest(bundle_svg, manifest["id"])
                    size = len(svg.encode())
                else:
                    svg, size = variants.svg(manifest, v)
                path = os.path.join(d, "variant-%s.html" % v)
                with open(path, "w") as f:
                    f.write(workload.piec_svg_page(svg))
                runs = [frames.measure_once(browser, path, 4) for _ in range(args.runs)]
                best = frames.median_run(runs)
                b = busy.measure(browser, frames.open_page, frames.collect_trace, path)
                r = {k: best[k] for k in ("p50", "p95", "long", "first_frame", "presented", "frames", "animations")}
                r["main_frames"] = len(best["main_frame_times"])
                r["style_ms"] = round(best["breakdown"].get("UpdateLayoutTree", 0), 1)
                r["paint_ms"] = round(sum(best["breakdown"].get(k, 0) for k in ("Paint", "PrePaint", "Layerize", "Commit")), 1)
                r["busy"] = b
                r["bytes_per_segment"] = round(size / len(manifest["transitions"]), 1)
                out.setdefault(n, {})[v] = r
                print(n, v, json.dumps({k: (round(x, 1) if isinstance(x, float) else x) for k, x in r.items()}), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
