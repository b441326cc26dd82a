"""`piec render SPEC --history` in real repositories: the chart's versions in git as one motion
(the frames `piec history`'s bundle draws) or one instant of it; the frame schedule, the first
and last frames against `render --history --at`, the captions, and the usage errors."""

import io
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops

from conftest import PIEC, spec

V1 = spec("langs", {"Swift": 40, "Python": 30, "Go": 22}, "title: Languages\n")
V2 = spec("langs", {"Swift": 40, "Python": 30, "Go": 22, "Rust": 15}, "title: Languages\n")
V3 = spec("langs", {"Swift": 40, "Python": 12, "Go": 22, "Rust": 15}, "title: Languages\n")
SPEC = "specs/langs.yaml"


@pytest.fixture
def langs(repo):
    """Three committed versions, and the history bundle's manifest (its timeline)."""
    for text, message in [(V1, "first"), (V2, "add rust"), (V3, "python shrinks")]:
        repo.write(SPEC, text)
        repo.commit(message)
    result = repo.piec("history", SPEC, "-o", "out", "--hold", "500ms")
    assert result.returncode == 0, result.stderr
    return repo, repo.manifest("out/langs/manifest.json")


def render(repo, *args, check=True):
    """`piec render specs/langs.yaml --history ARGS` in the repository (stdout as bytes)."""
    proc = subprocess.run([str(a) for a in [PIEC, "render", SPEC, "--history", *args]], cwd=repo.path, env=repo.env,
                          capture_output=True, timeout=300, stdin=subprocess.DEVNULL)
    if check:
        assert proc.returncode == 0, proc.stderr.decode()
    return proc


def still(repo, at, fmt="svg"):
    args = ["-o", "-", "--format", fmt, "--hold", "500ms"] + (["--at", at] if at is not None else [])
    return render(repo, *args).stdout


def on_white(image: Image.Image) -> Image.Image:
    """The image on the page colour a GIF puts behind a transparent chart."""
    page = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(page, image.convert("RGBA")).convert("RGB")


def differing(a: Image.Image, b: Image.Image, slack=24) -> float:
    """The fraction of pixels whose colours differ by more than `slack` in a channel."""
    assert a.size == b.size
    a, b = (on_white(x) for x in (a, b))
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > slack else 0)
    return sum(1 for v in diff.getdata() if v) / (a.size[0] * a.size[1])


def test_one_instant_is_the_bundles_canvas_with_the_caption_of_the_version_showing(langs):
    repo, manifest = langs
    versions = manifest["versions"]
    for version in versions:
        svg = still(repo, f"{version['at']!r}ms").decode()
        assert f"· {version['subject']}</text>" in svg
        # The bundle's canvas: the same size, the pies on the centre the manifest gives.
        bundle = (repo.path / "out/langs/chart.svg").read_text()
        assert svg.split(" viewBox=", 1)[1].split('"')[1] == bundle.split(" viewBox=", 1)[1].split('"')[1]
        assert "<style" not in svg and "animation" not in svg
    # Default: the last version, at rest (= the end of the timeline, = 100 %).
    last = still(repo, None)
    assert last == still(repo, f"{versions[-1]['at']!r}ms") == still(repo, "100%")
    assert still(repo, "0%") == still(repo, "0ms") != last
    # A step is shown from its start until the next one starts.
    second = versions[1]["start"]
    assert "· first</text>" in still(repo, f"{second - 1!r}ms").decode()
    assert "· add rust</text>" in still(repo, f"{second!r}ms").decode()


def test_the_motion_runs_the_whole_history_then_holds_and_its_ends_are_the_first_and_last_instants(langs):
    repo, manifest = langs
    duration = manifest["history"]["duration"]
    gif = Image.open(io.BytesIO(render(repo, "-o", "-", "--format", "gif", "--hold", "500ms").stdout))
    delays = []
    for k in range(gif.n_frames):
        gif.seek(k)
        delays.append(gif.info["duration"])
    # Every 1/30 s of the timeline, then the last version held (identical neighbours merged).
    assert abs(sum(delays) - (duration + 500)) <= 10 * len(delays)
    assert delays[-1] >= 500
    gif.seek(0)
    first = gif.convert("RGB")
    gif.seek(gif.n_frames - 1)
    final = gif.convert("RGB")
    png_first = Image.open(io.BytesIO(still(repo, "0ms", "png")))
    png_last = Image.open(io.BytesIO(still(repo, None, "png")))
    assert differing(first, png_first) < 0.002
    assert differing(final, png_last) < 0.002
    assert differing(first, png_last) > 0.05


@pytest.mark.skipif(shutil.which("ffprobe") is None, reason="ffmpeg is not installed")
def test_the_video_has_one_frame_per_instant_of_the_history_and_the_hold(langs):
    repo, manifest = langs
    out = repo.path / "h.mp4"
    render(repo, "-o", out, "--fps", "10", "--hold", "500ms")
    probe = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                            "stream=nb_read_frames", "-of", "csv=p=0", str(out)], capture_output=True, text=True, timeout=120)
    assert int(probe.stdout.strip()) == round((manifest["history"]["duration"] + 500) * 10 / 1000)


def test_since_max_and_hold_mean_what_they_mean_to_piec_history(langs):
    repo, manifest = langs
    head1 = repo.git("rev-parse", "HEAD~1").stdout.strip()
    only_last = render(repo, "-o", "-", "--format", "svg", "--since", head1, "--at", "0%").stdout.decode()
    assert "· python shrinks</text>" in only_last
    two = render(repo, "-o", "-", "--format", "svg", "--max", "2", "--at", "0%").stdout.decode()
    assert "· add rust</text>" in two
    # A longer hold moves the second version later.
    at_second = f"{manifest['versions'][1]['start']!r}ms"
    assert "· add rust</text>" in render(repo, "-o", "-", "--format", "svg", "--hold", "500ms", "--at", at_second).stdout.decode()
    assert "· first</text>" in render(repo, "-o", "-", "--format", "svg", "--hold", "2s", "--at", at_second).stdout.decode()


def test_usage_errors(langs, tmp_path):
    repo, _ = langs
    proc = render(repo, "-o", "x.gif", "--from", "HEAD~1", check=False)
    assert proc.returncode == 64 and b"does not go with --from" in proc.stderr
    proc = subprocess.run([str(PIEC), "render", SPEC, "--since", "HEAD~1", "-o", "x.svg"], cwd=repo.path, env=repo.env,
                          capture_output=True, timeout=60)
    assert proc.returncode == 64 and b"--since, --max and --all-parents pick the versions of --history" in proc.stderr
    proc = subprocess.run([str(PIEC), "render", "-", "--history", "-o", "-", "--format", "svg"], cwd=repo.path,
                          env=repo.env, input=V1.encode(), capture_output=True, timeout=60)
    assert proc.returncode == 64 and b"standard input has no history" in proc.stderr
    outside = tmp_path / "loose"
    outside.mkdir()
    (outside / "langs.yaml").write_text(V1)
    proc = subprocess.run([str(PIEC), "render", "langs.yaml", "--history", "-o", "x.svg"], cwd=outside, env=repo.env,
                          capture_output=True, timeout=60)
    assert proc.returncode == 64 and b"is not inside a git repository" in proc.stderr
    proc = render(repo, "-o", "x.svg", "--since", "nosuchrev", check=False)
    assert proc.returncode == 64


def test_a_renamed_spec_renders_its_versions_from_before_the_rename(repo):
    """`render --history` walks the same versions as `piec history`: renames followed."""
    repo.write(SPEC, V1)
    repo.commit("first")
    (repo.path / "charts").mkdir()
    repo.git("mv", SPEC, "charts/langs.yaml")
    repo.write("charts/langs.yaml", V2)
    repo.commit("moved and add rust")
    proc = subprocess.run([str(PIEC), "render", "charts/langs.yaml", "--history", "-o", "-", "--format", "svg", "--at", "0%"],
                          cwd=repo.path, env=repo.env, capture_output=True, timeout=300, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr.decode()
    assert "· first</text>" in proc.stdout.decode()


def grid(charts):
    """A spec of `charts:` (id `grid`): one chart per (id, {label: value})."""
    text = "piec: 1\nid: grid\ntitle: Grid\nlayout: {columns: 2}\nchart: {size: 160}\ncharts:\n"
    for cid, values in charts:
        text += f"  - id: {cid}\n    slices:\n" + "".join(
            f"      - {{id: {label.lower()}, label: {label}, value: {value}}}\n" for label, value in values.items())
    return text


def test_a_grid_of_charts_renders_each_versions_grid_as_the_history_bundle_shows_it(repo):
    """A spec of `charts:`: every frame is the grid of the version shown then, each chart
    animating from its previous version (a gone chart fading out), over the bundle's canvas,
    with the version's caption; the motion runs the whole timeline."""
    grid_spec = "specs/grid.yaml"
    repo.write(grid_spec, grid([("north", {"Car": 40, "Rail": 60}), ("gone", {"Car": 1, "Rail": 1})]))
    repo.commit("first")
    repo.write(grid_spec, grid([("north", {"Car": 70, "Rail": 30}), ("south", {"Car": 20, "Bus": 80})]))
    repo.commit("north drives")
    repo.write(grid_spec, grid([("north", {"Car": 70, "Rail": 30}), ("south", {"Car": 50, "Bus": 50})]))
    repo.commit("south evens out")
    result = repo.piec("history", grid_spec, "-o", "out", "--hold", "300ms")
    assert result.returncode == 0, result.stderr
    manifest = repo.manifest("out/grid/manifest.json")
    versions, duration = manifest["versions"], manifest["history"]["duration"]

    def run(*args):
        proc = subprocess.run([str(a) for a in [PIEC, "render", grid_spec, "--history", "--hold", "300ms", *args]],
                              cwd=repo.path, env=repo.env, capture_output=True, timeout=300, stdin=subprocess.DEVNULL)
        assert proc.returncode == 0, proc.stderr.decode()
        return proc.stdout

    def svg(at):
        return run("-o", "-", "--format", "svg", "--at", at).decode()

    bundle = (repo.path / "out/grid/chart.svg").read_text()
    for version in versions:
        frame = svg(f"{version['at']!r}ms")
        assert f"· {version['subject']}</text>" in frame
        assert frame.split(" viewBox=", 1)[1].split('"')[1] == bundle.split(" viewBox=", 1)[1].split('"')[1]
        assert ">Grid<" in frame and "<style" not in frame and "animation" not in frame
    # Step 1 draws north and south, and gone fading out in south's cell halfway through it.
    start, at = versions[1]["start"], versions[1]["at"]
    mid = svg(f"{start + 100!r}ms")
    assert "· north drives</text>" in mid and '<g opacity="' in mid
    assert '<g opacity="' not in svg(f"{at!r}ms")
    # A step is shown from its start until the next one starts; the default is the end.
    assert "· first</text>" in svg(f"{start - 1!r}ms")
    assert svg("100%") == run("-o", "-", "--format", "svg").decode() == svg(f"{versions[-1]['at']!r}ms")

    # The motion: every 1/30 s of the timeline, then the hold; its ends are the first and
    # last instants, and a frame in the middle of a step differs from both.
    gif = Image.open(io.BytesIO(run("-o", "-", "--format", "gif")))
    delays = []
    for k in range(gif.n_frames):
        gif.seek(k)
        delays.append(gif.info["duration"])
    assert gif.n_frames > 10
    assert abs(sum(delays) - (duration + 300)) <= 10 * len(delays)
    gif.seek(0)
    first = gif.convert("RGB")
    gif.seek(gif.n_frames - 1)
    final = gif.convert("RGB")
    png = {at: Image.open(io.BytesIO(run("-o", "-", "--format", "png", "--at", at))) for at in ["0ms", "100%"]}
    middle = Image.open(io.BytesIO(run("-o", "-", "--format", "png", "--at", f"{(versions[2]['start'] + versions[2]['at']) / 2!r}ms")))
    assert differing(first, png["0ms"]) < 0.002
    assert differing(final, png["100%"]) < 0.002
    assert differing(middle, png["0ms"]) > 0.01 and differing(middle, png["100%"]) > 0.005
