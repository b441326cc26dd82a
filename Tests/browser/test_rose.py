"""`chart.rose` (polar area) measured in each engine: equal angles, outer radii by value.

At rest and at 0/25/50/75/100 % of transitions and after the end, every frame is checked
twice (equal angles, and `rose: {angles: value}`'s pie angles): along the middle of every band between successive radii, the boundaries of exactly the
wedges that reach that band (angles, within the motion/rest tolerance) and the expected colour
everywhere else; and along rays through each wedge, its outer edge at the expected radius (sub-
pixel). Expected radii come from the manifest and the exact model; the manifest's radii are
checked against the formula computed here from the spec (area: r = R sqrt(v / max) on a pie,
r^2 - i^2 proportional to v on a donut; radius: linear), and the angles against equal shares."""

import copy
import json
import math

import pytest

from piectest import bundle as bundles, checks, labeljudge, labelmeasure, specs
from piectest.chromium import SeekPage
from piectest.measure import BandProbe, Probe, radial_edges
from piectest.transition import TransitionChart

COLORS = specs.SLICE_COLORS


def rose(values, mode, chart=None, colors=None):
    s = specs.spec("t", values, chart={"rose": mode, **(chart or {})}, colors=colors)
    return s


AT_REST = {
    "area-pie": rose([40, 25, 16, 9, 4], "area"),
    "radius-donut": rose([10, 2, 6, 8], "radius", {"innerRadius": 0.3}),
    # rose: {angles: value} (Vega-Lite's radial chart): pie angles, radii by value.
    "value-angles": rose([40, 25, 16, 9, 4], {"angles": "value", "radius": "area"}),
    "area-gauge-zero": rose([5, 0, 3, 2], "area", {"sweep": 180, "startAngle": -90, "innerRadius": 0.25},
                            colors=[COLORS[0], specs.HAIRLINE, COLORS[1], COLORS[2]]),
}
TRANSITIONS = {
    # Values change in a linear rose: radii grow and shrink, angles stay.
    "values": (rose([10, 2, 6, 8], "radius"), rose([4, 9, 6, 10], "radius")),
    # A pie becomes a rose while a slice leaves and one arrives (ids s0..s3 -> s0, s1, s2, s4).
    "rose-on": (specs.spec("t", [40, 30, 20, 10]),
                rose([40, 30, 20, 10], "area")),
    # A slice of a pie rose goes to 0 and back: it shrinks into the centre (it vanished at the
    # first frame when its final circle had radius 0) and grows out of it.
    "to-zero": (rose([10, 6, 8, 4], "area"), rose([10, 0, 8, 4], "area")),
    "from-zero": (rose([10, 0, 8, 4], "area"), rose([10, 6, 8, 4], "area")),
    # Equal angles become angles by value while values change: angles and radii both move.
    "angles-on": (rose([10, 2, 6, 8], "area"), rose([10, 4, 6, 8], {"angles": "value", "radius": "linear"})),
    # A rose (donut) turns back into a pie.
    "rose-off": (rose([40, 10, 25, 5], "area", {"innerRadius": 0.3}),
                 specs.spec("t", [40, 10, 25, 5], chart={"innerRadius": 0.3})),
}
TRANSITIONS["rose-on"][1]["slices"][3] = {"id": "s5", "label": "S5", "value": 15, "color": COLORS[5]}
WORST = {}    # engine -> {"angle motion"/"angle rest": deg, "radius motion"/"radius rest": px}
PERCENTS = [0, 25, 50, 75, 100]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]


def mode_of(rose_value):
    """(angles, radius) of a `chart.rose` value: a word or the mapping."""
    if isinstance(rose_value, dict):
        return rose_value.get("angles", "equal"), rose_value.get("radius", "area")
    return "equal", {"area": "area", "radius": "linear"}[rose_value]


def expected_radius(value, largest, mode, outer, inner):
    if value <= 0:
        return inner
    f = value / largest
    if mode == "linear":
        return inner + (outer - inner) * f
    return math.sqrt(inner * inner + (outer * outer - inner * inner) * f)


@pytest.fixture(scope="module")
def rest_bundles(build):
    return {name: build(copy.deepcopy(spec) | {"id": name}) for name, spec in AT_REST.items()}


@pytest.mark.parametrize("name", AT_REST)
def test_manifest_radii_and_angles_follow_the_spec(rest_bundles, name):
    spec, m = AT_REST[name], rest_bundles[name].manifest
    c = m["chart"]
    outer, inner = float(c["outerRadius"]), float(c["innerRadius"])
    values = [s["value"] for s in spec["slices"]]
    n, sweep = len(values), spec["chart"].get("sweep", 360)
    angles, radius = mode_of(spec["chart"]["rose"])
    for k, (s, v) in enumerate(zip(m["slices"], values)):
        want = expected_radius(v, max(values), radius, outer, inner)
        assert float(s.get("outerRadius", outer)) == pytest.approx(want, abs=2e-3), s["id"]
        share = sweep / n if angles == "equal" else sweep * v / sum(values)
        assert float(s["endAngle"]) - float(s["startAngle"]) == pytest.approx(share, abs=1e-3), s["id"]
    # Real shares, not 1/n (one decimal, largest remainder: within 0.1).
    assert [float(s["percent"]) for s in m["slices"]] == pytest.approx([100 * v / sum(values) for v in values], abs=0.1001)


@pytest.fixture(scope="module")
def rest_page(rest_bundles, shoot):
    items, index = [], {}
    for name, bundle in rest_bundles.items():
        chart = bundle.chart()
        for phase, t in (("mid", chart.delay + chart.duration / 2), ("end", chart.end_time + 250)):
            index[name, phase] = len(items)
            items.append((bundle.svg, t))
    page = SeekPage(items, background=specs.MAGENTA)
    return index, page, shoot(page, "rose-rest")


def record(engine, probe, rest):
    """The worst angle (degrees) and radius (px) errors measured, per engine and phase."""
    worst = WORST.setdefault(engine, {})
    phase = "rest" if rest else "motion"
    unit = 1 / probe.viewport.scale
    angles = [abs(e.error) for r in probe.chart.bands(probe.t, 4 * unit)
              for e in BandProbe(probe.raster, probe.viewport, probe.chart, probe.t, r).edges(r) if e.measured is not None]
    radii = [abs(e.error) * probe.viewport.scale for e in radial_edges(probe) if e.measured is not None]
    for key, values in ((f"angle {phase}", angles), (f"radius {phase}", radii)):
        worst[key] = round(max([worst.get(key, 0.0)] + values), 3)


def frame_problems(page, raster, i, chart, t_ms, engine, expect_animations=True):
    frame = page.frames[i]
    probe = Probe(raster, frame.viewport, chart, t_ms)
    rest = t_ms >= chart.end_time
    record(engine, probe, rest)
    problems = checks.marker_problems(page, raster, i, expect_animations)
    problems += checks.band_problems(probe, checks.tolerance_at(chart, t_ms))
    problems += checks.radius_problems(probe, checks.RADIAL_REST_TOLERANCE if rest else checks.RADIAL_MOTION_TOLERANCE)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    return problems


@pytest.mark.parametrize("phase", ["mid", "end"])
@pytest.mark.parametrize("name", AT_REST)
def test_rose_enters_and_rests_exactly(rest_bundles, rest_page, engine, name, phase):
    index, page, raster = rest_page
    chart = rest_bundles[name].chart()
    i = index[name, phase]
    t = page.frames[i].t_ms
    checks.report(frame_problems(page, raster, i, chart, t, engine.name),
                  f"{name} at t={t} ms, screenshot {page.screenshot}")


@pytest.fixture(scope="module")
def transitions(piec, workdir, shoot):
    out = {}
    for name, (before, after) in TRANSITIONS.items():
        old, new = copy.deepcopy(before), copy.deepcopy(after)
        old["id"] = new["id"] = "rose-" + name
        case_dir = workdir / ("rose-" + name)
        case_dir.mkdir(parents=True, exist_ok=True)
        bundle = bundles.build_transition(piec, old, new, case_dir)
        chart = TransitionChart(bundle.manifest)
        start, end = chart.delay, chart.end_time
        times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
        page = SeekPage([(bundle.svg, t) for t in times], columns=len(times), background=chart.background)
        out[name] = (bundle, chart, page, shoot(page, "rose-" + name))
    return out


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
@pytest.mark.parametrize("name", TRANSITIONS)
def test_rose_transitions_follow_the_exact_model(transitions, engine, name, index):
    bundle, chart, page, raster = transitions[name]
    t = page.frames[index].t_ms
    checks.report(frame_problems(page, raster, index, chart, t, engine.name),
                  f"{name} {LABELS[index]} (t={t} ms), screenshot {page.screenshot}")


def test_rose_on_changes_angles_and_radii_in_the_plan(transitions):
    """The transition really moves both: equal angles and radii by value at the end, the
    pie's angles and one radius at the start."""
    m = transitions["rose-on"][0].manifest
    by_id = {t["id"]: t for t in m["transitions"]}
    s0 = by_id["s0"]
    assert float(s0["from"]["endAngle"]) - float(s0["from"]["startAngle"]) == pytest.approx(144, abs=1e-3)
    assert float(s0["to"]["endAngle"]) - float(s0["to"]["startAngle"]) == pytest.approx(90, abs=1e-3)
    s1 = by_id["s1"]
    outer = float(m["chart"]["outerRadius"])
    assert float(s1["from"]["outerRadius"]) == pytest.approx(outer, abs=1e-3)
    assert float(s1["to"]["outerRadius"]) == pytest.approx(outer * math.sqrt(30 / 40), abs=2e-3)
    assert any("rose" in str(c) for c in m["changes"]["chart"])


@pytest.fixture(scope="module")
def own_radius_labels(piec, workdir, repo, dom):
    """specs/rose-labels.yaml at rest and specs/transitions/rose-rims.yaml at its start and
    middle, measured in the current engine (labels at each slice's own radius), each with the
    geometry to judge it by (the previous version's at the start, on the new canvas)."""
    specs_dir = repo / "specs"
    builds = {"gallery": (specs_dir / "rose-labels.yaml", specs_dir / "transitions" / "before" / "rose-rims.yaml"),
              "moved": (specs_dir / "transitions" / "rose-rims.yaml", "--from", specs_dir / "transitions" / "before")}
    for name, args in builds.items():
        proc = bundles.run(piec, "build", *args, "-o", workdir / name)
        assert proc.returncode == 0, proc.stderr

    def read(folder, chart):
        d = workdir / folder / chart
        return json.loads((d / "manifest.json").read_text()), (d / "chart.svg").read_text()
    rest, before, moved = read("gallery", "rose-labels"), read("gallery", "rose-rims-before"), read("moved", "rose-rims")
    chart = TransitionChart(moved[0])
    frames = [("rest", rest[1], "rest"), ("start", moved[1], chart.delay),
              ("mid", moved[1], (chart.delay + chart.end_time) / 2)]
    measured = labelmeasure.measure(dom, workdir, frames, "own-radius")
    c = moved[0]["chart"]
    return {"rest": (labeljudge.Geometry(rest[0]), measured["rest"]),
            "start": (labeljudge.Geometry(before[0], cx=c["cx"], cy=c["cy"]), measured["start"]),
            "mid": (labeljudge.Geometry(moved[0]), measured["mid"]), "new": moved[0], "old": before[0]}


def own_rim(geo, point):
    """The slice whose middle angle a leader starts on, and the leader start's distance from the centre."""
    x, y = geo.local(point)
    return labeljudge.edge_slice(geo, point), math.hypot(x, y)


@pytest.mark.parametrize("phase", ["rest", "start"])
def test_rose_labels_stand_at_their_own_radius(own_radius_labels, engine, phase):
    """A rose's outside labels stand just beyond their own slice's rim, leaders from that rim,
    inside labels in their own wedge, and the label judge passes (overlap, spill, canvas)."""
    geo, frame = own_radius_labels[phase]
    problems = labeljudge.judge(frame, geo, at_rest=phase == "rest")
    assert not problems, problems
    outside = [t for t in frame["texts"] if t["kind"] == "p-ol" and t["opacity"] > labeljudge.SHOWN]
    near = 0
    for t in outside:
        s, r = own_rim(geo, t["anchor"])
        assert r == pytest.approx(s["outer"], abs=0.5), (t["text"], r, s)
        x0, y0, x1, y1 = labeljudge.local_box(t["box"], geo)
        if math.hypot(min(max(0, x0), x1), min(max(0, y0), y1)) < geo.outer:
            near += 1
    # At least two small wedges' labels (Codegen, Docs) stand nearer than the pie's rim.
    assert near >= 2, [(t["text"], t["box"]) for t in outside]
    inside = [t for t in frame["texts"] if t["kind"] == "p-lb" and t["opacity"] > labeljudge.SHOWN]
    assert len(inside) >= 3


def test_rose_labels_move_with_their_slice(own_radius_labels, engine):
    """Mid-transition, Docs' leader starts between its old and its new rim: the label moves
    out with its growing wedge."""
    geo, frame = own_radius_labels["mid"]
    old = {s["id"]: s for s in own_radius_labels["old"]["slices"]}
    new = {s["id"]: s for s in own_radius_labels["new"]["slices"]}
    docs = [t for t in frame["texts"] if t["kind"] == "p-ol" and t["text"] == "Docs" and t["opacity"] > labeljudge.SHOWN]
    assert docs and docs[0].get("anchor"), [t["text"] for t in frame["texts"]]
    _, r = own_rim(geo, docs[0]["anchor"])
    lo, hi = sorted((float(old["docs"]["outerRadius"]), float(new["docs"]["outerRadius"])))
    assert hi - lo > 5 and lo + 0.5 < r < hi - 0.5, (r, lo, hi)


def test_worst_rose_errors(engine, workdir):
    """Runs after the frames above (file order): reports the worst errors measured."""
    worst = WORST.get(engine.name)
    assert worst, f"nothing measured in {engine.name}"
    (workdir / f"{engine.name}-worst-rose-error.json").write_text(json.dumps(worst, indent=1))
    print(f"\n{engine.name}: worst rose errors (deg, px): {json.dumps(worst)}")
    assert worst["angle motion"] <= checks.MOTION_TOLERANCE and worst["angle rest"] <= checks.REST_TOLERANCE
    assert worst["radius motion"] <= checks.RADIAL_MOTION_TOLERANCE and worst["radius rest"] <= checks.RADIAL_REST_TOLERANCE


# chart.grid: circles at 10, 20, 30, 40 on a rose whose largest value (40) doubles to 80, with
# circles 10, 20, 40, 80: every circle moves inwards with the scale, 30 fades out, 80 fades in.
GRID = (rose([40, 10, 25, 5], "area", {"grid": {"circles": [10, 20, 30, 40]}}),
        rose([80, 10, 25, 5], "area", {"grid": {"circles": [10, 20, 40, 80]}}))


@pytest.fixture(scope="module")
def grid_case(piec, workdir, shoot):
    old, new = copy.deepcopy(GRID[0]), copy.deepcopy(GRID[1])
    old["id"] = new["id"] = "rose-grid"
    case_dir = workdir / "rose-grid"
    case_dir.mkdir(parents=True, exist_ok=True)
    bundle = bundles.build_transition(piec, old, new, case_dir)
    chart = TransitionChart(bundle.manifest)
    times = [chart.delay, chart.end_time + 250]
    page = SeekPage([(bundle.svg, t) for t in times], columns=len(times), background=chart.background)
    return bundle, page, shoot(page, "rose-grid")


def line_centre(raster, viewport, cx, cy, angle, r, reach=4.0, step=0.125):
    """Where along the ray at `angle` (degrees from 12 o'clock, clockwise) a grey line near
    radius `r` is darkest: the darkness-weighted centre of the samples within `reach`."""
    total = weighted = 0.0
    a = math.radians(angle)
    d = r - reach
    while d <= r + reach:
        x, y = viewport.to_pixels(cx + d * math.sin(a), cy - d * math.cos(a))
        dark = max(0.0, 255 - sum(raster.sample(x, y)) / 3 - 8)
        total += dark
        weighted += dark * d
        d += step
    return weighted / total if total else None


@pytest.mark.parametrize("phase", ["start", "end"])
def test_rose_grid_circles_move_with_the_scale(grid_case, engine, phase):
    """At the start every circle is where the old scale puts its value, after the end where
    the new one does (manifest `grid`, checked against the formula here); each is measured
    along the ray through the smallest wedge, in the gap above it."""
    bundle, page, raster = grid_case
    m = bundle.manifest
    c = m["chart"]
    outer, cx, cy = float(c["outerRadius"]), float(c["cx"]), float(c["cy"])
    circles = m["grid"]["circles"]
    assert [float(g["value"]) for g in circles] == [10, 20, 30, 40, 80]
    for g in circles:
        v = float(g["value"])
        assert float(g["fromRadius"]) == pytest.approx(outer * math.sqrt(min(v / 40, 1)), abs=2e-3)
        assert float(g["radius"]) == pytest.approx(outer * math.sqrt(v / 80), abs=2e-3)
    start = phase == "start"
    frame = page.frames[0 if start else 1]
    problems = []
    for g in circles:
        r, shown = (float(g["fromRadius"]), float(g["fromOpacity"])) if start else (float(g["radius"]), float(g["opacity"]))
        if shown == 0:
            continue
        # The smallest wedge (value 5) is the last quarter: its middle ray is clear above it.
        found = line_centre(raster, frame.viewport, cx, cy, 315, r)
        if found is None or abs(found - r) > 0.5:
            problems.append(f"circle {g['value']}: expected radius {r:.3f}, found {found}")
    checks.report(problems, f"grid {phase}, screenshot {page.screenshot}")
