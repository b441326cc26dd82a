"""Transitions built with `piec build --from`, seeked in each engine at 0, 25, 50, 75 and 100 % of
the timeline and after the end: every boundary is where the exact model puts it
(piectest/transition.py: `from + (to - from) * E(p)` for uniform timing, per-segment windows
for `stages: staged` and `stagger`), movers paint over the segments, and no background shows
along the seams (stroke width 0, magenta background, every slice colour with green = 200)."""


import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage
from piectest.measure import Probe
from piectest.transition import TransitionChart

# Slice colours by id: all green = 200 (see specs.py), neighbours distinct in red/blue.
COLORS = {"a": "#e6c800", "b": "#00c85a", "c": "#00c8dc", "d": "#78c828", "e": "#fac8a0",
          "n": "#8cc8ff", "z": "#ffc800", "w": "#50c8a0", "x": "#dcc864", "y": "#a0c8f0",
          "beta": "#f0c8f0"}


def pie(entries, chart=None, animation=None, **extra):
    """A measurable spec (specs.spec) with the given (id, value) slices and per-id colours."""
    s = specs.spec("t", [], chart=chart, animation=animation)
    s["slices"] = [{"id": i, "label": i.upper(), "value": v, "color": COLORS[i], **extra.get(i, {})}
                   for i, v in entries]
    return s


ABCD = [("a", 40), ("b", 30), ("c", 20), ("d", 10)]
DONUT = 0.6
CASES = {
    "adjacent-removals": (ABCD, [("a", 40), ("d", 10)], {}),
    "first-and-last-removed": (ABCD, [("b", 30), ("c", 20)], {}),
    "insert-at-start": ([("a", 40), ("b", 30), ("c", 30)], [("z", 25), ("a", 40), ("b", 30), ("c", 30)], {}),
    "reorder-plus-insert": (ABCD, [("d", 10), ("a", 40), ("n", 12), ("b", 30), ("c", 20)], {}),
    "one-to-three": ([("a", 100)], [("a", 50), ("b", 30), ("c", 20)], {}),
    "rename": (ABCD, [("a", 40), ("beta", 45), ("c", 20), ("d", 10)], {"renamed": True}),
    "every-slice-replaced": (ABCD, [("w", 1), ("x", 2), ("y", 3)], {}),
    "pie-to-donut": (ABCD, [("a", 30), ("b", 30), ("c", 30), ("d", 10)], {"after_chart": {"innerRadius": DONUT}}),
    "staged": (ABCD, [("a", 30), ("c", 40), ("e", 25)], {"animation": {"stages": "staged"}}),
    "stagger": (ABCD, [("a", 10), ("b", 20), ("c", 30), ("d", 40)], {"animation": {"stagger": "120ms"}}),
    "staged-stagger-reorder": (ABCD, [("c", 20), ("a", 30), ("b", 30), ("e", 15)],
                               {"animation": {"stages": "staged", "stagger": "80ms"}}),
    # An empty chart (`slices: []`): every slice leaves as removed ones do, or enters as
    # inserted ones do; the neutral track shows where they have gone. No `chart.empty` text:
    # the probes read the pie's centre, where it would be drawn (its fade is the centre
    # text's, measured with it).
    "to-empty": (ABCD, [], {"after_chart": {"empty": ""}}),
    "from-empty": ([], ABCD, {"before_chart": {"empty": ""}}),
}
PERCENTS = [0, 25, 50, 75, 100]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]
WORST = checks.WorstErrors()


def spec_pair(name):
    before, after, opts = CASES[name]
    old = pie(before, chart=opts.get("before_chart"), animation=opts.get("animation"))
    new = pie(after, chart=opts.get("after_chart"), animation=opts.get("animation"),
              **({"beta": {"renamedFrom": ["b"]}} if opts.get("renamed") else {}))
    return old, new


@pytest.fixture(scope="module")
def transitions(piec, workdir, shoot):
    """{name: (bundle, chart, page, raster)}, one page per case (per engine)."""
    out = {}
    for name in CASES:
        old, new = spec_pair(name)
        new["id"] = old["id"] = name
        case_dir = workdir / name
        case_dir.mkdir(exist_ok=True)
        bundle = bundles.build_transition(piec, old, new, case_dir)
        chart0 = TransitionChart(bundle.manifest)
        ring = (DONUT * chart0.outer, chart0.outer) if name == "pie-to-donut" else None
        chart = TransitionChart(bundle.manifest, ring=ring)
        start, end = chart.delay, chart.end_time
        times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
        # One row of six frames: a short page (tall screenshots came back partly unpainted).
        page = SeekPage([(bundle.svg, t) for t in times], columns=len(times), background=chart.background)
        out[name] = (bundle, chart, page, shoot(page, name))
    return out


@pytest.mark.parametrize("name", CASES)
def test_manifest_is_a_transition(transitions, name):
    bundle, chart, _, _ = transitions[name]
    m = bundle.manifest
    assert m["animation"]["kind"] == "transition"
    assert m["changes"] is not None and m["changes"]["changed"] is True
    before, after, _ = CASES[name]
    # Segments: every new slice once (not counting a mover's closing place) and every old one.
    ids = [t["id"] for t in m["transitions"]]
    assert {i for i, _ in after} <= set(ids)
    old_ids = {i for i, _ in before} - ({"b"} if name == "rename" else set())
    assert old_ids <= set(ids)
    if name in ("reorder-plus-insert", "staged-stagger-reorder"):
        assert [mv["id"] for mv in m["movers"]] == [after[0][0]], "the moved slice rides on top"
    # The model starts at the old chart and ends at the new one.
    final = {s["id"]: (s["startAngle"], s["endAngle"]) for s in m["slices"]}
    for t, a, b, _, _ in chart.state(chart.end_time):
        if t["kind"] != "exit" and not (t["kind"] == "enter" and t["id"] in {mv["id"] for mv in m["movers"]}):
            assert (a, b) == pytest.approx(final[t["id"]], abs=2e-3), t["id"]


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
@pytest.mark.parametrize("name", CASES)
def test_boundaries_follow_the_plan(transitions, engine, name, index):
    _, chart, page, raster = transitions[name]
    frame = page.frames[index]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    tolerance = checks.tolerance_at(chart, frame.t_ms)
    problems = checks.marker_problems(page, raster, index, expect_animations=True)
    problems += checks.angle_problems(probe, tolerance)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    WORST.record(engine.name, probe, chart, frame, f"{name} {LABELS[index]}")
    checks.report(problems, f"{name} at t={frame.t_ms:.1f} ms ({LABELS[index]}), screenshot {page.screenshot}")


def test_zz_worst_angle_error(transitions, engine, workdir):
    """Records the worst boundary error measured above (motion and rest) in this engine."""
    WORST.check(engine.name, workdir / f"{engine.name}-worst-angle-error.json", "in the transitions")
