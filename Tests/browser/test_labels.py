"""Outside labels, leader lines and centre text as each browser engine draws them.

A page holds copies of chart.svg in shadow roots (like SeekPage), each with its animations
paused at its own instant; a script measures every drawn element in the SVG's user units
(getBBox through getScreenCTM, so CSS-animated transforms count) and writes the numbers
into the DOM, which the engine hands back (`chromium --dump-dom`; Firefox and WebKit:
document.documentElement.outerHTML over their driver). Checked at rest and at 0/50/100 % of a
transition where slices enter, leave and resize: no two visible label boxes overlap, none
leaves the viewBox, every visible leader starts on its slice's outer edge (within the
slice's angles at that instant, from the manifest's transitions) and outside labels of
leaving/entering slices are visible only at the end where their slice exists."""

import math
import re

import pytest

from piectest import bundle as bundles, dommeasure
from piectest.transition import TransitionChart
from test_theme import dark_rule, near, parse_hex

MEASURE = dommeasure.GEOMETRY + """
const out = [];
document.querySelectorAll('.frame').forEach(frame => {
  const t = Number(frame.dataset.t);
  const root = frame.shadowRoot;
  const anims = root.getAnimations();
  anims.forEach(a => { a.pause(); a.currentTime = t; });
  const svg = root.querySelector('svg');
  const {user, box} = userUnits(svg);
  const visible = el => {
    let o = 1;
    for (let e = el; e && e !== svg; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const texts = [...root.querySelectorAll('.p-ol text, .p-ct text, .p-lb text')].map(el => ({
    // An inside label's class is on its turning group (the text inside turns back upright).
    cls: el.getAttribute('class') || el.parentNode.getAttribute('class'),
    kind: el.closest('.p-ol, .p-ct, .p-lb').getAttribute('class').split(' ').find(c => c !== 'p-ink'),
    text: el.textContent, opacity: visible(el), box: box(el), fill: getComputedStyle(el).fill}));
  const first = el => { const p = el.getPointAtLength(0); return [p.x, p.y]; };
  const leaders = [...root.querySelectorAll('.p-ll path')].map(el => ({
    // A moving leader is two unit lines placed by their transforms, a still one a path
    // through its points: either way the tick starts at the path's first point.
    cls: el.getAttribute('class'), opacity: visible(el), start: user(el, ...first(el)),
    stroke: getComputedStyle(el).stroke}));
  // Inside labels' boxes (`labels.box`): their paint and size as the engine computes them.
  const rects = [...root.querySelectorAll('.p-lb rect')].map(el => {
    const b = el.getBBox(), cs = getComputedStyle(el);
    return {cls: el.parentNode.getAttribute('class'), fill: cs.fill, stroke: cs.stroke, strokeWidth: parseFloat(cs.strokeWidth),
            width: b.width, height: b.height, rx: parseFloat(cs.rx), opacity: visible(el)};
  });
  // Outside labels' boxes (the `p-obx` group): their opacity as drawn.
  const oboxes = [...root.querySelectorAll('.p-obx rect')].map(el => ({cls: el.getAttribute('class'), opacity: visible(el)}));
  const vb = svg.viewBox.baseVal;
  out.push({t, animations: anims.length, viewBox: [vb.width, vb.height], texts, leaders, rects, oboxes});
});
document.getElementById('result').textContent = JSON.stringify(out);
"""


def measure(dom, workdir, svg, times, name):
    return dommeasure.measure(dom, workdir, svg, times, name, MEASURE)


def spec(chart_id, values, chart=None, position="outside", animation=None):
    return {
        "piec": 1, "id": chart_id, "title": f"labels {chart_id}",
        "chart": {"size": 320, **(chart or {})},
        "labels": {"position": position, "content": "{label}", "minPercent": 0},
        "legend": {"position": "right"},
        "animation": {"duration": "800ms", "easing": "ease-in-out", **(animation or {})},
        "slices": [{"id": i, "label": i.upper(), "value": v} for i, v in values],
    }


def overlaps(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.01 and min(a[3], b[3]) - max(a[1], b[1]) > 0.01


def check_layout(frame, tol=0.5):
    """No two visible label boxes overlap (but for the two centre texts of a cross-fade);
    none leaves the viewBox."""
    shown = [x for x in frame["texts"] if x["opacity"] > 0.02]
    w, h = frame["viewBox"]
    for x in shown:
        b = x["box"]
        assert b[0] >= -tol and b[1] >= -tol and b[2] <= w + tol and b[3] <= h + tol, \
            f"t={frame['t']}: label {x['text']!r} {b} leaves the viewBox 0 0 {w} {h}"
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a["kind"].endswith("p-ct") and b["kind"].endswith("p-ct"):
                continue    # the old and the new centre text cross-fade in place
            assert not overlaps(a["box"], b["box"]), f"t={frame['t']}: {a['text']!r} {a['box']} overlaps {b['text']!r} {b['box']}"
    return shown


def check_leaders(frame, manifest, state=None, tol=0.6):
    """Every visible leader's tick starts on the outer edge of its label's slice."""
    cx, cy, direction = manifest["chart"]["cx"], manifest["chart"]["cy"], manifest["chart"]["direction"]
    sign = 1 if direction == "clockwise" else -1
    if state is None:
        state = [({"id": s["id"]}, s["startAngle"], s["endAngle"], s["outerRadius"], None) for s in manifest["slices"]]
    by_id = {s[0]["id"]: s for s in state}
    labels = {x["cls"][len("p-lo"):]: x for x in frame["texts"] if x["cls"].startswith("p-lo")}
    count = 0
    for leader in frame["leaders"]:
        if not leader["cls"].startswith("p-qa") or leader["opacity"] <= 0.02:
            continue
        text = labels[leader["cls"][len("p-qa"):]]["text"]
        _, a, b, outer, _ = by_id[text.lower()]
        x, y = leader["start"][0] - cx, leader["start"][1] - cy
        r = math.hypot(x, y)
        angle = math.degrees(math.atan2(x, -y)) * sign
        mid = (a + b) / 2
        off = (angle - mid + 180) % 360 - 180
        assert abs(r - outer) < tol, f"t={frame['t']}: leader of {text} starts at r={r:.2f}, slice edge {outer}"
        assert abs(off) <= (b - a) / 2 + 0.05, f"t={frame['t']}: leader of {text} at {angle:.2f} outside [{a:.2f}, {b:.2f}]"
        count += 1
    return count


MANY = [("a", 40), ("b", 20), ("c", 14), ("d", 3), ("e", 2), ("f", 2), ("g", 1.5), ("h", 1), ("i", 1),
        ("j", 1), ("k", 0.8), ("l", 0.7), ("m", 0.5), ("n", 12.5)]


@pytest.mark.parametrize("name,values,chart", [
    ("many-small", MANY, {}),
    ("one-side", [("a", 90)] + [(chr(ord("b") + k), 0.5) for k in range(20)], {}),
    ("donut-ccw", MANY, {"innerRadius": 0.6, "direction": "counterclockwise", "center": "{total}"}),
])
def test_outside_labels_at_rest_do_not_overlap_and_stay_in_the_viewbox(dom, workdir, piec, name, values, chart):
    b = bundles.build(piec, spec(name, values, chart=chart, animation={"enter": "none"}), workdir)
    [frame] = measure(dom, workdir, b.svg, [0], name)
    shown = check_layout(frame)
    assert len([x for x in shown if x["cls"].startswith("p-lo")]) >= 8
    assert check_leaders(frame, b.manifest) >= 8


def test_auto_puts_wide_labels_outside_and_fitting_ones_inside(dom, workdir, piec):
    b = bundles.build(piec, spec("auto", [("a", 60), ("b", 38), ("c", 1.2), ("d", 0.8)], chart={"innerRadius": 0.4},
                                 position="auto", animation={"enter": "none"}), workdir)
    [frame] = measure(dom, workdir, b.svg, [0], "auto")
    shown = check_layout(frame)
    inside = {x["text"] for x in shown if x["kind"] == "p-lb"}
    outside = {x["text"] for x in shown if x["cls"].startswith("p-lo")}
    assert inside == {"A", "B"} and outside == {"C", "D"}
    check_leaders(frame, b.manifest)


BEFORE = [("a", 40), ("b", 20), ("c", 14), ("d", 3), ("e", 2), ("f", 2), ("g", 1.5), ("x", 10)]
AFTER = [("a", 25), ("b", 20), ("c", 30), ("d", 3), ("e", 2), ("g", 1.5), ("h", 1), ("i", 0.8), ("y", 6)]


@pytest.fixture(scope="module")
def moving(dom, workdir, piec):
    before = spec("moving", BEFORE, chart={"innerRadius": 0.5, "center": "{label}"})
    after = spec("moving", AFTER, chart={"innerRadius": 0.5, "center": "{label}"})
    b = bundles.build_transition(piec, before, after, workdir)
    chart = TransitionChart(b.manifest)
    times = [chart.delay + chart.duration * p / 100 for p in (0, 50, 100)] + [chart.end_time + 250]
    return b, chart, times, measure(dom, workdir, b.svg, times, "moving")


def test_transition_labels_never_overlap_or_leave_the_viewbox(moving):
    _, _, _, frames = moving
    for frame in frames:
        assert frame["animations"] > 0
        check_layout(frame)


def test_transition_leaders_start_at_their_slice_edge_at_every_instant(moving):
    b, chart, times, frames = moving
    for t, frame in zip(times, frames):
        state = chart.state(min(t, chart.end_time))
        assert check_leaders(frame, b.manifest, state) >= 5


def test_leaving_and_entering_labels_fade_at_the_right_end(moving):
    _, _, _, frames = moving
    def opacity(frame, text):
        return max([x["opacity"] for x in frame["texts"] if x["text"] == text and x["cls"].startswith("p-lo")] or [0])
    start, end = frames[0], frames[-1]
    assert opacity(start, "X") > 0.99 and opacity(end, "X") < 0.01          # leaves
    assert opacity(start, "Y") < 0.01 and opacity(end, "Y") > 0.99          # enters
    assert opacity(start, "F") > 0.99 and opacity(end, "F") < 0.01


def test_centre_text_crossfades_when_it_changes(moving):
    _, _, _, frames = moving
    def centre(frame, text):
        return max([x["opacity"] for x in frame["texts"] if x["kind"].endswith("p-ct") and x["text"] == text] or [0])
    assert centre(frames[0], "A") > 0.99 and centre(frames[0], "C") < 0.01
    assert centre(frames[-1], "A") < 0.01 and centre(frames[-1], "C") > 0.99
    assert 0 < centre(frames[1], "A") < 1 and 0 < centre(frames[1], "C") < 1


def test_enter_grow_shows_no_outside_label_at_the_start_and_all_at_the_end(dom, workdir, piec):
    b = bundles.build(piec, spec("entering", MANY, chart={"innerRadius": 0.5, "center": "{total}"}), workdir)
    duration = b.manifest["animation"]["duration"]
    start, middle, end = measure(dom, workdir, b.svg, [0, duration * 0.75, duration], "entering")
    outside = lambda f: [x for x in f["texts"] if x["cls"].startswith("p-lo")]
    assert outside(start) and all(x["opacity"] < 0.01 for x in outside(start))
    assert all(0 < x["opacity"] < 1 for x in outside(middle))
    assert all(x["opacity"] > 0.99 for x in outside(end))
    for f in (middle, end):
        check_layout(f)
    assert check_leaders(end, b.manifest) >= 8


COLOURS = {"a": (31, 119, 180), "b": (255, 127, 14), "c": (44, 160, 44), "d": (214, 39, 40), "e": (148, 103, 189)}


@pytest.mark.parametrize("leader", ["slice", "ink"])
def test_leader_lines_are_drawn_in_their_slices_colour(dom, workdir, piec, leader):
    """`labels.leaderColor: slice`: every leader's tick and elbow in its slice's colour as the
    engine computes it (a style rule or the ink group's stroke would win otherwise); `ink`:
    every leader in the outside labels' colour."""
    s = spec(f"leader-{leader}", [(k, v) for k, v in zip(COLOURS, (40, 25, 15, 12, 8))], animation={"enter": "none"})
    s["labels"]["leaderColor"] = leader
    for x in s["slices"]:
        x["color"] = "#%02x%02x%02x" % COLOURS[x["id"]]
    b = bundles.build(piec, s, workdir)
    frame = measure(dom, workdir, b.svg, [0], f"leader-{leader}")[0]
    labels = {x["cls"][len("p-lo"):]: x["text"] for x in frame["texts"] if x["cls"].startswith("p-lo")}
    # Leaders that never move are one path each (tick and elbow).
    assert len(frame["leaders"]) == len(COLOURS) == len(labels)
    for line in frame["leaders"]:
        want = COLOURS[labels[line["cls"][len("p-qa"):]].lower()] if leader == "slice" else None
        got = tuple(int(v) for v in line["stroke"].replace("rgb(", "").replace(")", "").split(","))
        if want:
            assert got == want, (line, want)
        else:
            assert got not in COLOURS.values(), line


def rgb(css):
    return tuple(int(v) for v in css.replace("rgb(", "").replace(")", "").split(","))


def contrast_ink(c):
    """Black or white, whichever contrasts more with `c` (piec's automatic inside colour)."""
    def lum(c):
        ch = [v / 255 for v in c]
        ch = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    l = lum(c)
    return (0, 0, 0) if (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) else (255, 255, 255)


def test_label_colours_at_rest_and_blending_through_a_transition(dom, workdir, piec):
    """`labels.color` from one written colour (every label black) to `slice` with a slice's
    own `labelColor`: at the start every label is black; halfway each label that changes is
    strictly between its two colours; at the end an outside label is its slice's colour (or
    its own), an inside one black or white for contrast, as the engine computes the fill."""
    values = [("a", 50), ("b", 30), ("c", 14), ("d", 3), ("e", 3)]
    before = spec("label-colour", [(k, v + (5 if k == "a" else 0)) for k, v in values], position="auto")
    after = spec("label-colour", values, position="auto")
    before["labels"]["color"] = "#000000"
    after["labels"]["color"] = "slice"
    for s in (before, after):
        s["theme"] = {"dark": "none"}
        for x in s["slices"]:
            x["color"] = "#%02x%02x%02x" % COLOURS[x["id"]]
            # The small slices' long labels go outside.
            x["label"] = {"d": "Delta and more", "e": "Echo and more"}.get(x["id"], x["label"])
    after["slices"][4]["labelColor"] = "#111111"
    b = bundles.build_transition(piec, before, after, workdir)
    chart = TransitionChart(b.manifest)
    times = [chart.delay, chart.delay + chart.duration / 2, chart.end_time + 250]
    start, middle, end = measure(dom, workdir, b.svg, times, "label-colour")
    def fills(frame):
        return {x["text"][0].lower(): (x["cls"].startswith("p-lo"), rgb(x["fill"])) for x in frame["texts"] if x["opacity"] > 0.5}
    final = fills(end)
    assert {outside for outside, _ in final.values()} == {True, False}, final
    for k, (outside, got) in final.items():
        want = (0x11, 0x11, 0x11) if k == "e" else COLOURS[k] if outside else contrast_ink(COLOURS[k])
        assert got == want, (k, outside, got, want)
    assert all(c == (0, 0, 0) for _, c in fills(start).values()), fills(start)
    for k, (_, got) in fills(middle).items():
        if final[k][1] != (0, 0, 0):
            assert got != (0, 0, 0) and got != final[k][1], (k, got, final[k])
    # Label boxes restyled (specs/transitions/label-box-restyle.yaml): fill, a border that
    # appears, padding and rounding blend; halfway (ease-in-out is 0.5 there) each is the
    # mean of its two ends, as `piec render`'s frames draw it.
    old_box, new_box = ((0xfe, 0xf3, 0xc7), 2, 0), ((0x1e, 0x3a, 0x8a), 5, 8)
    before = spec("box-restyle", [("a", 20), ("b", 45), ("c", 20), ("d", 15)], position="inside")
    after = spec("box-restyle", [("a", 35), ("b", 30), ("c", 15), ("d", 20)], position="inside")
    before["labels"]["box"] = {"fill": "#fef3c7", "radius": 0, "padding": 2}
    after["labels"]["box"] = {"fill": "#1e3a8a", "stroke": "#fde68a", "radius": 8, "padding": 5}
    for s in (before, after):
        s["theme"] = {"dark": "none"}
    b = bundles.build_transition(piec, before, after, workdir)
    chart = TransitionChart(b.manifest)
    start, middle, end = measure(dom, workdir, b.svg, [chart.delay, chart.delay + chart.duration / 2, chart.end_time + 250],
                                 "box-restyle")
    assert len(end["rects"]) == 4
    for frame, e in ((start, 0), (middle, 0.5), (end, 1)):
        for r, r_end in zip(frame["rects"], end["rects"]):
            want = tuple(round(x + (y - x) * e) for x, y in zip(old_box[0], new_box[0]))
            assert all(abs(g - w) <= 1 for g, w in zip(rgb(r["fill"]), want)), (e, r["cls"], r["fill"], want)
            assert abs(r["strokeWidth"] - e) < 0.02, (e, r)
            # The text's width is the end's: only the padding moves the box's width.
            grow = 2 * (old_box[1] + (new_box[1] - old_box[1]) * e) - 2 * new_box[1]
            assert abs(r["width"] - (r_end["width"] + grow)) < 0.05, (e, r, r_end)
            assert abs(r["rx"] - 8 * e) < 0.05, (e, r)
        assert all(rgb(r["stroke"]) == (0xfd, 0xe6, 0x8a) for r in frame["rects"]), frame["rects"]


def test_a_label_box_added_alone_fades_and_its_texts_blend_from_the_ink_of_their_look(dom, workdir, piec):
    """`labels.box` added with nothing else changed (specs/transitions/label-boxes-alone.yaml):
    the change is a transition. Every box, inside the slices and beside the chart, is hidden
    at the start, part faded half-way and whole at the end; each outside text's colour runs
    from the ink to white on the dark box, strictly between them half-way. In the dark look
    (the chart's `prefers-color-scheme: dark` rules applied as they are, `@media all`, so
    every engine shows it) the ink end is the dark ink, not the light one: chart.css names
    a copy of the text's keyframes with the dark ink there."""
    values = [("a", 40), ("b", 28), ("c", 14), ("d", 9), ("e", 5), ("f", 4)]
    long = {"d": "Data platform", "e": "Mobile apps", "f": "Documentation"}
    before = spec("box-alone", values, chart={"innerRadius": 0.4}, position="auto")
    for x in before["slices"]:
        x["label"] = long.get(x["id"], x["label"])
    after = {**before, "labels": {**before["labels"], "box": {"fill": "#1e3a8a", "padding": 4}}}
    b = bundles.build_transition(piec, before, after, workdir)
    chart = TransitionChart(b.manifest)
    assert chart.duration > 0
    css = (b.directory / "chart.css").read_text(encoding="utf-8")
    light_ink = parse_hex(re.search(r'class="p-ink p-ll"[^>]*stroke="(#[0-9a-f]{6})"', b.svg).group(1))
    dark_ink = dark_rule(css, ".p-ink,.p-ink text")
    white = (255, 255, 255)
    times = [chart.delay, chart.delay + chart.duration / 2, chart.end_time + 250]
    dark_svg = b.svg.replace("@media (prefers-color-scheme:dark)", "@media all")
    assert dark_svg != b.svg
    looks = {"light": (light_ink, measure(dom, workdir, b.svg, times, "box-alone")),
             "dark": (dark_ink, measure(dom, workdir, dark_svg, times, "box-alone-dark"))}
    middles = {}
    for look, (ink, (start, middle, end)) in looks.items():
        boxes = lambda f: [r["opacity"] for r in f["rects"] + f["oboxes"]]
        assert len(boxes(end)) >= 6 and len(end["oboxes"]) >= 2, end
        assert all(o < 0.01 for o in boxes(start)), (look, boxes(start))
        assert all(0.05 < o < 0.95 for o in boxes(middle)), (look, boxes(middle))
        assert all(o > 0.99 for o in boxes(end)), (look, boxes(end))
        def outside(frame):
            return {x["cls"]: rgb(x["fill"]) for x in frame["texts"] if x["cls"].startswith("p-lo") and x["opacity"] > 0.5}
        assert len(outside(end)) >= 2
        assert all(near(c, ink, 1) for c in outside(start).values()), (look, outside(start), ink)
        assert all(c == white for c in outside(end).values()), (look, outside(end))
        for cls, c in outside(middle).items():
            # Strictly between the ink and white on every channel that differs.
            assert all(min(i, w) < v < max(i, w) for v, i, w in zip(c, ink, white) if abs(i - w) > 4), (look, cls, c, ink)
        middles[look] = outside(middle)
    assert middles["light"].keys() == middles["dark"].keys()
    assert all(middles["light"][k] != middles["dark"][k] for k in middles["light"]), middles


@pytest.fixture(scope="module")
def distant(dom, workdir, piec):
    """Labels at a distance (`labels.radius` above 1) with radial leaders, the distance
    moving from 1.1 to 1.4 times the outer radius while slices enter, leave and resize."""
    before = spec("distant", BEFORE, chart={"innerRadius": 0.5}, position="auto")
    after = spec("distant", AFTER, chart={"innerRadius": 0.5}, position="auto")
    before["labels"].update(radius=1.1, leader="line")
    after["labels"].update(radius=1.4, leader="line")
    b = bundles.build_transition(piec, before, after, workdir)
    chart = TransitionChart(b.manifest)
    times = [chart.delay + chart.duration * p / 100 for p in (0, 25, 50, 75, 100)] + [chart.end_time + 250]
    return b, chart, times, measure(dom, workdir, b.svg, times, "distant")


def test_labels_at_a_distance_stand_on_their_slices_middle_angle_at_every_instant(distant):
    """Every shown label's box is centred on its slice's middle ray at that instant, lies
    wholly beyond 1.1 times the outer radius, overlaps no other text and stays in the
    viewBox; its leader starts on its slice's rim."""
    b, chart, times, frames = distant
    cx, cy = b.manifest["chart"]["cx"], b.manifest["chart"]["cy"]
    outer = b.manifest["chart"]["outerRadius"]
    checked = 0
    for t, frame in zip(times, frames):
        assert frame["animations"] > 0
        check_layout(frame)
        state = chart.state(min(t, chart.end_time))
        by_id = {s[0]["id"]: s for s in state}
        assert check_leaders(frame, b.manifest, state) >= 5
        for x in frame["texts"]:
            if not x["cls"].startswith("p-lo") or x["opacity"] < 0.99:
                continue
            _, a, e, _, _ = by_id[x["text"].lower()]
            mid = math.radians((a + e) / 2)
            x0, y0, x1, y1 = (x["box"][0] - cx, x["box"][1] - cy, x["box"][2] - cx, x["box"][3] - cy)
            # Off the ray by at most a pixel (the text's own box differs from piec's metrics by
            # less than that vertically; horizontally both are centred).
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            assert abs(mx * -math.cos(mid) - my * math.sin(mid)) < 1.5, f"t={t}: {x['text']} off its ray"
            near = math.hypot(min(max(0, x0), x1), min(max(0, y0), y1))
            assert near >= 1.1 * outer - 1, f"t={t}: {x['text']} {near:.1f} px from the centre"
            checked += 1
    assert checked >= 25
    # The distance moved: at the end the labels stand beyond 1.4 times the outer radius.
    end = [x for x in frames[-1]["texts"] if x["cls"].startswith("p-lo") and x["opacity"] > 0.99]
    for x in end:
        x0, y0, x1, y1 = (x["box"][0] - cx, x["box"][1] - cy, x["box"][2] - cx, x["box"][3] - cy)
        assert math.hypot(min(max(0, x0), x1), min(max(0, y0), y1)) >= 1.4 * outer - 1


def test_leader_none_draws_labels_without_leaders(dom, workdir, piec):
    s = spec("no-leaders", MANY, animation={"enter": "none"})
    s["labels"]["leader"] = "none"
    b = bundles.build(piec, s, workdir)
    [frame] = measure(dom, workdir, b.svg, [0], "no-leaders")
    shown = check_layout(frame)
    assert len([x for x in shown if x["cls"].startswith("p-lo")]) >= 8 and frame["leaders"] == []


def expected_turn(orientation, alpha):
    """`LabelTurn.angle`: the text's turn at an anchor at screen angle `alpha` (clockwise from
    12 o'clock)."""
    a = alpha % 360
    if orientation == "radial":
        return a - 90 if a <= 180 else a - 270
    return a if a <= 90 else a - 180 if a < 270 else a - 360


@pytest.mark.parametrize("orientation", ["radial", "tangential"])
def test_turned_labels_run_along_the_radius_or_the_arc_and_fit_their_slices(dom, workdir, piec, orientation):
    """`labels.orientation`: every inside label's text runs as the orientation says at its
    anchor (measured from the engine's transform of the text, at rest and at a transition's
    start, where its slices are the old ones), and the label judge, measuring the turned
    boxes' real extent, finds no overlap, spill or cut; `auto` leaves a long name upright
    outside."""
    from piectest import labeljudge, labelmeasure
    values = [("a", 40), ("b", 22), ("c", 14), ("d", 12), ("e", 9), ("f", 3)]
    def turned(chart_id, vals):
        s = spec(chart_id, vals, chart={"innerRadius": 0.3}, position="auto")
        s["labels"]["orientation"] = orientation
        for x in s["slices"]:
            x["label"] = {"a": "Alpha", "b": "Bravo", "c": "Charlie", "f": "Foxtrot and more"}.get(x["id"], x["label"])
        return s
    before, after = turned(f"turn-{orientation}", values[::-1]), turned(f"turn-{orientation}", values)
    old = bundles.build(piec, {**before, "id": f"turn-{orientation}-before"}, workdir)
    b = bundles.build_transition(piec, before, after, workdir)
    cx, cy = b.manifest["chart"]["cx"], b.manifest["chart"]["cy"]
    frames = labelmeasure.measure(dom, workdir, [("rest", b.svg, "rest"), ("start", b.svg, 0)], f"turn-{orientation}")
    geos = {"rest": labeljudge.Geometry(b.manifest), "start": labeljudge.Geometry(old.manifest, cx=cx, cy=cy)}
    checked = 0
    for key in ("rest", "start"):
        frame = frames[key]
        assert not labeljudge.judge(frame, geos[key], at_rest=key == "rest"), (key, labeljudge.judge(frame, geos[key]))
        for t in frame["texts"]:
            if t["kind"] != "p-lb" or t["opacity"] < 0.5:
                continue
            alpha = math.degrees(math.atan2(t["anchor"][0] - cx, -(t["anchor"][1] - cy)))
            off = (t["turn"] - expected_turn(orientation, alpha) + 180) % 360 - 180
            assert abs(off) < 0.5, (key, t["text"], alpha, t["turn"])
            checked += 1
    assert checked >= 8
    assert any(t["kind"] == "p-lb" and labeljudge.turned(t) for t in frames["rest"]["texts"])
    outside = [t for t in frames["rest"]["texts"] if t["kind"] == "p-ol" and t["opacity"] > 0.5]
    assert outside and not any(labeljudge.turned(t) for t in outside)
