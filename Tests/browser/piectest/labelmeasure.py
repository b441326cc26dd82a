"""Every visible `<text>` of many charts, measured in one page load per batch (issue 25).

A page holds copies of chart.svg files, each in its own shadow root and seeked to its own
instant: a number (ms of the document timeline, e.g. 0 for a transition's start) or "rest"
(every animation at its end). The page's script measures every `<text>` in the SVG's user
units (getBBox through getScreenCTM, so CSS-animated transforms count) with its computed
visibility, its kind (the class of the piec group it is in), its four corners (`quad`: a turned
inside label's real extent, `labels.orientation`; a label's `labels.box` instead of its text
when it has one, beside the chart too) and, for labels, the point it
hangs on: an inside label's turning group's origin (on its slice's middle angle), an outside
label's leader start (on its slice's outer edge); an inside label's `turn` (degrees, clockwise,
the direction its text runs on the canvas); an outside label's `key`, and every leader line as
polylines in user units (`leaders`: the key of its label, its opacity, its points); in a spec of
`charts:`, each text's `scope`: the chart whose group holds it (else null)."""

import html
import json
import re

from .chromium import inline_markup
from .dommeasure import GEOMETRY

MEASURE = GEOMETRY + """
// p-gl: chart.grid's tick labels (over the wedges on purpose; judged for the canvas and overlaps).
// p-hc: chart.hoverCenter's texts (hidden unless a slice is hovered or focused: judged as the
// centre text when shown).
const KINDS = ['p-lb', 'p-ol', 'p-ct', 'p-ttl', 'p-lg', 'p-tips', 'p-gl', 'p-hc'];
const out = [];
document.querySelectorAll('.frame').forEach(frame => {
  const root = frame.shadowRoot;
  const anims = root.getAnimations();
  anims.forEach(a => {
    a.pause();
    a.currentTime = frame.dataset.t === 'rest' ? a.effect.getComputedTiming().endTime : Number(frame.dataset.t);
  });
  const svg = root.querySelector('svg');
  const {user, box, quad} = userUnits(svg);
  const shown = el => {
    if (getComputedStyle(el).visibility !== 'visible' || getComputedStyle(el).display === 'none') return 0;
    let o = 1;
    for (let e = el; e && e !== svg; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const leaders = {};
  // Every leader as polylines in user units with its opacity, keyed like its label
  // (`<group>:<index>`): a still leader's path through its points (M/L/H/V), a moving one's
  // unit line (`M0 0H1`) from its origin to (1, 0).
  const lines = [];
  root.querySelectorAll('.p-ll path').forEach(el => {
    const cls = el.getAttribute('class') || '';
    const key = el.closest('.p-ll').dataset.k + ':' + cls.slice(4);
    if (cls.startsWith('p-qa')) {
      // The tick's start: the first point of a still leader's path, the origin of a moving
      // one's unit line.
      const p = el.getPointAtLength(0);
      leaders[key] = user(el, p.x, p.y);
    }
    const points = [];
    let x = 0, y = 0;
    for (const [, op, args] of (el.getAttribute('d') || '').matchAll(/([MLHV])([^MLHV]*)/g)) {
      const n = (args.match(/-?[0-9.]+/g) || []).map(Number);
      x = op === 'V' ? x : n[0];
      y = op === 'H' ? y : op === 'V' ? n[0] : n[1];
      points.push(user(el, x, y));
    }
    lines.push({key, opacity: shown(el), points});
  });
  const texts = [];
  root.querySelectorAll('text').forEach(el => {
    if (!el.textContent.trim()) return;
    const scope = facetOf(el);
    let kind = 'other';
    for (let e = el; e && e !== svg; e = e.parentElement) {
      const k = KINDS.find(c => e.classList.contains(c));
      if (k) { kind = k; break; }
    }
    // A label's box (`labels.box`: the rect before its text) is the label: its box and quad
    // are judged (never spill, overlap or leave the canvas) instead of the text's.
    // An outside label's box is the rect of its index in the `p-obx` group beside its own.
    const outsideBox = () => {
      const n = (el.getAttribute('class') || '').match(/^p-lo([0-9]+)$/);
      const g = el.closest('.p-ol');
      return n && g ? g.parentElement.querySelector(':scope > .p-obx > .p-ob' + n[1]) : null;
    };
    const boxed = kind === 'p-lb' && el.previousElementSibling && el.previousElementSibling.tagName === 'rect'
      ? el.previousElementSibling : kind === 'p-ol' ? outsideBox() : null;
    const t = {kind, text: el.textContent, opacity: shown(el), box: box(boxed || el), boxed: !!boxed, scope};
    if (kind === 'p-lb') {
      t.anchor = user(el.parentElement, 0, 0);
      // The text's turn on the canvas (degrees, clockwise): the direction of its x axis.
      const o = user(el, 0, 0), x = user(el, 1, 0);
      t.turn = Math.atan2(x[1] - o[1], x[0] - o[0]) * 180 / Math.PI;
    }
    t.quad = quad(boxed || el);
    if (kind === 'p-ol') {
      const cls = el.getAttribute('class') || '';
      t.key = el.closest('.p-ol').dataset.k + ':' + cls.slice(4);
      t.anchor = leaders[t.key] || null;
    }
    texts.push(t);
  });
  const vb = svg.viewBox.baseVal;
  out.push({key: frame.dataset.key, animations: anims.length, viewBox: [vb.width, vb.height], texts, leaders: lines});
});
document.getElementById('result').textContent = JSON.stringify(out);
"""

# Leader groups and outside-label groups are paired by their order in the SVG (a chart of
# rings has none; every other chart has at most one of each), so the script numbers them:
# within each chart of a spec of `charts:` (`<scope>/<k>`), each chart having its own.
# `facetOf`: the scope of the chart of `charts:` whose group holds an element (`piec-<id>_f<k>`,
# a leaving one's `_fx<j>`), null outside them.
NUMBER_GROUPS = """
const facetOf = el => {
  for (let e = el; e && e.tagName !== 'svg'; e = e.parentElement) {
    const c = [...e.classList].find(c => /^piec-.+_fx?[0-9]+$/.test(c));
    if (c) return c;
  }
  return null;
};
document.querySelectorAll('.frame').forEach(frame => {
  ['.p-ll', '.p-ol'].forEach(sel => {
    const seen = {};
    frame.shadowRoot.querySelectorAll(sel).forEach(g => {
      const f = facetOf(g);
      seen[f] = (seen[f] || 0) + 1;
      g.dataset.k = (f ? f + '/' : '') + (seen[f] - 1);
    });
  });
});
"""


# Every animation waits at its start until the script seeks it: a page of many charts takes
# longer to parse than a transition lasts, and a finished animation is no longer listed.
HOLD = "<style>*{animation-play-state:paused!important}</style>"


def measure(dom, directory, frames, name):
    """frames: [(key, svg text, t)] with t a number (ms) or "rest" -> {key: measurement}."""
    parts = ["<!doctype html><html><head><meta charset='utf-8'></head><body>"]
    for key, svg, t in frames:
        parts.append(f"<div class='frame' data-key='{key}' data-t='{t}' style='width:1200px'>"
                     f"<template shadowrootmode='open'>{HOLD}{inline_markup(svg)}</template></div>")
    parts.append("<pre id='result'></pre><script>" + NUMBER_GROUPS + MEASURE + "</script></body></html>")
    path = directory / f"{dom.engine.name}-{name}.html"
    path.write_text("".join(parts), encoding="utf-8")
    text = dom(path)
    m = re.search(r"<pre id=\"result\">(.*?)</pre>", text, re.S)
    assert m and m.group(1), f"no measurement from {dom.engine.name} for {path}:\n{text[-2000:]}"
    return {f["key"]: f for f in json.loads(html.unescape(m.group(1)))}
