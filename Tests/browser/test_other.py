"""`chart.other` in each engine: small slices grouped into one "Other" wedge at rest, and slices
that cross the threshold between versions animate into Other (taking its colour) or out of it.
Each case is built with `piec build --from`, seeked at 0/25/50/75/100 % and after the end;
every boundary must be where the manifest's plan puts it (Other's parts share its colour, so
only real boundaries show), no background shows through the seams, and at rest the chart is
exactly the grouped one: one Other wedge, last, holding the members' sum."""

from dataclasses import replace

import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage
from piectest.measure import Probe
from piectest.geometry import parse_hex
from piectest.transition import TransitionChart

# Every colour has green = 200 (seam measure); Other's too.
COLORS = {"a": "#e6c800", "b": "#00c85a", "c": "#00c8dc", "d": "#78c828", "e": "#fac8a0", "x": "#8cc8ff"}
OTHER = "#b4c864"


def pie(entries, other, **chart):
    s = specs.spec("t", [], chart={"other": {**other, "color": OTHER}, **chart})
    s["slices"] = [{"id": i, "label": i.upper(), "value": v, "color": COLORS[i]} for i, v in entries]
    return s


class OtherChart(TransitionChart):
    """The manifest's plan, where Other's parts (all exactly Other's colour) are one wedge:
    no boundary is drawn between them, in motion or at rest."""

    def wedges(self, t_ms):
        other = parse_hex(OTHER)
        out = super().wedges(t_ms)
        # A mover changes colour while its closing place keeps the old one: separate keys.
        first_mover = len(out) - (len(self.movers) if t_ms < self.end_time else 0)
        out = [replace(w, key="mover:" + w.key) if k >= first_mover else w for k, w in enumerate(out)]
        return [replace(w, key="slice:other") if tuple(w.color) == other else w for w in out]


SHARE5 = {"minPercent": 5}
CASES = {
    # c falls under 5 % and joins Other (a mover: Other is last); e grows and leaves it.
    "merge-and-split": ([("a", 40), ("b", 30), ("c", 15), ("d", 8), ("e", 4), ("x", 3)],
                        [("a", 40), ("b", 30), ("c", 3), ("d", 8), ("e", 16), ("x", 3)], SHARE5, {}),
    # Other appears with one member, at the end (no reordering).
    "other-appears": ([("a", 50), ("b", 30), ("c", 20)], [("a", 50), ("b", 30), ("c", 3)], SHARE5, {}),
    # Other goes: its only member grows out of it.
    "other-vanishes": ([("a", 50), ("b", 30), ("c", 3)], [("a", 50), ("b", 30), ("c", 20)], SHARE5, {}),
    # maxSlices: the smallest of four joins Other in a donut, then ranks change.
    "max-slices-donut": ([("a", 40), ("b", 30), ("c", 20), ("d", 10)], [("a", 40), ("b", 10), ("c", 20), ("d", 30)],
                         {"maxSlices": 3}, {"innerRadius": 0.5}),
}
PERCENTS = [0, 25, 50, 75, 100]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]


@pytest.fixture(scope="module")
def transitions(piec, workdir, shoot):
    out = {}
    for name, (before, after, other, chart) in CASES.items():
        old, new = pie(before, other, **chart), pie(after, other, **chart)
        old["id"] = new["id"] = name
        case_dir = workdir / name
        case_dir.mkdir(exist_ok=True)
        bundle = bundles.build_transition(piec, old, new, case_dir)
        chart_model = OtherChart(bundle.manifest)
        start, end = chart_model.delay, chart_model.end_time
        times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
        page = SeekPage([(bundle.svg, t) for t in times], columns=len(times), background=chart_model.background)
        out[name] = (bundle, chart_model, page, shoot(page, name))
    return out


def grouped(entries, other):
    """The expected grouped chart: [(id, value)] with Other (sum of members) last."""
    total = sum(v for _, v in entries)
    members = [i for i, v in entries if 0 < v / total * 100 < other.get("minPercent", 0)]
    kept = [(i, v) for i, v in entries if i not in members]
    if "maxSlices" in other and len(kept) + (1 if members else 0) > other["maxSlices"]:
        ranked = sorted(kept, key=lambda e: -e[1])[: other["maxSlices"] - 1]
        members += [i for i, _ in kept if (i, dict(kept)[i]) not in ranked]
        kept = [e for e in kept if e in ranked]
    return kept + ([("other", sum(v for i, v in entries if i in members))] if members else []), members


@pytest.mark.parametrize("name", CASES)
def test_manifest_is_the_grouped_chart(transitions, name):
    bundle, _, _, _ = transitions[name]
    _, after, other, _ = CASES[name]
    expected, members = grouped(after, other)
    m = bundle.manifest
    assert [(s["id"], s["value"]) for s in m["slices"]] == [(i, pytest.approx(v)) for i, v in expected]
    assert sum(round(float(s["percent"]) * 10) for s in m["slices"]) == 1000, "percentages sum to exactly 100"
    if members:
        o = m["slices"][-1]
        assert o["color"] == OTHER and o["endAngle"] == pytest.approx(360)
        assert sorted(o["members"]) == sorted(members), "the manifest lists Other's members"


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
@pytest.mark.parametrize("name", CASES)
def test_boundaries_follow_the_plan(transitions, name, index):
    _, chart, page, raster = transitions[name]
    frame = page.frames[index]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    problems = checks.marker_problems(page, raster, index, expect_animations=True)
    problems += checks.angle_problems(probe, checks.tolerance_at(chart, frame.t_ms))
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"{name} at t={frame.t_ms:.1f} ms ({LABELS[index]}), screenshot {page.screenshot}")
