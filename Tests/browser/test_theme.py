"""Themes, patterns and legend interaction, as Chromium and librsvg draw them.

- Dark variant: the same chart.svg with Chromium's `--force-dark-mode` (which sets
  `prefers-color-scheme: dark`) shows the dark background, dark separators, the dark track and
  light legend text; without it, the light colours.
- Legend interaction: index.html with a legend row focused by `element.focus()` (the CSS treats
  `:focus` like `:hover`) lifts that row's slice, dims the others and shows its tooltip. A real
  pointer (DevTools input in Chromium, WebDriver actions in Firefox and WebKitGTK) resting on a
  slice shows its tooltip and underlines its row; on a legend row, shows the slice's tooltip and
  dims the others; leaving the chart restores everything (every engine). With
  `chart.hoverCenter`, the hole shows the pointed-at slice's (or row's) text instead of
  `chart.center`, and the centre text again once the pointer leaves (every engine); so does
  keyboard focus on a slice or a row (Chromium, Firefox).
- Patterns: marks stand still while slices turn (a mid-transition frame matches the rest frame
  inside every slice), the motion layer hands over to the exact layer without a jump, and
  librsvg renders the patterned final state.
- Palette scale: each slice's colour at rest is the scale's colour at its value, mixed here from
  the documented stops."""

import json
import math
import os
import re
import subprocess

import pytest

from piectest import bundle as bundles, checks
from piectest.chromium import SeekPage, render, screenshot
from piectest.geometry import parse_hex
from piectest.raster import Raster

WHITE = (255, 255, 255)
DARK_BG = "#111827"


def shoot_file(chromium, path, png, width, height, *flags):
    """Screenshot `path` (an .svg or .html file) at width x height with extra Chromium flags,
    reduced motion (the final state)."""
    screenshot(chromium, path, png, width, height, reduced_motion=True, flags=flags)
    assert os.path.exists(png)
    return Raster(png, WHITE)


def near(a, b, tol):
    return max(abs(x - y) for x, y in zip(a, b)) <= tol


def lum(c):
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255


def point(manifest, angle, r):
    c = manifest["chart"]
    s = 1 if c["direction"] == "clockwise" else -1
    t = math.radians(s * angle)
    return c["cx"] + r * math.sin(t), c["cy"] - r * math.cos(t)


# ---------------------------------------------------------------- dark variant

DARK_SPEC = {
    "piec": 1, "id": "darkgauge", "title": "dark gauge",
    "chart": {"size": 300, "total": 100, "track": "#e5e7eb", "innerRadius": 0.5},
    "labels": {"position": "none"},
    "legend": {"position": "right"},
    "theme": {"background": "#ffffff", "darkBackground": DARK_BG, "stroke": {"color": "#ffffff", "width": 4}},
    "slices": [{"id": "a", "label": "Alpha", "value": 40, "color": "#4e79a7"},
               {"id": "b", "label": "Beta", "value": 30, "color": "#e15759"}],
}


@pytest.fixture(scope="module")
def dark_shots(build, chromium, workdir):
    b = build(DARK_SPEC)
    w, h = b.manifest["chart"]["width"], b.manifest["chart"]["height"]
    light = shoot_file(chromium, b.svg_path, str(workdir / "light.png"), w, h)
    dark = shoot_file(chromium, b.svg_path, str(workdir / "dark.png"), w, h, "--force-dark-mode")
    css = (b.directory / "chart.css").read_text()
    return b, light, dark, css


def dark_rule(css, selector):
    block = css.split("@media (prefers-color-scheme:dark){", 1)[1].split("\n}\n", 1)[0]
    m = re.search(re.escape(selector) + r"\{(?:fill|stroke):(#[0-9a-f]{6})\}", block)
    assert m, f"no dark rule for {selector} in {block}"
    return parse_hex(m.group(1))


def test_dark_mode_paints_the_dark_background(dark_shots):
    b, light, dark, _ = dark_shots
    assert near(light.pixel(2, 2), WHITE, 2), light.pixel(2, 2)
    assert near(dark.pixel(2, 2), parse_hex(DARK_BG), 2), dark.pixel(2, 2)


def test_dark_mode_separators_match_the_dark_background(dark_shots):
    b, light, dark, _ = dark_shots
    m = b.manifest
    boundary = m["slices"][0]["endAngle"]
    r = (m["chart"]["outerRadius"] + m["chart"]["innerRadius"]) / 2
    x, y = point(m, boundary, r)
    assert near(light.pixel(int(x), int(y)), WHITE, 40), light.pixel(int(x), int(y))
    assert near(dark.sample(x, y), parse_hex(DARK_BG), 40), dark.sample(x, y)


def test_dark_mode_darkens_the_track(dark_shots):
    b, light, dark, css = dark_shots
    m = b.manifest
    r = (m["chart"]["outerRadius"] + m["chart"]["innerRadius"]) / 2
    x, y = point(m, 300, r)          # 70 % of 360 used: 300 degrees is track
    expected = dark_rule(css, ".p-track")
    assert lum(expected) < 0.3
    assert near(light.sample(x, y), parse_hex("#e5e7eb"), 3), light.sample(x, y)
    assert near(dark.sample(x, y), expected, 3), dark.sample(x, y)


def test_dark_mode_legend_text_is_light_and_contrasts(dark_shots):
    b, light, dark, css = dark_shots
    ink = dark_rule(css, ".p-ink text")
    svg = b.svg
    m = re.search(r'<g class="p-lg p-ink" fill="#[0-9a-f]+" transform="translate\(([\d.]+) ([\d.]+)\)"', svg)
    lx, ly = float(m.group(1)), float(m.group(2))
    # The label text of the first row: right of the swatch.
    box = [(x, y) for x in range(int(lx) + 18, int(lx) + 60) for y in range(int(ly), int(ly) + 13)]
    brightest = max((dark.pixel(x, y) for x, y in box), key=lum)
    darkest = min((light.pixel(x, y) for x, y in box), key=lum)
    assert near(brightest, ink, 30), (brightest, ink)
    assert lum(darkest) < 0.25, darkest
    bg = parse_hex(DARK_BG)
    contrast = (lum_wcag(ink) + 0.05) / (lum_wcag(bg) + 0.05)
    assert contrast >= 4.5


def lum_wcag(c):
    def ch(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def test_slice_colours_stay_in_dark_mode(dark_shots):
    b, light, dark, _ = dark_shots
    m = b.manifest
    r = (m["chart"]["outerRadius"] + m["chart"]["innerRadius"]) / 2
    for s in m["slices"]:
        x, y = point(m, (s["startAngle"] + s["endAngle"]) / 2, r)
        assert near(dark.sample(x, y), parse_hex(s["color"]), 3), (s["id"], dark.sample(x, y))


# ---------------------------------------------------------------- legend interaction

LEGEND_SPEC = {
    "piec": 1, "id": "legendfocus", "title": "legend focus",
    "chart": {"size": 320},
    "labels": {"position": "none"},
    "legend": {"position": "right"},
    "theme": {"stroke": {"width": 0}, "dark": "none"},
    "slices": [{"id": "a", "label": "Alpha", "value": 40, "color": "#1f77b4"},
               {"id": "b", "label": "Beta", "value": 35, "color": "#d62728"},
               {"id": "c", "label": "Gamma", "value": 25, "color": "#2ca02c"}],
}
LEGEND_DIM = 0.45   # LegendInteraction.dimOpacity
PAGE_STYLE = ("<style>body{margin:0!important;padding:0!important}h1,main>p,figcaption{display:none}"
              "figure{margin:0}figure svg{display:block}</style>")


def focus_page(directory, selector, name):
    html = (directory / "index.html").read_text()
    html = html.replace("</head>", PAGE_STYLE + "</head>")
    if selector:
        html = html.replace("</body>", f"<script>document.querySelector('{selector}').focus()</script></body>")
    path = directory / f"{name}.html"
    path.write_text(html)
    return path


@pytest.fixture(scope="module")
def legend_shots(build, chromium, workdir):
    b = build(LEGEND_SPEC)
    w, h = b.manifest["chart"]["width"], b.manifest["chart"]["height"]
    shots = {}
    for name, selector in [("none", None), ("legend", ".p-li1"), ("slice", ".p-s1")]:
        path = focus_page(b.directory, selector, "focus-" + name)
        shots[name] = shoot_file(chromium, path, str(workdir / f"focus-{name}.png"), w + 40, h + 40)
    return b, shots


@pytest.mark.parametrize("focused", ["legend", "slice"])
def test_focus_lifts_the_slice(legend_shots, focused):
    b, shots = legend_shots
    m = b.manifest
    s = m["slices"][1]
    x, y = point(m, (s["startAngle"] + s["endAngle"]) / 2, m["chart"]["outerRadius"] + 4)
    assert near(shots["none"].sample(x, y), WHITE, 10), shots["none"].sample(x, y)
    assert near(shots[focused].sample(x, y), parse_hex(s["color"]), 10), shots[focused].sample(x, y)


def test_focused_legend_row_dims_the_other_slices(legend_shots):
    b, shots = legend_shots
    m = b.manifest
    r = m["chart"]["outerRadius"] * 0.88     # clear of the tooltip (at 0.62 R, 22 px up)
    for k, s in enumerate(m["slices"]):
        x, y = point(m, (s["startAngle"] + s["endAngle"]) / 2, r)
        color = parse_hex(s["color"])
        assert near(shots["none"].sample(x, y), color, 3)
        expected = color if k == 1 else tuple(255 + (c - 255) * LEGEND_DIM for c in color)
        assert near(shots["legend"].sample(x, y), expected, 6), (s["id"], shots["legend"].sample(x, y), expected)


def test_focused_legend_row_shows_the_tooltip(legend_shots):
    b, shots = legend_shots
    html = (b.directory / "index.html").read_text()
    m = re.search(r'<g class="p-t p-t1" transform="translate\(([-\d.]+) ([-\d.]+)\)">', html)
    tx, ty = map(float, m.groups())
    c = b.manifest["chart"]
    x, y = c["cx"] + tx, c["cy"] + ty - 8      # inside the tooltip's box, above its text
    assert lum(shots["legend"].sample(x, y)) < 0.2, shots["legend"].sample(x, y)
    assert lum(shots["none"].sample(x, y)) > 0.2, shots["none"].sample(x, y)


# ---------------------------------------------------------------- patterns

# The user hatch patterns (`theme.patterns` as a list): lines at an angle, crosses, dots and
# circles at every density, one per slice.
HATCHES = [{"lines": 30, "density": 2}, {"lines": 135, "crosses": True}, {"dots": True, "circles": True},
           {"crosses": True, "dots": True, "density": 3}]


def patterned(values, patterns="auto"):
    return {
        "piec": 1, "id": "patterned", "title": "patterned",
        "chart": {"size": 320, "startAngle": 20},
        "labels": {"position": "none"}, "legend": {"position": "none"},
        "theme": {"palette": "okabe-ito", "patterns": patterns, "stroke": {"width": 0}, "background": "#ffffff"},
        "animation": {"duration": "800ms"},
        "slices": [{"id": f"s{i}", "label": f"S{i}", "value": v} for i, v in enumerate(values)],
    }


@pytest.fixture(scope="module", params=["auto", "hatches"])
def pattern_frames(request, piec, chromium, workdir):
    patterns = HATCHES if request.param == "hatches" else "auto"
    workdir = workdir / request.param
    workdir.mkdir(exist_ok=True)
    b = bundles.build_transition(piec, patterned([30, 20, 25, 25], patterns), patterned([25, 30, 20, 25], patterns), workdir)
    m = b.manifest
    times = [m["animation"]["duration"] / 2, m["animation"]["duration"] - 1, m["animation"]["duration"] + 500]
    page = SeekPage([(b.svg, t) for t in times], frame_width=int(m["chart"]["width"]), columns=3)
    # Chromium only: in WebKitGTK 2.50, 20 of 532 samples of one slice's marks differed
    # mid-transition (limit 3 %) in one of two runs (within it in the other): not understood yet, so
    # not yet a check there.
    raster = render(chromium, page, str(workdir), "patterns-" + request.param)
    problems = [p for i in range(len(times)) for p in checks.marker_problems(page, raster, i)]
    checks.report(problems, f"patterned transition, screenshot {page.screenshot}")
    return b, page, raster


def slice_pixels(b, page, raster, frame, k, t_fraction):
    """Integer pixels well inside slice k both at rest and at `t_fraction` of the transition."""
    m = b.manifest
    s = m["slices"][k]
    tr = next(t for t in m["transitions"] if t["id"] == s["id"])
    f, e = tr["from"], tr["to"]
    lo = max(f["startAngle"] + (e["startAngle"] - f["startAngle"]) * 1, f["startAngle"], e["startAngle"]) + 4
    hi = min(f["endAngle"], e["endAngle"]) - 4
    out = []
    fr = page.frames[frame]
    for r in range(30, int(m["chart"]["outerRadius"]) - 8, 6):
        a = lo
        while a < hi:
            x, y = point(m, a, r)
            out.append(raster.pixel(int(fr.left + x), int(fr.top + y)))
            a += 3
    return out


def test_pattern_marks_stand_still_while_slices_turn(pattern_frames):
    b, page, raster = pattern_frames
    m = b.manifest
    # The user hatches' densest tile (crosses and a dot every 8 px) is mostly anti-aliased
    # edges: the motion layer's circle and the rest layer's path put them a fraction of a pixel
    # apart, 18 of 532 samples (3.4 %) in Chromium. Marks one pixel off differ in 16-37 % of
    # the samples of these slices, so 6 % still catches marks that move.
    limit = 0.06 if isinstance(m["spec"]["theme"]["patterns"], list) else 0.03
    patterned_slices = 0
    for k in range(len(m["slices"])):
        mid = slice_pixels(b, page, raster, 0, k, 0.5)
        rest = slice_pixels(b, page, raster, 2, k, 1)
        if len(set(rest)) > 1:
            patterned_slices += 1
        differing = sum(1 for a, c in zip(mid, rest) if not near(a, c, 24))
        assert mid and differing <= len(mid) * limit, (k, differing, len(mid))
    assert patterned_slices >= 2


def test_motion_layer_hands_over_to_the_rest_layer_without_a_jump(pattern_frames):
    b, page, raster = pattern_frames
    fa, fb = page.frames[1], page.frames[2]
    w, h = int(b.manifest["chart"]["width"]), int(b.manifest["chart"]["height"])
    diffs = [max(abs(p - q) for p, q in zip(raster.pixel(fa.left + x, fa.top + y), raster.pixel(fb.left + x, fb.top + y)))
             for x in range(0, w, 2) for y in range(0, h, 2)]
    big = sum(1 for d in diffs if d > 40)
    assert big <= len(diffs) * 0.01, f"{big} of {len(diffs)} pixels jump; {page.screenshot}"


def test_rsvg_renders_the_patterned_final_state(pattern_frames, rsvg_convert, workdir):
    b, page, raster = pattern_frames
    png = workdir / "patterns-rsvg.png"
    subprocess.run([rsvg_convert, str(b.svg_path), "-o", str(png)], check=True, timeout=60)
    img = Raster(str(png), WHITE)
    fr = page.frames[2]
    w, h = int(b.manifest["chart"]["width"]), int(b.manifest["chart"]["height"])
    diffs = [max(abs(p - q) for p, q in zip(img.pixel(x, y), raster.pixel(fr.left + x, fr.top + y)))
             for x in range(0, w, 2) for y in range(0, h, 2)]
    assert sum(1 for d in diffs if d > 60) <= len(diffs) * 0.03
    # Marks, not flat colours: 4 slices draw far more than 4 colours.
    assert len({img.pixel(x, y) for x in range(40, 280, 3) for y in range(40, 280, 3)}) > 20


HOVER_STATE = """JSON.stringify({
  tips: [...document.querySelectorAll('.p-t')].map(e => getComputedStyle(e).visibility === 'visible' ? 1 : 0),
  opacity: [...document.querySelectorAll('.p-w')].map(e => Number(getComputedStyle(e).opacity)),
  underline: [...document.querySelectorAll('.p-li')].map(e =>
    getComputedStyle(e.querySelector('text')).textDecorationLine.includes('underline') ? 1 : 0)})"""


@pytest.fixture(scope="module")
def hover_page(build):
    # Outside labels make the chart's ink, which lets the pointer through
    # (`.p-ink{pointer-events:none}`): the legend is ink too, and its rows must take it back.
    b = build(dict(LEGEND_SPEC, id="legendhover", labels={"position": "outside"}))
    return b.manifest, focus_page(b.directory, None, "hover")


def test_pointer_on_slices_and_legend_rows(hover_page, engine):
    m, page = hover_page
    r = (m["chart"]["outerRadius"] + m["chart"]["innerRadius"]) / 2
    slices = [tuple(int(round(c)) for c in point(m, (s["startAngle"] + s["endAngle"]) / 2, r)) for s in m["slices"]]
    rows = [f".p-li{k}" for k in range(len(m["slices"]))]
    states = [json.loads(x) for x in engine.hover(page, slices + rows, HOVER_STATE)]
    n = len(m["slices"])
    one = lambda k: [1 if i == k else 0 for i in range(n)]
    for k in range(n):
        on_slice, on_row = states[k], states[n + k]
        assert on_slice["tips"] == one(k), (engine.name, "slice", k, on_slice)
        assert on_slice["opacity"] == [1] * n, (engine.name, "slice", k, on_slice)
        assert on_slice["underline"] == one(k), (engine.name, "slice", k, on_slice)
        assert on_row["tips"] == one(k), (engine.name, "row", k, on_row)
        assert on_row["opacity"] == [1 if i == k else LEGEND_DIM for i in range(n)], (engine.name, "row", k, on_row)
    assert states[-1] == {"tips": [0] * n, "opacity": [1] * n, "underline": [0] * n}, (engine.name, states[-1])


HOVER_CENTER_STATE = """JSON.stringify([...document.querySelectorAll('.p-ct text,.p-hc text')]
  .filter(e => getComputedStyle(e).visibility === 'visible').map(e => e.textContent))"""


HOVER_CENTER_SPEC = dict(LEGEND_SPEC, id="hovercenter",
                         chart=dict(LEGEND_SPEC["chart"], innerRadius=0.6, center="{total}\nin all",
                                    hoverCenter="{label}\n{percent}"))


@pytest.fixture(scope="module")
def hover_center_page(build):
    b = build(HOVER_CENTER_SPEC)
    return b.manifest, focus_page(b.directory, None, "hovercenter")


def test_hole_shows_the_pointed_at_slice(hover_center_page, engine):
    """`chart.hoverCenter`: a real pointer on each slice and each legend row; the hole shows
    that slice's filled template only, and `chart.center` once the pointer leaves."""
    m, page = hover_center_page
    r = (m["chart"]["outerRadius"] + m["chart"]["innerRadius"]) / 2
    slices = [tuple(int(round(c)) for c in point(m, (s["startAngle"] + s["endAngle"]) / 2, r)) for s in m["slices"]]
    rows = [f".p-li{k}" for k in range(len(m["slices"]))]
    states = [json.loads(x) for x in engine.hover(page, slices + rows, HOVER_CENTER_STATE)]
    n = len(m["slices"])
    labels = [s["label"] for s in HOVER_CENTER_SPEC["slices"]]
    percents = ["40.0%", "35.0%", "25.0%"]
    for k in range(n):
        for where, state in (("slice", states[k]), ("row", states[n + k])):
            assert state == [labels[k] + percents[k]], (engine.name, where, k, state)
    assert states[-1] == ["100in all"], (engine.name, states[-1])


FOCUS_CENTER = """
window.focus();
const hole = () => [...document.querySelectorAll('.p-ct text,.p-hc text')]
  .filter(e => getComputedStyle(e).visibility === 'visible').map(e => e.textContent);
const out = [];
document.querySelectorAll('.p-w,.p-li').forEach(el => {
  el.focus();
  out.push({cls: el.getAttribute('class'), matches: el.matches(':focus'), hole: hole()});
  el.blur();
});
out.push({cls: 'none', matches: true, hole: hole()});
document.getElementById('result').textContent = JSON.stringify(out);
"""


def test_hole_shows_the_focused_slice(hover_center_page, dom, workdir):
    """Keyboard focus on each slice, then each legend row, shows that slice's text in the hole
    (Chromium, Firefox: WebKitGTK's automated window has no focus, so `:focus` never matches)."""
    m, page = hover_center_page
    html = page.read_text(encoding="utf-8").replace(
        "</body>", "<pre id='result'></pre><script>" + FOCUS_CENTER + "</script></body>")
    path = workdir / f"{dom.engine.name}-hovercenter-focus.html"
    path.write_text(html, encoding="utf-8")
    # A fresh headless Chromium page sometimes gets the focus late under load (as in
    # test_every_slice_is_reachable_by_keyboard_without_a_legend): ask again, a few times.
    for attempt in range(3):
        text = dom(path, reduced_motion=True)
        found = re.search(r"<pre id=\"result\">(.*?)</pre>", text, re.S)
        assert found and found.group(1), text[-2000:]
        report = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
        if dom.engine.name == "webkit" or all(r["matches"] for r in report):
            break
    labels = [s["label"] + p for s, p in zip(HOVER_CENTER_SPEC["slices"], ["40.0%", "35.0%", "25.0%"])]
    stops = [r for r in report if r["cls"] != "none"]
    assert len(stops) == 2 * len(labels), report
    for r in stops:
        k = int(re.search(r"p-(?:s|li)(\d+)", r["cls"]).group(1))
        if dom.engine.name != "webkit":
            assert r["matches"], r
        if r["matches"]:
            assert r["hole"] == [labels[k]], r
    assert report[-1]["hole"] == ["100in all"], report[-1]


# ---------------------------------------------------------------- palette scale by value

# The scales' stops as the docs list them (PaletteScale.swift), mixed here on their own.
BLUES = ["#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b"]


def scale_color(stops, t):
    t = min(max(t, 0.0), 1.0) * (len(stops) - 1)
    k = min(int(t), len(stops) - 2)
    f = t - k
    a, b = parse_hex(stops[k]), parse_hex(stops[k + 1])
    return tuple(round(p + (q - p) * f) for p, q in zip(a, b))


SCALE_SPEC = {
    "piec": 1, "id": "scaled", "title": "scaled",
    "chart": {"size": 300, "innerRadius": 0.4, "sort": "none"},
    "labels": {"position": "none"}, "legend": {"position": "none"},
    "theme": {"palette": {"scale": "blues", "domain": [0, 100]}, "stroke": {"width": 0}},
    "slices": [{"id": "a", "label": "A", "value": 10}, {"id": "b", "label": "B", "value": 45},
               {"id": "c", "label": "C", "value": 80}, {"id": "d", "label": "D", "value": 25}],
}


def test_palette_scale_colours_each_slice_by_its_value(build, chromium, workdir):
    b = build(SCALE_SPEC)
    w, h = b.manifest["chart"]["width"], b.manifest["chart"]["height"]
    shot = shoot_file(chromium, b.svg_path, str(workdir / "scaled.png"), w, h)
    c = b.manifest["chart"]
    r = (c["outerRadius"] + c["innerRadius"]) / 2
    total = sum(s["value"] for s in SCALE_SPEC["slices"])
    start = 0.0
    for s in SCALE_SPEC["slices"]:
        sweep = 360 * s["value"] / total
        x, y = point(b.manifest, c.get("startAngle", 0) + start + sweep / 2, r)
        got = shot.pixel(int(round(x)), int(round(y)))
        want = scale_color(BLUES, s["value"] / 100)
        assert near(got, want, 2), (s["id"], got, want)
        start += sweep

# chart.hoverCenter in chart.svg: opened directly, and its markup inlined into a page. A hover
# text is hidden by `visibility` and `opacity` both (Inkscape ignores `visibility`).
HOVER_SVG_STATE = """JSON.stringify([...document.querySelectorAll('.p-ct text,.p-hc text')]
  .filter(e => getComputedStyle(e).visibility === 'visible' && Number(getComputedStyle(e).opacity) === 1)
  .map(e => e.textContent))"""
HOVER_SVG_FOCUS = """(() => {
  window.focus();
  const hole = () => [...document.querySelectorAll('.p-ct text,.p-hc text')]
    .filter(e => getComputedStyle(e).visibility === 'visible' && Number(getComputedStyle(e).opacity) === 1)
    .map(e => e.textContent);
  const out = [];
  document.querySelectorAll('.p-hw').forEach(el => {
    el.focus();
    out.push({cls: el.getAttribute('class'), active: document.activeElement === el, matches: el.matches(':focus'), hole: hole()});
    el.blur();
  });
  out.push({cls: 'none', active: true, matches: true, hole: hole()});
  return JSON.stringify(out);
})()"""


@pytest.fixture(scope="module")
def hover_center_svg(build, workdir):
    """The hover-centre chart's chart.svg, and a page with its markup inline."""
    b = build(dict(HOVER_CENTER_SPEC, id="hovercentersvg"))
    svg = (b.directory / "chart.svg").read_text(encoding="utf-8")
    page = workdir / "hovercentersvg-inline.html"
    page.write_text("<!DOCTYPE html><html><head><meta charset='utf-8'/><style>svg{display:block}</style></head>"
                    "<body style='margin:0'>"
                    + svg + "</body></html>", encoding="utf-8")
    return b.manifest, {"svg": b.directory / "chart.svg", "inline": page}


@pytest.mark.parametrize("where", ["svg", "inline"])
def test_chart_svg_hole_shows_the_pointed_at_slice(hover_center_svg, engine, where):
    """chart.svg (no script, CSS only): a real pointer on each slice shows that slice's filled
    template in the hole instead of `chart.center`, and `chart.center` again once it leaves;
    opened directly and inlined into a page, in every engine."""
    m, paths = hover_center_svg
    r = (m["chart"]["outerRadius"] + m["chart"]["innerRadius"]) / 2
    slices = [tuple(int(round(c)) for c in point(m, (s["startAngle"] + s["endAngle"]) / 2, r)) for s in m["slices"]]
    states = [json.loads(x) for x in engine.hover(paths[where], slices, HOVER_SVG_STATE)]
    labels = [s["label"] + p for s, p in zip(HOVER_CENTER_SPEC["slices"], ["40.0%", "35.0%", "25.0%"])]
    for k, label in enumerate(labels):
        assert states[k] == [label], (engine.name, where, k, states[k])
    assert states[-1] == ["100in all"], (engine.name, where, states[-1])


@pytest.mark.parametrize("where", ["svg", "inline"])
def test_chart_svg_hole_shows_the_focused_slice(hover_center_svg, engine, where):
    """Each slice of chart.svg is a focus stop (its transparent wedge, `tabindex`): focused,
    the hole shows its text (Chromium, Firefox: WebKitGTK's automated window has no focus, so
    `:focus` never matches there; the wedge still takes the focus)."""
    m, paths = hover_center_svg
    report = json.loads(engine.hover(paths[where], [], HOVER_SVG_FOCUS)[0])
    labels = [s["label"] + p for s, p in zip(HOVER_CENTER_SPEC["slices"], ["40.0%", "35.0%", "25.0%"])]
    stops = [r for r in report if r["cls"] != "none"]
    assert [int(re.search(r"p-hw(\d+)", r["cls"]).group(1)) for r in stops] == list(range(len(labels))), report
    for k, r in enumerate(stops):
        assert r["active"], (engine.name, where, r)
        if engine.name != "webkit":
            assert r["matches"], (engine.name, where, r)
        if r["matches"]:
            assert r["hole"] == [labels[k]], (engine.name, where, r)
    assert report[-1]["hole"] == ["100in all"], (engine.name, where, report[-1])
