"""Chart shapes seeked mid-animation and after the end, all on one page (per engine): a donut, a
half gauge with total and track, a counterclockwise pie, a single 100 % slice and a 0-value
slice. Each frame: boundaries at the eased angles, the expected colour everywhere else, no
background (or hairline colour) at the seams."""

import pytest

from piectest import checks, specs
from piectest.chromium import SeekPage
from piectest.geometry import parse_hex
from piectest.measure import Probe

CHARTS = {
    "donut": specs.spec("donut", [40, 35, 25], chart={"innerRadius": 0.6},
                        animation={"delay": "150ms", "easing": "ease-out"}),
    "gauge": specs.spec("gauge", [35, 25], chart={
        "sweep": 180, "startAngle": -90, "total": 100, "track": specs.TRACK, "innerRadius": 0.5}),
    "ccw": specs.spec("ccw", [40, 30, 20, 10], chart={
        "direction": "counterclockwise", "startAngle": 30}),
    "single": specs.spec("single", [5]),
    "zero": specs.spec("zero", [40, 0, 60], colors=[
        specs.SLICE_COLORS[0], specs.HAIRLINE, specs.SLICE_COLORS[1]]),
}
PHASES = ["mid", "end"]


@pytest.fixture(scope="module")
def shapes(build, shoot):
    """{name: (bundle, chart, {phase: (page, frame index)})} and the rendered page."""
    items, index, built = [], {}, {}
    for name, spec in CHARTS.items():
        bundle = build(spec)
        chart = bundle.chart()
        built[name] = (bundle, chart)
        for phase in PHASES:
            t = chart.delay + chart.duration / 2 if phase == "mid" else chart.end_time + 250
            index[name, phase] = len(items)
            items.append((bundle.svg, t))
    page = SeekPage(items, background=specs.MAGENTA)
    raster = shoot(page, "shapes")
    return built, index, page, raster


def probe_for(shapes, name, phase):
    built, index, page, raster = shapes
    bundle, chart = built[name]
    i = index[name, phase]
    frame = page.frames[i]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    problems = checks.marker_problems(page, raster, i)
    problems += checks.angle_problems(probe, checks.tolerance_at(chart, frame.t_ms))
    problems += checks.leak_problems(probe, specs.MAGENTA)
    return probe, problems, f"{name} at t={frame.t_ms} ms, screenshot {page.screenshot}"


@pytest.mark.parametrize("phase", PHASES)
def test_donut(shapes, phase):
    probe, problems, context = probe_for(shapes, "donut", phase)
    chart = probe.chart
    assert chart.inner == pytest.approx(0.6 * chart.outer, rel=1e-6)
    hole = probe.not_color(chart.inner * 0.6, chart.background)
    outside = probe.not_color(chart.outer + 4 / probe.viewport.scale, chart.background)
    if hole:
        problems.append(f"the hole is not background: {hole[:4]}")
    if outside:
        problems.append(f"outside the ring is not background: {outside[:4]}")
    checks.report(problems, context)


@pytest.mark.parametrize("phase", PHASES)
def test_half_gauge(shapes, phase):
    probe, problems, context = probe_for(shapes, "gauge", phase)
    m = probe.chart.manifest
    assert (m["chart"]["startAngle"], m["chart"]["sweep"]) == (-90, 180)
    assert m["chart"]["track"] == specs.TRACK
    assert m["slices"][-1]["endAngle"] == pytest.approx(-90 + 180 * 0.60, abs=1e-3)
    checks.report(problems, context)


@pytest.mark.parametrize("phase", PHASES)
def test_counterclockwise(shapes, phase):
    probe, problems, context = probe_for(shapes, "ccw", phase)
    assert probe.chart.sign == -1
    checks.report(problems, context)


@pytest.mark.parametrize("phase", PHASES)
def test_single_full_slice(shapes, phase):
    probe, problems, context = probe_for(shapes, "single", phase)
    if phase == "end":     # a whole ring of one colour: no radial line anywhere
        color = parse_hex(specs.SLICE_COLORS[0])
        for r in probe.radii((0.1, 0.3, 0.5, 0.7, 0.9, 0.97)):
            bad = probe.not_color(r, color, step_px=0.2)
            if bad:
                problems.append(f"r={r:.1f}: not the slice colour at {bad[:4]}")
    checks.report(problems, context)


@pytest.mark.parametrize("phase", PHASES)
def test_zero_value_slice_draws_nothing(shapes, phase):
    probe, problems, context = probe_for(shapes, "zero", phase)
    zero = probe.chart.manifest["slices"][1]
    assert zero["value"] == 0 and zero["startAngle"] == zero["endAngle"]
    problems += checks.leak_problems(probe, parse_hex(specs.HAIRLINE), name="a 0-value hairline")
    checks.report(problems, context)
