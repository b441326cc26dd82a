"""Pages that measure themselves in the DOM: copies of one chart, each in its own shadow root
(its animations held at 0 from the start by `chromium.HOLD`, so none can run to its end before
the script reaches it) and seeked to its own instant by `script` (which writes JSON into
`<pre id="result">`), read back through the engine's DOM dump."""

import json
import re

from .chromium import HOLD, inline_markup

# `userUnits(svg)` -> {user(el, x, y), box(el)}: a point of `el`'s coordinates, and `el`'s
# bounding box (getBBox, all four corners), in the SVG's user units through getScreenCTM, so
# CSS-animated transforms count. For the pages' scripts.
GEOMETRY = """
const userUnits = svg => {
  const inv = svg.getScreenCTM().inverse();
  const user = (el, x, y) => {
    const p = new DOMPoint(x, y).matrixTransform(el.getScreenCTM()).matrixTransform(inv);
    return [p.x, p.y];
  };
  const box = el => {
    const b = el.getBBox();
    const c = [user(el, b.x, b.y), user(el, b.x + b.width, b.y), user(el, b.x, b.y + b.height),
               user(el, b.x + b.width, b.y + b.height)];
    const xs = c.map(p => p[0]), ys = c.map(p => p[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  };
  // The four corners of the text box in order around it: the real extent of a turned text
  // (its axis-aligned envelope, `box`, is larger).
  const quad = el => {
    const b = el.getBBox();
    return [user(el, b.x, b.y), user(el, b.x + b.width, b.y), user(el, b.x + b.width, b.y + b.height),
            user(el, b.x, b.y + b.height)];
  };
  return {user, box, quad};
};
"""


def measure(dom, directory, svg, times, name, script):
    """The JSON `script` wrote for `svg` seeked to each of `times` (ms), in `dom`'s engine."""
    parts = ["<!doctype html><html><head><meta charset='utf-8'></head><body>"]
    for t in times:
        parts.append(f"<div class='frame' data-t='{t!r}' style='width:800px'><template shadowrootmode='open'>"
                     f"{HOLD}{inline_markup(svg)}</template></div>")
    parts.append("<pre id='result'></pre><script>" + script + "</script></body></html>")
    path = directory / f"{dom.engine.name}-{name}.html"
    path.write_text("".join(parts), encoding="utf-8")
    text = dom(path)
    m = re.search(r"<pre id=\"result\">(.*?)</pre>", text, re.S)
    assert m and m.group(1), f"no measurement from {dom.engine.name}:\n{text[-2000:]}"
    return json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))
