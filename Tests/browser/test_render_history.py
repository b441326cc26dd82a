"""`piec render SPEC --history --at t` draws what Chromium draws of the `piec history` bundle
seeked to t: the repository of test_history.py (four commits and a changed working copy), at
every version's `at` (the chart resting at that version, with its caption) and half-way
through every step (in motion), compared as test_render_frames.py compares `render --at`
(both images drawn by Chromium on SeekPage pages; the same REACH, SLACK and LIMIT). The same
for a spec of `charts:` (a grid of two charts committed three times: a chart changed, one
gone and one new in its cell, then the new one changed)."""

import json
import subprocess

import pytest
from PIL import Image

from piectest.chromium import SeekPage, render
from piectest import bundle as bundles
from test_history import git, history  # noqa: F401 (the fixture: the repository and its bundle)
from test_render_frames import LIMIT, compare_frame, painted_pixels

FRAME_WIDTH = 400


def instants(manifest):
    versions = manifest["versions"]
    return [v["at"] for v in versions] + [(v["start"] + v["at"]) / 2 for v in versions[1:]]


GRID_COLORS = {"x": "#e6c800", "y": "#00c85a", "z": "#00c8dc"}
GRID_VERSIONS = [
    ("2026-01-05T10:00:00Z", "First grid", [("a", [("x", 50), ("y", 30)]), ("gone", [("y", 1), ("z", 1)])]),
    ("2026-02-05T10:00:00Z", "a changes, c for gone", [("a", [("x", 20), ("y", 60)]), ("c", [("x", 3), ("z", 1)])]),
    ("2026-03-05T10:00:00Z", "c evens out", [("a", [("x", 20), ("y", 60)]), ("c", [("x", 2), ("z", 2)])]),
]


@pytest.fixture(scope="module")
def grid_history(piec, workdir):
    """A spec of `charts:` committed three times, and its `piec history` bundle."""
    repo = workdir / "grid-repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "t@t")
    git(repo, "config", "user.name", "T")
    for date, subject, charts in GRID_VERSIONS:
        s = {"piec": 1, "id": "grid", "title": "grid", "animation": {"duration": "600ms"}, "chart": {"size": 160},
             "labels": {"position": "none"}, "legend": {"position": "none"}, "layout": {"columns": 2},
             "charts": [{"id": c, "slices": [{"id": k, "label": k.upper(), "value": v, "color": GRID_COLORS[k]}
                                             for k, v in entries]} for c, entries in charts]}
        bundles.write_spec(repo / "grid.yaml", s)
        git(repo, "add", "grid.yaml")
        git(repo, "commit", "-qm", subject, date=date)
    proc = bundles.run(piec, "history", repo / "grid.yaml", "-o", workdir / "grid-out", "--hold", "300ms", cwd=repo)
    assert proc.returncode == 0, proc.stderr
    directory = workdir / "grid-out" / "grid"
    return json.loads((directory / "manifest.json").read_text()), (directory / "chart.svg").read_text()


def frame_svg(piec, repo, t_ms, spec="hist.yaml"):
    proc = subprocess.run([str(piec), "render", spec, "--history", "--hold", "300ms", "--at", f"{t_ms!r}ms",
                           "-o", "-", "--format", "svg"], cwd=repo, capture_output=True, timeout=120)
    assert proc.returncode == 0, f"piec render --history --at {t_ms}ms failed:\n{proc.stderr.decode()}"
    assert b"<style" not in proc.stdout and b"@keyframes" not in proc.stdout
    return proc.stdout.decode("utf-8")


@pytest.fixture(scope="module", params=["chart", "grid"])
def compared(request, piec, workdir, chromium):
    """[(t, failing pixels, chart pixels)] for every instant, of one chart's history or a grid's."""
    kind = request.param
    manifest, svg = request.getfixturevalue("history" if kind == "chart" else "grid_history")
    repo, spec = (workdir / "repo", "hist.yaml") if kind == "chart" else (workdir / "grid-repo", "grid.yaml")
    times = instants(manifest)
    ref_page = SeekPage([(svg, t) for t in times], frame_width=FRAME_WIDTH, columns=5)
    frame_page = SeekPage([(frame_svg(piec, repo, t, spec), 0) for t in times], frame_width=FRAME_WIDTH, columns=5)
    ref = render(chromium, ref_page, str(workdir), f"history-{kind}-ref")
    got = render(chromium, frame_page, str(workdir), f"history-{kind}-render")
    out = []
    for i, t in enumerate(times):
        ok, _ = ref_page.marker(ref, i)
        assert ok, f"t={t}: the reference page did not seek"
        a, b, bad = compare_frame(ref_page, ref, got, i)
        count, painted = bad.histogram()[255], painted_pixels(a, b)
        out.append((t, count, painted))
        if count > LIMIT * painted:
            Image.composite(Image.new("RGB", b.size, (255, 0, 0)), b, bad).save(workdir / f"diff-history-{kind}-{t}.png")
    return out


def test_render_history_draws_chromiums_frame_of_the_history_bundle(compared):
    worst = max(c / max(p, 1) for _, c, p in compared)
    print(f"\nhistory: worst {worst * 100:.2f} % of chart pixels " + " ".join(f"{t:g}ms:{c}/{p}" for t, c, p in compared))
    bad = [t for t, c, p in compared if c > LIMIT * p]
    assert not bad, (f"frames at {bad} ms differ from Chromium's in more than {LIMIT * 100:g} % of chart pixels "
                     f"(worst {worst * 100:.2f} %); diff-history-*.png in the workdir")
