"""The padded, rounded, exploded wedge model (README "Gaps, rounded corners, explode").

Around each boundary between two slices the gap is every point within h of the boundary's
ray, h = R * sin(padAngle / 2) (R: the chart's outer radius). A corner circle of radius c
sits R - c from the centre and h + c from the boundary. These functions give, on a circle of
radius rho, how many degrees past the boundary a slice begins (edge plus corner)."""

import math


def half_gap(pad_angle, outer):
    return outer * math.sin(math.radians(pad_angle) / 2) if pad_angle > 0 else 0.0


def edge_offset(rho, h):
    """Degrees from the boundary to the straight gap edge at radius rho (parallel edges)."""
    return math.degrees(math.asin(min(h / rho, 1.0)))


def outer_corner_offset(rho, h, outer, c):
    """Degrees from the boundary to the slice's edge at radius rho near its outer corner."""
    if c <= 0:
        return edge_offset(rho, h)
    d = outer - c
    centre = math.asin((h + c) / d)
    along = math.sqrt(d * d - (h + c) ** 2)
    tangent = math.hypot(along, h)          # where the corner circle touches the gap edge
    if rho <= tangent:
        return edge_offset(rho, h)
    delta = math.acos(max(-1.0, min(1.0, (rho * rho + d * d - c * c) / (2 * rho * d))))
    return math.degrees(centre - delta)


def crossing(samples):
    """First index position (fractional) where the value rises through 0.5, or None."""
    for i in range(len(samples) - 1):
        a, b = samples[i], samples[i + 1]
        if a < 0.5 <= b:
            return i + (0.5 - a) / (b - a)
    return None
