"""`charts:` (facets): three charts in one bundle, built from a previous version with two of
them changed (`a`), one new (`c`, which grows in) and one gone (`gone`, which fades out).
Seeked in each engine to the end of the transition, every chart shows exactly its own final
wedges at its own place in the grid (boundaries at the manifest's angles, rest tolerance, no
background through the seams), and the chart that left is not drawn; half-way, the changed
chart is between its two versions. `gone` had the cell `c` takes: it fades out over the first
half of the duration while `c` waits hidden, then `c` grows in with `gone` hidden, so the two
never overlap (measured at a quarter and three quarters of the duration)."""

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
    page = SeekPage([(svg, 10_000), (svg, 300), (svg, 150), (svg, 450)], columns=2, frame_width=500, background=specs.MAGENTA)
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


def cell_colours(manifest, page, raster, frame, k):
    """The colours sampled on a grid over facet k's disc in frame `frame` (half a step off the
    centre, so no sample lies on the 12 o'clock edge every wedge starts at)."""
    f, view = manifest["charts"][k], page.frames[frame].viewport
    r = float(f["outerRadius"])
    out = []
    for i in range(-10, 10):
        for j in range(-10, 10):
            x, y = f["cx"] + r * (i + 0.5) / 10, f["cy"] + r * (j + 0.5) / 10
            if (x - f["cx"]) ** 2 + (y - f["cy"]) ** 2 <= r * r:
                out.append(tuple(round(c) for c in raster.sample(*view.to_pixels(x, y))))
    return out


def near(colour, hex_colour, slack=24):
    target = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= slack for a, b in zip(colour, target))


def test_the_leaving_chart_and_the_one_in_its_cell_never_overlap(built, seeked):
    manifest, _ = built
    page, raster = seeked
    own = [COLORS["y"], COLORS["w"]]    # c's colours
    fading = cell_colours(manifest, page, raster, 2, 2)
    # A quarter in: gone half faded (its colours mixed with magenta), c not drawn at all.
    assert not any(near(c, h) for c in fading for h in own), f"c drawn while gone fades (screenshot {page.screenshot})"
    assert sum(c != specs.MAGENTA for c in fading) > 50, f"gone not drawn while it fades (screenshot {page.screenshot})"
    growing = cell_colours(manifest, page, raster, 3, 2)
    # Three quarters in: c grows in its own colours, gone (faded) not drawn: nothing else but
    # the background (a few samples may fall on an anti-aliased edge).
    assert sum(c != specs.MAGENTA for c in growing) > 20, f"c not growing after the fade (screenshot {page.screenshot})"
    mixed = [c for c in growing if c != specs.MAGENTA and not any(near(c, h) for h in own)]
    assert len(mixed) <= 3, f"gone drawn after its fade: {mixed[:5]} (screenshot {page.screenshot})"
    assert manifest["charts"][2]["wait"] == 300, "c waits for gone's fade (half of 600 ms)"
    assert manifest["timeline"] == {"start": 0, "length": 900}
