"""A reference chart made here, independent of piec, to check the measuring code itself.

It draws exact wedge paths (so its boundaries are known to floating-point precision) and
animates them rigidly with a CSS rotation, so at every instant each boundary is at
`final + offset * (1 - E(p))`: exactly what a manifest transition from (final + offset) to
final describes. It also writes a matching manifest in piec's contract format."""

import math

from .easing import NAMED


def _pt(cx, cy, r, angle, sign):
    t = math.radians(sign * angle)
    return cx + r * math.sin(t), cy - r * math.cos(t)


def wedge_path(cx, cy, outer, inner, a0, a1, sign=1):
    """Exact SVG path of the wedge from chart angle a0 to a1 (a1 - a0 < 360)."""
    large = 1 if a1 - a0 > 180 else 0
    sweep_flag = 1 if sign > 0 else 0
    x0, y0 = _pt(cx, cy, outer, a0, sign)
    x1, y1 = _pt(cx, cy, outer, a1, sign)
    d = f"M {x0:.6f} {y0:.6f} A {outer} {outer} 0 {large} {sweep_flag} {x1:.6f} {y1:.6f} "
    if inner > 0:
        x2, y2 = _pt(cx, cy, inner, a1, sign)
        x3, y3 = _pt(cx, cy, inner, a0, sign)
        d += f"L {x2:.6f} {y2:.6f} A {inner} {inner} 0 {large} {1 - sweep_flag} {x3:.6f} {y3:.6f} Z"
    else:
        d += f"L {cx} {cy} Z"
    return d


def reference_chart(values, colors, *, size=320, inner_fraction=0.0, start=0.0, sign=1,
                    offset=-90.0, duration=1000.0, delay=200.0, easing="ease-in-out",
                    background="#ff00ff", seam_free=True):
    """(svg_text, manifest) for a pie of `values`. With seam_free, the first slice is a whole disc
    and each later wedge is painted on top, reaching under the next one (no background at the
    seams); otherwise each wedge is its own sector, whose anti-aliased edges let the background through.
    Donuts (inner_fraction > 0) are drawn only with seam_free=False."""
    cx = cy = size / 2
    outer = size / 2 - 10
    inner = outer * inner_fraction
    total = float(sum(values))
    angles, a = [], start
    for v in values:
        b = a + 360.0 * v / total
        angles.append((a, b))
        a = b
    curve = NAMED[easing]
    rot = sign * offset
    paths = []
    for i, ((a0, a1), color) in enumerate(zip(angles, colors)):
        if seam_free and i == 0:     # the bottom layer is a whole disc: no edge at the wrap
            paths.append(f'<circle fill="{color}" r="{outer}"/>')
            continue
        # Seam-free: reach under the next wedge, so every edge is one wedge's edge drawn over
        # another's interior (painting every wedge to the end of the sweep would do that too,
        # but stacks all of them at the last edge and tints it with the hidden slices).
        end = angles[i + 1][1] if seam_free and i + 1 < len(angles) else a1
        paths.append(f'<path fill="{color}" d="{wedge_path(0, 0, outer, inner, a0, end, sign)}"/>')
    svg = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}"><style>'
        f'@keyframes spin {{ from {{ transform: rotate({rot}deg) }} to {{ transform: rotate(0deg) }} }}'
        f'@media (prefers-reduced-motion: no-preference) {{ .spin {{ animation: spin {duration}ms '
        f'cubic-bezier({",".join(map(str, curve))}) {delay}ms backwards }} }}</style>'
        f'<rect width="{size}" height="{size}" fill="{background}"/>'
        f'<g transform="translate({cx} {cy})"><g class="spin">{"".join(paths)}</g></g></svg>\n')
    slices = [{"id": f"s{i}", "color": c, "startAngle": a0, "endAngle": a1,
               "outerRadius": outer, "innerRadius": inner}
              for i, ((a0, a1), c) in enumerate(zip(angles, colors))]
    transitions = [{"id": s["id"], "kind": "update",
                    "from": {"startAngle": s["startAngle"] + offset, "endAngle": s["endAngle"] + offset,
                             "outerRadius": outer, "color": s["color"]},
                    "to": {"startAngle": s["startAngle"], "endAngle": s["endAngle"],
                           "outerRadius": outer, "color": s["color"]}} for s in slices]
    manifest = {
        "manifestVersion": 1, "id": "reference",
        "chart": {"width": size, "height": size, "cx": cx, "cy": cy, "outerRadius": outer,
                  "innerRadius": inner, "startAngle": start, "sweep": 360,
                  "direction": "clockwise" if sign > 0 else "counterclockwise",
                  "background": background, "track": None},
        "animation": {"duration": duration, "delay": delay, "easing": list(curve), "kind": "update"},
        "slices": slices, "transitions": transitions,
    }
    return svg, manifest
