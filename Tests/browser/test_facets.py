"""`charts:` (facets): three charts in one bundle, built from a previous version with two of
them changed (`a`), one new (`c`, which grows in) and one gone (`gone`, which fades out).
Seeked in each engine to the end of the transition, every chart shows exactly its own final
wedges at its own place in the grid (boundaries at the manifest's angles, rest tolerance, no
background through the seams), and the chart that left is not drawn; half-way, the changed
chart is between its two versions."""

import copy
import json

import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage
from piectest.geometry import Chart
from piectest.measure import Probe

COLORS = {"x": "#e6c800", "y": "#00c85a", "z": "#00c8dc", "w": "#78c828"}


def spec(charts):
    s = specs.spec("facets", [], animation={"duration": "600ms"})
    del s["slices"]
    s["chart"] = {"size": 200}
    s["layout"] = {"columns": 2}
    s["charts"] = [{"id": i, "slices": [{"id": k, "label": k.upper(), "value": v, "color": COLORS[k]} for k, v in entries]}
                   for i, entries in charts]
    return s


BEFORE = [("a", [("x", 50), ("y", 30), ("z", 20)]), ("b", [("x", 10), ("w", 30)]), ("gone", [("y", 1), ("z", 1)])]
AFTER = [("a", [("x", 20), ("y", 30), ("z", 50)]), ("b", [("x", 10), ("w", 30)]), ("c", [("y", 3), ("w", 1)])]


@pytest.fixture(scope="module")
def built(piec, workdir):
    (workdir / "before").mkdir()
    bundles.write_spec(workdir / "before" / "facets.yaml", spec(BEFORE))
    path = bundles.write_spec(workdir / "facets.yaml", spec(AFTER))
    proc = bundles.run(piec, "build", path, "-o", workdir / "out", "--from", workdir / "before")
    assert proc.returncode == 0, proc.stderr
    directory = workdir / "out" / "facets"
    return json.loads((directory / "manifest.json").read_text()), (directory / "chart.svg").read_text()


def facet_chart(manifest, k, slices=None):
    """The chart facet k must draw at rest (or `slices` at rest in its place)."""
    f = manifest["charts"][k]
    m = copy.deepcopy(manifest)
    m["chart"].update({key: f[key] for key in ("cx", "cy", "outerRadius", "innerRadius", "startAngle", "sweep", "direction")})
    m["slices"] = slices or f["slices"]
    m["transitions"] = []
    m["animation"] = {"duration": 0, "delay": 0}
    return Chart(m, specs.MAGENTA)


@pytest.fixture(scope="module")
def seeked(built, shoot):
    manifest, svg = built
    page = SeekPage([(svg, 10_000), (svg, 300)], columns=2, frame_width=500, background=specs.MAGENTA)
    return page, shoot(page, "facets")


def test_the_manifest_lists_each_chart_and_which_entered(built):
    manifest, _ = built
    assert [f["id"] for f in manifest["charts"]] == ["a", "b", "c"]
    assert [f["entered"] for f in manifest["charts"]] == [False, False, True]
    assert manifest["charts"][1]["x"] > manifest["charts"][0]["x"], "two columns: b beside a"
    assert manifest["charts"][2]["y"] > manifest["charts"][0]["y"], "c on the second row"


@pytest.mark.parametrize("k", range(3))
def test_at_the_end_each_chart_shows_its_own_wedges(built, seeked, k):
    manifest, _ = built
    page, raster = seeked
    frame = page.frames[0]
    probe = Probe(raster, frame.viewport, facet_chart(manifest, k), frame.t_ms)
    problems = checks.marker_problems(page, raster, 0, expect_animations=True)
    problems += checks.angle_problems(probe, checks.REST_TOLERANCE)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"chart {k} at the end, screenshot {page.screenshot}")


def test_half_way_the_changed_chart_is_between_its_versions(built, seeked):
    manifest, _ = built
    page, raster = seeked
    frame = page.frames[1]
    probe = Probe(raster, frame.viewport, facet_chart(manifest, 0), frame.t_ms)
    assert checks.angle_problems(probe, checks.REST_TOLERANCE), \
        f"half-way chart a already rests at its new version (screenshot {page.screenshot})"
