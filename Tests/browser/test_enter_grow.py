"""Enter-grow of a 5-slice pie, seeked in each engine at 0, 25, 50, 75 and 100 % of the duration
and after the end (plus 10 and 90 %, where the slices are thin or nearly done): every boundary is where the manifest's transitions and the CSS easing put it,
and no background shows through the seams (stroke width 0, magenta background)."""

import pytest

from piectest import checks, specs
from piectest.chromium import SeekPage
from piectest.measure import Probe

VALUES = [30, 22, 18, 17, 13]
PERCENTS = [0, 10, 25, 50, 75, 90, 100]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]


@pytest.fixture(scope="module")
def grow(build, shoot):
    bundle = build(specs.spec("grow", VALUES))
    chart = bundle.chart()
    times = [chart.delay + chart.duration * p / 100 for p in PERCENTS] + [chart.end_time + 250]
    page = SeekPage([(bundle.svg, t) for t in times], background=chart.background)
    return bundle, chart, page, shoot(page, "grow")


def test_manifest_describes_an_enter_grow_of_every_slice(grow):
    bundle, chart, _, _ = grow
    m = bundle.manifest
    assert m["animation"]["kind"] == "enter-grow"
    assert m["animation"]["duration"] == 800 and m["animation"]["delay"] == 0
    assert m["animation"]["easing"] == [0.42, 0, 0.58, 1]
    assert sorted(t["id"] for t in m["transitions"]) == sorted(s["id"] for s in m["slices"])
    assert {t["kind"] for t in m["transitions"]} == {"enter"}
    by_id = {t["id"]: t for t in m["transitions"]}
    for s in m["slices"]:
        t = by_id[s["id"]]
        assert t["to"]["startAngle"] == s["startAngle"] and t["to"]["endAngle"] == s["endAngle"]
        assert t["from"]["endAngle"] - t["from"]["startAngle"] == 0, "enter grows from zero width"


def test_final_angles_are_the_values_share_of_the_circle(grow):
    bundle, _, _, _ = grow
    total, start = sum(VALUES), 0.0
    for v, s in zip(VALUES, bundle.manifest["slices"]):
        assert s["startAngle"] == pytest.approx(start, abs=1e-3)
        assert s["endAngle"] == pytest.approx(start + 360 * v / total, abs=1e-3)
        start += 360 * v / total


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
def test_boundaries_follow_the_eased_angles(grow, index):
    _, chart, page, raster = grow
    frame = page.frames[index]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    problems = checks.marker_problems(page, raster, index)
    problems += checks.angle_problems(probe, checks.tolerance_at(chart, frame.t_ms))
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"enter-grow at t={frame.t_ms} ms ({LABELS[index]}), "
                            f"screenshot {page.screenshot}")
