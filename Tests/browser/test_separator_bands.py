"""Separators while a chart of repeating colours moves (issue 27): the motion layer draws them
as dashes of a few circles, a band of the ring each (`Strategies.SeparatorBands`,
`DrawingPlan.separatorBands`), and the separator layer stands hidden until the motion ends. A donut
of 36 slices in the six test colours, every value changing, white separators 2 px wide, seeked
in every engine at 0, 25 and 70 % and after the end: every separator is found within 0.5 degree
of its boundary (0.2 at rest) at three radii across the ring, and away from the boundaries every
sample is its slice's colour (no separator where none belongs). No slice enters or leaves: the
lines beside one are hidden while it is under three line widths (issue 39, `Stage.DueRule`),
which bands cannot do, so such a chart draws its lines one by one (test_issue39_repro.py)."""

import math

import pytest

from piectest import bundle as bundles, specs
from piectest.chromium import SeekPage
from piectest.measure import Probe, dist
from piectest.transition import TransitionChart

COUNT = 36
PERCENTS = [0, 25, 70]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]
WHITE = (255, 255, 255)
WIDTH = 2


def chart_spec(slices):
    s = specs.spec("bands", [], chart={"innerRadius": 0.5})
    s["theme"]["stroke"] = {"width": WIDTH, "color": "#ffffff"}
    s["slices"] = slices
    return s


def entry(ident, value, k):
    return {"id": ident, "label": ident.upper(), "value": value, "color": specs.SLICE_COLORS[k % len(specs.SLICE_COLORS)]}


@pytest.fixture(scope="module")
def bands(piec, workdir, shoot):
    before = chart_spec([entry(f"s{i}", 8 + i % 5, i) for i in range(COUNT)])
    after = [entry(f"s{i}", 12 - i % 4, i) for i in range(COUNT)]
    bundle = bundles.build_transition(piec, before, chart_spec(after), workdir)
    assert '<g class="p-sl"' in bundle.svg and ".p-ex,.p-sep{animation:" in bundle.svg
    chart = TransitionChart(bundle.manifest)
    start, end = chart.delay, chart.end_time
    times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
    page = SeekPage([(bundle.svg, t) for t in times], frame_width=900, columns=2, background=chart.background)
    return bundle, chart, page, shoot(page, "separator-bands")


def separator_centre(probe, angle, r, window):
    """The angle of the white line nearest `angle` at radius r: the centroid of how white the
    samples are (0 for a slice colour, 1 for white), or None when none is whiter than half."""
    step = 0.02
    weights = []
    for i in range(int(2 * window / step) + 1):
        x = angle - window + i * step
        w = max(0.0, 1 - dist(probe.color(x, r), WHITE) / 120)
        weights.append((x, w))
    total = sum(w for _, w in weights)
    if max(w for _, w in weights) < 0.5:
        return None
    return sum(x * w for x, w in weights) / total


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
def test_separators_follow_their_boundaries(bands, engine, index):
    bundle, chart, page, raster = bands
    frame = page.frames[index]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    final = {s["id"]: s for s in bundle.manifest["slices"]}
    old = {t["id"]: t["from"] for t in bundle.manifest["transitions"]}
    inner, outer = chart.ring(frame.t_ms)
    tolerance = 0.2 if LABELS[index] == "after-end" else 0.5

    def wide(g):
        return math.radians(g["endAngle"] - g["startAngle"]) * outer >= 3 * WIDTH

    problems, checked = [], 0
    for b in probe.boundaries:
        ids = [k.split(":", 1)[1] for k in (b.before, b.after)]
        # Every slice is over three line widths at the rim at both ends, so at every instant.
        assert all(wide(old[i]) and wide(final[i]) for i in ids)
        for f in (0.15, 0.5, 0.85):
            r = inner + (outer - inner) * f
            got = separator_centre(probe, b.angle, r, 1.0)
            checked += 1
            if got is None or abs(got - b.angle) > tolerance:
                problems.append((round(b.angle, 3), round(r, 1), got and round(got, 3)))
    assert checked > 60
    assert not problems, f"{LABELS[index]}: separators (expected, r, measured): {problems[:8]}, screenshot {page.screenshot}"
    for f in (0.15, 0.5, 0.85):
        r = inner + (outer - inner) * f
        # Away from the lines (half a width, the wedge's widening and a pixel of anti-aliasing).
        bad = probe.off_color(r, edge_margin=math.degrees(WIDTH / r))
        assert not bad, f"{LABELS[index]}: off-colour samples at r={r:.1f}: {bad[:6]}, screenshot {page.screenshot}"
