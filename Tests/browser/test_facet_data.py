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
from piectest.geometry import Chart, parse_hex
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


# Translucent colours in the charts' own data files: `half` reads a CSV of `#rrggbb80` (one alpha,
# lifted into that chart's own opacity), `faint` a JSON file of `rgba(..., 0.3)`, and `solid` has
# opaque slices of its own. At rest each sample inside a slice is the colour written in the data
# file composited once over the page at its own alpha (the shared `theme.opacity` stays 1), and
# `solid` stays opaque: an alpha dropped (drawn opaque) or applied to the wrong chart is off by
# tens of levels. Ids differ by chart, so no chart takes another's colour.
HALF = [("n", "North", 40, "#2563eb80"), ("s", "South", 30, "#dc262680"), ("e", "East", 20, "#16a34a80")]
FAINT = [("w", "West", 15, (124, 58, 237)), ("c", "Centre", 5, (234, 88, 12))]
SOLID = [("u", "Up", 30, "#0891b2"), ("d", "Down", 10, "#ca8a04")]
ALPHA_TOLERANCE = 12      # levels per channel (anti-aliasing, colour management)


def alpha_spec():
    s = specs.spec("facetalpha", [])
    del s["slices"]
    s["chart"] = {"size": 200, "innerRadius": 0.3}
    s["layout"] = {"columns": 3}
    s["charts"] = [
        {"id": "half", "data": {"file": "half.csv", "id": "id", "color": "color"}},
        {"id": "faint", "data": {"file": "faint.json", "id": "id", "color": "color"}},
        {"id": "solid", "slices": [{"id": k, "label": label, "value": v, "color": c} for k, label, v, c in SOLID]},
    ]
    return s


def written(k):
    """Chart k's slices as its data file or spec writes them: {id: ((r, g, b), alpha)}."""
    if k == 0:
        return {i: (parse_hex(c[:7]), int(c[7:], 16) / 255) for i, _, _, c in HALF}
    if k == 1:
        return {i: (rgb, 0.3) for i, _, _, rgb in FAINT}
    return {i: (parse_hex(c), 1.0) for i, _, _, c in SOLID}


@pytest.fixture(scope="module")
def alpha_built(piec, workdir):
    folder = workdir / "alpha"
    folder.mkdir()
    (folder / "half.csv").write_text("id,label,value,color\n" + "".join(f"{i},{l},{v},{c}\n" for i, l, v, c in HALF))
    (folder / "faint.json").write_text(json.dumps([{"id": i, "label": l, "value": v, "color": "rgba(%d, %d, %d, 0.3)" % rgb}
                                                   for i, l, v, rgb in FAINT]))
    path = bundles.write_spec(folder / "facetalpha.yaml", alpha_spec())
    proc = bundles.run(piec, "build", path, "-o", folder / "out")
    assert proc.returncode == 0 and not bundles.diagnostics_in(proc), proc.stdout + proc.stderr
    directory = folder / "out" / "facetalpha"
    return json.loads((directory / "manifest.json").read_text()), (directory / "chart.svg").read_text()


@pytest.fixture(scope="module")
def alpha_seeked(alpha_built, shoot):
    _, svg = alpha_built
    page = SeekPage([(svg, 10_000)], columns=1, frame_width=900, background=specs.MAGENTA)
    return page, shoot(page, "facetalpha")


@pytest.mark.parametrize("k", range(3), ids=["half", "faint", "solid"])
def test_data_file_alphas_are_drawn_once_at_rest(alpha_built, alpha_seeked, engine, k):
    manifest, _ = alpha_built
    page, raster = alpha_seeked
    frame = page.frames[0]
    chart = facet_chart(manifest, k)
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    colours = written(k)
    assert {s["id"] for s in manifest["charts"][k]["slices"]} == set(colours)
    problems, worst, samples = [], 0.0, 0
    for s in manifest["charts"][k]["slices"]:
        rgb, alpha = colours[s["id"]]
        want = tuple(c * alpha + b * (1 - alpha) for c, b in zip(rgb, specs.MAGENTA))
        start, end = float(s["startAngle"]), float(s["endAngle"])
        for f in (0.45, 0.65, 0.85):
            r = chart.inner + (chart.outer - chart.inner) * f
            margin = 3 * probe.px(r)
            steps = max(int((end - start - 2 * margin) / 0.5), 1)
            for j in range(steps + 1):
                a = start + margin + (end - start - 2 * margin) * j / steps
                got = probe.color(a, r)
                d = max(abs(x - y) for x, y in zip(got, want))
                worst, samples = max(worst, d), samples + 1
                if d > ALPHA_TOLERANCE and len(problems) < 8:
                    problems.append(f"{s['id']} at {a:.1f} deg r={r:.1f}: {tuple(round(x) for x in got)}, "
                                    f"expected {tuple(round(x) for x in want)} (alpha {alpha:.3f})")
    print(f"\n{engine.name} chart {k}: worst {worst:.1f} levels over {samples} samples")
    assert samples > 300, f"only {samples} samples"
    assert not problems, f"chart {k} at rest, screenshot {page.screenshot}:\n" + "\n".join(problems)
