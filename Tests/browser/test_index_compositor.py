"""index.html's compositor layer (issue 27, `BoxLayer.swift`): while the chart moves, HTML boxes
turned by `rotate` draw the slices, so Chromium moves them without main-thread work per frame.

Each chart's index.html (its style sheet and its figure: the SVG and the boxes) is put in a shadow
root per instant, seeked with the Web Animations API at 0, 25 and 70 % and after the end of the
boxes' hold, in every engine, at 1.5 times the chart's size (the boxes' lengths are container query
units of the SVG's wrapper: they must follow the SVG when it is scaled). Held to the motion
corpus's limits: every boundary within 0.5 degree in motion and 0.2 at rest, every sample away
from the boundaries its slice's colour, no background through the seams (stacked boxes: each
slice reaches under the next). Charts: a donut whose values change while one slice is removed
and one inserted, and a pie with a slice wider than 180 degrees at both ends (cut into
overlapping pieces, and reaching back under the last slice across the closing line). Chromium:
the boxes are really there and draw (the SVG's motion layer is not shown), and every running
animation but the SVG pie's `visibility` and the layer's constant `scale` is composited
(`Animation` trace events' `compositeFailed`, read with the benchmark's DevTools client). After
the motion, a real pointer finds every slice's tooltip."""

import importlib.util
import json
import math
import os
import re
import sys

import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage, inline_markup
from piectest.measure import Probe
from piectest.transition import TransitionChart

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PERCENTS = [0, 25, 70]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]
SCALE = 1.5
HOLD_MS = 200   # BoxLayer.hold
WORST = checks.WorstErrors()


def donut_specs():
    before = specs.spec("boxdonut", [5, 3, 8, 2, 6, 4, 7, 1, 9, 3], chart={"innerRadius": 0.55})
    after = specs.spec("boxdonut", [], chart={"innerRadius": 0.55})
    after["slices"] = [s for s in specs.slices([3, 6, 4, 5, 2, 8, 2, 6, 4, 7]) if s["id"] != "s3"]
    after["slices"].insert(6, {"id": "n1", "label": "N1", "value": 4, "color": specs.SLICE_COLORS[5]})
    return before, after


def pie_specs():
    return specs.spec("boxpie", [60, 10, 10, 5, 15]), specs.spec("boxpie", [10, 62, 5, 8, 15])


class IndexSeekPage(SeekPage):
    """SeekPage with index.html's figure (its SVG and boxes) and style sheet in each frame."""

    def __init__(self, items, **kw):
        self.index = [html for html, _, _ in items]
        super().__init__([(svg, t) for _, svg, t in items], **kw)

    def html(self):
        page = super().html()
        for f, html in zip(self.frames, self.index):
            style = html.split("<style>\n", 1)[1].split("</style>", 1)[0]
            figure = html.split("<figure>\n", 1)[1].split("<figcaption>", 1)[0]
            # The frame's width, not the chart's: the layer must follow a scaled SVG.
            own = (f"<style>{style}</style><style>:host .p-fx{{width:100%!important}}"
                   ":host .p-fx>svg{width:100%!important;height:auto!important}</style>")
            page = page.replace(inline_markup(f.svg), own + figure, 1)
        return page


def build(piec, workdir, pair):
    before, after = pair
    folder = workdir / before["id"]
    folder.mkdir(exist_ok=True)
    bundle = bundles.build_transition(piec, before, after, folder)
    index = (bundle.directory / "index.html").read_text(encoding="utf-8")
    return bundle, index


@pytest.fixture(scope="module")
def built(piec, workdir):
    return [build(piec, workdir, donut_specs()), build(piec, workdir, pie_specs())]


@pytest.fixture(scope="module")
def charts(built, shoot):
    items, models = [], []
    for bundle, index in built:
        chart = TransitionChart(bundle.manifest)
        start, end = chart.delay, chart.end_time
        for t in [start + (end - start) * p / 100 for p in PERCENTS] + [end + HOLD_MS + 100]:
            items.append((index, bundle.svg, t))
            models.append(chart)
    width = round(320 * SCALE)
    page = IndexSeekPage(items, frame_width=width, columns=4, background=specs.MAGENTA)
    return built, models, page, shoot(page, "index-boxes")


def test_both_charts_have_the_box_layer(charts):
    built, _, _, _ = charts
    for bundle, index in built:
        assert '<div class="p-bx" aria-hidden="true"><i class="p-k0">' in index
        assert "p-bx" not in bundle.svg and "cqw" not in bundle.svg


@pytest.mark.parametrize("index", range(2 * len(LABELS)), ids=[f"{c}-{l}" for c in ("donut", "pie") for l in LABELS])
def test_the_boxes_follow_the_exact_model(charts, engine, index):
    _, models, page, raster = charts
    chart, frame = models[index], page.frames[index]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    problems = checks.seeked_frame_problems(page, raster, index, probe, chart, specs.MAGENTA)
    WORST.record(engine.name, probe, chart, frame, LABELS[index % len(LABELS)])
    checks.report(problems, f"index.html boxes at t={frame.t_ms:.1f} ms, screenshot {page.screenshot}")


def test_zz_worst_error_of_the_boxes(charts, engine, workdir):
    WORST.check(engine.name, workdir / f"{engine.name}-worst-boxes.json", "of index.html's boxes")


# Chromium: what runs where, from a trace of the page as a reader opens it.

LIVE_JS = """(() => {
  const a = document.getAnimations();
  const boxes = a.filter(x => x.effect.target.closest && x.effect.target.closest('.p-bx'));
  const mo = document.querySelector('.p-mo');
  const others = a.filter(x => !boxes.includes(x)).map(x => x.animationName + ' ' + (x.effect.target.getAttribute('class') || x.effect.target.tagName));
  return JSON.stringify({all: a.length, boxes: boxes.length, others,
    motionShown: getComputedStyle(mo).display !== 'none',
    layer: document.querySelector('.p-bx').getBoundingClientRect().width});
})()"""


def bench_module(name):
    """bench/browser/<name>.py (the benchmark's DevTools client and trace reader), by path:
    `trace` is also a standard library module's name."""
    folder = os.path.join(REPO, "bench", "browser")
    if folder not in sys.path:
        sys.path.insert(0, folder)   # trace.py imports its neighbours
    spec = importlib.util.spec_from_file_location("bench_" + name, os.path.join(folder, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_chromium_runs_the_motion_on_the_compositor(charts, engine, workdir):
    if engine.name != "chromium":
        pytest.skip("the compositor check reads Chromium's trace")
    cdp, trace = bench_module("cdp"), bench_module("trace")
    built, _, _, _ = charts
    bundle, index = built[0]
    hold = "<style id=hold>*{animation-name:none!important}</style>"
    path = workdir / "index-held.html"
    path.write_text(index.replace("</head>", hold + "</head>", 1), encoding="utf-8")
    with cdp.Chromium() as browser:
        tab = browser.page()
        tab.navigate("file://" + str(path))
        tab.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))", await_promise=True)
        tab.send("Tracing.start", {"traceConfig": {"includedCategories": trace.CATEGORIES},
                                   "transferMode": "ReportEvents"})
        # The animations are read in the task that lets them go (every one is then at 0, so
        # none can have ended, whatever the machine's load), and the trace runs until each has
        # started (its `ready`) and two frames more.
        live = json.loads(tab.evaluate(
            "(() => { document.getElementById('hold').remove(); const live = " + LIVE_JS + ";"
            " return Promise.all(document.getAnimations().map(a => a.ready)).then(() => new Promise("
            "r => requestAnimationFrame(() => requestAnimationFrame(() => r(live))))); })()",
            await_promise=True))
        tab.send("Tracing.end")
        browser.wait_event("Tracing.tracingComplete", session=tab.sid, timeout=120)
        events = [v for p in browser.drain("Tracing.dataCollected", tab.sid) for v in p["value"]]
        tab.close()
    pid = next(e["pid"] for e in events if e.get("name") == "Animation")
    report = trace.animation_report(events, pid)

    assert live["boxes"] > 0 and not live["motionShown"] and live["layer"] > 200, live
    # Besides the boxes' animations, one is left on the SVG: the pie's `visibility`.
    assert live["all"] == live["boxes"] + 1, live
    # Chromium declines only animations whose keyframes are all one value (1 << 17, "no visible
    # change"): the pie's visibility and the layer's scale while it is shown. Neither asks for a
    # main-thread frame (the benchmark counts 3-4 in the second at 64 slices).
    assert report["started"] >= live["boxes"], report
    assert set(report["reasons"]) <= {str(1 << 17)} and report["not_composited"] <= 4, report


def test_reduced_motion_shows_the_final_chart_at_once(built, shoot):
    """With prefers-reduced-motion: reduce nothing moves: the layer stays at scale 0, the SVG's
    exact rest layer draws the new chart from t = 0 (the donut, seeked nowhere)."""
    bundle, index = built[0]
    chart = TransitionChart(bundle.manifest)
    page = IndexSeekPage([(index, bundle.svg, 0.0)], frame_width=320, columns=1, background=specs.MAGENTA)
    raster = shoot(page, "index-boxes-reduced", reduced_motion=True)
    probe = Probe(raster, page.frames[0].viewport, chart, chart.end_time + 1)
    problems = checks.marker_problems(page, raster, 0, expect_animations=False)
    problems += checks.angle_problems(probe, checks.REST_TOLERANCE)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"index.html under reduced motion, screenshot {page.screenshot}")


TIPS_JS = """JSON.stringify([...document.querySelectorAll('.p-t')].map(e =>
  getComputedStyle(e).visibility === 'visible' ? 1 : 0))"""


def test_a_real_pointer_finds_every_slice_after_the_motion(built, engine, workdir):
    """The layer never takes the pointer (`pointer-events:none`, scale 0 at rest): once the
    motion is over (every animation finished at load), resting a real pointer in the middle of
    a slice shows that slice's tooltip alone, and none once it leaves. (The page's chart at the
    viewport's corner, as test_theme.py's pointer test puts it.)"""
    bundle, index = built[0]
    page = index.replace("</head>", "<style>body{margin:0!important;padding:0!important}h1,main>p,figcaption"
                         "{display:none}</style></head>", 1)
    page = page.replace("</body>", "<script>document.getAnimations().forEach(a => a.finish())</script></body>", 1)
    path = workdir / f"{engine.name}-hover.html"
    path.write_text(page, encoding="utf-8")
    m = bundle.manifest
    c = m["chart"]
    r = (c["outerRadius"] + c["innerRadius"]) / 2
    points = []
    for s in m["slices"]:
        a = math.radians((s["startAngle"] + s["endAngle"]) / 2)
        points.append((round(c["cx"] + r * math.sin(a)), round(c["cy"] - r * math.cos(a))))
    n = len(points)
    assert n >= 8 and n == len(re.findall(r'class="p-t p-t\d+"', index))
    states = [json.loads(s) for s in engine.hover(str(path), points, TIPS_JS, reduced_motion=False)]
    for k in range(n):
        assert states[k] == [1 if i == k else 0 for i in range(n)], (engine.name, k, states[k])
    assert states[-1] == [0] * n, (engine.name, states[-1])
