"""What a bundle should draw, from its manifest.json (see the manifest contract).

Angles are chart angles: degrees from 12 o'clock, positive in `chart.direction`. A chart angle
`a` at radius `r` is the user-space point (cx + r*sin(s*a), cy - r*cos(s*a)), s = +1 clockwise,
-1 counterclockwise."""

import math
from dataclasses import dataclass

from .easing import CubicBezier, progress

BACKGROUND = "background"
TRACK = "track"


def parse_hex(color):
    """'#rrggbb' (or '#rgb') -> (r, g, b) ints."""
    h = color.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) != 6:
        raise ValueError(f"expected #rrggbb, got {color!r}")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def mix(a, b, f):
    return tuple(x + (y - x) * f for x, y in zip(a, b))


@dataclass(frozen=True)
class Wedge:
    """One slice as drawn at some instant."""
    key: str
    start: float
    end: float
    outer: float
    inner: float
    color: tuple


@dataclass(frozen=True)
class Segment:
    """A run of one expected colour along the sampling circle, [start, end) in chart angles."""
    key: str
    start: float
    end: float


@dataclass(frozen=True)
class Boundary:
    """An expected colour change at `angle`, from `before` (smaller angles) to `after`."""
    angle: float
    before: str
    after: str


class Chart:
    """Geometry and expected drawing of one bundle, read from its manifest."""

    def __init__(self, manifest, page_background=(255, 255, 255)):
        self.manifest = manifest
        c = manifest["chart"]
        self.cx, self.cy = float(c["cx"]), float(c["cy"])
        self.width, self.height = float(c["width"]), float(c["height"])
        self.outer, self.inner = float(c["outerRadius"]), float(c["innerRadius"])
        self.start_angle, self.sweep = float(c["startAngle"]), float(c["sweep"])
        # Where the first slice starts is where the chart starts (the same number in every
        # manifest so far); taken from the slice, so that the model keeps to the slices' chart
        # angles should chart.startAngle ever be written as the spec's absolute angle instead.
        if manifest.get("slices"):
            self.start_angle = float(manifest["slices"][0]["startAngle"])
        self.sign = {"clockwise": 1, "counterclockwise": -1}[c["direction"]]
        bg = c.get("background")
        self.background = parse_hex(bg) if bg else tuple(page_background)
        self.track = parse_hex(c["track"]) if c.get("track") else None
        anim = manifest.get("animation") or {}
        self.duration = float(anim.get("duration", 0))
        self.delay = float(anim.get("delay", 0))
        self.easing = CubicBezier(*anim.get("easing", (0, 0, 1, 1)))
        self.slices = manifest["slices"]
        self.transitions = manifest.get("transitions", [])

    @property
    def full_circle(self):
        return self.sweep >= 360 - 1e-9

    @property
    def end_time(self):
        """Milliseconds after which every animation has ended."""
        return self.delay + self.duration

    def point(self, angle, r):
        """User-space point of chart angle `angle` (degrees) at radius `r`."""
        t = math.radians(self.sign * angle)
        return self.cx + r * math.sin(t), self.cy - r * math.cos(t)

    def wedges(self, t_ms):
        """Every slice as drawn `t_ms` after load, in paint order."""
        p = self.easing(progress(t_ms, self.delay, self.duration))
        by_id = {tr["id"]: tr for tr in self.transitions}
        out, seen = [], set()
        for s in self.slices:
            seen.add(s["id"])
            tr = by_id.get(s["id"])
            out.append(self._wedge(s, tr, p))
        for tr in self.transitions:            # removed slices exist only as transitions
            if tr["id"] not in seen and p < 1:
                out.append(self._wedge(None, tr, p))
        return out

    def _wedge(self, s, tr, p):
        if tr is None or p >= 1:
            start, end = float(s["startAngle"]), float(s["endAngle"])
            outer = float(s.get("outerRadius", self.outer))
            inner = float(s.get("innerRadius", self.inner))
            return Wedge("slice:" + s["id"], start, end, outer, inner, parse_hex(s["color"]))
        f, to = tr["from"], tr["to"]

        def lerp(key, default):
            a, b = float(f.get(key, default)), float(to.get(key, default))
            return a + (b - a) * p

        inner = float(s.get("innerRadius", self.inner)) if s else self.inner
        color = mix(parse_hex(f["color"]), parse_hex(to["color"]), p)
        return Wedge("slice:" + tr["id"], lerp("startAngle", 0), lerp("endAngle", 0),
                     lerp("outerRadius", self.outer), inner, color)

    def colors(self, t_ms):
        """Expected colour of every key at `t_ms`."""
        keys = {BACKGROUND: self.background}
        if self.track:
            keys[TRACK] = self.track
        for w in self.wedges(t_ms):
            keys[w.key] = w.color
        return keys

    def sample_range(self):
        """(first, last) chart angle to sample: the whole circle, or the sweep plus a margin."""
        if self.full_circle:
            return self.start_angle, self.start_angle + 360
        return self.start_angle - 15, self.start_angle + self.sweep + 15

    def drawn(self, t_ms):
        """The wedges that draw something at `t_ms`: some width and some ring (a rose's
        0-valued slice keeps its angle but has no ring)."""
        return [w for w in self.wedges(t_ms) if w.end - w.start > 1e-9 and w.outer > w.inner + 1e-9]

    def segments(self, t_ms, r=None):
        """Expected colours along a circle inside every visible ring, in angle order; with
        `r`, along the circle of radius r, where only the wedges that reach r are drawn
        (slices of different radii: a rose)."""
        lo, hi = self.sample_range()
        cuts = {lo, hi}
        base = []
        if not self.full_circle:
            base.append((self.start_angle, self.start_angle + self.sweep))
            cuts |= set(base[0])
        visible = self.drawn(t_ms)
        if r is not None:
            visible = [w for w in visible if w.inner <= r <= w.outer]
        for w in visible:
            cuts |= {self._wrap(w.start), self._wrap(w.end)}
        points = sorted(c for c in cuts if lo <= c <= hi)
        segs = []
        for a, b in zip(points, points[1:]):
            if b - a <= 1e-9:
                continue
            segs.append(Segment(self._key_at((a + b) / 2, visible), a, b))
        return _merge(segs)

    def _key_at(self, angle, visible):
        key = BACKGROUND
        in_sweep = self.full_circle or self.start_angle <= angle <= self.start_angle + self.sweep
        if in_sweep and self.track:
            key = TRACK
        for w in visible:                       # later wedges paint on top
            if self._contains(w, angle):
                key = w.key
        return key

    def _wrap(self, angle):
        """A full circle's angles folded into [startAngle, startAngle + 360)."""
        if not self.full_circle:
            return angle
        return self.start_angle + (angle - self.start_angle) % 360

    def _contains(self, w, angle):
        if not self.full_circle:
            return w.start <= angle <= w.end
        return w.end - w.start >= 360 or (angle - w.start) % 360 <= w.end - w.start

    def boundaries(self, t_ms, r=None):
        """Expected colour changes along the sampling circle (cyclic for a full circle)."""
        segs = self.segments(t_ms, r)
        out = [Boundary(b.start, a.key, b.key) for a, b in zip(segs, segs[1:])]
        if self.full_circle and len(segs) > 1 and segs[0].key != segs[-1].key:
            out.append(Boundary(segs[0].start, segs[-1].key, segs[0].key))
        return out

    def ring(self, t_ms):
        """(inner, outer) radii that every visible slice covers at `t_ms` (the sampling ring)."""
        visible = self.drawn(t_ms)
        inner = max([self.inner] + [w.inner for w in visible])
        outer = min([self.outer] + [w.outer for w in visible])
        return inner, outer

    def key_at(self, angle, r, t_ms, wedges=None):
        """The expected colour key at chart angle `angle` and radius `r` (later wedges paint on
        top; the track covers the sweep out to the outer radius)."""
        wedges = self.drawn(t_ms) if wedges is None else wedges
        in_sweep = self.full_circle or self.start_angle <= angle <= self.start_angle + self.sweep
        key = TRACK if in_sweep and self.track and self.inner <= r <= self.outer else BACKGROUND
        for w in wedges:
            if w.inner <= r <= w.outer and self._contains(w, angle):
                key = w.key
        return key

    def bands(self, t_ms, margin):
        """Sampling radii for a chart whose slices end at different radii: the middle of every
        band between successive distinct radii (inner radius, each drawn wedge's outer
        radius) that is wider than 2 * margin, so no sample lies on a radial edge."""
        radii = sorted({self.inner} | {w.outer for w in self.drawn(t_ms)})
        return [(a + b) / 2 for a, b in zip(radii, radii[1:]) if b - a > 2 * margin]


def _merge(segs):
    out = []
    for s in segs:
        if out and out[-1].key == s.key:
            out[-1] = Segment(s.key, out[-1].start, s.end)
        else:
            out.append(s)
    return out
