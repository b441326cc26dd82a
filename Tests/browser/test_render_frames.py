"""`piec render --at t` draws what Chromium draws of the bundle seeked to t: for every transition
example (specs/transitions/*.yaml built --from specs/transitions/before) and every gallery
spec's enter animation, at 0, 25, 50, 75 and 100 % of the timeline.

Both images come from Chromium on the same kind of page (SeekPage frames), so renderer
differences drop out: the reference is chart.svg with its animations paused at t, the frame is
`piec render SPEC --at P% -o frame.svg` (a static SVG: no style sheet, no animation). A pixel
fails when its colour lies outside the other image's colour envelope within REACH px by more
than SLACK in a channel, both ways (anti-aliased edges a pixel apart pass; a wedge, gap, label
or line drawn elsewhere fails); a frame passes with at most LIMIT of its chart pixels (pixels
that are not page background in either image) failing. The first frame is the old chart and
the last the new one because they are compared with Chromium's frame 0 and 100 %.

Measured per chart (`pytest -s` prints the worst fraction of each): all 109 within 1 %, the
worst `enter/facets-legend` at 0.67 % and `transitions/labels-color-blend` at 0.64 %;
`transitions/everything` 0.07 % (a run of Other's parts is one wedge in both). Specs of
`charts:` are drawn too (the grid, a leaving chart's fade, a chart waiting for it):
`transitions/facets-change` worst 0.13 %, `enter/facets` 0.06 %."""

import json
import subprocess
from pathlib import Path

import pytest
import yaml
from PIL import Image, ImageChops

from piectest import bundle as bundles
from piectest.chromium import SeekPage, render
from piectest.envelope import envelope
from piectest.transition import windows

REPO = Path(__file__).resolve().parents[2]


GALLERY = sorted(p.stem for p in (REPO / "specs").glob("*.yaml"))
TRANSITIONS = sorted(p.stem for p in (REPO / "specs" / "transitions").glob("*.yaml"))
CHARTS = [f"transitions/{n}" for n in TRANSITIONS] + [f"enter/{n}" for n in GALLERY]
PERCENTS = [0, 25, 50, 75, 100]
FRAME_WIDTH = 360
COLUMNS = 5            # one chart's five instants per row
ROWS = 4               # charts per page
REACH = 1
SLACK = 48
LIMIT = 0.01


def spec_path(name):
    kind, stem = name.split("/")
    return REPO / "specs" / ("transitions" if kind == "transitions" else "") / f"{stem}.yaml"


@pytest.fixture(scope="module")
def bundles_built(piec, workdir):
    """{chart: (chart.svg text, manifest)} of every transition example and gallery spec."""
    out = {}
    proc = bundles.run(piec, "build", *[spec_path(f"enter/{n}") for n in GALLERY], "-o", workdir / "enter")
    assert proc.returncode == 0, proc.stderr
    proc = bundles.run(piec, "build", *[spec_path(f"transitions/{n}") for n in TRANSITIONS],
                       "-o", workdir / "transitions", "--from", REPO / "specs" / "transitions" / "before")
    assert proc.returncode == 0, proc.stderr
    ids = {}
    for kind in ("enter", "transitions"):
        for d in (workdir / kind).iterdir():
            manifest = json.loads((d / "manifest.json").read_text(encoding="utf-8"))
            ids[(kind, manifest["id"])] = (d, manifest)
    for name in CHARTS:
        kind, stem = name.split("/")
        spec = yaml.safe_load(spec_path(name).read_text(encoding="utf-8"))
        d, manifest = ids[(kind, str(spec.get("id", stem)))]
        out[name] = ((d / "chart.svg").read_text(encoding="utf-8"), manifest)
    return out


def frame_svg(piec, name, t_ms):
    args = [piec, "render", spec_path(name), "--at", f"{t_ms!r}ms", "-o", "-", "--format", "svg"]
    if name.startswith("transitions/"):
        args += ["--from", REPO / "specs" / "transitions" / "before"]
    proc = subprocess.run([str(a) for a in args], capture_output=True, timeout=60)
    assert proc.returncode == 0, f"piec render {name} --at {t_ms}ms failed:\n{proc.stderr.decode()}"
    assert b"<style" not in proc.stdout and b"@keyframes" not in proc.stdout and b"<script" not in proc.stdout
    return proc.stdout.decode("utf-8")


def timeline(manifest):
    """(start, length) in ms: from the first change's start to the last change's end (a spec
    of `charts:` records its grid's: every chart's motion, the leaving charts' fade)."""
    if "timeline" in manifest:
        return float(manifest["timeline"]["start"]), float(manifest["timeline"]["length"])
    segs, mover, chart = windows(manifest)
    spans = segs + [mover, chart]
    start = min(s for s, _ in spans)
    return start, max(s + n for s, n in spans) - start


@pytest.fixture(scope="module")
def compared(piec, workdir, chromium, bundles_built):
    """{(chart, percent): (failing pixels, chart pixels)} over every chart and instant."""
    out = {}
    pages = [CHARTS[k:k + ROWS] for k in range(0, len(CHARTS), ROWS)]
    for p, names in enumerate(pages):
        items_ref, items_frame = [], []
        for name in names:
            svg, manifest = bundles_built[name]
            start, length = timeline(manifest)
            for pc in PERCENTS:
                t = start + length * pc / 100
                items_ref.append((svg, t))
                items_frame.append((frame_svg(piec, name, t), 0))
        ref_page = SeekPage(items_ref, frame_width=FRAME_WIDTH, columns=COLUMNS)
        frame_page = SeekPage(items_frame, frame_width=FRAME_WIDTH, columns=COLUMNS)
        ref = render(chromium, ref_page, str(workdir), f"frames-ref-{p}")
        got = render(chromium, frame_page, str(workdir), f"frames-render-{p}")
        for i, name in enumerate(n for n in names for _ in PERCENTS):
            pc = PERCENTS[i % len(PERCENTS)]
            ok, _ = ref_page.marker(ref, i)
            assert ok, f"{name} {pc}%: the reference page did not seek"
            a, b, bad = compare_frame(ref_page, ref, got, i)
            count, painted = bad.histogram()[255], painted_pixels(a, b)
            out[(name, pc)] = (count, painted)
            if count > LIMIT * painted:
                slug = name.replace("/", "-")
                Image.composite(Image.new("RGB", b.size, (255, 0, 0)), b, bad).save(workdir / f"diff-{slug}-{pc}.png")
                a.save(workdir / f"ref-{slug}-{pc}.png")
                b.save(workdir / f"frame-{slug}-{pc}.png")
    return out


def compare_frame(page, ref, got, i):
    """Frame i of `page` cropped from both screenshots, and the 'L' image of its failing pixels."""
    f = page.frames[i]
    box = (f.left, f.top, f.left + f.width, f.top + f.height)
    a, b = ref.image.crop(box), got.image.crop(box)
    return a, b, ImageChops.lighter(outside(b, a), outside(a, b))


def outside(img, ref):
    """'L' image: 255 where img lies outside ref's colour envelope within REACH px by > SLACK."""
    lo, hi = envelope(ref, REACH)    # ImageFilter.MinFilter/MaxFilter(2 REACH + 1), faster
    worst = ImageChops.lighter(ImageChops.subtract(lo, img), ImageChops.subtract(img, hi))
    r, g, b = worst.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v > SLACK else 0)


def painted_pixels(a, b, background=(255, 255, 255)):
    """Pixels that are not page background in either image."""
    bg = Image.new("RGB", a.size, background)
    da = ImageChops.difference(a, bg).convert("L").point(lambda v: 255 if v > 8 else 0)
    db = ImageChops.difference(b, bg).convert("L").point(lambda v: 255 if v > 8 else 0)
    return ImageChops.lighter(da, db).histogram()[255]


@pytest.mark.parametrize("name", CHARTS)
def test_render_draws_chromiums_frame(compared, name):
    worst = max(compared[(name, pc)][0] / max(compared[(name, pc)][1], 1) for pc in PERCENTS)
    print(f"\n{name}: worst {worst * 100:.2f} % of chart pixels "
          + " ".join(f"{pc}%:{compared[(name, pc)][0]}/{compared[(name, pc)][1]}" for pc in PERCENTS))
    bad = [pc for pc in PERCENTS if compared[(name, pc)][0] > LIMIT * compared[(name, pc)][1]]
    assert not bad, (f"{name}: frames at {bad} % differ from Chromium's in more than {LIMIT * 100:g} % of "
                     f"chart pixels (worst {worst * 100:.2f} %); diff-*.png in the workdir")
