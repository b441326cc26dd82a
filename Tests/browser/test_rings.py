"""Concentric rings (`rings:`) measured in each engine: each ring's boundary angles within its
own band and each ring's radii along rays, at rest and in motion.

The expected drawing comes from the manifest: its `rings` give each ring's band (checked here
against equal bands between the hole and the outer radius, computed from the spec) and its
slices (ids `ring/slice`); its transitions carry, for a chart of rings, each segment's inner
radius as well. `RingsTransitionChart` plans every ring on its own exactly as piec promises:
within a ring the segments tile the sweep (running sums of the widths, rescaled to the
sweep), and every radius moves in the same eased progress, so the bands tile the disc.

Every frame is checked along the middle of every band between successive radii (each ring's
inner and outer radius): the boundaries of exactly the wedges of the ring that covers it,
within the motion/rest tolerance, and the expected colour everywhere else; along rays through
each wedge, its outer edge (the next ring's inner edge) at the expected radius (a seam
between two rings to the motion tolerance at rest, see SEAM_TOLERANCE); and no background
between the slices of a ring (its radial seams)."""

import copy
import json
import math

import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage
from piectest.geometry import Chart, Wedge, mix, parse_hex
from piectest.measure import BandProbe, Probe, radial_edges
from piectest.transition import TransitionChart, _absorb_slivers

COLORS = specs.SLICE_COLORS


def ring(ring_id, values, colors, ids=None, band=None, parents=None):
    ids = ids or [f"s{i}" for i in range(len(values))]
    r = {"id": ring_id, "label": ring_id.upper(),
         "slices": [{"id": i, "label": i.upper(), "value": v, "color": c} for i, v, c in zip(ids, values, colors)]}
    if band:
        r["band"] = band
    for s, p in zip(r["slices"], parents or []):
        s["parent"] = p
    return r


def rings_spec(rings, chart=None, animation=None):
    s = specs.spec("t", [1], chart=chart, animation=animation)
    del s["slices"]
    s["rings"] = rings
    return s


# Neighbouring rings never share a colour (their common edge is measured along rays).
A, B = COLORS[0:3], COLORS[3:6]
AT_REST = {
    "two-pie": rings_spec([ring("in", [3, 1, 2], A), ring("out", [1, 2, 4], B)]),
    "three-donut": rings_spec([ring("a", [1, 1], A[:2]), ring("b", [5, 3, 2], B), ring("c", [2, 7, 1], A)],
                              {"innerRadius": 0.25}),
    "gauge-total": rings_spec([ring("in", [30, 20], A[:2]), ring("out", [45, 25, 10], B)],
                              {"sweep": 180, "startAngle": -90, "innerRadius": 0.3, "total": 100}),
}
TRANSITIONS = {
    # A slice of the inner ring changes, one is inserted there; the outer ring is added and
    # grows from the outer edge while the inner ring's band narrows.
    "ring-added": (rings_spec([ring("in", [3, 1, 2], A)]),
                   rings_spec([ring("in", [3, 2, 1, 2], [A[0], A[1], B[2], A[2]], ["s0", "s1", "s9", "s2"]),
                               ring("out", [3, 5], B[:2])])),
    # The inner ring of three leaves (shrinks to the hole) while the others widen; a slice of
    # the middle ring is removed and the outer ring's values change.
    "ring-removed": (rings_spec([ring("a", [1, 1], A[:2]), ring("b", [5, 3, 2], B), ring("c", [2, 7, 1], A)],
                                {"innerRadius": 0.25}),
                     rings_spec([ring("b", [5, 2], [B[0], B[2]], ["s0", "s2"]), ring("c", [6, 3, 1], A)],
                                {"innerRadius": 0.25})),
    # The inner two rings swap places (one shrinks out of its band while it grows into the
    # other's) and the outer ring changes a value.
    "swap": (rings_spec([ring("a", [1, 1], A[:2]), ring("b", [5, 3, 2], B), ring("c", [2, 7, 1], A)], {"innerRadius": 0.2}),
             rings_spec([ring("b", [5, 3, 2], B), ring("a", [1, 1], A[:2]), ring("c", [2, 5, 1], A)], {"innerRadius": 0.2})),
    # `chart.ringGap` from 4 to 12 px: the bands move apart (the background shows between
    # them; never so thin that its two edges blur into one) while the outer ring's values change.
    "gap": (rings_spec([ring("a", [1, 1], A[:2]), ring("b", [5, 3, 2], B), ring("c", [2, 7, 1], A)],
                       {"innerRadius": 0.2, "ringGap": 4}),
            rings_spec([ring("a", [1, 1], A[:2]), ring("b", [5, 3, 2], B), ring("c", [2, 5, 1], A)],
                       {"innerRadius": 0.2, "ringGap": 12})),
    # Rings with their own bands (`rings[].band`): a space between the inner two that closes
    # while the outer one narrows from the rim; `ringGap` keeps 6 px where two bands touch
    # (never a gap opening from nothing, whose two edges would blur into one).
    "bands": (rings_spec([ring("a", [1, 1], A[:2], band=[0.2, 0.4]), ring("b", [5, 3, 2], B, band=[0.55, 0.8]),
                          ring("c", [2, 7, 1], A, band=[0.8, 1])], {"innerRadius": 0.2, "ringGap": 6}),
              rings_spec([ring("a", [1, 1], A[:2], band=[0.2, 0.5]), ring("b", [5, 3, 2], B, band=[0.5, 0.7]),
                          ring("c", [2, 5, 1], A, band=[0.7, 0.9])], {"innerRadius": 0.2, "ringGap": 6})),
    # A sunburst (`parent`): values change and child s2 moves from parent p0 to p1; every
    # child stays inside its parent's angle in every frame (`test_children_inside_parents`).
    "sunburst": (rings_spec([ring("in", [3, 2], A[:2], ["p0", "p1"]),
                             ring("out", [2, 1, 2], B, parents=["p0", "p0", "p1"])], {"innerRadius": 0.2}),
                 rings_spec([ring("in", [2, 3], A[:2], ["p0", "p1"]),
                             ring("out", [2, 1, 2], B, parents=["p0", "p1", "p1"])], {"innerRadius": 0.2})),
    # Same rings, values change in both (bands stay): two independent one-sweep plans.
    "values": (rings_spec([ring("in", [3, 1, 2], A), ring("out", [1, 2, 4], B)]),
               rings_spec([ring("in", [1, 3, 2], A), ring("out", [4, 2, 1], B)])),
}
WORST = {}    # engine -> {"angle motion"/"angle rest": deg, "radius motion"/"radius rest": px}
PERCENTS = [0, 25, 50, 75, 100]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]


class RingsChart(Chart):
    """A chart of rings at rest or entering: every wedge carries its own band (the manifest's
    slices have inner and outer radii; an entering ring's slices keep them)."""

    def bands(self, t_ms, margin):
        radii = sorted({self.inner} | {w.outer for w in self.drawn(t_ms)} | {w.inner for w in self.drawn(t_ms)})
        return [(a + b) / 2 for a, b in zip(radii, radii[1:]) if b - a > 2 * margin]


class RingsTransitionChart(TransitionChart):
    """Each ring (segments whose id starts with `ring/`) planned on its own: a TransitionChart
    of that ring's segments, with inner radii interpolated like the outer ones."""

    def __init__(self, manifest, page_background=(255, 255, 255)):
        super().__init__(manifest, page_background)
        # `ring`: the drawn ring a segment belongs to (a ring that changes places is two).
        order = []
        for t in manifest["transitions"]:
            if t["ring"] not in order:
                order.append(t["ring"])
        self.parts = []
        for r in order:
            sub = copy.deepcopy(manifest)
            sub["transitions"] = [t for t in manifest["transitions"] if t["ring"] == r]
            sub["movers"] = [t for t in manifest.get("movers", []) if t["ring"] == r]
            ring_id = sub["transitions"][0]["id"].split("/")[0]
            sub["slices"] = [s for s in manifest["slices"] if s["id"].split("/")[0] == ring_id] or manifest["slices"][:1]
            self.parts.append(TransitionChart(sub, page_background))

    def wedges(self, t_ms):
        if t_ms >= self.end_time:
            return Chart.wedges(self, self.end_time + 1)
        out = []
        for part in self.parts:
            e = part._e(t_ms, part.seg_windows[0])
            ws = []
            for s, a, b, outer, color in part.state(t_ms):
                f, to = float(s["from"]["innerRadius"]), float(s["to"]["innerRadius"])
                if b - a > 1e-9:
                    ws.append(Wedge("slice:" + s["id"], a, b, outer, f + (to - f) * e, color))
            out += _absorb_slivers(ws)
            em = part._e(t_ms, part.mover_window)
            for m in part.movers:
                f, to = m["from"], m["to"]
                lerp = lambda k: float(f[k]) + (float(to[k]) - float(f[k])) * em
                out.append(Wedge("slice:" + m["id"], lerp("startAngle"), lerp("endAngle"), lerp("outerRadius"),
                                 lerp("innerRadius"), mix(parse_hex(f["color"]), parse_hex(to["color"]), em)))
        return out

    bands = RingsChart.bands


@pytest.fixture(scope="module")
def rest_bundles(build):
    return {name: build(copy.deepcopy(spec) | {"id": name}) for name, spec in AT_REST.items()}


@pytest.mark.parametrize("name", AT_REST)
def test_manifest_bands_are_equal_and_each_ring_tiles_its_sweep(rest_bundles, name):
    spec, m = AT_REST[name], rest_bundles[name].manifest
    c = m["chart"]
    outer, hole = float(c["outerRadius"]), float(c["innerRadius"])
    n = len(spec["rings"])
    assert [r["id"] for r in m["rings"]] == [r["id"] for r in spec["rings"]]
    by_id = {s["id"]: s for s in m["slices"]}
    sweep, total = spec["chart"].get("sweep", 360), spec["chart"].get("total")
    for k, (r, want) in enumerate(zip(m["rings"], spec["rings"])):
        assert float(r["innerRadius"]) == pytest.approx(hole + (outer - hole) * k / n, abs=2e-3)
        assert float(r["outerRadius"]) == pytest.approx(hole + (outer - hole) * (k + 1) / n, abs=2e-3)
        assert r["slices"] == [f"{want['id']}/{s['id']}" for s in want["slices"]]
        values = [s["value"] for s in want["slices"]]
        denominator = total or sum(values)
        angle = float(c["startAngle"])
        for sid, v in zip(r["slices"], values):
            s = by_id[sid]
            assert float(s["startAngle"]) == pytest.approx(angle, abs=1e-3), sid
            angle += sweep * v / denominator
            assert float(s["endAngle"]) == pytest.approx(angle, abs=1e-3), sid
            assert float(s["innerRadius"]) == pytest.approx(float(r["innerRadius"]), abs=1e-3), sid
            assert float(s["outerRadius"]) == pytest.approx(float(r["outerRadius"]), abs=1e-3), sid
        # Percentages are shares of the ring, not of the whole chart.
        shares = [float(by_id[sid]["percent"]) for sid in r["slices"]]
        assert shares == pytest.approx([100 * v / denominator for v in values], abs=0.1001)


@pytest.fixture(scope="module")
def rest_page(rest_bundles, shoot):
    items, index = [], {}
    for name, bundle in rest_bundles.items():
        chart = RingsChart(bundle.manifest)
        for phase, t in (("mid", chart.delay + chart.duration / 2), ("end", chart.end_time + 250)):
            index[name, phase] = len(items)
            items.append((bundle.svg, t))
    page = SeekPage(items, background=specs.MAGENTA)
    return index, page, shoot(page, "rings-rest")


# Where two rings meet, the inner ring is painted 1 px under the outer one (`RingSeams`), so no
# background shows there (test_no_seam_between_rings_of_one_colour); the edge measured is the
# outer ring's, whose half-way point over another colour moves up to ~0.43 px at rest in WebKit. Those seams are held to the motion tolerance at rest; the
# chart's rim (a ring against the background) to the rest tolerance.
SEAM_TOLERANCE = checks.RADIAL_MOTION_TOLERANCE


def is_seam(edge):
    return edge.after.startswith("slice:")


def record(engine, probe, rest):
    """The worst angle (degrees) and radius (px) errors measured, per engine and phase; ring
    seams at rest apart."""
    worst = WORST.setdefault(engine, {})
    phase = "rest" if rest else "motion"
    unit = 1 / probe.viewport.scale
    angles = [abs(e.error) for r in probe.chart.bands(probe.t, 4 * unit)
              for e in BandProbe(probe.raster, probe.viewport, probe.chart, probe.t, r).edges(r) if e.measured is not None]
    edges = [e for e in visible_edges(probe) if e.measured is not None]
    radii = [abs(e.error) * probe.viewport.scale for e in edges if not (rest and is_seam(e))]
    seams = [abs(e.error) * probe.viewport.scale for e in edges if rest and is_seam(e)]
    for key, values in ((f"angle {phase}", angles), (f"radius {phase}", radii), ("seam rest", seams)):
        worst[key] = round(max([worst.get(key, 0.0)] + values), 3)


def visible_edges(probe, min_arc_px=10):
    """`radial_edges` without those between two slices of one colour (rings that become
    neighbours in a swap may share colours: such an edge draws nothing to measure) and those
    whose ray runs within `min_arc_px` of a boundary of the ring beyond (what lies beyond is
    then two slices, not one)."""
    chart, t, unit = probe.chart, probe.t, 1 / probe.viewport.scale
    wedges = chart.drawn(t)
    out = []
    for e in radial_edges(probe):
        if probe.colors[e.key] == probe.colors[e.after]:
            continue
        r = e.expected + 3 * unit
        d = math.degrees(min_arc_px * unit / r)
        if any(chart.key_at(e.angle + s * d, r, t, wedges) != e.after for s in (-1, 1)):
            continue
        out.append(e)
    return out


def radius_problems(probe, rest):
    """Every wedge's outer edge at its expected radius along rays: the rim within the rest or
    motion tolerance, a seam between rings within SEAM_TOLERANCE (at most) at rest."""
    edges = visible_edges(probe)
    problems = [] if edges else ["no outer edges to measure"]
    scale = probe.viewport.scale
    for e in edges:
        tolerance = checks.RADIAL_MOTION_TOLERANCE if not rest else SEAM_TOLERANCE if is_seam(e) else checks.RADIAL_REST_TOLERANCE
        if e.measured is None or abs(e.error) * scale > tolerance:
            problems.append(e.describe() + f" (tolerance {tolerance} px = {tolerance / scale:.2f} units)")
    return problems


def seam_problems(probe):
    """No background between the slices of a ring: the radial seams of each band."""
    unit = 1 / probe.viewport.scale
    problems = []
    for r in probe.chart.bands(probe.t, 4 * unit):
        band = BandProbe(probe.raster, probe.viewport, probe.chart, probe.t, r)
        leaks = band.leaks([r], specs.MAGENTA)
        if leaks and leaks[0][0] > checks.LEAK_LIMIT:
            problems.append(f"background shows between slices at r={r:.1f} (share, angle, r): "
                            f"{[(round(s, 3), a, round(x, 1)) for s, a, x in leaks[:4]]}")
    return problems


def frame_problems(page, raster, i, chart, t_ms, engine, expect_animations=True):
    """The instant the animation ends (100 %) is checked as motion: WebKit still draws the
    motion layer there (stroked circles, whose wide strokes cairo offsets by up to ~0.5 px),
    the other engines the rest layer. From the next instant on, the rest tolerances apply."""
    frame = page.frames[i]
    probe = Probe(raster, frame.viewport, chart, t_ms)
    rest = t_ms > chart.end_time
    record(engine, probe, rest)
    problems = checks.marker_problems(page, raster, i, expect_animations)
    problems += checks.band_problems(probe, checks.REST_TOLERANCE if rest else checks.MOTION_TOLERANCE)
    problems += radius_problems(probe, rest)
    problems += seam_problems(probe)
    return problems


@pytest.mark.parametrize("phase", ["mid", "end"])
@pytest.mark.parametrize("name", AT_REST)
def test_rings_enter_and_rest_exactly(rest_bundles, rest_page, engine, name, phase):
    index, page, raster = rest_page
    chart = RingsChart(rest_bundles[name].manifest)
    i = index[name, phase]
    t = page.frames[i].t_ms
    checks.report(frame_problems(page, raster, i, chart, t, engine.name),
                  f"{name} at t={t} ms, screenshot {page.screenshot}")


@pytest.fixture(scope="module")
def transitions(piec, workdir, shoot):
    out = {}
    for name, (before, after) in TRANSITIONS.items():
        old, new = copy.deepcopy(before), copy.deepcopy(after)
        old["id"] = new["id"] = "rings-" + name
        case_dir = workdir / ("rings-" + name)
        case_dir.mkdir(parents=True, exist_ok=True)
        bundle = bundles.build_transition(piec, old, new, case_dir)
        chart = RingsTransitionChart(bundle.manifest)
        start, end = chart.delay, chart.end_time
        times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
        page = SeekPage([(bundle.svg, t) for t in times], columns=len(times), background=chart.background)
        out[name] = (bundle, chart, page, shoot(page, "rings-" + name))
    return out


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
@pytest.mark.parametrize("name", TRANSITIONS)
def test_ring_transitions_follow_the_exact_model(transitions, engine, name, index):
    bundle, chart, page, raster = transitions[name]
    t = page.frames[index].t_ms
    checks.report(frame_problems(page, raster, index, chart, t, engine.name),
                  f"{name} {LABELS[index]} (t={t} ms), screenshot {page.screenshot}")


def test_slices_match_by_ring_and_id(transitions):
    """s0..s2 of `in` are updates (same ring, same id), s9 is inserted in `in`, and every
    slice of the new ring `out` grows from the outer edge (a band of no width) to its band."""
    m = transitions["ring-added"][0].manifest
    by_id = {t["id"]: t for t in m["transitions"]}
    assert {by_id[f"in/s{i}"]["kind"] for i in range(3)} == {"update"}
    assert by_id["in/s9"]["kind"] == "enter"
    outer = float(m["chart"]["outerRadius"])
    for i in range(2):
        t = by_id[f"out/s{i}"]
        assert float(t["from"]["innerRadius"]) == pytest.approx(outer, abs=1e-3)
        assert float(t["from"]["outerRadius"]) == pytest.approx(outer, abs=1e-3)
        assert float(t["to"]["innerRadius"]) == pytest.approx(outer / 2, abs=1e-3)
    assert float(by_id["in/s0"]["from"]["outerRadius"]) == pytest.approx(outer, abs=1e-3)
    assert float(by_id["in/s0"]["to"]["outerRadius"]) == pytest.approx(outer / 2, abs=1e-3)
    removed = transitions["ring-removed"][0].manifest
    gone = [t for t in removed["transitions"] if t["id"].startswith("a/")]
    hole = float(removed["chart"]["innerRadius"])
    assert gone and all(float(t["to"]["outerRadius"]) == pytest.approx(hole, abs=1e-3) for t in gone)
    assert {t["id"]: t["kind"] for t in removed["transitions"]}["b/s1"] == "exit"


def test_bands_and_children_follow_the_spec(transitions):
    """The manifest's rings at rest: the `bands` case's own bands (fractions of the radius,
    `ringGap` taken half from each ring where two touch), and the `sunburst` case's children
    sharing their parent's angle by value, inside it (the frames above measure those angles
    in every engine's screenshot against this manifest)."""
    m = transitions["bands"][0].manifest
    outer = float(m["chart"]["outerRadius"])
    radii = [float(r[k]) for r in m["rings"] for k in ("innerRadius", "outerRadius")]
    assert radii == pytest.approx([0.2 * outer, 0.5 * outer - 3, 0.5 * outer + 3, 0.7 * outer - 3, 0.7 * outer + 3, 0.9 * outer],
                                  abs=0.051)
    m = transitions["sunburst"][0].manifest
    by_id = {s["id"]: s for s in m["slices"]}
    children = {"in/p0": ["out/s0"], "in/p1": ["out/s1", "out/s2"]}
    for parent, kids in children.items():
        p = by_id[parent]
        a, b = float(p["startAngle"]), float(p["endAngle"])
        values = [float(by_id[k]["value"]) for k in kids]
        at = a
        for k, v in zip(kids, values):
            assert float(by_id[k]["startAngle"]) == pytest.approx(at, abs=0.011), k
            at += (b - a) * v / sum(values)
            assert float(by_id[k]["endAngle"]) == pytest.approx(at, abs=0.011), k


def test_worst_ring_errors(engine, workdir):
    """Runs after the frames above (file order): reports the worst errors measured."""
    worst = WORST.get(engine.name)
    assert worst, f"nothing measured in {engine.name}"
    (workdir / f"{engine.name}-worst-rings-error.json").write_text(json.dumps(worst, indent=1))
    print(f"\n{engine.name}: worst rings errors (deg, px): {json.dumps(worst)}")
    assert worst["angle motion"] <= checks.MOTION_TOLERANCE and worst["angle rest"] <= checks.REST_TOLERANCE
    assert worst["radius motion"] <= checks.RADIAL_MOTION_TOLERANCE and worst["radius rest"] <= checks.RADIAL_REST_TOLERANCE
    assert worst["seam rest"] <= SEAM_TOLERANCE


# Separators between rings (`theme.stroke`: a circle where two rings meet) and the seam where
# two rings of one colour meet without one. Separated charts draw black 3 px lines; the
# circle's middle is found along rays as the mean radius weighted by the share of black, +-3 units.
STROKE = {"color": "#000000", "width": 3}


def stroked(spec):
    s = copy.deepcopy(spec)
    s["theme"]["stroke"] = dict(STROKE)
    return s


SEPARATED = {
    # Rest (a growing enter's end), and a transition whose bands move: a ring added in the
    # middle grows from the outer ring's old inner edge while the inner edge moves in.
    "sep-added": (stroked(rings_spec([ring("a", [1, 2], A[:2]), ring("c", [2, 1], B[:2])], {"innerRadius": 0.2})),
                  stroked(rings_spec([ring("a", [1, 2], A[:2]), ring("b", [3, 1], B[1:3]), ring("c", [2, 1], B[:2])],
                                     {"innerRadius": 0.2}))),
    # Counterclockwise gauge: the circles are arcs over the sweep; a ring leaves at the rim.
    "sep-gauge": (stroked(rings_spec([ring("a", [1, 2], A[:2]), ring("b", [3, 1], B[1:3]), ring("c", [2, 1], B[:2])],
                                     {"innerRadius": 0.3, "sweep": 180, "startAngle": 90, "direction": "counterclockwise"})),
                  stroked(rings_spec([ring("a", [1, 2], A[:2]), ring("b", [1, 3], B[1:3])],
                                     {"innerRadius": 0.3, "sweep": 180, "startAngle": 90, "direction": "counterclockwise"}))),
}
# Three rings of one colour, no separator: no background where they meet.
ONE_COLOUR = rings_spec([ring("a", [1], [A[0]]), ring("b", [1], [A[0]]), ring("c", [2, 1], [A[0], A[0]])],
                        {"innerRadius": 0.2})
SEP_PERCENTS = [0, 30, 60, 100]


@pytest.fixture(scope="module")
def separated(piec, workdir, shoot):
    out = {}
    for name, (before, after) in SEPARATED.items():
        old, new = copy.deepcopy(before), copy.deepcopy(after)
        old["id"] = new["id"] = "rings-" + name
        case_dir = workdir / ("rings-" + name)
        case_dir.mkdir(parents=True, exist_ok=True)
        bundle = bundles.build_transition(piec, old, new, case_dir)
        chart = RingsTransitionChart(bundle.manifest)
        start, end = chart.delay, chart.end_time
        times = [start + (end - start) * p / 100 for p in SEP_PERCENTS] + [end + 250]
        page = SeekPage([(bundle.svg, t) for t in times], columns=len(times), background=chart.background)
        out[name] = (bundle, chart, page, shoot(page, "rings-" + name))
    return out


def expected_edges(chart, t_ms):
    """Each drawn ring's outer edge at t (its from and to radii in the same eased progress),
    where it lies between two rings of some width: (radius, sweep start, sweep, sign)."""
    bands = []
    for part in chart.parts:
        e = part._e(t_ms, part.seg_windows[0]) if t_ms < chart.end_time else 1
        s = part.transitions[0]
        lerp = lambda k: float(s["from"][k]) + (float(s["to"][k]) - float(s["from"][k])) * e
        bands.append((lerp("innerRadius"), lerp("outerRadius")))
    hole, rim = min(b[0] for b in bands), max(b[1] for b in bands)
    edges = []
    for inner, outer in bands:
        beyond = [b for b in bands if abs(b[0] - outer) < 1e-6 and b[1] - b[0] > 5]
        if outer - inner > 5 and hole + 5 < outer < rim - 5 and beyond:
            edges.append(outer)
    return edges


def separator_problems(probe, radii, darkness_min=0.6):
    """Along 12 rays over the sweep, the black line's middle at each expected radius."""
    chart, scale = probe.chart, probe.viewport.scale
    problems, errors = [], []
    for r in radii:
        for k in range(12):
            angle = chart.start_angle + chart.sweep * (k + 0.5) / 12
            # Black over a ring's colour C: max channel (1 - a) * max(C), so the share of
            # black a is exact against each side's colour, read at the window's ends.
            samples = [(r + i * 0.05, 1 - max(probe.color(angle, r + i * 0.05)) / 255) for i in range(-60, 61)]
            inside, outside = samples[0][1], samples[-1][1]
            weights = [(x, max(0.0, (d - (inside if x < r else outside)) / (1 - (inside if x < r else outside) + 1e-9)))
                       for x, d in samples]
            peak = max(w for _, w in weights)
            if peak < darkness_min:
                problems.append(f"no separator at r={r:.2f}, angle {angle:.1f} (darkest {peak:.2f})")
                continue
            total = sum(w for _, w in weights)
            mid = sum(x * w for x, w in weights) / total
            errors.append(abs(mid - r) * scale)
            if abs(mid - r) * scale > checks.RADIAL_MOTION_TOLERANCE:
                problems.append(f"separator at r={mid:.2f}, expected {r:.2f} (angle {angle:.1f})")
    return problems, errors


@pytest.mark.parametrize("index", range(len(SEP_PERCENTS) + 1), ids=[f"{p}%" for p in SEP_PERCENTS] + ["after-end"])
@pytest.mark.parametrize("name", SEPARATED)
def test_ring_separators_follow_the_bands(separated, engine, name, index):
    bundle, chart, page, raster = separated[name]
    frame = page.frames[index]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    radii = expected_edges(chart, frame.t_ms)
    assert radii, "no separator expected: the case measures nothing"
    problems, errors = separator_problems(probe, radii)
    worst = WORST.setdefault(engine.name, {})
    worst["separator"] = round(max([worst.get("separator", 0.0)] + errors), 3)
    checks.report(problems, f"{name} at t={frame.t_ms} ms, screenshot {page.screenshot}")


@pytest.fixture(scope="module")
def one_colour(build, shoot):
    bundle = build(copy.deepcopy(ONE_COLOUR) | {"id": "rings-one-colour"})
    chart = RingsChart(bundle.manifest)
    page = SeekPage([(bundle.svg, chart.end_time + 250)], background=specs.MAGENTA)
    return bundle, chart, page, shoot(page, "rings-one-colour")


def test_no_seam_between_rings_of_one_colour(one_colour, engine):
    """All around each circle where two rings meet, sampled every 0.1 px across it: no more
    background than between two slices of one ring (LEAK_LIMIT)."""
    bundle, chart, page, raster = one_colour
    frame = page.frames[0]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    level, scale = parse_hex(A[0])[1], frame.viewport.scale
    worst = (0.0, (0.0, 0.0))
    for ring_ in bundle.manifest["rings"][:-1]:
        r = float(ring_["outerRadius"])
        for k in range(72):
            for i in range(-10, 11):
                share = (level - probe.color(k * 5 + 2.5, r + i * 0.1 / scale)[1]) / (level - specs.MAGENTA[1])
                worst = max(worst, (share, (k * 5 + 2.5, round(r, 2))))
    WORST.setdefault(engine.name, {})["seam share"] = round(worst[0], 3)
    assert worst[0] <= checks.LEAK_LIMIT, f"background shows between rings: {worst}, screenshot {page.screenshot}"
