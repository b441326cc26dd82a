"""piec render's memory does not grow with the animation: frames are drawn a window at a time
and streamed to the encoder (GIF, WebP, MP4) and the output file, never all kept.

A 1 s animation and one 10 times longer are rendered at the same size; their peak RSS must be
about the same. piec before streaming held every frame (RGBA and GIF index buffers): its 10 s
renders below peaked 35-53 MB above the 1 s ones (the history's 3 s rests 35 MB above 100 ms
ones); streamed, 2-8 MB (libwebp's compressed frames, the GIF palette's colour samples, which
`Palette.maxSamples` caps). The renders are small (a debug build takes a few seconds each).
BENCHMARKS.md has the release numbers at 400 and 4000 px."""

import subprocess

import pytest

from conftest import run_piec

# Peak RSS the longer render may add (KB).
GROWTH_KB = 15 * 1024


def spec(duration):
    return ("piec: 1\n"
            f"animation: {{duration: {duration}}}\n"
            "slices:\n  - {label: North, value: 40}\n  - {label: South, value: 35}\n"
            "  - {label: East, value: 25}\n")


def render(piec, tmp_path, duration, output, extra=()):
    path = tmp_path / f"{duration}.yaml"
    path.write_text(spec(duration))
    run = run_piec(piec, ["render", path, "-o", tmp_path / output, *extra], cwd=tmp_path, timeout=300)
    assert run.status == 0, run.stderr[-2000:]
    return run


@pytest.mark.parametrize("fmt,extra", [("webp", ["--fps", "10"]), ("gif", ["--fps", "10", "--width", "300"])])
def test_peak_memory_does_not_grow_with_the_animation(piec, tmp_path, fmt, extra):
    short = render(piec, tmp_path, "1s", f"short.{fmt}", extra)
    long = render(piec, tmp_path, "10s", f"long.{fmt}", extra)
    assert (tmp_path / f"long.{fmt}").stat().st_size > (tmp_path / f"short.{fmt}").stat().st_size
    growth = long.max_rss_kb - short.max_rss_kb
    assert growth < GROWTH_KB, f"1 s: {short.max_rss_kb} KB, 10 s: {long.max_rss_kb} KB"


def test_history_memory_does_not_grow_with_the_rests(piec, tmp_path):
    """A long --hold makes every version rest longer: more frames, the same peak."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    for k in range(3):
        (repo / "c.yaml").write_text(spec("300ms").replace("value: 40", f"value: {40 + 20 * k}"))
        subprocess.run([*git, "add", "c.yaml"], check=True)
        subprocess.run([*git, "commit", "-qm", f"v{k}"], check=True)
    runs = []
    for hold in ["100ms", "3s"]:
        run = run_piec(piec, ["render", "c.yaml", "--history", "--hold", hold, "--fps", "10", "-o", f"h{hold}.webp"],
                       cwd=repo, timeout=300)
        assert run.status == 0, run.stderr[-2000:]
        runs.append(run)
    assert runs[1].max_rss_kb - runs[0].max_rss_kb < GROWTH_KB, [r.max_rss_kb for r in runs]
