"""`piec history`: a spec committed four times (a slice added, values changed, a slice removed,
the hole grown) in a real git repository, then changed in the working copy. Seeked in each
engine to every version's `at` (from the manifest), the chart shows exactly that version:
every boundary where the version's own slices put it (rest tolerance) and no background through
the seams; and half-way through each step it is in motion between the two versions (not resting
at either). Static renderers are checked elsewhere: the earlier steps are hidden by attributes."""

import copy
import subprocess

import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage
from piectest.geometry import Chart
from piectest.measure import Probe

VERSIONS = [
    ("2026-01-05T10:00:00Z", "First chart", [("a", 40), ("b", 30), ("c", 20)], 0.0),
    ("2026-02-05T10:00:00Z", "Add d", [("a", 40), ("b", 30), ("c", 20), ("d", 15)], 0.0),
    ("2026-03-05T10:00:00Z", "b shrinks", [("a", 40), ("b", 12), ("c", 20), ("d", 15)], 0.0),
    ("2026-04-05T10:00:00Z", "Drop c, a donut", [("a", 40), ("b", 12), ("d", 15)], 0.5),
]
WORKING = ([("a", 25), ("b", 12), ("d", 15)], 0.5)
COLORS = {"a": "#e6c800", "b": "#00c85a", "c": "#00c8dc", "d": "#78c828"}


def spec(entries, inner):
    s = specs.spec("hist", [], chart={"innerRadius": inner} if inner else None, animation={"duration": "600ms"})
    s["slices"] = [{"id": i, "label": i.upper(), "value": v, "color": COLORS[i]} for i, v in entries]
    return s


def git(repo, *args, date=None):
    env = {"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date} if date else {}
    import os
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env={**os.environ, **env})


@pytest.fixture(scope="module")
def history(piec, workdir):
    repo = workdir / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "t@t")
    git(repo, "config", "user.name", "T")
    path = repo / "hist.yaml"
    for date, subject, entries, inner in VERSIONS:
        bundles.write_spec(path, spec(entries, inner))
        git(repo, "add", "hist.yaml")
        git(repo, "commit", "-qm", subject, date=date)
    bundles.write_spec(path, spec(*WORKING))
    proc = bundles.run(piec, "history", path, "-o", workdir / "out", "--hold", "300ms", cwd=repo)
    assert proc.returncode == 0, proc.stderr
    directory = workdir / "out" / "hist"
    import json
    manifest = json.loads((directory / "manifest.json").read_text())
    return manifest, (directory / "chart.svg").read_text()


def version_chart(manifest, k):
    """The chart that must be drawn when the history rests at version k."""
    v = manifest["versions"][k]
    m = copy.deepcopy(manifest)
    m["chart"]["cx"], m["chart"]["cy"] = v["cx"], v["cy"]
    m["slices"] = v["slices"]
    m["transitions"] = []
    m["animation"] = {"duration": 0, "delay": 0}
    # The hole of that version (every slice carries its inner radius).
    m["chart"]["innerRadius"] = v["slices"][0]["innerRadius"]
    return Chart(m, specs.MAGENTA)


@pytest.fixture(scope="module")
def seeked(history, shoot):
    manifest, svg = history
    versions = manifest["versions"]
    rests = [v["at"] for v in versions]
    mids = [(v["start"] + v["at"]) / 2 for v in versions[1:]]
    page = SeekPage([(svg, t) for t in rests + mids], columns=5, frame_width=400, background=specs.MAGENTA)
    return page, shoot(page, "history")


def test_the_manifest_lists_every_version_in_commit_order_then_the_working_copy(history):
    manifest, _ = history
    versions = manifest["versions"]
    assert [v["subject"] for v in versions] == [s for _, s, _, _ in VERSIONS] + ["working copy"]
    assert [v["date"] for v in versions] == [d[:10] for d, _, _, _ in VERSIONS] + [""]
    assert all(len(v["commit"]) == 40 for v in versions[:-1]) and versions[-1]["commit"] == ""
    ats = [v["at"] for v in versions]
    assert ats == sorted(ats) and all(b - a >= 300 for a, b in zip(ats, ats[1:])), "steps follow one another with the hold"
    assert [[s["id"] for s in v["slices"]] for v in versions] == [[i for i, _ in e] for _, _, e, _ in VERSIONS] + [["a", "b", "d"]]


@pytest.mark.parametrize("k", range(len(VERSIONS) + 1))
def test_seeking_to_a_versions_at_shows_exactly_that_version(history, seeked, k):
    manifest, _ = history
    page, raster = seeked
    frame = page.frames[k]
    chart = version_chart(manifest, k)
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    problems = checks.marker_problems(page, raster, k, expect_animations=True)
    problems += checks.angle_problems(probe, checks.REST_TOLERANCE)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"version {k} at t={frame.t_ms} ms, screenshot {page.screenshot}")


@pytest.mark.parametrize("k", range(1, len(VERSIONS) + 1))
def test_half_way_through_a_step_the_chart_is_between_its_two_versions(history, seeked, k):
    manifest, _ = history
    page, raster = seeked
    frame = page.frames[len(VERSIONS) + k]
    for rest in (k - 1, k):
        probe = Probe(raster, frame.viewport, version_chart(manifest, rest), frame.t_ms)
        assert checks.angle_problems(probe, checks.REST_TOLERANCE), \
            f"half-way into step {k} the chart rests at version {rest} (screenshot {page.screenshot})"
