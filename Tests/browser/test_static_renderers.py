"""Static renderers (no CSS animation) show the exact final chart: rsvg-convert, Inkscape,
cairosvg and resvg draw every gallery bundle (specs/*.yaml) and every transition example
(specs/transitions/*.yaml built --from specs/transitions/before) as Chromium does with reduced
motion (the reference final chart). They draw `piec render`'s static SVG of the same chart
(`render SPEC -o x.svg`: the final instant, no style sheet) the same way: the final frame is
what static renderers show of chart.svg.

The check is pixel-wise, outside text: fonts differ between renderers, so every text element's
box (measured in Chromium's DOM, getBBox through getScreenCTM) is masked, with a margin, and so
is a thin band around each horizontal leader line (anti-aliased differently, `differences`). A
pixel fails when its colour lies outside the envelope of the other image's colours within
`REACH` px (per channel, minimum and maximum over the neighbourhood, plus `SLACK`): anti-aliased
edges a pixel or two apart pass, a wedge, ring or gap that one renderer paints and the other
does not fails. Both directions are checked (something extra, something missing). A chart
passes with at most `LIMIT` failing pixels; the failing ones are written to
`<renderer>-<chart>-diff.png` in the module's workdir.

This is how Inkscape 1.2's bug shows (it ignores `visibility`, so it paints the hidden motion
layer: a 72 % progress arc looks 97 % full, gaps fill in)."""

import html
import math
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
import yaml
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from piectest import bundle as bundles, dommeasure, engines
from piectest.envelope import envelope
from piectest.chromium import SeekPage, inline_markup, render, view_box

REPO = Path(__file__).resolve().parents[2]
GALLERY = sorted(p.stem for p in (REPO / "specs").glob("*.yaml"))
TRANSITIONS = sorted(p.stem for p in (REPO / "specs" / "transitions").glob("*.yaml"))
CHARTS = [f"gallery/{n}" for n in GALLERY] + [f"transitions/{n}" for n in TRANSITIONS]
RENDERERS = ["rsvg-convert", "inkscape", "cairosvg", "resvg"]
SOURCES = ["bundle", "render"]   # chart.svg, and `piec render`'s final frame
FRAME_WIDTH = 640      # px: every chart is compared at this width
PER_PAGE = 8           # charts per Chromium page (4 per row)
REACH = 2              # px: how far an anti-aliased edge may move between renderers
SLACK = 40             # per channel, beyond the neighbourhood's colour range
LIMIT = 10             # failing pixels allowed per chart: rsvg-convert 0, cairosvg <= 6 measured (README)
# resvg (resvg-py 0.5) draws a pattern tile into a pixel buffer and repeats it (seams, and
# another phase than Chromium at non-integer scales: measured 3,726 px on `everything` at
# 1.19x), so charts with patterns are compared with a reach of one tile (11-17 px); it also
# anti-aliases 1 px lines differently: measured 71 px (counterclockwise-start), 41
# (label-radius), 40 (long-tail), 14 (rose-grow), 0 on the other 38 charts, the same for
# chart.svg and `piec render`'s SVG. A wedge, gap or ring drawn differently costs thousands.
LIMITS = {"resvg": 150}
TEXT_MARGIN = 6        # px around every text box (plus a fifth of its width: wider fonts)
LINE_MARGIN = 2        # px above and below a horizontal leader line (see `differences`)
INSTALL = "run scripts/bootstrap.sh (or: apt-get install {pkg})"

def pattern_tile(svg_text):
    """The largest pattern tile of a chart, user units (built-in patterns 8, a hatch 12 / density)."""
    return max(float(w) for w in re.findall(r'<pattern [^>]*?width="([0-9.]+)"', svg_text))


TEXT_BOXES = dommeasure.GEOMETRY + """
const out = [];
document.querySelectorAll('.frame').forEach(frame => {
  const svg = frame.shadowRoot.querySelector('svg');
  const {user, box} = userUnits(svg);
  // Horizontal leader lines (a label at its leader's height) are masked with a thin band: a
  // moving leader's unit line by its box, a still leader's horizontal pieces (one path of
  // M/L/H/V through its points) piece by piece.
  const flat = [];
  frame.shadowRoot.querySelectorAll('.p-ll path').forEach(el => {
    const d = el.getAttribute('d');
    if (d === 'M0 0H1') {
      const b = box(el);
      if (b[3] - b[1] < 0.01) flat.push(b);
      return;
    }
    let x = 0, y = 0;
    for (const [, op, args] of d.matchAll(/([MLHV])([^MLHV]*)/g)) {
      const n = args.match(/-?[0-9.]+/g).map(Number);
      const nx = op === 'V' ? x : n[0], ny = op === 'H' ? y : op === 'V' ? n[0] : n[1];
      if (op !== 'M' && Math.abs(ny - y) < 0.01) {
        const a = user(el, x, y), b = user(el, nx, ny);
        flat.push([Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])]);
      }
      x = nx; y = ny;
    }
  });
  out.push([...frame.shadowRoot.querySelectorAll('text')].map(box).concat(flat.map(b => b.concat(['line']))));
});
document.getElementById('result').textContent = JSON.stringify(out);
"""


@pytest.fixture(scope="module")
def built(piec, workdir):
    """{chart name: bundle directory} for the gallery and the transition examples."""
    out = {}
    proc = bundles.run(piec, "build", *[REPO / "specs" / f"{n}.yaml" for n in GALLERY],
                       "-o", workdir / "gallery")
    assert proc.returncode == 0, proc.stderr
    proc = bundles.run(piec, "build", *[REPO / "specs" / "transitions" / f"{n}.yaml" for n in TRANSITIONS],
                       "-o", workdir / "transitions", "--from", REPO / "specs" / "transitions" / "before")
    assert proc.returncode == 0, proc.stderr
    for name in CHARTS:
        kind, stem = name.split("/")
        d = workdir / kind / stem
        assert (d / "chart.svg").is_file(), f"{name}: no chart.svg in {d}"
        out[name] = d
    return out


@pytest.fixture(scope="module")
def rendered(piec, workdir):
    """{chart name: `piec render`'s SVG of its final instant} (transitions --from before)."""
    out = {}
    for name in CHARTS:
        kind, stem = name.split("/")
        spec = REPO / "specs" / ("transitions" if kind == "transitions" else "") / f"{stem}.yaml"
        target = workdir / "render" / f"{kind}-{stem}.svg"
        target.parent.mkdir(exist_ok=True)
        extra = ["--from", REPO / "specs" / "transitions" / "before"] if kind == "transitions" else []
        proc = bundles.run(piec, "render", spec, "-o", target, *extra)
        assert proc.returncode == 0 and target.is_file(), proc.stderr
        out[name] = target
    return out


@pytest.fixture(scope="module")
def reference(built, chromium, workdir):
    """{chart: (reference RGB image, [text boxes in px])}: Chromium with reduced motion."""
    import json
    import re
    out = {}
    names = list(built)
    chromium_engine = engines.ChromiumEngine()
    for k in range(0, len(names), PER_PAGE):
        group = names[k:k + PER_PAGE]
        svgs = [(built[n] / "chart.svg").read_text(encoding="utf-8") for n in group]
        page = SeekPage([(s, 0) for s in svgs], frame_width=FRAME_WIDTH, columns=4)
        raster = render(chromium, page, str(workdir), f"static-reference-{k // PER_PAGE}", reduced_motion=True)
        dom_page = workdir / f"static-text-{k // PER_PAGE}.html"
        dom_page.write_text(page.html().replace("<script>", "<pre id='result'></pre><script>" + TEXT_BOXES, 1),
                            encoding="utf-8")
        text = chromium_engine.dump_dom(dom_page, reduced_motion=True)
        m = re.search(r"<pre id=\"result\">(.*?)</pre>", text, re.S)
        assert m and m.group(1), f"no text boxes measured:\n{text[-2000:]}"
        boxes = json.loads(html.unescape(m.group(1)))
        for i, (name, frame) in enumerate(zip(group, page.frames)):
            ok, _ = page.marker(raster, i)
            assert ok, f"{name}: the reference page's script did not run"
            img = raster.image.crop((frame.left, frame.top, frame.left + frame.width, frame.top + frame.height))
            vx, vy, vw, vh = view_box(svgs[i])
            sx, sy = frame.width / vw, frame.height / vh
            px = [((b[0] - vx) * sx, (b[1] - vy) * sy, (b[2] - vx) * sx, (b[3] - vy) * sy, *b[4:]) for b in boxes[i]]
            out[name] = (img, px)
    return out


class InkscapeBatch:
    """Inkscape 1.2 spends about 1.5 s starting (0.4 s converting a chart): the charts of this
    module's selected comparison cases are converted by one `inkscape --shell` started in the
    background as soon as the reference is ready, in the order the cases run, while the
    rsvg-convert cases run. Each line opens one SVG, exports it with the same options as
    `rasterize` (same PNG bytes, checked when this was written) and closes it. `wait(png)`
    returns once that file is complete: the next job's PNG exists, or the shell has ended. A
    PNG the shell did not write (it crashed, or never got there) is converted on its own by
    `rasterize`, so the batch changes when a file is converted, never what is compared."""

    def __init__(self, jobs, home):
        self.order = [str(png) for _, png, _, _ in jobs]
        self.next = {png: (self.order[i + 1] if i + 1 < len(self.order) else None)
                     for i, png in enumerate(self.order)}
        tool = shutil.which("inkscape")
        self.proc = None
        if not tool or not jobs:
            return
        for png in self.order:
            Path(png).unlink(missing_ok=True)
        lines = "".join(
            f"file-open:{svg}; export-type:png; export-filename:{png}; export-area-page; "
            f"export-width:{w}; export-height:{h}; export-do; file-close\n" for svg, png, w, h in jobs)
        self.proc = subprocess.Popen([tool, "--shell"], stdin=subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     env=dict(os.environ, HOME=str(home)), start_new_session=True)
        self.proc.stdin.write((lines + "quit\n").encode())
        self.proc.stdin.close()

    def wait(self, png):
        """True when the shell wrote `png` whole; False when `rasterize` must convert it."""
        png = str(png)
        if self.proc is None or png not in self.next:
            return False
        following = self.next[png]
        while self.proc.poll() is None and not (following and Path(following).exists()):
            time.sleep(0.05)
        complete = (following is not None and Path(following).exists()) or self.proc.poll() == 0
        return complete and Path(png).is_file()

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=30)


def comparison_png(workdir, renderer, source, name):
    return workdir / f"{renderer}-{source}-{name.replace('/', '-')}.png"


@pytest.fixture(scope="module")
def inkscape_batch(request, built, rendered, reference, workdir):
    """The Inkscape conversions of the comparison cases this run selected (`-k` included)."""
    jobs = []
    for item in request.session.items:
        spec = getattr(item, "callspec", None)
        if item.originalname != "test_static_renderer_draws_the_final_chart" or spec is None \
                or spec.params["renderer"] != "inkscape":
            continue
        source, name = spec.params["source"], spec.params["name"]
        ref = reference[name][0]
        svg = built[name] / "chart.svg" if source == "bundle" else rendered[name]
        jobs.append((svg, comparison_png(workdir, "inkscape", source, name), ref.width, ref.height))
    batch = InkscapeBatch(jobs, workdir)
    yield batch
    batch.close()


def rasterize(renderer, svg, png, width, height):
    """Render `svg` to `png` at width x height px with one static renderer."""
    if renderer == "resvg":
        try:
            import resvg_py
        except ImportError:
            pytest.fail("resvg_py not importable: run scripts/bootstrap.sh (or: python3 -m pip install resvg-py)", pytrace=False)
        Path(png).write_bytes(bytes(resvg_py.svg_to_bytes(svg_path=str(svg), width=width)))
        img = Image.open(png)
        if img.size != (width, height) and abs(img.height - height) <= 1:
            # resvg rounds the height of the width it is given up where the others round down.
            fixed = Image.new("RGBA", (width, height))
            fixed.paste(img.convert("RGBA"), (0, 0))
            fixed.save(png)
        return
    if renderer == "cairosvg":
        try:
            import cairosvg
        except ImportError:
            pytest.fail("cairosvg not importable: " + INSTALL.format(pkg="python3-cairosvg"), pytrace=False)
        cairosvg.svg2png(url=str(svg), write_to=str(png), output_width=width, output_height=height)
        return
    tool = shutil.which(renderer)
    if not tool:
        pytest.fail(f"{renderer} not found: " + INSTALL.format(
            pkg={"rsvg-convert": "librsvg2-bin", "inkscape": "inkscape"}[renderer]), pytrace=False)
    if renderer == "rsvg-convert":
        cmd = [tool, "-w", str(width), "-h", str(height), "-o", str(png), str(svg)]
    else:
        cmd = [tool, "--export-type=png", f"--export-filename={png}", "--export-area-page",
               f"--export-width={width}", f"--export-height={height}", str(svg)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, HOME=str(Path(png).parent)))   # Inkscape writes prefs
    assert proc.returncode == 0 and Path(png).is_file(), f"{' '.join(cmd)} failed:\n{proc.stderr[-2000:]}"


def flatten(path, background=(255, 255, 255)):
    img = Image.open(path).convert("RGBA")
    flat = Image.new("RGBA", img.size, background + (255,))
    flat.alpha_composite(img)
    return flat.convert("RGB")


def outside(img, ref, reach=REACH):
    """'L' image: 255 where a pixel of img is outside ref's colour envelope within `reach` px."""
    lo, hi = envelope(ref, reach)
    below, above = ImageChops.subtract(lo, img), ImageChops.subtract(img, hi)
    worst = ImageChops.lighter(below, above)
    r, g, b = worst.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v > SLACK else 0)


def differences(img, ref, text_boxes, reach=REACH):
    """'L' image of failing pixels (both directions), text and horizontal leader lines masked:
    Chromium draws a 1 px horizontal line on one pixel row wherever it falls, librsvg and
    cairo spread it over the two rows it straddles (measured 51 against 92 grey: beyond SLACK),
    so whether such a line passes depends on where the layout puts a label."""
    bad = ImageChops.lighter(outside(img, ref, reach), outside(ref, img, reach))
    draw = ImageDraw.Draw(bad)
    for x0, y0, x1, y1, *line in text_boxes:
        if line:
            draw.rectangle((x0, y0 - LINE_MARGIN, x1, y1 + LINE_MARGIN), fill=0)
            continue
        grow = TEXT_MARGIN + (x1 - x0) / 5
        draw.rectangle((x0 - grow, y0 - TEXT_MARGIN, x1 + grow, y1 + TEXT_MARGIN), fill=0)
    return bad


@pytest.mark.parametrize("name", CHARTS)
@pytest.mark.parametrize("renderer", RENDERERS)
@pytest.mark.parametrize("source", SOURCES)
def test_static_renderer_draws_the_final_chart(built, rendered, reference, inkscape_batch, workdir,
                                              source, renderer, name):
    ref, text_boxes = reference[name]
    slug = source + "-" + name.replace("/", "-")
    png = comparison_png(workdir, renderer, source, name)
    if not (renderer == "inkscape" and inkscape_batch.wait(png)):
        rasterize(renderer, built[name] / "chart.svg" if source == "bundle" else rendered[name], png,
                  ref.width, ref.height)
    img = flatten(png)
    assert img.size == ref.size, f"{renderer} made {img.size}, expected {ref.size}"
    svg_text = (built[name] / "chart.svg").read_text(encoding="utf-8")
    reach = REACH
    if renderer == "resvg" and "<pattern" in svg_text:
        # resvg draws a pattern tile into a pixel buffer and repeats it (seams and a shifted
        # phase at non-integer scales): inside patterned charts an edge may move one tile.
        reach = math.ceil(pattern_tile(svg_text) * ref.width / view_box(svg_text)[2]) + 1
    bad = differences(img, ref, text_boxes, reach)
    count = bad.histogram()[255]
    print(f"{renderer} {slug}: {count} px (reach {reach})")   # `pytest -s`: every chart's count
    limit = LIMITS.get(renderer, LIMIT)
    if count > limit:
        diff = workdir / f"{renderer}-{slug}-diff.png"
        Image.composite(Image.new("RGB", img.size, (255, 0, 0)), img, bad).save(diff)
        ref.save(workdir / f"reference-{slug}.png")
        raise AssertionError(f"{renderer} {name}: {count} px differ from Chromium's final chart "
                             f"(limit {limit}) in {bad.getbbox()}; failing pixels in red: {diff}")


@pytest.mark.parametrize("renderer", RENDERERS)
def test_static_renderer_turns_labels_as_the_orientation_says(piec, workdir, renderer):
    """`labels.orientation: radial`: two labels on the middle angles 135 and 315 degrees both
    run along the line at 45 degrees (the one on the left half turned half a turn more). The
    text's pixels inside the disc (white on two dark slices, no separators) are measured by
    their second moments: their principal axis must lie at 45 degrees, as every renderer
    draws the text's `rotate()` (text is masked in the pixel comparison above, so this is
    where the turn is checked). Upright, each label's axis is 0 degrees."""
    spec = {"piec": 1, "id": f"turn-{renderer}", "chart": {"size": 320, "showTitle": False},
            "labels": {"position": "inside", "orientation": "radial", "content": "{label}", "minPercent": 0},
            "legend": {"position": "none"}, "theme": {"background": "#ffffff", "stroke": {"width": 0}},
            "animation": {"enter": "none"},
            "slices": [{"id": "a", "label": "Turned along the radius", "value": 75, "color": "#1d3557"},
                       {"id": "b", "label": "Turned too", "value": 25, "color": "#3a0ca3"}]}
    b = bundles.build(piec, spec, workdir)
    c = b.manifest["chart"]
    png = workdir / f"turn-{renderer}.png"
    vb = [float(x) for x in b.svg.split('viewBox="', 1)[1].split('"', 1)[0].split()]
    scale = 2
    rasterize(renderer, b.directory / "chart.svg", png, int(vb[2] * scale), int(vb[3] * scale))
    img = flatten(png)
    cx, cy, r = (c["cx"] - vb[0]) * scale, (c["cy"] - vb[1]) * scale, c["outerRadius"] * scale - 3
    pts = [(x, y) for y in range(img.height) for x in range(img.width)
           if (x - cx) ** 2 + (y - cy) ** 2 < r * r and min(img.getpixel((x, y))) > 160]
    # Each label on its own (the two lie either side of the line across the centre at -45
    # degrees), so their places along one line do not count as a direction.
    for side in (1, -1):
        label = [p for p in pts if side * ((p[0] - cx) + (p[1] - cy)) > 0]
        assert len(label) > 100, (side, len(label))
        mx, my = sum(p[0] for p in label) / len(label), sum(p[1] for p in label) / len(label)
        sxx = sum((p[0] - mx) ** 2 for p in label)
        syy = sum((p[1] - my) ** 2 for p in label)
        sxy = sum((p[0] - mx) * (p[1] - my) for p in label)
        axis = math.degrees(0.5 * math.atan2(2 * sxy, sxx - syy))
        assert abs(axis - 45) < 3, f"{renderer}: a label's text runs at {axis:.1f} degrees, not 45"


HOVER_PARTS = [re.compile(r'<g class="p-ink p-hc".*?</g>\n', re.S),
               re.compile(r'<g fill="#000" fill-opacity="0">\n(?:<path class="p-hw [^\n]*\n)+</g>\n')]


@pytest.mark.parametrize("renderer", RENDERERS)
def test_static_renderer_shows_the_centre_not_the_hover_texts(piec, workdir, renderer):
    """`chart.hoverCenter` in chart.svg (specs/hover-center.yaml): each slice's hover text,
    hidden by `visibility` and `opacity`, and its transparent focusable wedge. A static
    renderer draws the chart exactly as without them (pixel for pixel): `chart.center` in
    the hole. The same chart.svg with slice 0's hover text shown (its two attributes removed)
    draws differently, so the comparison sees a hover text where one is drawn."""
    out = workdir / "hover"
    proc = bundles.run(piec, "build", REPO / "specs" / "hover-center.yaml", "-o", out)
    assert proc.returncode == 0, proc.stderr
    svg = (out / "hover-center" / "chart.svg").read_text(encoding="utf-8")
    bare = svg
    for part in HOVER_PARTS:
        bare, n = part.subn("", bare)
        assert n == 1, part.pattern
    shown = svg.replace('<text class="p-h0" visibility="hidden" opacity="0"', '<text class="p-h0"', 1)
    assert shown != svg
    vb = view_box(svg)
    images = {}
    for name, text in (("chart", svg), ("bare", bare), ("shown", shown)):
        path = workdir / f"hover-{renderer}-{name}.svg"
        path.write_text(text, encoding="utf-8")
        png = workdir / f"hover-{renderer}-{name}.png"
        rasterize(renderer, path, png, int(vb[2] * 2), int(vb[3] * 2))
        images[name] = flatten(png)
    assert ImageChops.difference(images["chart"], images["bare"]).getbbox() is None, \
        f"{renderer} draws chart.hoverCenter's parts: {workdir}/hover-{renderer}-chart.png"
    assert ImageChops.difference(images["shown"], images["bare"]).getbbox() is not None, renderer


def test_envelope_is_the_rank_filters():
    """`envelope` gives exactly ImageFilter.MinFilter and MaxFilter (which took 0.1 s of CPU
    each on a 640 px chart, four per comparison), edges included: on noise, where every pixel's
    window has its own extremes, for every reach the comparisons use."""
    import random
    rng = random.Random(12)
    for mode, size in (("RGB", (61, 47)), ("L", (7, 90))):
        bands = len(mode)
        img = Image.frombytes(mode, size, bytes(rng.randrange(256) for _ in range(size[0] * size[1] * bands)))
        for reach in (1, REACH, 3, 17):
            lo, hi = envelope(img, reach)
            assert lo.tobytes() == img.filter(ImageFilter.MinFilter(2 * reach + 1)).tobytes(), (mode, reach)
            assert hi.tobytes() == img.filter(ImageFilter.MaxFilter(2 * reach + 1)).tobytes(), (mode, reach)


def test_inkscape_batch_writes_what_one_inkscape_per_file_writes(built, workdir):
    """The shell's PNGs are used (`wait` is true for every job) and are byte for byte what
    `rasterize` writes with one Inkscape per file, for two charts of different sizes."""
    names = ["gallery/" + GALLERY[0], "transitions/" + TRANSITIONS[0]]
    jobs = []
    for name in names:
        _, _, vw, vh = view_box((built[name] / "chart.svg").read_text(encoding="utf-8"))
        jobs.append((built[name] / "chart.svg", workdir / f"batch-{name.replace('/', '-')}.png",
                     FRAME_WIDTH, round(FRAME_WIDTH * vh / vw)))
    batch = InkscapeBatch(jobs, workdir)
    try:
        for svg, png, width, height in jobs:
            assert batch.wait(png), f"the Inkscape shell did not write {png}"
            alone = png.with_name(png.stem + "-alone.png")
            rasterize("inkscape", svg, alone, width, height)
            assert png.read_bytes() == alone.read_bytes(), f"{png} differs from {alone}"
    finally:
        batch.close()
