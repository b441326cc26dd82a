"""With prefers-reduced-motion: reduce, the chart shows the exact final state from t = 0: no
animation plays. Each engine is put in reduced motion its own way (Chromium:
--force-prefers-reduced-motion; Firefox: the pref ui.prefersReducedMotion = 1 in the profile;
WebKitGTK: the GTK setting gtk-enable-animations = false, served by xsettingsd on its Xvfb
display), and the page's `matchMedia('(prefers-reduced-motion: reduce)')` must say so."""

import pytest

from piectest import checks, specs
from piectest.chromium import SeekPage
from piectest.geometry import Chart
from piectest.measure import Probe
from piectest.reference import reference_chart

CHARTS = {
    "pie": specs.spec("pie", [30, 22, 18, 17, 13]),
    "gauge": specs.spec("gauge", [35, 25], chart={
        "sweep": 180, "startAngle": -90, "total": 100, "track": specs.TRACK, "innerRadius": 0.5}),
}
TIMES = ["start", "mid"]


@pytest.fixture(scope="module")
def reduced(build, shoot):
    """Each chart at t = 0 and mid-animation, plus the reference chart (which puts its
    animation under the same media query) to show that the engine honours it."""
    svg, manifest = reference_chart([30, 20, 25, 10, 15], specs.SLICE_COLORS)
    charts = {"reference": (svg, Chart(manifest))}
    for name, spec in CHARTS.items():
        bundle = build(spec)
        charts[name] = (bundle.svg, bundle.chart())
    items, index = [], {}
    for name, (svg, chart) in charts.items():
        for when in TIMES:
            index[name, when] = len(items)
            items.append((svg, 0 if when == "start" else chart.delay + chart.duration / 2))
    page = SeekPage(items, background=specs.MAGENTA)
    return charts, index, page, shoot(page, "reduced", reduced_motion=True)


@pytest.mark.parametrize("reduced", [True, False], ids=["reduce", "no-preference"])
def test_the_engine_reports_the_preference(dom, reduced):
    """The way each engine is put in reduced motion really reaches the media query (and the
    normal session really has none)."""
    assert dom.engine.reduced_motion_matches(reduced) is reduced


@pytest.mark.parametrize("when", TIMES)
@pytest.mark.parametrize("name", ["reference"] + list(CHARTS))
def test_reduced_motion_shows_the_final_chart(reduced, name, when):
    charts, index, page, raster = reduced
    _, chart = charts[name]
    i = index[name, when]
    probe = Probe(raster, page.frames[i].viewport, chart, chart.end_time + 1)
    problems = checks.marker_problems(page, raster, i, expect_animations=False)
    problems += checks.angle_problems(probe, checks.REST_TOLERANCE)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"{name} at t={page.frames[i].t_ms} ms with reduced motion, "
                            f"screenshot {page.screenshot}")
