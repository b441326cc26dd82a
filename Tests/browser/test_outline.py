"""`chart.outline` measured in each engine: the outline's inner and outer edges along rays
through every wedge (sub-pixel, against the model from the manifest), its colour mid-stroke,
and no background between the slices and the outline. At rest (a pie, a donut and a rose,
half-way through their enter and after it), and at 0/25/50/75/100 % and after the end of the
gallery's `specs/transitions/outline-on.yaml` (width 2 -> 8 px and ink -> blue while the
values change), an outline appearing on a pie and one vanishing from a donut. One page per
engine; the worst edge errors are printed."""

import copy
import json

import pytest

from piectest import bundle as bundles, checks, outline as outlines, specs
from piectest.bundle import Bundle
from piectest.chromium import SeekPage
from piectest.geometry import Chart
from piectest.measure import Probe
from piectest.transition import TransitionChart

INK = "#202020"
AT_REST = {
    "pie": specs.spec("ol-pie", [40, 30, 20, 10], chart={"outline": {"width": 3, "color": INK}}),
    "donut": specs.spec("ol-donut", [25, 25, 50], chart={"innerRadius": 0.5, "outline": {"width": 6, "color": INK}}),
    "rose": specs.spec("ol-rose", [40, 25, 16, 9], chart={"rose": "area", "outline": {"width": 2, "color": INK}}),
}
TRANSITIONS = {
    "appears": (specs.spec("x", [40, 30, 20, 10]),
                specs.spec("x", [30, 30, 30, 10], chart={"outline": {"width": 6, "color": INK}})),
    "vanishes": (specs.spec("x", [25, 25, 50], chart={"innerRadius": 0.4, "outline": {"width": 6, "color": INK}}),
                 specs.spec("x", [25, 25, 50], chart={"innerRadius": 0.4})),
}
PERCENTS = [0, 25, 50, 75, 100]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]
WORST = {}    # engine -> {"motion"/"rest": px}


@pytest.fixture(scope="module")
def outlined(piec, build, workdir, repo, shoot):
    """{name: (bundle, chart, [frame indices])} and the page of every frame, one screenshot."""
    cases, items = {}, []
    for name, spec in AT_REST.items():
        b = build(copy.deepcopy(spec))
        chart = b.chart()
        times = [chart.delay + chart.duration / 2, chart.end_time + 250]
        cases[name] = (b, chart, list(range(len(items), len(items) + 2)))
        items += [(b.svg, t) for t in times]
    built = {}
    for name, (before, after) in TRANSITIONS.items():
        old, new = copy.deepcopy(before), copy.deepcopy(after)
        old["id"] = new["id"] = "ol-" + name
        case_dir = workdir / ("ol-" + name)
        case_dir.mkdir(parents=True, exist_ok=True)
        built[name] = bundles.build_transition(piec, old, new, case_dir)
    out = workdir / "gallery"
    proc = bundles.run(piec, "build", repo / "specs/transitions/outline-on.yaml", "-o", out,
                       "--from", repo / "specs/transitions/before/outline-on.yaml")
    assert proc.returncode == 0 and not bundles.diagnostics_in(proc), proc.stderr
    d = out / "outline-on"
    built["example"] = Bundle(d, json.loads((d / "manifest.json").read_text()), (d / "chart.svg").read_text())
    for name, b in built.items():
        chart = TransitionChart(b.manifest, page_background=specs.MAGENTA if name != "example" else (255, 255, 255))
        start, end = chart.delay, chart.end_time
        times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
        cases[name] = (b, chart, list(range(len(items), len(items) + len(times))))
        items += [(b.svg, t) for t in times]
    # The example has no background of its own: the page is white there, magenta elsewhere
    # (each frame's own background covers it).
    page = SeekPage(items, columns=6, background=(255, 255, 255))
    return cases, page, shoot(page, "outline")


def measure(outlined, engine, name, k):
    cases, page, raster = outlined
    b, chart, frames = cases[name]
    i = frames[k]
    frame = page.frames[i]
    t = frame.t_ms
    rest = t >= chart.end_time
    probe = Probe(raster, frame.viewport, chart, t)
    problems = checks.marker_problems(page, raster, i, expect_animations=not (rest and name in AT_REST))
    model = outlines.expected(b.manifest, chart, t)
    if model is None:
        # Nothing drawn (no outline yet, or a vanished one): background right outside the rim.
        rim = max(w.outer for w in chart.drawn(t))
        c = probe.color(chart.start_angle + 10, rim + 3 / probe.viewport.scale)
        if max(abs(x - y) for x, y in zip(c, probe.colors["background"])) > 16:
            problems.append(f"something drawn beyond the rim: {c}")
    else:
        found, worst, rays = outlines.problems(probe, model, checks.RADIAL_REST_TOLERANCE if rest else checks.RADIAL_MOTION_TOLERANCE)
        problems += found
        if rays < 4:
            problems.append(f"only {rays} rays measured")
        phase = "rest" if rest else "motion"
        w = WORST.setdefault(engine.name, {})
        w[phase] = round(max(w.get(phase, 0.0), worst), 3)
    checks.report(problems, f"{name} at t={t} ms, screenshot {page.screenshot}")


@pytest.mark.parametrize("phase", [0, 1], ids=["enter-mid", "rest"])
@pytest.mark.parametrize("name", AT_REST)
def test_outline_at_rest(outlined, engine, name, phase):
    measure(outlined, engine, name, phase)


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
@pytest.mark.parametrize("name", ["example", *TRANSITIONS])
def test_outline_follows_the_model_in_motion(outlined, engine, name, index):
    measure(outlined, engine, name, index)


def test_the_example_really_changes_width_colour_and_radius(outlined):
    m = outlined[0]["example"][0].manifest["outline"]
    assert (m["from"]["width"], m["to"]["width"]) == (2, 8)
    assert (m["from"]["color"], m["to"]["color"]) == ("#333333", "#1d4ed8")
    assert m["from"]["outerEdge"] == m["to"]["outerEdge"]
    outer = float(outlined[0]["example"][0].manifest["chart"]["outerRadius"])
    assert outer == pytest.approx(m["to"]["outerEdge"] - 8, abs=1e-3)


def test_worst_outline_errors(engine, workdir):
    """Runs after the frames above (file order): reports the worst edge errors measured."""
    worst = WORST.get(engine.name)
    assert worst, f"nothing measured in {engine.name}"
    print(f"\n{engine.name}: worst outline edge errors (px): {json.dumps(worst)}")
    assert worst["motion"] <= checks.RADIAL_MOTION_TOLERANCE and worst["rest"] <= checks.RADIAL_REST_TOLERANCE


DARK_BG = "#111827"


def test_dark_mode_takes_the_dark_ink_at_rest_and_in_motion(piec, workdir, chromium):
    """(Chromium, `--force-dark-mode`) An outline in the ink: the dark ink in the dark look, the
    light one otherwise, at rest and half-way through a change of width and colour (the
    keyframes' from-colour is the element's own custom property, set again in the dark rules)."""
    from piectest.chromium import screenshot
    from piectest.raster import Raster
    before = specs.spec("ol-dark", [40, 30, 30], chart={"outline": {"width": 4, "color": "#cc0000"}})
    after = specs.spec("ol-dark", [40, 30, 30], chart={"outline": {"width": 8}})
    for s in (before, after):
        s["theme"] = {"stroke": {"width": 0}, "background": "#ffffff", "darkBackground": DARK_BG}
    case = workdir / "ol-dark"
    case.mkdir(exist_ok=True)
    b = bundles.build_transition(piec, before, after, case)
    chart = TransitionChart(b.manifest)
    times = [chart.delay + chart.duration / 2, chart.end_time + 250]
    page = SeekPage([(b.svg, t) for t in times], columns=2)
    html = case / "page.html"
    html.write_text(page.html(), encoding="utf-8")
    problems = []
    for dark in (False, True):
        png = str(case / ("dark.png" if dark else "light.png"))
        screenshot(chromium, str(html), png, page.width, page.height, flags=("--force-dark-mode",) if dark else ())
        raster = Raster(png, (255, 255, 255))
        for i, frame in enumerate(page.frames):
            want = outlines.expected(b.manifest, chart, frame.t_ms, dark=dark)
            probe = Probe(raster, frame.viewport, chart, frame.t_ms)
            for angle in (20, 140, 260):
                got = probe.color(angle, want.outer - want.width / 2)
                if max(abs(x - y) for x, y in zip(got, want.color)) > 16:
                    problems.append(f"{'dark' if dark else 'light'} t={frame.t_ms}: {tuple(round(x) for x in got)} "
                                    f"at {angle} deg, expected {tuple(round(x) for x in want.color)}")
    m = b.manifest["outline"]
    assert m["to"]["color"] != m["to"]["darkColor"] and m["from"]["color"] == m["from"]["darkColor"] == "#cc0000"
    checks.report(problems, f"screenshots in {case}")
