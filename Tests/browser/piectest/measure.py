"""Measuring what a chart draws, from pixels.

Samples run along circles about the chart centre at fine angular steps. A boundary between
two expected colours A and B is located where the sampled colour is half-way between them:
each sample's mix fraction toward B is its projection on the segment A->B in RGB, and the 0.5
crossing is interpolated linearly between the two samples around it. Bilinear sampling makes
the fraction continuous across the anti-aliased edge, so this is sub-pixel precise."""

import math
from dataclasses import dataclass

STEP = 0.05        # degrees between samples when locating a boundary
FLAT_TOLERANCE = 16  # max RGB distance from the expected colour away from any edge


def dist(a, b):
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def fraction_toward(c, a, b):
    """Mix fraction f with c ~ a + f*(b - a) (projection on the segment's line)."""
    ab = [y - x for x, y in zip(a, b)]
    den = sum(v * v for v in ab)
    return sum((z - x) * v for z, x, v in zip(c, a, ab)) / den if den else 0.0


def channel_share(c, level, other, channel=1):
    """Share of a colour whose `channel` is `other` in a mix of colours whose `channel` is all
    `level`. With every slice's green at one level and the background's green elsewhere, this is
    exactly how much background shows in a sample, whatever slices are mixed in it."""
    return (level - c[channel]) / (level - other)


@dataclass
class Edge:
    """An expected boundary and where it was found (None: no such colour change nearby)."""
    expected: float
    before: str
    after: str
    radius: float
    measured: float = None

    @property
    def error(self):
        return None if self.measured is None else self.measured - self.expected

    def describe(self):
        where = "not found" if self.measured is None else f"measured {self.measured:.3f}"
        return (f"{self.before} -> {self.after} at {self.expected:.3f} deg "
                f"(r={self.radius:.1f}): {where}")


class Probe:
    """Reads one seeked copy of a chart (a frame of a screenshot) at time `t_ms`."""

    def __init__(self, raster, viewport, chart, t_ms):
        self.raster, self.viewport, self.chart, self.t = raster, viewport, chart, t_ms
        self.colors = chart.colors(t_ms)
        self.boundaries = chart.boundaries(t_ms)
        self.segments = chart.segments(t_ms)

    def color(self, angle, r):
        x, y = self.viewport.to_pixels(*self.chart.point(angle, r))
        return self.raster.sample(x, y)

    def px(self, r):
        """Degrees per screenshot pixel of arc at user radius r."""
        return math.degrees(1.0 / (r * self.viewport.scale))

    def radii(self, fractions=(0.35, 0.6, 0.85)):
        """Sampling radii across the ring every visible slice covers."""
        inner, outer = self.chart.ring(self.t)
        return [inner + (outer - inner) * f for f in fractions]

    def _window(self, k):
        """Half-width (degrees) of the search window around boundary k."""
        b = self.boundaries[k]
        others = [abs(o.angle - b.angle) for j, o in enumerate(self.boundaries) if j != k]
        if self.chart.full_circle:
            others = [min(d, 360 - d) for d in others]
        return min([2.0] + [d * 0.45 for d in others])

    def edges(self, r):
        """Every expected boundary, located along the circle of radius r."""
        return [self._locate(k, r) for k in range(len(self.boundaries))]

    def _locate(self, k, r):
        b = self.boundaries[k]
        a, c = self.colors[b.before], self.colors[b.after]
        w = self._window(k)
        n = int(round(2 * w / STEP))
        angles = [b.angle - w + i * STEP for i in range(n + 1)]
        fr = [fraction_toward(self.color(x, r), a, c) for x in angles]
        best = None
        for i in range(n):
            if fr[i] < 0.5 <= fr[i + 1]:
                x = angles[i] + STEP * (0.5 - fr[i]) / (fr[i + 1] - fr[i])
                if best is None or abs(x - b.angle) < abs(best - b.angle):
                    best = x
        return Edge(b.angle, b.before, b.after, r, best)

    def off_color(self, r, edge_margin, step_px=0.5):
        """Samples away from every expected edge (more than `edge_margin` degrees plus two
        pixels) whose colour is not the expected one: [(angle, key, rgb, distance)]."""
        zone = edge_margin + 2 * self.px(r)
        step = step_px * self.px(r)
        # Directions, so always modulo 360: a partial sweep that crosses 12 o'clock mid-way
        # (start 18, end 362.9) has its end edge next to a sample at 3.4 degrees.
        cyclic = True
        bad = []
        for seg in self.segments:
            expected = self.colors[seg.key]
            x = seg.start
            while x < seg.end:
                if all(_angle_gap(x, b.angle, cyclic) > zone for b in self.boundaries):
                    got = self.color(x, r)
                    d = dist(got, expected)
                    if d > FLAT_TOLERANCE:
                        bad.append((round(x, 2), seg.key, tuple(round(v) for v in got), round(d)))
                x += step
        return bad

    def _key_at(self, angle):
        """The expected colour key at `angle` (folded into the sampled range)."""
        lo, hi = self.chart.sample_range()
        if self.chart.full_circle:
            angle = lo + (angle - lo) % 360
        for seg in self.segments:
            if seg.start <= angle <= seg.end:
                return seg.key
        return "background"

    def not_color(self, r, rgb, step_px=0.5):
        """Samples all around the circle of radius r whose colour is not `rgb`:
        [(angle, rgb, distance)]. For places that must be one colour (a donut's hole, the
        outside, a single slice's ring)."""
        step = step_px * self.px(r)
        bad = []
        for i in range(int(360 / step)):
            got = self.color(i * step, r)
            d = dist(got, rgb)
            if d > FLAT_TOLERANCE:
                bad.append((round(i * step, 2), tuple(round(v) for v in got), round(d)))
        return bad

    def leaks(self, radii, foreign, channel=1, half_width_px=4, step_px=0.2):
        """How much of another colour shows at the seams between slices (background through
        anti-aliased edges, a 0-value slice's hairline), within +-half_width_px of every
        slice|slice boundary at each radius (but not near edges to the background or track,
        which thin slices bring close). `off_color` covers everywhere else.

        Every slice colour must have the same value in `channel` (e.g. green 200) and `foreign`
        another one: then the share is exact whatever slices are mixed in a pixel.
        Returns [(share, angle, r)], largest share first."""
        seams = [b for b in self.boundaries
                 if b.before.startswith("slice:") and b.after.startswith("slice:")]
        if not seams:
            return []
        levels = {round(self.colors[k][channel]) for b in seams for k in (b.before, b.after)}
        if len(levels) != 1:
            raise ValueError(f"slice colours must share one value in channel {channel}: {levels}")
        level = levels.pop()
        found = []
        ends = [b.angle for b in self.boundaries if b not in seams]
        cyclic = self.chart.full_circle
        for b in seams:
            for r in radii:
                w, step = half_width_px * self.px(r), step_px * self.px(r)
                clear = 0.5 + 2 * self.px(r)    # stay off edges to the background or track
                for i in range(int(2 * w / step) + 1):
                    x = b.angle - w + i * step
                    if (not self._key_at(x).startswith("slice:")
                            or any(_angle_gap(x, e, cyclic) < clear for e in ends)):
                        continue
                    share = channel_share(self.color(x, r), level, foreign[channel], channel)
                    found.append((share, round(x, 3), r))
        found.sort(key=lambda e: -e[0])
        return found


def _angle_gap(a, b, cyclic):
    d = abs(a - b)
    return min(d, 360 - d) if cyclic else d


@dataclass
class RadialEdge:
    """A wedge's outer edge, expected at `expected` (user units) along chart angle `angle`."""
    key: str
    angle: float
    expected: float
    after: str
    measured: float = None

    @property
    def error(self):
        return None if self.measured is None else self.measured - self.expected

    def describe(self):
        where = "not found" if self.measured is None else f"measured r={self.measured:.2f}"
        return f"outer edge of {self.key} at r={self.expected:.2f} (angle {self.angle:.2f}): {where}"


class BandProbe(Probe):
    """A Probe of the circle of radius `r` only: its expected boundaries are those of the
    wedges that reach r (a rose draws different boundaries at different radii)."""

    def __init__(self, raster, viewport, chart, t_ms, r):
        self.raster, self.viewport, self.chart, self.t = raster, viewport, chart, t_ms
        self.r = r
        self.colors = chart.colors(t_ms)
        self.boundaries = chart.boundaries(t_ms, r)
        self.segments = chart.segments(t_ms, r)


def radial_edges(probe, min_arc_px=10, fractions=(0.25, 0.5, 0.75)):
    """Every drawn wedge's outer edge located along rays at `fractions` of its angle (where
    the arc there is wide enough to stay off its side edges): sub-pixel, from where the
    colour is half-way between the wedge and what lies beyond it. [RadialEdge]."""
    chart, t = probe.chart, probe.t
    unit = 1 / probe.viewport.scale          # user units per screenshot pixel
    wedges = chart.drawn(t)
    out = []
    for w in wedges:
        span = w.end - w.start
        for f in fractions:
            angle = w.start + span * f
            side = min(angle - w.start, w.end - angle)
            if math.radians(side) * w.outer < min_arc_px * unit:
                continue
            inside = chart.key_at(angle, w.outer - 3 * unit, t, wedges)
            beyond = chart.key_at(angle, w.outer + 3 * unit, t, wedges)
            if inside != w.key or beyond == w.key:
                continue
            a, c = probe.colors[w.key], probe.colors[beyond]
            reach = 3 * unit
            step = 0.05 * unit
            n = int(round(2 * reach / step))
            rs = [w.outer - reach + i * step for i in range(n + 1)]
            fr = [fraction_toward(probe.color(angle, r), a, c) for r in rs]
            best = None
            for i in range(n):
                if fr[i] < 0.5 <= fr[i + 1]:
                    x = rs[i] + step * (0.5 - fr[i]) / (fr[i + 1] - fr[i])
                    if best is None or abs(x - w.outer) < abs(best - w.outer):
                        best = x
            out.append(RadialEdge(w.key, angle, w.outer, beyond, best))
    return out
