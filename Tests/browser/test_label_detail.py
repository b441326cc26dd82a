"""`labels.detail` as Chromium draws it: the detail line of an outside label is the label's
ink at the detail's opacity, light with the dark variant (`--force-dark-mode`) and dark without
it; a written `color` stays that colour in both themes. (Its layout is measured with every
other label in test_label_layout.py, in all three engines.)"""

import re

import pytest

from piectest.geometry import parse_hex
from test_theme import DARK_BG, dark_rule, lum, near, shoot_file

WHITE = (255, 255, 255)


def spec(color=None):
    detail = {"content": "{value}", "size": 2}
    if color:
        detail["color"] = color
    return {
        "piec": 1, "id": "detail" + ("-coloured" if color else ""), "title": "detail",
        "chart": {"size": 240}, "labels": {"position": "outside", "content": "{label}", "detail": detail},
        "legend": {"position": "none"},
        "theme": {"background": "#ffffff", "darkBackground": DARK_BG},
        "slices": [{"id": "a", "label": "Alpha", "value": 70, "color": "#4e79a7"},
                   {"id": "b", "label": "Beta", "value": 30, "color": "#e15759"}],
    }


def detail_box(b):
    """Pixels of the first outside label's detail line (24 px digits under its name)."""
    c = b.manifest["chart"]
    m = re.search(r'<text class="p-lo0" transform="translate\(([-\d.]+) ([-\d.]+)\)" y="([-\d.]+)" '
                  r'text-anchor="(start|end)"><tspan x="0">[^<]*</tspan><tspan x="0" dy="([\d.]+)" font-size="24"', b.svg)
    assert m, b.svg
    x, y, base, anchor, dy = float(m[1]), float(m[2]), float(m[3]), m[4], float(m[5])
    # The ink group sits at the pie's centre.
    left = c["cx"] + x if anchor == "start" else c["cx"] + x - 26
    baseline = c["cy"] + y + base + dy
    return [(px, py) for px in range(int(left), int(left) + 26) for py in range(int(baseline) - 16, int(baseline))]


def blend(ink, bg, a):
    return tuple(round(b + (i - b) * a) for i, b in zip(ink, bg))


@pytest.fixture(scope="module")
def shots(build, chromium, workdir):
    out = {}
    for color in (None, "#cc0000"):
        b = build(spec(color))
        w, h = b.manifest["chart"]["width"], b.manifest["chart"]["height"]
        name = "coloured" if color else "default"
        out[name] = (b, shoot_file(chromium, b.svg_path, str(workdir / f"{name}-light.png"), w, h),
                     shoot_file(chromium, b.svg_path, str(workdir / f"{name}-dark.png"), w, h, "--force-dark-mode"))
    return out


def test_the_default_detail_is_the_labels_ink_lighter_in_both_themes(shots):
    b, light, dark = shots["default"]
    assert 'fill-opacity="0.75">70</tspan>' in b.svg
    box = detail_box(b)
    css = (b.directory / "chart.css").read_text()
    ink_light = parse_hex(re.search(r'<g class="p-ink p-ol" fill="(#[0-9a-f]{6})"', b.svg)[1])
    ink_dark = dark_rule(css, ".p-ink text")
    darkest = min((light.pixel(x, y) for x, y in box), key=lum)
    brightest = max((dark.pixel(x, y) for x, y in box), key=lum)
    # 75 % of the ink over the background: lighter than the ink, in the ink's direction.
    assert near(darkest, blend(ink_light, WHITE, 0.75), 24), (darkest, ink_light)
    assert near(brightest, blend(ink_dark, parse_hex(DARK_BG), 0.75), 24), (brightest, ink_dark)
    assert lum(darkest) > lum(ink_light) + 0.1 and lum(brightest) < lum(ink_dark) - 0.1


def test_a_written_colour_stays_in_both_themes(shots):
    b, light, dark = shots["coloured"]
    assert 'fill="#cc0000">70</tspan>' in b.svg
    box = detail_box(b)
    for shot in (light, dark):
        reddest = max((shot.pixel(x, y) for x, y in box), key=lambda p: p[0] - p[1])
        assert near(reddest, (0xcc, 0, 0), 24), reddest
