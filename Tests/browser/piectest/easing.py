"""CSS `cubic-bezier(x1, y1, x2, y2)` timing functions, evaluated exactly (to ~1e-12)."""

NAMED = {
    "linear": (0.0, 0.0, 1.0, 1.0),
    "ease": (0.25, 0.1, 0.25, 1.0),
    "ease-in": (0.42, 0.0, 1.0, 1.0),
    "ease-out": (0.0, 0.0, 0.58, 1.0),
    "ease-in-out": (0.42, 0.0, 0.58, 1.0),
}


class CubicBezier:
    """The easing curve from (0,0) to (1,1) with control points (x1,y1) and (x2,y2).

    `self(p)` solves x(u) = p for the curve parameter u (Newton, falling back to bisection,
    which always converges because x is monotonic for 0 <= x1, x2 <= 1) and returns y(u)."""

    def __init__(self, x1, y1, x2, y2):
        if not (0 <= x1 <= 1 and 0 <= x2 <= 1):
            raise ValueError(f"cubic-bezier x values must be in [0, 1], got {x1}, {x2}")
        self.points = (float(x1), float(y1), float(x2), float(y2))

    @staticmethod
    def _coord(u, a, b):
        # Bernstein form with P0 = 0 and P3 = 1.
        v = 1.0 - u
        return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u

    @staticmethod
    def _slope(u, a, b):
        v = 1.0 - u
        return 3 * v * v * a + 6 * v * u * (b - a) + 3 * u * u * (1 - b)

    def solve_u(self, p):
        """The curve parameter u in [0, 1] with x(u) = p."""
        x1, _, x2, _ = self.points
        u = p
        for _ in range(8):
            err = self._coord(u, x1, x2) - p
            if abs(err) < 1e-12:
                return u
            d = self._slope(u, x1, x2)
            if abs(d) < 1e-9:
                break
            u -= err / d
            if not 0 <= u <= 1:
                break
        lo, hi = 0.0, 1.0
        for _ in range(100):
            u = (lo + hi) / 2
            if self._coord(u, x1, x2) < p:
                lo = u
            else:
                hi = u
            if hi - lo < 1e-14:
                break
        return (lo + hi) / 2

    def __call__(self, p):
        if p <= 0:
            return 0.0
        if p >= 1:
            return 1.0
        _, y1, _, y2 = self.points
        return self._coord(self.solve_u(p), y1, y2)


def progress(t_ms, delay_ms, duration_ms):
    """Animation progress at `t_ms` after start: clamp((t - delay) / duration, 0, 1)."""
    if duration_ms <= 0:
        return 1.0 if t_ms >= delay_ms else 0.0
    return min(1.0, max(0.0, (t_ms - delay_ms) / duration_ms))
