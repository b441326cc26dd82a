"""What the browser tests assert about a measured frame, as lists of readable problems."""

import json
import math

from .measure import BandProbe, Probe, radial_edges

# Boundaries in motion may be off by at most 0.5 degree (the bar in PRODUCT.md / ENGINEERING.md).
MOTION_TOLERANCE = 0.5
# At rest the chart must be exact; 0.2 degree allows only for anti-aliasing and sampling noise
# (the measuring code itself is within ~0.05 degree on exact reference wedges, test_selfcheck).
REST_TOLERANCE = 0.2
# Largest share of background allowed anywhere inside the slices: seam-free stacking measures
# ~0.005, one pair of abutting anti-aliased edges lets ~0.15-0.25 through (test_selfcheck).
LEAK_LIMIT = 0.05
RADII = (0.35, 0.6, 0.85)           # where boundaries are measured, as fractions of the ring
LEAK_RADII = (0.15, 0.35, 0.55, 0.75, 0.92)


def tolerance_at(chart, t_ms):
    return REST_TOLERANCE if t_ms >= chart.end_time else MOTION_TOLERANCE


class WorstErrors:
    """The worst boundary error a suite measured per engine, in motion and at rest: recorded
    frame by frame (`record`), then written, printed and held to the tolerances (`check`)."""

    def __init__(self):
        self.by_engine = {}   # engine name -> {"motion": (degrees, px, where), "rest": (...)}

    def record(self, engine, probe: Probe, chart, frame, where):
        worst = self.by_engine.setdefault(engine, {"motion": (0.0, 0.0, None), "rest": (0.0, 0.0, None)})
        phase = "rest" if frame.t_ms >= chart.end_time else "motion"
        for r in probe.radii(RADII):
            for edge in probe.edges(r):
                if edge.measured is not None and abs(edge.error) > worst[phase][0]:
                    px = math.radians(abs(edge.error)) * r * frame.viewport.scale
                    worst[phase] = (round(abs(edge.error), 3), round(px, 2), f"{where} {edge.describe()}")

    def check(self, engine, path, what):
        worst = self.by_engine.get(engine)
        assert worst, f"no boundary measured in {engine}"
        path.write_text(json.dumps(worst, indent=1))
        print(f"\n{engine}: worst boundary error {what} (degrees, screenshot px): {json.dumps(worst)}")
        assert worst["motion"][0] <= MOTION_TOLERANCE and worst["rest"][0] <= REST_TOLERANCE


def angle_problems(probe: Probe, tolerance):
    """Every expected boundary is found within `tolerance` at each radius, and every sample away
    from the boundaries has the expected colour."""
    problems = []
    for r in probe.radii(RADII):
        for edge in probe.edges(r):
            if edge.measured is None or abs(edge.error) > tolerance:
                problems.append(edge.describe() + f" (tolerance {tolerance})")
    for r in probe.radii((0.15, 0.6, 0.95)):
        bad = probe.off_color(r, tolerance)
        if bad:
            problems.append(f"{len(bad)} samples at r={r:.1f} off their expected colour, "
                            f"e.g. (angle, expected, rgb, distance): {bad[:4]}")
    return problems

# Outer edges of slices of different radii (a rose), in screenshot pixels.
RADIAL_MOTION_TOLERANCE = 1.0
RADIAL_REST_TOLERANCE = 0.5


def band_problems(probe: Probe, tolerance, margin_px=4):
    """For slices of different radii (a rose): at the middle of every band between successive
    radii, the boundaries of exactly the wedges that reach it are found within `tolerance`
    (degrees) and every other sample has the expected colour."""
    chart, unit = probe.chart, 1 / probe.viewport.scale
    problems = []
    radii = chart.bands(probe.t, margin_px * unit)
    if not radii:
        return [f"t={probe.t}: no band wide enough to sample"]
    for r in radii:
        band = BandProbe(probe.raster, probe.viewport, chart, probe.t, r)
        for edge in band.edges(r):
            if edge.measured is None or abs(edge.error) > tolerance:
                problems.append(edge.describe() + f" (tolerance {tolerance})")
        bad = band.off_color(r, tolerance)
        if bad:
            problems.append(f"{len(bad)} samples at r={r:.1f} off their expected colour, "
                            f"e.g. (angle, expected, rgb, distance): {bad[:4]}")
    return problems


def radius_problems(probe: Probe, tolerance_px, expect_at_least=1):
    """Every wedge's outer edge lies at its expected radius within `tolerance_px` screenshot
    pixels (rays at a quarter, half and three quarters of its angle)."""
    edges = radial_edges(probe)
    problems = [] if len(edges) >= expect_at_least else [f"only {len(edges)} outer edges to measure"]
    scale = probe.viewport.scale
    for e in edges:
        if e.measured is None or abs(e.error) * scale > tolerance_px:
            problems.append(e.describe() + f" (tolerance {tolerance_px} px = {tolerance_px / scale:.2f} units)")
    return problems


def leak_problems(probe: Probe, foreign, name="background", limit=LEAK_LIMIT):
    """No more than `limit` of the `foreign` colour shows anywhere inside the visible slices."""
    leaks = probe.leaks(probe.radii(LEAK_RADII), foreign)
    if leaks and leaks[0][0] > limit:
        worst = [(round(s, 3), a, round(r, 1)) for s, a, r in leaks[:4]]
        return [f"{name} shows inside the slices (share, angle, r): {worst}"]
    return []


def marker_problems(page, raster, index, expect_animations=True):
    """The frame's animations were held at 0 until the page's script paused and seeked them
    (read from its marker)."""
    ok, count = page.marker(raster, index)
    frame = page.frames[index]
    if not ok:
        return [f"frame {index} (t={frame.t_ms}): animations not held from the start, or seek not confirmed by the page"]
    if expect_animations and count == 0:
        return [f"frame {index} (t={frame.t_ms}): no CSS animation found to seek"]
    return []


def seeked_frame_problems(page, raster, index, probe, chart, foreign):
    """The usual questions about one seeked frame of a transition: the page seeked it, every
    boundary is within the tolerance at its time, and no `foreign` colour shows through seams."""
    problems = marker_problems(page, raster, index, expect_animations=True)
    problems += angle_problems(probe, tolerance_at(chart, page.frames[index].t_ms))
    problems += leak_problems(probe, foreign)
    return problems


def report(problems, context):
    """Raise an AssertionError listing the problems, if any."""
    if problems:
        raise AssertionError(context + ":\n  " + "\n  ".join(problems))
