"""What a transition bundle (built with `--from`) should draw at time t.

The exact model is `TransitionPlan.frozen(at:)` (Sources/PieCore/Diff/Timing.swift),
reproduced here from the manifest and the spec: each segment's width follows its own time
window along the easing, the boundaries are running sums from the (interpolated) chart start
angle, and when no `total` is set the widths are rescaled to the interpolated sweep. Movers
(reordered slices) are painted on top of the segments, in order.

The manifest does not carry the per-segment windows, so `windows()` reproduces
`Planner.schedule` (Sources/PieCore/Diff/Schedule.swift) from the spec's `stages` and
`stagger`: staged = removals, then updates/moves/chart, then inserts, each stage that has work
taking an equal share of the duration; stagger = the k-th segment of a stage starts k*stagger
later. With neither, every window is (delay, duration) and each boundary is simply
`from + (to - from) * E(p)`."""

import re
from dataclasses import replace

from .easing import progress
from .geometry import Chart, Wedge, mix, parse_hex

# A segment narrower than this (degrees) is below what the probe can locate (about 1 px at
# the innermost sampling radius): its neighbours are expected to meet at its middle instead.
# This moves an expected boundary by at most SLIVER / 2, well inside the motion tolerance.
SLIVER = 0.4


def _ms(text):
    """'800ms' / '0.8s' -> milliseconds."""
    m = re.fullmatch(r"\s*([0-9.]+)\s*(ms|s)\s*", str(text))
    if not m:
        raise ValueError(f"not a duration: {text!r}")
    return float(m.group(1)) * (1000 if m.group(2) == "s" else 1)


def windows(manifest):
    """(segment windows, mover window, chart window): (start, length) in ms."""
    spec_anim = manifest["spec"]["animation"]
    delay, duration = float(manifest["animation"]["delay"]), float(manifest["animation"]["duration"])
    staged = spec_anim.get("stages") == "staged"
    stagger = _ms(spec_anim.get("stagger", "0ms"))
    segs, movers = manifest["transitions"], manifest.get("movers", [])
    uniform = (delay, duration)
    if not staged and stagger <= 0:
        return [uniform] * len(segs), uniform, uniform
    moved = {m["id"] for m in movers}

    def stage(s):
        if not staged:
            return 0
        if s["kind"] == "exit":
            return 2 if s["id"] in moved else 1
        if s["kind"] == "enter":
            return 2 if s["id"] in moved else 3
        return 2

    stages = [stage(s) for s in segs]
    present = sorted(set(stages) | ({2 if staged else 0} if movers else set()))
    length = duration / max(len(present), 1)
    start, out, spans = delay, [None] * len(segs), {}
    for st in present:
        members = [i for i, x in enumerate(stages) if x == st]
        for k, i in enumerate(members):
            out[i] = (start + k * stagger, length)
        span = length + max(len(members) - 1, 0) * stagger
        spans[st] = (start, span)
        start += span
    mover = spans.get(2 if staged else 0, (delay, length))
    chart = spans.get(2, (delay, start - delay)) if staged else (delay, start - delay)
    return out, mover, chart


class TransitionChart(Chart):
    """A `Chart` whose wedges at time t follow the transition plan in the manifest."""

    def __init__(self, manifest, page_background=(255, 255, 255), ring=None):
        super().__init__(manifest, page_background)
        if manifest["animation"]["kind"] != "transition":
            raise ValueError(f"not a transition bundle: {manifest['animation']['kind']}")
        self.movers = manifest.get("movers", [])
        self.seg_windows, self.mover_window, self.chart_window = windows(manifest)
        # No `total`: both versions fill their sweep and widths are rescaled to it, except for
        # a staged change that keeps no slice (nothing fills the sweep between its stages).
        staged = manifest["spec"]["animation"].get("stages") == "staged"
        keeps = any(s["kind"] == "update" for s in manifest["transitions"])
        self.normalized = manifest["spec"]["chart"].get("total") in (None, "none") and (keeps or not staged)
        self.fixed_ring = ring

    @property
    def end_time(self):
        ends = [s + l for s, l in self.seg_windows + [self.mover_window, self.chart_window]]
        return max(ends)

    def _e(self, t_ms, window):
        return self.easing(progress(t_ms, window[0], window[1]))

    def state(self, t_ms):
        """[(transition, start, end, outer, color)] of every segment at t (frozen(at:))."""
        segs = self.transitions
        chart_e = self._e(t_ms, self.chart_window)
        cursor = float(segs[0]["from"]["startAngle"]) if segs else self.start_angle
        cursor += ((float(segs[0]["to"]["startAngle"]) if segs else self.start_angle) - cursor) * chart_e
        es = [self._e(t_ms, w) for w in self.seg_windows]
        span = lambda g: float(g["endAngle"]) - float(g["startAngle"])
        widths = [span(s["from"]) + (span(s["to"]) - span(s["from"])) * e for s, e in zip(segs, es)]
        if self.normalized:
            f, t = sum(span(s["from"]) for s in segs), sum(span(s["to"]) for s in segs)
            total = sum(widths)
            if total > 0:
                widths = [w * (f + (t - f) * chart_e) / total for w in widths]
        out = []
        for s, e, w in zip(segs, es, widths):
            outer = float(s["from"]["outerRadius"]) + (float(s["to"]["outerRadius"]) - float(s["from"]["outerRadius"])) * e
            color = mix(parse_hex(s["from"]["color"]), parse_hex(s["to"]["color"]), e)
            out.append((s, cursor, cursor + w, outer, color))
            cursor += w
        return out

    def wedges(self, t_ms):
        if t_ms >= self.end_time:
            return super().wedges(self.end_time + 1)     # the final slices, exactly
        out = [Wedge("slice:" + s["id"], a, b, outer, self.inner, color)
               for s, a, b, outer, color in self.state(t_ms) if b - a > 1e-9]
        out = _absorb_slivers(out)
        e = self._e(t_ms, self.mover_window)
        for m in self.movers:                            # painted on top, in order
            f, to = m["from"], m["to"]
            lerp = lambda k: float(f[k]) + (float(to[k]) - float(f[k])) * e
            out.append(Wedge("slice:" + m["id"], lerp("startAngle"), lerp("endAngle"), lerp("outerRadius"),
                             self.inner, mix(parse_hex(f["color"]), parse_hex(to["color"]), e)))
        return out

    def ring(self, t_ms):
        """The ring common to both versions when given (e.g. pie to donut), else the base."""
        return self.fixed_ring or super().ring(t_ms)


def _absorb_slivers(wedges):
    """Contiguous wedges in angular order; each one narrower than SLIVER is split between its
    neighbours (the previous one extends to its middle, the next one starts there)."""
    out = list(wedges)
    k = 0
    while len(out) > 1 and k < len(out):
        w = out[k]
        if w.end - w.start >= SLIVER:
            k += 1
            continue
        mid = (w.start + w.end) / 2
        if k > 0:
            out[k - 1] = replace(out[k - 1], end=mid if k + 1 < len(out) else w.end)
        if k + 1 < len(out):
            out[k + 1] = replace(out[k + 1], start=mid if k > 0 else w.start)
        del out[k]
    return out
