"""The measuring code checked against things known exactly, independent of piec:
the CSS easing curves, and a reference chart drawn here with exact wedge paths, rotated rigidly
by a CSS animation and seeked in each engine."""

import pytest

from piectest import checks
from piectest.chromium import SeekPage
from piectest.easing import NAMED, CubicBezier, progress
from piectest.geometry import Chart
from piectest.measure import Probe
from piectest.reference import reference_chart
from piectest.specs import MAGENTA, SLICE_COLORS

VALUES = [30, 20, 25, 10, 15]
TIMES = [0, 450, 700, 950, 1200, 1500]   # delay 200 ms, duration 1000 ms
MEASURE_TOLERANCE = 0.1


def test_easing_matches_known_values():
    ease = CubicBezier(*NAMED["ease"])
    # y at x = 0.5 of cubic-bezier(0.25, 0.1, 0.25, 1), solved to 1e-12 independently.
    assert ease(0.5) == pytest.approx(0.8024033877, abs=1e-9)
    linear = CubicBezier(*NAMED["linear"])
    assert all(linear(p / 10) == pytest.approx(p / 10, abs=1e-12) for p in range(11))


def test_easing_is_symmetric_and_monotonic():
    curve = CubicBezier(*NAMED["ease-in-out"])
    assert curve(0.5) == pytest.approx(0.5, abs=1e-12)
    values = [curve(p / 200) for p in range(201)]
    assert all(a < b for a, b in zip(values, values[1:]))
    assert all(values[i] + values[200 - i] == pytest.approx(1, abs=1e-12) for i in range(201))
    # y outside [0, 1] (overshoot) is allowed by CSS and must come through unclamped.
    back = CubicBezier(0.68, -0.6, 0.32, 1.6)
    assert min(back(p / 100) for p in range(101)) < 0 < 1 < max(back(p / 100) for p in range(101))


def test_progress_clamps_and_applies_delay():
    assert progress(0, 200, 1000) == 0
    assert progress(700, 200, 1000) == 0.5
    assert progress(5000, 200, 1000) == 1


@pytest.fixture(scope="module")
def reference(shoot):
    """Seam-free and sector-per-slice reference pies, each at every time, on one page."""
    charts, items = [], []
    for seam_free in (True, False):
        svg, manifest = reference_chart(VALUES, SLICE_COLORS, seam_free=seam_free,
                                        start=20, duration=1000, delay=200)
        for t in TIMES:
            charts.append(Chart(manifest))
            items.append((svg, t))
    page = SeekPage(items, background=MAGENTA)
    return page, charts, shoot(page, "reference")


def frames(reference, seam_free):
    page, charts, raster = reference
    half = len(TIMES)
    indices = range(half) if seam_free else range(half, 2 * half)
    return [(i, Probe(raster, page.frames[i].viewport, charts[i], page.frames[i].t_ms))
            for i in indices]


def test_every_reference_frame_was_seeked(reference):
    page, _, raster = reference
    problems = []
    for i in range(len(page.frames)):
        problems += checks.marker_problems(page, raster, i)
    checks.report(problems, "seek markers")


def test_reference_boundaries_measure_within_a_tenth_of_a_degree(reference):
    problems = []
    for i, probe in frames(reference, True):
        problems += [f"t={probe.t}: {p}" for p in checks.angle_problems(probe, MEASURE_TOLERANCE)]
    checks.report(problems, "reference chart")


def test_leak_measure_tells_seam_free_from_abutting_sectors(reference):
    seam_free = [max(s for s, _, _ in p.leaks(p.radii(checks.LEAK_RADII), MAGENTA)[:1])
                 for _, p in frames(reference, True)]
    abutting = [max(s for s, _, _ in p.leaks(p.radii(checks.LEAK_RADII), MAGENTA)[:1])
                for _, p in frames(reference, False)]
    assert max(seam_free) < checks.LEAK_LIMIT / 2, seam_free
    assert min(abutting) > 2 * checks.LEAK_LIMIT, abutting


def test_a_wrong_time_is_detected(reference):
    """The boundary check is sharp: the same frames judged as if seeked 60 ms off fail."""
    for i, probe in frames(reference, True)[1:4]:
        shifted = Probe(probe.raster, probe.viewport, probe.chart, probe.t + 60)
        assert checks.angle_problems(shifted, checks.MOTION_TOLERANCE), f"t={probe.t}"


def test_a_browser_that_dies_is_started_again(engine, workdir):
    """The harness survives a browser that goes away mid-session (as a hung one is killed): the
    next page starts it again and is measured as usual. Chromium starts per page anyway."""
    from piectest import engines
    svg, manifest = reference_chart(VALUES, SLICE_COLORS, start=20, duration=1000, delay=200)
    page = SeekPage([(svg, 700)], background=MAGENTA)
    if isinstance(engine, engines.SessionEngine):
        engine.render(page, str(workdir), f"{engine.name}-before-kill")
        starts = engine.starts
        for browser in engine.browsers.values():
            for proc in (getattr(browser, "proc", None), getattr(browser, "driver", None)):
                if proc is not None:
                    engines._kill(proc)
    raster = engine.render(page, str(workdir), f"{engine.name}-after-kill")
    if isinstance(engine, engines.SessionEngine):
        assert engine.starts > starts, "the dead browser was not started again"
    probe = Probe(raster, page.frames[0].viewport, Chart(manifest), 700)
    problems = checks.marker_problems(page, raster, 0)
    problems += checks.angle_problems(probe, MEASURE_TOLERANCE)
    checks.report(problems, f"{engine.name} after its browser was killed")
