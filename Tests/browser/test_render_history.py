"""`piec render SPEC --history --at t` draws what Chromium draws of the `piec history` bundle
seeked to t: the repository of test_history.py (four commits and a changed working copy), at
every version's `at` (the chart resting at that version, with its caption) and half-way
through every step (in motion), compared as test_render_frames.py compares `render --at`
(both images drawn by Chromium on SeekPage pages; the same REACH, SLACK and LIMIT)."""

import subprocess

import pytest
from PIL import Image

from piectest.chromium import SeekPage, render
from test_history import history  # noqa: F401 (the fixture: the repository and its bundle)
from test_render_frames import LIMIT, compare_frame, painted_pixels

FRAME_WIDTH = 400


def instants(manifest):
    versions = manifest["versions"]
    return [v["at"] for v in versions] + [(v["start"] + v["at"]) / 2 for v in versions[1:]]


def frame_svg(piec, repo, t_ms):
    proc = subprocess.run([str(piec), "render", "hist.yaml", "--history", "--hold", "300ms", "--at", f"{t_ms!r}ms",
                           "-o", "-", "--format", "svg"], cwd=repo, capture_output=True, timeout=120)
    assert proc.returncode == 0, f"piec render --history --at {t_ms}ms failed:\n{proc.stderr.decode()}"
    assert b"<style" not in proc.stdout and b"@keyframes" not in proc.stdout
    return proc.stdout.decode("utf-8")


@pytest.fixture(scope="module")
def compared(piec, workdir, chromium, history):  # noqa: F811
    """[(t, failing pixels, chart pixels)] for every instant."""
    manifest, svg = history
    times = instants(manifest)
    ref_page = SeekPage([(svg, t) for t in times], frame_width=FRAME_WIDTH, columns=5)
    frame_page = SeekPage([(frame_svg(piec, workdir / "repo", t), 0) for t in times], frame_width=FRAME_WIDTH, columns=5)
    ref = render(chromium, ref_page, str(workdir), "history-ref")
    got = render(chromium, frame_page, str(workdir), "history-render")
    out = []
    for i, t in enumerate(times):
        ok, _ = ref_page.marker(ref, i)
        assert ok, f"t={t}: the reference page did not seek"
        a, b, bad = compare_frame(ref_page, ref, got, i)
        count, painted = bad.histogram()[255], painted_pixels(a, b)
        out.append((t, count, painted))
        if count > LIMIT * painted:
            Image.composite(Image.new("RGB", b.size, (255, 0, 0)), b, bad).save(workdir / f"diff-history-{t}.png")
    return out


def test_render_history_draws_chromiums_frame_of_the_history_bundle(compared):
    worst = max(c / max(p, 1) for _, c, p in compared)
    print(f"\nhistory: worst {worst * 100:.2f} % of chart pixels " + " ".join(f"{t:g}ms:{c}/{p}" for t, c, p in compared))
    bad = [t for t, c, p in compared if c > LIMIT * p]
    assert not bad, (f"frames at {bad} ms differ from Chromium's in more than {LIMIT * 100:g} % of chart pixels "
                     f"(worst {worst * 100:.2f} %); diff-history-*.png in the workdir")
