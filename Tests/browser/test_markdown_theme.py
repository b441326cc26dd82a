"""`piec md`'s images follow the page's light/dark switch, not the operating system's: loaded as
`<img>` in Chromium with the OS in dark mode (`--force-dark-mode`) and in light mode, the light
image (`ID.svg`) always shows the light chart and the dark one (`ID.dark.svg`) always the dark
chart, while the bundle's own chart.svg (`theme.dark: auto`) follows the OS, as a control. The
`<picture>` reference `piec md` writes under the block chooses by `prefers-color-scheme`, which
GitHub answers with its own theme setting (in a plain browser: the OS's), so it shows the dark
image exactly when the colour scheme is dark."""

import re

from PIL import Image

from piectest import bundle as bundles
from piectest.chromium import screenshot

DOC = """# Chart

```piec
piec: 1
id: shares
title: Shares
chart: {size: 160}
legend: {position: none}
theme: {background: "#ffffff"}
slices:
  - {label: A, value: 1, color: "#1f77b4"}
  - {label: B, value: 3, color: "#ff7f0e"}
```
"""
SIDE = 200
LIGHT_BG, DARK_BG = (255, 255, 255), (0x18, 0x18, 0x1B)


def test_markdown_images_follow_the_page_theme_not_the_os(piec, chromium, workdir):
    doc = workdir / "README.md"
    doc.write_text(DOC, encoding="utf-8")
    proc = bundles.run(piec, "md", doc)
    assert proc.returncode == 0, proc.stderr
    spec = workdir / "shares.yaml"
    spec.write_text(re.search(r"```piec\n(.*?)```", DOC, re.S).group(1), encoding="utf-8")
    assert bundles.run(piec, "build", spec, "-o", workdir / "out").returncode == 0
    reference = re.search(r"<picture>.*</picture>", doc.read_text(encoding="utf-8")).group(0)
    images = {"light": "piec/shares.svg", "dark": "piec/shares.dark.svg", "auto": "out/shares/chart.svg"}
    cells = "".join(f"<div style='position:absolute;left:{i * SIDE}px;top:0'><img src='{src}' width='{SIDE}'></div>"
                    for i, src in enumerate(images.values()))
    picture = reference.replace("<img ", f"<img width='{SIDE}' ")
    page = workdir / "theme.html"
    page.write_text("<!doctype html><html><body style='margin:0;background:#808080'>" + cells
                    + f"<div style='position:absolute;left:{3 * SIDE}px;top:0'>{picture}</div></body></html>", encoding="utf-8")
    found = {}
    for mode, flags in (("os-light", ()), ("os-dark", ("--force-dark-mode",))):
        png = workdir / f"theme-{mode}.png"
        screenshot(chromium, str(page), str(png), 4 * SIDE, SIDE, reduced_motion=True, flags=flags)
        img = Image.open(png).convert("RGB")
        # The chart's background, just inside its top-left corner.
        found[mode] = [img.getpixel((i * SIDE + 3, 3)) for i in range(4)]
    for mode, pixels in found.items():
        light, dark, auto, picture = pixels
        assert light == LIGHT_BG, f"{mode}: the light image shows {light}"
        assert dark == DARK_BG, f"{mode}: the dark image shows {dark}"
        expected = DARK_BG if mode == "os-dark" else LIGHT_BG
        assert auto == expected, f"{mode}: chart.svg (theme.dark: auto, the control) shows {auto}"
        assert picture == expected, f"{mode}: the <picture> reference shows {picture}"
