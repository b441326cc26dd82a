"""Issue 39's three motion bugs ("What must be true", last bullets), reproduced and measured.

Each open bug's test is `xfail(strict=True)` with the numbers measured on main (2ea1cc57) in its
reason: it passes CI today and fails (XPASS) once the bug is fixed, so whoever fixes it removes the mark.

Device pixel ratio 2 is drawn as the chart at twice its CSS size (a 480 px chart in a 960 px
frame): the harness shoots at device scale 1 in every engine (engines.py, chromium.py), and
the SVG's user space is scaled by 2 into device pixels either way. Checked in Chromium: the
seam case's page shot with `--force-device-scale-factor=2` has the same pixels at the seam as
the 960 px frame at scale 1.

1. Full replacement, t = 0: background along the 12 o'clock seam between c and a.
2. 60 slices in distinct colours, t = 500 ms: no sample off its slice's colour (Firefox draws
   slice 0's black inside a slice near 100 degrees).
3. Separators (white, 1 unit) over 96 and 200 slices of ten colours whose values change: at
   t = 0 every line the old chart built alone draws is drawn, and at each instant a line is
   drawn where both its slices are at least three line widths wide (fixed: on main 2ea1cc57
   the lines beside slices that end as slivers were left out from the first frame, 68 of 96
   and 142 of 200 at t = 0; now each line steps at the instants its slices cross the width).

Prints each measurement (`pytest -s`)."""

import colorsys
import copy
import math

import pytest

from piectest import bundle as bundles, checks
from piectest.chromium import SeekPage
from piectest.geometry import Chart, Wedge, parse_hex
from piectest.measure import Probe
from piectest.transition import TransitionChart

DPR = 2
SIZE = 480
FRAME = SIZE * DPR
LINEAR = {"duration": "1000ms", "easing": "linear", "delay": "0ms"}


def spec(chart_id, slices, stroke=None, size=SIZE):
    return {
        "piec": 1, "id": chart_id, "title": chart_id,
        "chart": {"size": size, "startAngle": 0, "sweep": 360, "showTitle": False},
        "labels": {"position": "none"},
        "legend": {"position": "none"},
        "theme": {"stroke": stroke or {"width": 0}},
        "animation": dict(LINEAR),
        "slices": slices,
    }


def entries(rows):
    return [{"id": i, "label": i.upper(), "value": v, "color": c} for i, v, c in rows]


# --- 1. the full-replacement seam ----------------------------------------------------------

SEAM_LIMIT = 0.10


def foreign_share(rgb, a, b, foreign):
    """Least-squares share of `foreign` in a pixel that mixes colours a, b and foreign, and the
    squared residual of that fit."""
    # rgb - f = wa (a - f) + wb (b - f): two unknowns, three channels.
    u = [x - y for x, y in zip(a, foreign)]
    v = [x - y for x, y in zip(b, foreign)]
    p = [x - y for x, y in zip(rgb, foreign)]
    uu, vv, uv = sum(x * x for x in u), sum(x * x for x in v), sum(x * y for x, y in zip(u, v))
    pu, pv = sum(x * y for x, y in zip(p, u)), sum(x * y for x, y in zip(p, v))
    det = uu * vv - uv * uv
    wa, wb = (pu * vv - pv * uv) / det, (pv * uu - pu * uv) / det
    residual = sum((x - wa * y - wb * z) ** 2 for x, y, z in zip(p, u, v))
    return min(1.0, max(0.0, 1 - wa - wb)), residual


def seam_loss(probe, foreigns, fractions=(0.15, 0.35, 0.55, 0.75, 0.92)):
    """The worst share of a colour other than the two slices' within +-4 px of every
    slice|slice boundary: (share, angle, where, which colour). Each pixel is fitted as a mix of
    its two slices and the one candidate (background, or another version's slice colour) that
    explains it best."""
    worst = (0.0, None, None, None)
    for b in probe.boundaries:
        if not (b.before.startswith("slice:") and b.after.startswith("slice:")):
            continue
        ca, cb = probe.colors[b.before], probe.colors[b.after]
        for r in probe.radii(fractions):
            step = 0.2 * probe.px(r)
            for i in range(-20, 21):
                x = b.angle + i * step
                rgb = probe.color(x, r)
                fits = [(*foreign_share(rgb, ca, cb, f), name) for name, f in foreigns.items()
                        if f not in (ca, cb)]
                share, _, name = min(fits, key=lambda f: f[1])
                if share > worst[0]:
                    worst = (round(share, 3), round(x, 3), f"{b.before}|{b.after} r={r:.0f}", name)
    return worst


SEAM_OLD = [("a", 30, "#1f77b4"), ("b", 50, "#ff7f0e"), ("c", 20, "#2ca02c")]
SEAM_NEW = [("x", 25, "#d62728"), ("y", 25, "#9467bd"), ("z", 50, "#8c564b")]


@pytest.fixture(scope="module")
def seam(piec, workdir, shoot):
    (workdir / "seam").mkdir(parents=True, exist_ok=True)
    bundle = bundles.build_transition(piec, spec("seam", entries(SEAM_OLD)), spec("seam", entries(SEAM_NEW)),
                                      workdir / "seam")
    chart = TransitionChart(bundle.manifest)
    out = {}
    for dpr in (1, 2):
        page = SeekPage([(bundle.svg, 0.0)], frame_width=SIZE * dpr, columns=1, background=chart.background)
        out[dpr] = (chart, page, shoot(page, f"issue39-seam-dpr{dpr}"))
    return out


@pytest.mark.parametrize("dpr", (1, 2), ids=["dpr1", "dpr2"])
def test_full_replacement_seam(seam, engine, dpr):
    chart, page, raster = seam[dpr]
    probe = Probe(raster, page.frames[0].viewport, chart, 0.0)
    foreigns = {"background": chart.background}
    foreigns.update({k: parse_hex(c) for k, _, c in SEAM_OLD + SEAM_NEW})
    worst = seam_loss(probe, foreigns)
    edges = [(round(e.expected, 1), None if e.measured is None else round(e.measured, 3), round(e.radius))
             for r in probe.radii() for e in probe.edges(r)]
    print(f"\n{engine.name} DPR {dpr}: seam (share, angle, where, colour) {worst}; edges {edges}")
    problems = checks.marker_problems(page, raster, 0)
    problems += checks.angle_problems(probe, checks.MOTION_TOLERANCE)
    assert not problems, problems
    assert worst[0] <= SEAM_LIMIT, f"{worst} over {SEAM_LIMIT}, screenshot {page.screenshot}"


# --- 2. 60 slices, Firefox's sliver ---------------------------------------------------------

def distinct_colors(n):
    """Slice 0 black, the others distinct hues and lightnesses."""
    out = ["#000000"]
    for i in range(1, n):
        h = (i * 0.618034) % 1.0
        r, g, b = colorsys.hls_to_rgb(h, (0.35, 0.5, 0.65)[i % 3], 0.85)
        out.append("#%02x%02x%02x" % (round(r * 255), round(g * 255), round(b * 255)))
    return out


def sixty():
    """60 slices (values 3 to 13) in distinct colours; two removed (s17, s41), two inserted."""
    colors = distinct_colors(64)
    old = [(f"s{i}", 3 + (i * 7) % 11, colors[i]) for i in range(60)]
    new = [(f"s{i}", 3 + (i * 5 + 3) % 11, colors[i]) for i in range(60) if i not in (17, 41)]
    new.insert(9, ("n60", 8, colors[60]))
    new.insert(33, ("n61", 11, colors[61]))
    return spec("sixty", entries(old)), spec("sixty", entries(new))


SIXTY_TIMES = (250.0, 500.0, 750.0)


@pytest.fixture(scope="module")
def sliver(piec, workdir, shoot):
    before, after = sixty()
    (workdir / "sixty").mkdir(parents=True, exist_ok=True)
    bundle = bundles.build_transition(piec, before, after, workdir / "sixty")
    chart = TransitionChart(bundle.manifest)
    out = {}
    for dpr in (1, 2):
        page = SeekPage([(bundle.svg, t) for t in SIXTY_TIMES], frame_width=SIZE * dpr,
                        columns=len(SIXTY_TIMES), background=chart.background)
        out[dpr] = (chart, page, shoot(page, f"issue39-sixty-dpr{dpr}"))
    return out


@pytest.mark.parametrize("index", range(len(SIXTY_TIMES)), ids=["t250", "t500", "t750"])
@pytest.mark.parametrize("dpr", (1, 2), ids=["dpr1", "dpr2"])
def test_sixty_slices_every_sample_its_colour(sliver, engine, dpr, index, request):
    if engine.name == "firefox" and dpr == 2 and SIXTY_TIMES[index] == 500.0:
        request.applymarker(pytest.mark.xfail(strict=True, reason=(
            "issue 39: Firefox ESR at DPR 2, t=500 ms: slice s14's colour (the one painted under it) "
            "shows inside s15 at 94-95.5 degrees from the centre to r=81 of 231 (26 samples off); "
            "offset dashes of stroke-width 231 on r=115.5 (the stroke's inner edge exactly at the "
            "centre). Stopping the stroke short of the centre draws it right but is rejected: "
            "it opens a hole there that test_a_pie_centre_shows_no_background_in_motion measures "
            "(a gap of 0.001 of the radius shows 0.16 background at DPR 2.5 in every engine, "
            "0.003 a whole background pixel at DPR 2, and 0.001 also drew a value-angle rose's "
            "entering wedges with a skewed end in Firefox)")))
    chart, page, raster = sliver[dpr]
    frame = page.frames[index]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    problems = checks.marker_problems(page, raster, index)
    bad = []
    for r in probe.radii((0.15, 0.35, 0.6, 0.85, 0.95)):
        bad += [(round(r), *b) for b in probe.off_color(r, checks.MOTION_TOLERANCE)]
    edges = [e for r in probe.radii() for e in probe.edges(r)]
    worst = max((abs(e.error) for e in edges if e.measured is not None), default=None)
    missing = sum(e.measured is None for e in edges)
    print(f"\n{engine.name} DPR {dpr} t={frame.t_ms}: {len(bad)} samples off colour, e.g. (r, angle, key, rgb, d) "
          f"{bad[:4]}; worst edge {worst and round(worst, 3)} deg, {missing} edges not found")
    assert not problems, problems
    assert not bad, f"{len(bad)} samples off their slice's colour: {bad[:8]}, screenshot {page.screenshot}"


# Why the sixty-slice bug is not fixed by stopping the motion stroke short of the centre (so
# its inner edge is off the centre, where Firefox goes wrong): the gap shows. Measured with the
# gap as a fraction of the radius, worst background share of the 5x5 device pixels at the
# centre, t = 0 to 750 ms, in all three engines: gap 0 -> 0 everywhere; 0.001 -> up to 0.16
# (size 480, DPR 2.5); 0.003 -> 1.0 (a whole background pixel, size 480, DPR 2 and 2.5).
GREENS = ["#005000", "#00a000", "#00f000", "#007800", "#00c800", "#003200"]
CENTRE_TIMES = (0.0, 250.0, 500.0, 750.0, 1250.0)
CENTRE_LIMIT = 0.02    # background share; 0 is measured with the edge on the centre


def greens(values, size):
    """A pie of green slices on magenta: a pixel's red channel is its background share."""
    s = spec("centre", entries([(f"s{i}", v, GREENS[i]) for i, v in enumerate(values)]), size=size)
    s["theme"]["background"] = "#ff00ff"
    return s


@pytest.fixture(scope="module")
def centre(piec, workdir, shoot):
    out = {}
    for size in (480, 160):
        d = workdir / f"centre{size}"
        d.mkdir(parents=True, exist_ok=True)
        bundle = bundles.build_transition(piec, greens([10, 20, 5, 30, 15, 20], size),
                                          greens([25, 5, 20, 10, 30, 10], size), d)
        for dpr in (1, 2.5):
            page = SeekPage([(bundle.svg, t) for t in CENTRE_TIMES], frame_width=round(size * dpr),
                            columns=len(CENTRE_TIMES), background=TransitionChart(bundle.manifest).background)
            out[size, dpr] = (bundle.manifest, page, shoot(page, f"issue39-centre-{size}-{dpr}"))
    return out


@pytest.mark.parametrize("size", (480, 160))
@pytest.mark.parametrize("dpr", (1, 2.5), ids=["dpr1", "dpr2.5"])
def test_a_pie_centre_shows_no_background_in_motion(centre, engine, size, dpr):
    manifest, page, raster = centre[size, dpr]
    cx, cy = float(manifest["chart"]["cx"]), float(manifest["chart"]["cy"])
    worst = []
    for f in page.frames:
        px, py = f.viewport.to_pixels(cx, cy)
        worst.append(max(raster.pixel(i, j)[0] / 255 for i in range(int(px) - 2, int(px) + 3)
                         for j in range(int(py) - 2, int(py) + 3)))
    print(f"\n{engine.name} size {size} DPR {dpr}: background at the centre per frame {[round(w, 3) for w in worst]}")
    assert max(worst) <= CENTRE_LIMIT, f"background shows at the pie's centre: {worst} (screenshot {page.screenshot})"


# --- 3. separators beside slices narrow only in the new chart -------------------------------

TAB10 = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
         "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
WHITE_LINE = {"color": "#ffffff", "width": 1}


def separated(n):
    """n slices cycling ten colours; every seventh ends as a sliver (under three line widths)."""
    old = [(f"s{i}", 4 + (i * 3) % 5, TAB10[i % 10]) for i in range(n)]
    new = [(f"s{i}", 0.05 if i % 7 == 3 else 4 + (i * 2 + 1) % 5, TAB10[i % 10]) for i in range(n)]
    return spec(f"sep{n}", entries(old), WHITE_LINE), spec(f"sep{n}", entries(new), WHITE_LINE)


def lines_seen(probe, wedges, fractions=(0.5, 0.8)):
    """Which boundaries between the given wedges show a white line: a sample within 1 unit of
    the boundary, at each of two radii, whose every channel is over 215 (no TAB10 colour has
    one, so only the line's white gets there). Returns [bool] per wedge start."""
    outer = max(w.outer for w in wedges)
    seen = []
    for w in wedges:
        found = True
        for f in fractions:
            r = outer * f
            step = 0.25 * probe.px(r)
            k = int(math.degrees(1.0 / r) / step)
            if not any(min(probe.color(w.start + i * step, r)) > 215 for i in range(-k, k + 1)):
                found = False
        seen.append(found)
    return seen


def lines_due(wedges, raw, width=1.0, margin=0.1):
    """The model's rule at this instant: a line at the start of a wedge when it and the wedge
    before (a full circle) both have an outer arc of at least three line widths. None where
    either arc is within `margin` of the threshold (either answer is right there). The rule
    reads the exact wedges (`raw`); `wedges` (the probe's, each sliver under SLIVER absorbed
    by its neighbours, which then meet at its middle) take the answer of the exact boundary
    nearest their start (a sliver that narrow is always under three widths of the 1-unit
    line at r = 230: no line beside it is due)."""
    arcs = [math.radians(w.end - w.start) * w.outer / (3 * width) for w in raw]
    near = [abs(a - 1) < margin for a in arcs]
    exact = [None if near[i] or near[i - 1] else arcs[i] >= 1 and arcs[i - 1] >= 1 for i in range(len(raw))]
    return [exact[min(range(len(raw)), key=lambda k: abs(raw[k].start - w.start))] for w in wedges]


def exact_wedges(chart, t):
    """The wedges at t as the transition has them, slivers included (`TransitionChart.wedges`
    absorbs those under SLIVER)."""
    return [Wedge("slice:" + s["id"], a, b, outer, chart.inner, color)
            for s, a, b, outer, color in chart.state(t) if b - a > 1e-9]


@pytest.fixture(scope="module")
def separators(piec, workdir, shoot):
    out = {}
    for n in (96, 200):
        before, after = separated(n)
        d = workdir / f"sep{n}"
        (d / "alone").mkdir(parents=True, exist_ok=True)
        bundle = bundles.build_transition(piec, before, after, d)
        alone = bundles.build(piec, copy.deepcopy(before), d / "alone")
        chart = TransitionChart(bundle.manifest)
        rest = Chart(alone.manifest)
        page = SeekPage([(bundle.svg, 0.0), (bundle.svg, 750.0), (alone.svg, 0.0)], frame_width=FRAME,
                        columns=3, background=chart.background)
        out[n] = (chart, rest, page, shoot(page, f"issue39-sep{n}"))
    return out


@pytest.mark.parametrize("n", (96, 200))
def test_separators_follow_each_slice_width_at_each_instant(separators, engine, n):
    chart, rest, page, raster = separators[n]
    old = lines_seen(Probe(raster, page.frames[2].viewport, rest, 0.0), rest.wedges(0.0))
    report = [f"old chart alone {sum(old)} of {len(old)}"]
    problems = checks.marker_problems(page, raster, 0) + checks.marker_problems(page, raster, 1)
    for index, t in ((0, 0.0), (1, 750.0)):
        wedges = chart.wedges(t)
        seen = lines_seen(Probe(raster, page.frames[index].viewport, chart, t), wedges)
        due = lines_due(wedges, exact_wedges(chart, t))
        wrong = [round(w.start, 2) for w, s, d in zip(wedges, seen, due) if d is not None and s != d]
        report.append(f"t={t:.0f}: seen {sum(seen)}, due {sum(d is True for d in due)} "
                      f"({sum(d is None for d in due)} at the threshold), {len(wrong)} differ (at {wrong[:6]})")
        if wrong:
            problems.append(f"t={t:.0f}: {len(wrong)} lines not as the rule at that instant says, at {wrong[:10]}")
    if len(old) != sum(old):
        problems.append("the old chart alone misses lines")
    print(f"\n{engine.name} {n} slices: " + "; ".join(report))
    assert not problems, f"{problems}, screenshot {page.screenshot}"
