"""Test specs whose pixels can be measured.

Every slice colour has green = 200 and the background is magenta (green = 0): any background
showing through a seam lowers the green channel, whatever slices are mixed at that pixel, so
`Probe.leaks` measures exactly how much background shows. Red and blue tell the slices apart.
Stroke width 0 leaves the seams bare; labels and legend are off so nothing covers the ring."""

SLICE_COLORS = ["#e6c800", "#00c85a", "#00c8dc", "#78c828", "#fac8a0", "#8cc8ff"]
BACKGROUND = "#ff00ff"
MAGENTA = (255, 0, 255)
TRACK = "#c8c8c8"
HAIRLINE = "#0000ff"   # colour of a 0-value slice: green 0, so a hairline would show as a leak


def slices(values, colors=None):
    """Slice entries s0, s1, ... with the given values and distinct test colours."""
    colors = colors or SLICE_COLORS
    return [{"id": f"s{i}", "label": f"S{i}", "value": v, "color": colors[i % len(colors)]}
            for i, v in enumerate(values)]


def spec(chart_id, values, *, chart=None, animation=None, colors=None):
    """A measurable spec: 320 px, no labels or legend, bare seams on magenta."""
    anim = {"duration": "800ms", "easing": "ease-in-out", "delay": "0ms", "enter": "grow"}
    anim.update(animation or {})
    return {
        "piec": 1,
        "id": chart_id,
        "title": f"test {chart_id}",
        "chart": {"size": 320, **(chart or {})},
        "labels": {"position": "none"},
        "legend": {"position": "none"},
        "theme": {"stroke": {"width": 0}, "background": BACKGROUND},
        "animation": anim,
        "slices": slices(values, colors),
    }
