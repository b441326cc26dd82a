"""`chart.outline` as drawn: the model from the manifest's `outline` (each end, and the window
it changes in) and the outline's two edges located in a screenshot along rays."""

import math
from dataclasses import dataclass

from .easing import progress
from .geometry import BACKGROUND, mix, parse_hex
from .measure import FLAT_TOLERANCE, dist, fraction_toward


@dataclass
class Outline:
    outer: float      # radius of the outer edge (user units)
    width: float
    color: tuple

    @property
    def inner(self):
        return self.outer - self.width


def _end(o, dark):
    return None if o is None else Outline(float(o["outerEdge"]), float(o["width"]),
                                          parse_hex(o["darkColor" if dark else "color"]))


def expected(manifest, chart, t_ms, dark=False):
    """The outline at `t_ms` (None when there is none): each end blended at the chart's eased
    progress over the outline's window; a missing end is the other with no width."""
    m = manifest.get("outline")
    if not m:
        return None
    a, b = _end(m["from"], dark), _end(m["to"], dark)
    a = a or Outline(b.outer, 0.0, b.color)
    b = b or Outline(a.outer, 0.0, a.color)
    e = chart.easing(progress(t_ms, float(m["start"]), float(m["length"])))
    o = Outline(a.outer + (b.outer - a.outer) * e, a.width + (b.width - a.width) * e, mix(a.color, b.color, e))
    return o if o.width > 0 else None


def _crossing(probe, angle, r0, r1, a, c):
    """Where the colour along the ray at `angle` is half-way from `a` (at r0) to `c` (toward
    r1), nearest the middle of [r0, r1]; None if it never is."""
    unit = 1 / probe.viewport.scale
    step = 0.05 * unit
    n = max(int(round(abs(r1 - r0) / step)), 1)
    rs = [r0 + (r1 - r0) * i / n for i in range(n + 1)]
    fr = [fraction_toward(probe.color(angle, r), a, c) for r in rs]
    mid, best = (r0 + r1) / 2, None
    for i in range(n):
        if fr[i] < 0.5 <= fr[i + 1]:
            x = rs[i] + (rs[i + 1] - rs[i]) * (0.5 - fr[i]) / (fr[i + 1] - fr[i])
            if best is None or abs(x - mid) < abs(best - mid):
                best = x
    return best


def problems(probe, outline, tolerance_px, fractions=(0.25, 0.75), min_arc_px=10):
    """The outline's inner edge (over what lies inside it) and outer edge (over the background)
    along rays at `fractions` of every drawn wedge, each within `tolerance_px` screenshot px of
    the model, and its colour in the middle of the stroke when it is at least 3 px wide.
    Returns ([problem], worst error in px, number of rays)."""
    chart, t = probe.chart, probe.t
    unit = 1 / probe.viewport.scale
    out, worst, rays = [], 0.0, 0
    wedges = chart.drawn(t)
    for w in wedges:
        for f in fractions:
            angle = w.start + (w.end - w.start) * f
            if math.radians(min(angle - w.start, w.end - angle)) * outline.inner < min_arc_px * unit:
                continue
            rays += 1
            reach = 3 * unit
            inside_key = chart.key_at(angle, outline.inner - reach, t, wedges)
            inside = probe.colors[inside_key]
            back = probe.colors[BACKGROUND]
            half = min(reach, outline.width / 2)
            edges = [("inner", outline.inner, _crossing(probe, angle, outline.inner - reach, outline.inner + half, inside, outline.color)),
                     ("outer", outline.outer, _crossing(probe, angle, outline.outer - half, outline.outer + reach, outline.color, back))]
            for name, want, got in edges:
                if got is None:
                    out.append(f"{name} edge at {angle:.1f} deg (r={want:.2f}): not found")
                    continue
                err = abs(got - want) / unit
                worst = max(worst, err)
                if err > tolerance_px:
                    out.append(f"{name} edge at {angle:.1f} deg: measured r={got:.2f}, expected {want:.2f} ({err:.2f} px)")
            if outline.width / unit >= 3:
                c = probe.color(angle, outline.outer - outline.width / 2)
                if dist(c, outline.color) > FLAT_TOLERANCE:
                    out.append(f"colour at {angle:.1f} deg: {tuple(round(x) for x in c)}, expected {tuple(round(x) for x in outline.color)}")
            # The slices reach the outline: no background just inside it (a pie, not a rose).
            if inside_key != BACKGROUND:
                c = probe.color(angle, outline.inner - 1.5 * unit)
                if dist(c, inside) > FLAT_TOLERANCE:
                    out.append(f"at {angle:.1f} deg just inside the outline: {tuple(round(x) for x in c)}, expected the slice")
    return out, worst, rays
