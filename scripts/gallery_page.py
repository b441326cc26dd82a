#!/usr/bin/env python3
"""Writes an HTML page showing built bundles side by side in their final state, for
scripts/screenshot.sh. Usage: gallery_page.py OUT_DIR PAGE.html ID [ID ...]

Each chart.svg is inlined in its own shadow root (declarative shadow DOM: the charts' styles
cannot interact) and a script seeks every animation to its end, so the screenshot shows the
final charts without waiting. Prints the page size as WIDTH,HEIGHT for --window-size."""

import html
import json
import re
import sys
from pathlib import Path

COLUMNS, CELL_W, CELL_H, CAPTION = 3, 360, 300, 28

SCRIPT = """
document.querySelectorAll('.chart').forEach(c => c.shadowRoot.getAnimations().forEach(a => {
  a.pause(); a.currentTime = a.effect.getComputedTiming().endTime;
}));
"""


def cell(bundle):
    svg = (bundle / "chart.svg").read_text(encoding="utf-8")
    svg = re.sub(r"^\ufeff?\s*<\?xml[^>]*\?>\s*", "", svg)
    manifest = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    spec = manifest.get("spec") or {}
    title = spec.get("title") or manifest.get("id", bundle.name)
    # A chart that draws its own title (chart.showTitle, the default) needs no caption.
    drawn = spec.get("title") and (spec.get("chart") or {}).get("showTitle", True)
    caption = "" if drawn else html.escape(title)
    return ("<figure><div class='chart'><template shadowrootmode='open'><style>"
            ":host>svg{width:100%;height:100%;display:block}</style>" + svg +
            f"</template></div><figcaption>{caption}</figcaption></figure>")


def main(out_dir, page, ids):
    bundles = [Path(out_dir) / i for i in ids]
    rows = (len(bundles) + COLUMNS - 1) // COLUMNS
    width, height = CELL_W * min(COLUMNS, len(bundles)), (CELL_H + CAPTION) * rows
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><style>",
        "html,body{margin:0;background:#fff}",
        f"main{{display:grid;grid-template-columns:repeat({COLUMNS},{CELL_W}px)}}",
        f"figure{{margin:0;width:{CELL_W}px;height:{CELL_H + CAPTION}px}}",
        f".chart{{width:{CELL_W - 20}px;height:{CELL_H - 10}px;margin:10px 10px 0}}",
        "figcaption{font:14px 'DejaVu Sans',sans-serif;color:#333;text-align:center}",
        "</style></head><body><main>",
    ]
    parts += [cell(b) for b in bundles]
    parts.append("</main><script>" + SCRIPT + "</script></body></html>")
    Path(page).write_text("".join(parts), encoding="utf-8")
    print(f"{width},{height}")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
