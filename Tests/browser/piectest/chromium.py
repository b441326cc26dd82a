"""Headless Chromium: pages that seek a chart's CSS animations, and screenshots of them.

One page holds several copies of the same inline SVG ("frames"), each seeked to its own time
with the Web Animations API, so one Chromium launch checks many instants. A script at the end
of the page pauses every animation of a frame and sets its currentTime; then it paints a marker
row per frame (a status cell and the animation count in binary) that the test reads back from
the screenshot, so a seek that did not happen cannot pass unnoticed.

Timing: every frame's shadow root starts with `HOLD` (`animation-play-state: paused`), so each
animation is paused at 0 from the moment it is created, whenever that is: a page parses in
chunks, and between two chunks the engine may style and paint what it has, which starts the
animations of the frames parsed so far. Unheld, an animation that ran to its end before the
script reached it (a loaded machine: seen in CI) is no longer returned by `getAnimations()`
(the charts' fill mode is `backwards`), so the frame showed the end state. The script (at the
end of the page, before the load event) then checks that every animation is still held at 0,
pauses it for good and seeks it; the screenshot is taken after load and two animation frames.
Nothing waits for a fixed time and no `--virtual-time-budget` is used."""

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass

from . import chromium_session
from .raster import Raster, Viewport

CELL = 8          # marker cell size in px
COUNT_BITS = 12   # animation count encoded in this many cells
OK, MISMATCH = (0, 255, 0), (255, 0, 0)
SENTINEL = (1, 254, 3)   # an unusual colour no chart uses
MAX_SIDE = 6000   # px; seen: a 3200x14400 page screenshot came back partly unpainted

# First in every frame's shadow root: each animation is created paused (at 0) and stays so until
# the seek script pauses it for good (`pause()` takes it over from the style sheet).
HOLD = "<style>*{animation-play-state:paused!important}</style>"

SEEK_SCRIPT = """
document.querySelectorAll('.frame').forEach((frame, i) => {
  const t = Number(frame.dataset.t);
  const anims = frame.shadowRoot.getAnimations();
  const held = anims.every(a => a.playState === 'paused' && a.currentTime === 0);
  anims.forEach(a => { a.pause(); a.currentTime = t; });
  const ok = held && anims.every(a => a.playState === 'paused' && Math.abs(a.currentTime - t) < 1e-6);
  const row = document.getElementById('marker-' + i);
  row.children[0].style.background = ok ? 'rgb(0,255,0)' : 'rgb(255,0,0)';
  for (let b = 0; b < %d; b++)
    row.children[b + 1].style.background = (anims.length >> b) & 1 ? '#fff' : '#000';
});
document.title = 'seeked';
""" % COUNT_BITS


def find_chromium():
    """Path of a Chromium/Chrome binary: $CHROMIUM, else chromium, chromium-browser, google-chrome."""
    from shutil import which
    env = os.environ.get("CHROMIUM")
    if env:
        return which(env) or (env if os.access(env, os.X_OK) else None)
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if which(name):
            return which(name)
    return None


def inline_markup(svg_text):
    """chart.svg as markup to inline in HTML: without XML declaration or doctype."""
    text = re.sub(r"^\ufeff?\s*<\?xml[^>]*\?>\s*", "", svg_text)
    return re.sub(r"^\s*<!DOCTYPE[^>]*>\s*", "", text)


def view_box(svg_text):
    """(x, y, width, height) of the root <svg>'s viewBox (or its width/height)."""
    tag = re.search(r"<svg\b[^>]*>", svg_text, re.S).group(0)
    m = re.search(r'viewBox\s*=\s*"([^"]+)"', tag)
    if m:
        x, y, w, h = (float(v) for v in re.split(r"[\s,]+", m.group(1).strip()))
        return x, y, w, h
    w = float(re.search(r'\bwidth\s*=\s*"([\d.]+)', tag).group(1))
    h = float(re.search(r'\bheight\s*=\s*"([\d.]+)', tag).group(1))
    return 0.0, 0.0, w, h


@dataclass
class Frame:
    """One chart copy on a page, seeked to `t_ms`, drawn in the pixel box at (left, top)."""
    svg: str
    t_ms: float
    left: int
    top: int
    width: int
    height: int

    @property
    def viewport(self):
        return Viewport(view_box(self.svg), self.left, self.top, self.width, self.height)


class SeekPage:
    """An HTML page of frames laid out in rows of `columns`, each `frame_width` px wide.

    `items` is a list of (svg_text, t_ms). Each frame lives in its own shadow root (declarative
    shadow DOM), so the charts' styles and class names cannot interact, and the frame's
    animations are exactly `shadowRoot.getAnimations()`."""

    def __init__(self, items, frame_width=800, columns=4, background=(255, 255, 255)):
        top = CELL * len(items) + 4
        self.frames, row_height, x = [], 0, 0
        for i, (svg, t) in enumerate(items):
            if i and i % columns == 0:
                top, row_height, x = top + row_height, 0, 0
            vb = view_box(svg)
            h = round(frame_width * vb[3] / vb[2])
            self.frames.append(Frame(svg, float(t), x, top, frame_width, h))
            row_height, x = max(row_height, h), x + frame_width
        self.width = max(frame_width * min(columns, len(items)), CELL * (COUNT_BITS + 1))
        # A sentinel stripe along the bottom edge (see `fully_painted`), 160 px below the frames:
        # probes of a half gauge read the page background below its box, down to its radius.
        self.height = top + row_height + 160 + CELL
        if self.width > MAX_SIDE or self.height > MAX_SIDE:
            raise ValueError(f"page of {self.width}x{self.height} px: split the frames over "
                             f"several pages (Chromium leaves parts of huge screenshots blank)")
        self.background = tuple(background)
        self.screenshot = None   # path of the PNG once rendered

    def html(self):
        bg = "rgb(%d,%d,%d)" % self.background
        parts = [
            "<!doctype html><html><head><meta charset='utf-8'><title>loading</title><style>",
            f"html,body{{margin:0;padding:0;background:{bg};overflow:hidden}}",
            ".frame{position:absolute}",
            f".marker{{position:absolute;left:0;height:{CELL}px;display:flex}}",
            f".marker>i{{width:{CELL}px;height:{CELL}px;background:#000}}",
            "</style></head><body>",
        ]
        for i in range(len(self.frames)):
            cells = "<i></i>" * (COUNT_BITS + 1)
            parts.append(f"<div class='marker' id='marker-{i}' style='top:{i * CELL}px'>{cells}</div>")
        for f in self.frames:
            parts.append(
                f"<div class='frame' data-t='{f.t_ms!r}' style='left:{f.left}px;top:{f.top}px;"
                f"width:{f.width}px;height:{f.height}px'><template shadowrootmode='open'>{HOLD}"
                "<style>:host>svg{width:100%!important;height:100%!important;display:block}</style>"
                f"{inline_markup(f.svg)}</template></div>")
        # A sentinel in the bottom-right corner: a screenshot whose bottom was left unpainted
        # (seen under load: everything below a 768 px tile boundary blank) lacks it.
        parts.append(f"<div style='position:absolute;left:0;right:0;bottom:0;height:{CELL}px;"
                     f"background:rgb{SENTINEL}'></div>")
        parts.append("<script>" + SEEK_SCRIPT + "</script></body></html>")
        return "".join(parts)

    def fully_painted(self, raster):
        """The sentinel stripe along the bottom edge is whole (the page was painted)."""
        # Chromium sometimes leaves tiles of the bottom row unpainted on pages of several large
        # charts; the stripe shares that row, so every 16 px of it must show its colour.
        y = self.height - CELL // 2
        return all(tuple(raster.pixel(x, y)[:3]) == SENTINEL for x in range(CELL // 2, self.width, 16))

    def marker(self, raster, i):
        """(seek ok?, animation count) that the page painted for frame i."""
        y = i * CELL + CELL // 2
        status = raster.pixel(CELL // 2, y)
        bits = [raster.pixel((b + 1) * CELL + CELL // 2, y)[0] > 127 for b in range(COUNT_BITS)]
        return status == OK, sum(1 << b for b, on in enumerate(bits) if on)


def screenshot(chromium, html_path, png_path, width, height, reduced_motion=False, flags=()):
    """Render `html_path` (a page or an SVG) to `png_path` at exactly width x height CSS px
    (device scale 1), with extra Chromium `flags`: in the long-running Chromium of that
    setting (chromium_session.py), or with PIEC_CHROMIUM_ONESHOT=1 in a Chromium of its own."""
    if chromium_session.oneshot():
        oneshot_screenshot(chromium, html_path, png_path, width, height, reduced_motion, flags)
    else:
        chromium_session.screenshot(chromium, html_path, png_path, width, height, reduced_motion, flags)


def oneshot_screenshot(chromium, html_path, png_path, width, height, reduced_motion=False, flags=()):
    """`screenshot` by one `chromium --headless --screenshot` launch. A Chromium that hangs (killed after 120 s: it
    happened once in a clean-clone run, failing a whole module) is started again, at most
    `HANG_ATTEMPTS` times in all."""
    motion = "--force-prefers-reduced-motion" if reduced_motion else "--force-prefers-no-reduced-motion"
    for attempt in range(HANG_ATTEMPTS):
        with tempfile.TemporaryDirectory(prefix="piec-chromium-") as profile:
            # --run-all-compositor-stages-before-draw: raster every tile before the shot (without
            # it, pages of several large animated charts sometimes came out with unpainted tiles).
            cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                   "--run-all-compositor-stages-before-draw",
                   "--force-device-scale-factor=1", "--no-first-run", "--no-default-browser-check",
                   "--disable-extensions", "--mute-audio", f"--user-data-dir={profile}", motion, *flags,
                   f"--window-size={width},{height}", f"--screenshot={png_path}",
                   "file://" + os.path.abspath(html_path)]
            try:
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
                break
            except subprocess.TimeoutExpired:
                if attempt == HANG_ATTEMPTS - 1:
                    raise
    if proc.returncode != 0 or not os.path.exists(png_path):
        raise RuntimeError(f"chromium failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr[-2000:]}")


HANG_ATTEMPTS = 3


def render(chromium, page, out_dir, name, reduced_motion=False):
    """Write the page, screenshot it and return the Raster, after checking every frame's marker."""
    html_path = os.path.join(out_dir, name + ".html")
    png_path = os.path.join(out_dir, name + ".png")
    with open(html_path, "w", encoding="utf-8") as f:
        f.write(page.html())
    for attempt in range(5):
        screenshot(chromium, html_path, png_path, page.width, page.height, reduced_motion)
        raster = Raster(png_path, page.background)
        # Re-shoot a partly painted screenshot (a Chromium hiccup under load, not a piec
        # result); a fifth failure is reported by the frame checks as usual.
        if page.fully_painted(raster):
            break
    page.screenshot = png_path
    if raster.width != page.width or raster.height != page.height:
        raise AssertionError(f"screenshot is {raster.width}x{raster.height}, "
                             f"expected {page.width}x{page.height}: {png_path}")
    return raster
