"""`charts:` fed by data files, with `chart.other`: chart `a` reads `a.csv` summed by id
(`data.aggregate: sum`), chart `b` has its own slices, and `chart.other` (at most three slices)
groups each chart's own small slices into its own Other. Built from a previous version whose
`a.csv` holds other rows (three slices, no Other). Seeked in each engine: at the end every
chart shows exactly the wedges the manifest gives it (Other included: its boundaries at the
manifest's angles, no background through the seams); half-way, chart `a` is between its two
versions while `b`, unchanged, rests at its wedges."""

import copy
import json

import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage
from piectest.geometry import Chart
from piectest.measure import Probe

COLORS = {"x": "#e6c800", "y": "#00c85a", "z": "#00c8dc", "w": "#78c828"}


def spec():
    s = specs.spec("facetdata", [], animation={"duration": "600ms"})
    del s["slices"]
    s["chart"] = {"size": 200, "other": {"maxSlices": 3, "color": "#3cc8c8"}}
    s["layout"] = {"columns": 2}
    s["charts"] = [
        {"id": "a", "data": {"file": "a.csv", "id": "id", "color": "color", "aggregate": "sum"}},
        {"id": "b", "slices": [{"id": k, "label": k.upper(), "value": v, "color": COLORS[k]}
                               for k, v in [("x", 40), ("y", 30), ("z", 20), ("w", 10)]]},
    ]
    return s


def csv(rows):
    return "id,label,value,color\n" + "".join(f"{k},{k.upper()},{v},{COLORS[k]}\n" for k, v in rows)


# Before: a holds x, y, z (no Other). After: rows of x summed, w joins, z and w under Other.
BEFORE = [("x", 50), ("y", 30), ("z", 20)]
AFTER = [("x", 20), ("y", 35), ("x", 25), ("z", 12), ("w", 8)]


@pytest.fixture(scope="module")
def built(piec, workdir):
    (workdir / "before").mkdir()
    (workdir / "before" / "a.csv").write_text(csv(BEFORE))
    bundles.write_spec(workdir / "before" / "facetdata.yaml", spec())
    (workdir / "a.csv").write_text(csv(AFTER))
    path = bundles.write_spec(workdir / "facetdata.yaml", spec())
    proc = bundles.run(piec, "build", path, "-o", workdir / "out", "--from", workdir / "before")
    assert proc.returncode == 0, proc.stderr
    directory = workdir / "out" / "facetdata"
    return json.loads((directory / "manifest.json").read_text()), (directory / "chart.svg").read_text()


def facet_chart(manifest, k):
    """The chart facet k must draw at rest."""
    f = manifest["charts"][k]
    m = copy.deepcopy(manifest)
    m["chart"].update({key: f[key] for key in ("cx", "cy", "outerRadius", "innerRadius", "startAngle", "sweep", "direction")})
    m["slices"] = f["slices"]
    m["transitions"] = []
    m["animation"] = {"duration": 0, "delay": 0}
    return Chart(m, specs.MAGENTA)


@pytest.fixture(scope="module")
def seeked(built, shoot):
    _, svg = built
    page = SeekPage([(svg, 10_000), (svg, 300)], columns=2, frame_width=500, background=specs.MAGENTA)
    return page, shoot(page, "facetdata")


def test_each_chart_is_its_data_and_groups_its_own_other(built):
    manifest, _ = built
    a, b = manifest["charts"]
    assert [(s["id"], s["value"]) for s in a["slices"]] == [("x", 45), ("y", 35), ("other", 20)]
    assert [(s["id"], s["value"]) for s in b["slices"]] == [("x", 40), ("y", 30), ("other", 30)]
    assert [f["entered"] for f in manifest["charts"]] == [False, False]


@pytest.mark.parametrize("k", range(2))
def test_at_the_end_each_chart_shows_its_own_wedges(built, seeked, k):
    manifest, _ = built
    page, raster = seeked
    frame = page.frames[0]
    probe = Probe(raster, frame.viewport, facet_chart(manifest, k), frame.t_ms)
    problems = checks.marker_problems(page, raster, 0, expect_animations=True)
    problems += checks.angle_problems(probe, checks.REST_TOLERANCE)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"chart {k} at the end, screenshot {page.screenshot}")


def test_half_way_only_the_chart_whose_data_changed_moves(built, seeked):
    manifest, _ = built
    page, raster = seeked
    frame = page.frames[1]
    moving = Probe(raster, frame.viewport, facet_chart(manifest, 0), frame.t_ms)
    assert checks.angle_problems(moving, checks.REST_TOLERANCE), \
        f"half-way chart a already rests at its new version (screenshot {page.screenshot})"
    still = Probe(raster, frame.viewport, facet_chart(manifest, 1), frame.t_ms)
    checks.report(checks.angle_problems(still, checks.REST_TOLERANCE), f"chart b half-way, screenshot {page.screenshot}")
