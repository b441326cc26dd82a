"""Titles, text of several lines, `labels.radius` and keyboard focus in real clients.

- The title and subtitle are drawn in chart.svg: Chromium and rsvg-convert both paint ink in
  the band above the pie, where the chart without a title has none.
- Labels of several lines: each inside label's lines stack one under the other, the block
  centred on where a single line sits; `labels.radius` puts the block at that fraction of the
  ring, at rest and mid-transition (DOM measure, every engine).
- index.html by keyboard: every slice of a chart without a legend whose small slices' labels
  are hidden has a focus stop (every engine) whose focus shows its tooltip (Chromium, Firefox:
  WebKitGTK's automated window has no focus, so `:focus` never matches there); a focused
  slice's tooltip is painted over the legend (Chromium pixels, the gallery's `languages`).
"""

import json
import math
import re
import subprocess

import pytest

from piectest import bundle as bundles
from piectest.raster import Raster
from test_labels import measure
from test_theme import PAGE_STYLE, lum, shoot_file

SLICES = [{"id": "code", "label": "Code\nreview", "value": 14}, {"id": "design", "label": "Design", "value": 9},
          {"id": "tests", "label": "Testing", "value": 7.5}, {"id": "docs", "label": "Docs", "value": 4.5}]


def lines_spec(radius, values=None, chart_id="lines"):
    slices = [dict(s) for s in SLICES]
    for s, v in zip(slices, values or []):
        s["value"] = v
    return {
        "piec": 1, "id": chart_id, "title": "two lines",
        # Large enough that a block of three lines fits inside its slice at 0.25 to 0.75 of the
        # ring (a label that does not fit is left out: issue 25).
        "chart": {"size": 480, "innerRadius": 0.4},
        "labels": {"content": "{label}\n{percent}", "radius": radius},
        "legend": {"position": "none"},
        "animation": {"duration": "800ms", "easing": "linear"},
        "slices": slices,
    }


def label_centres(frame, manifest):
    """Per inside label: (lines, distance of its box centre from the pie's centre, box height)."""
    c = manifest["chart"]
    out = []
    for t in frame["texts"]:
        if t["kind"] != "p-lb" or t["opacity"] < 0.5:
            continue
        x0, y0, x1, y1 = t["box"]
        out.append((t["text"], math.hypot((x0 + x1) / 2 - c["cx"], (y0 + y1) / 2 - c["cy"]), y1 - y0))
    return out


def test_inside_labels_of_two_lines_sit_at_labels_radius(build, dom, workdir):
    b = build(lines_spec(0.75))
    c = b.manifest["chart"]
    ring = c["outerRadius"] - c["innerRadius"]
    frame = measure(dom, workdir, b.svg, [b.manifest["animation"]["duration"] + 500], "lines-rest")[0]
    found = label_centres(frame, b.manifest)
    assert len(found) == 4, frame["texts"]
    for text, r, height in found:
        # Three lines for "Code / review / 40.0%", two for the others: one line is ~14 px.
        expected_lines = 3 if text.startswith("Code") else 2
        assert height > 14 * (expected_lines - 0.5), (text, height)
        assert height < 14 * (expected_lines + 0.6), (text, height)
        # The block's centre, not its first line, sits at 0.75 of the ring (within 2.5 px:
        # the box includes descenders, the line height is the engine's).
        assert abs(r - (c["innerRadius"] + 0.75 * ring)) < 2.5, (text, r)


def test_labels_move_across_the_ring_when_labels_radius_changes(piec, dom, workdir):
    before = lines_spec(0.25, chart_id="lines-move")
    b = bundles.build_transition(piec, before, lines_spec(0.75, chart_id="lines-move"), workdir)
    c = b.manifest["chart"]
    ring = c["outerRadius"] - c["innerRadius"]
    d = b.manifest["animation"]["duration"]
    frames = measure(dom, workdir, b.svg, [0, d / 2, d + 500], "lines-move")
    for frame, fraction in zip(frames, [0.25, 0.5, 0.75]):   # linear easing
        assert frame["animations"] > 0
        found = label_centres(frame, b.manifest)
        assert len(found) == 4, (frame["t"], frame["texts"])
        for text, r, _ in found:
            assert abs(r - (c["innerRadius"] + fraction * ring)) < 2.5, (frame["t"], text, r)


FOCUS = """
window.focus();
const out = [];
document.querySelectorAll('[tabindex]').forEach(el => {
  el.focus();
  const cls = el.getAttribute('class') || '';
  const m = cls.match(/p-s(\\d+)/);
  const tip = m ? document.querySelector('.p-t' + m[1]) : null;
  out.push({cls, tabindex: el.tabIndex, focused: document.activeElement === el, matches: el.matches(':focus'),
            hasFocus: document.hasFocus(), tip: tip ? getComputedStyle(tip).visibility : null});
  el.blur();
});
document.getElementById('result').textContent = JSON.stringify(out);
"""


def focus_report(dom, directory, workdir, name):
    """index.html (self-contained) with FOCUS appended, written next to the bundle (piec
    owns the bundle's folder)."""
    html = (directory / "index.html").read_text(encoding="utf-8")
    html = html.replace("</body>", "<pre id='result'></pre><script>" + FOCUS + "</script></body>")
    path = workdir / f"{dom.engine.name}-{name}.html"
    path.write_text(html, encoding="utf-8")
    # Reduced motion: the chart at rest at once (while it animates, the interactive layer
    # is hidden and nothing in it can take focus).
    text = dom(path, reduced_motion=True)
    m = re.search(r"<pre id=\"result\">(.*?)</pre>", text, re.S)
    assert m and m.group(1), text[-2000:]
    return json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&"))


def test_every_slice_is_reachable_by_keyboard_without_a_legend(repo, piec, dom, workdir):
    """specs/dependencies.yaml: no legend, and its smallest slices are slivers."""
    out = workdir / f"deps-{dom.engine.name}"
    proc = bundles.run(piec, "build", repo / "specs" / "dependencies.yaml", "-o", out)
    assert proc.returncode == 0, proc.stderr
    directory = out / "dependencies"
    manifest = json.loads((directory / "manifest.json").read_text())
    # Some slices are too thin to point at (under 2 px of arc): before, they had no focus
    # stop and, without a legend, no other way in.
    thin = [s for s in manifest["slices"]
            if math.radians(s["endAngle"] - s["startAngle"]) * s["outerRadius"] < 2]
    assert thin
    # `:focus` matches only while the page itself has focus: Chromium's tabs have it from the
    # start (focus emulation, chromium_session.py), however late the browser would give it.
    report = focus_report(dom, directory, workdir, "deps-focus")
    if dom.engine.name != "webkit":
        assert all(r["hasFocus"] for r in report), report
    stops = {int(re.search(r"p-s(\d+)", r["cls"]).group(1)): r for r in report if "p-w" in r["cls"]}
    assert sorted(stops) == list(range(len(manifest["slices"]))), report
    for k, r in stops.items():
        assert r["tabindex"] == 0 and r["focused"], r
        # WebKitGTK's automated MiniBrowser window never has system focus, so `:focus` does
        # not match there (activeElement still moves): the tooltip is checked where it does.
        if dom.engine.name != "webkit":
            assert r["matches"], r
        if r["matches"]:
            assert r["tip"] == "visible", (k, r)


def test_a_focused_slice_tooltip_is_painted_over_the_legend(repo, piec, chromium, workdir):
    """The gallery's languages chart: Swift's tooltip reaches into the legend; its right end
    ("%)") must be tooltip, not legend text."""
    out = workdir / "lang"
    proc = bundles.run(piec, "build", repo / "specs" / "languages.yaml", "-o", out)
    assert proc.returncode == 0, proc.stderr
    directory = out / "languages"
    html = (directory / "index.html").read_text(encoding="utf-8")
    c = json.loads((directory / "manifest.json").read_text())["chart"]
    m = re.search(r'<g class="p-t p-t0" transform="translate\(([-\d.]+) ([-\d.]+)\)"><rect x="([-\d.]+)" y="-11" '
                  r'width="([\d.]+)"', html)
    tx, ty, rx, rw = map(float, m.groups())
    legend = re.search(r'<g class="p-lg p-ink" fill="#[0-9a-f]+" transform="translate\(([-\d.]+) ([-\d.]+)\)">', html)
    lx = float(legend.group(1))
    right = c["cx"] + tx + rx + rw          # the tooltip box's right edge
    assert right > lx + 4, "the tooltip no longer reaches the legend: pick another slice"
    # The focused page twice: as built, and with the legend removed. Where the tooltip's box
    # overlaps the legend's column, the two must be the same pixels (a legend painted over
    # the tooltip puts its dark text over the tooltip's white text).
    shots = {}
    for name, extra in [("with", ""), ("without", "<style>.p-lg{display:none}</style>")]:
        page = html.replace("</head>", PAGE_STYLE + extra + "</head>").replace(
            "</body>", "<script>document.querySelector('.p-s0').focus()</script></body>")
        path = workdir / f"focus-tooltip-{name}.html"
        path.write_text(page, encoding="utf-8")
        shots[name] = shoot_file(chromium, path, str(workdir / f"focus-tooltip-{name}.png"),
                                 int(c["width"]) + 40, int(c["height"]) + 40)
    y0 = c["cy"] + ty - 10
    box = [(x, y) for x in range(int(lx) + 1, int(right) - 1) for y in range(int(y0), int(y0) + 20)]
    assert len(box) > 40
    # The tooltip is shown (dark box) in both.
    assert lum(shots["with"].sample(right - 3, y0 + 2)) < 0.25, shots["with"].sample(right - 3, y0 + 2)
    differ = [(x, y) for x, y in box
              if max(abs(a - b) for a, b in zip(shots["with"].sample(x, y), shots["without"].sample(x, y))) > 30]
    assert not differ, f"{len(differ)} pixels of the tooltip differ with the legend drawn, e.g. {differ[:5]}"


@pytest.mark.parametrize("renderer", ["chromium", "rsvg"])
def test_title_is_drawn_in_chart_svg(build, chromium, rsvg_convert, workdir, renderer):
    spec = {"piec": 1, "id": "titled", "title": "Which pets do volunteers adopt?", "subtitle": "Shelter, 2026",
            "theme": {"background": "#ffffff"},
            "slices": [{"label": "Dogs", "value": 3}, {"label": "Cats", "value": 1}]}
    b = build(spec)
    hidden = build({**spec, "id": "untitled", "chart": {"showTitle": False}})
    c, h = b.manifest["chart"], hidden.manifest["chart"]
    assert c["height"] > h["height"] + 30
    assert c["cy"] - c["outerRadius"] > 30      # the pie starts below the title block
    shots = {}
    for name, bb in [("titled", b), ("untitled", hidden)]:
        png = str(workdir / f"{renderer}-{name}.png")
        cc = bb.manifest["chart"]
        if renderer == "chromium":
            shots[name] = shoot_file(chromium, bb.svg_path, png, int(cc["width"]), int(cc["height"]))
        else:
            subprocess.run([rsvg_convert, "-o", png, str(bb.svg_path)], check=True)
            shots[name] = Raster(png, (255, 255, 255))
    # Ink in the title's band (above the pie) only when the title is drawn.
    def dark_pixels(raster, top, bottom):
        return sum(1 for y in range(int(top), int(bottom)) for x in range(0, raster.width, 2)
                   if lum(raster.sample(x, y)) < 0.5)
    assert dark_pixels(shots["titled"], 8, c["cy"] - c["outerRadius"] - 10) > 40
    assert dark_pixels(shots["untitled"], 0, h["cy"] - h["outerRadius"] - 10) == 0
