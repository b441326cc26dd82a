"""The data change every chart library animates, and the pages that animate it.

`change(n)`: n slices before; after, every value changes, one slice is removed (at n/3) and one
inserted (at 2n/3). The values come from a fixed-seed splitmix64 (gen_workloads.Rng), so the
pages are the same bytes on every run.

Pages (all load their libraries from disk, 400x400 CSS px charts, one duration and easing):
- piec-svg.html: chart.svg inlined in a page; piec-index.html: the bundle's index.html. Both hold
  every animation off (a sheet `*{animation-name:none!important}`) until `start()` removes the
  sheet, so the SVG is parsed, styled and painted before the measured update begins.
- chartjs.html: Chart.js 3.9 doughnut, drawn without animation, then `start()` splices the
  arrays in place (Chart.js animates inserts and removals at their index) and calls update().
- d3.html: D3 3.5 `d3.svg.arc` paths keyed by id; `start()` runs the classic arcTween
  transition (merged order: the inserted slice grows from zero width, the removed one shrinks).
Every page defines `start()` and sets `window.benchDone` when its animation has ended."""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gen_workloads import Rng  # noqa: E402

CHARTJS = os.environ.get("PIEC_BENCH_CHARTJS", "/usr/share/javascript/chart.js/chart.min.js")
D3 = os.environ.get("PIEC_BENCH_D3", "/usr/share/javascript/d3/d3.min.js")
DURATION_MS = 1000
SIZE = 400
INNER = 0.5
COLORS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
          "#ff9da7", "#9c755f", "#bab0ac"]
HOLD_STYLE = "<style id=hold>*{animation-name:none!important}</style>"
# start() removes the hold sheet: afterwards no `!important` rule is left that could change how
# the engine styles the animated elements.
START_JS = ("<script>function start(){document.getElementById('hold').remove();"
            "setTimeout(()=>{window.benchDone=true}, %d)}</script>")
# CSS ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), solved exactly (Newton, then bisection).
EASE_JS = """
function benchEase(x) {
  const x1 = 0.42, y1 = 0, x2 = 0.58, y2 = 1;
  const bx = t => ((1 - 3 * x2 + 3 * x1) * t + (3 * x2 - 6 * x1)) * t * t + 3 * x1 * t;
  const by = t => ((1 - 3 * y2 + 3 * y1) * t + (3 * y2 - 6 * y1)) * t * t + 3 * y1 * t;
  const dx = t => (3 * (1 - 3 * x2 + 3 * x1) * t + 2 * (3 * x2 - 6 * x1)) * t + 3 * x1;
  if (x <= 0) return 0; if (x >= 1) return 1;
  let t = x;
  for (let i = 0; i < 8; i++) { const e = bx(t) - x, d = dx(t); if (Math.abs(e) < 1e-7) return by(t); if (Math.abs(d) < 1e-6) break; t -= e / d; }
  let lo = 0, hi = 1; t = x;
  while (hi - lo > 1e-7) { if (bx(t) < x) lo = t; else hi = t; t = (lo + hi) / 2; }
  return by(t);
}
"""


def change(n):
    """(before, after): lists of (id, value, colour); see the module's docstring."""
    rng = Rng(0xC0FFEE + n)
    before = [("s%d" % k, 10 + rng.below(90), COLORS[k % len(COLORS)]) for k in range(n)]
    after = [(sid, max(1, v + rng.below(61) - 30), c) for sid, v, c in before]
    del after[n // 3]
    after.insert(2 * n // 3, ("new", 10 + rng.below(90), COLORS[n % len(COLORS)]))
    return before, after


def spec(n, slices):
    """A piec spec of these slices: a 400 px donut, no labels, no legend, 1 s ease-in-out."""
    lines = ["piec: 1", "id: bench-%d" % n, "chart:", "  size: %d" % SIZE,
             "  innerRadius: %s" % INNER, "labels:", "  position: none", "legend:",
             "  position: none", "animation:", "  duration: %dms" % DURATION_MS,
             "  easing: ease-in-out", "slices:"]
    lines += ['  - { id: %s, label: "%s", value: %d, color: "%s" }' % (s, s, v, c)
              for s, v, c in slices]
    return "\n".join(lines) + "\n"


def inline_svg(svg_text):
    text = svg_text
    if text.startswith("<?xml"):
        text = text[text.index("?>") + 2:]
    return text.strip()


def piec_svg_page(svg_text):
    return ("<!doctype html><html><head><meta charset=utf-8>" + HOLD_STYLE +
            "<style>body{margin:0}</style></head><body>" + inline_svg(svg_text) +
            START_JS % DURATION_MS + "</body></html>")


def piec_index_page(index_html):
    """The bundle's index.html with the hold sheet added (same folder: same links)."""
    html = index_html.replace("</head>", HOLD_STYLE + "</head>", 1)
    return html.replace("</body>", START_JS % DURATION_MS + "</body>", 1)


def chartjs_page(before, after):
    data = json.dumps({"before": before, "after": after})
    return """<!doctype html><html><head><meta charset=utf-8><style>body{margin:0}</style>
<script src="file://%s"></script></head><body>
<canvas id=c width=%d height=%d style="width:%dpx;height:%dpx"></canvas>
<script>%s
Chart.helpers.easingEffects.benchEase = benchEase;
const D = %s;
const chart = new Chart(document.getElementById('c'), {type: 'doughnut',
  data: {labels: D.before.map(s => s[0]), datasets: [{data: D.before.map(s => s[1]),
    backgroundColor: D.before.map(s => s[2]), borderColor: '#fff', borderWidth: 1}]},
  options: {responsive: false, devicePixelRatio: 1, cutout: '%d%%', animation: false,
    plugins: {legend: {display: false}, tooltip: {enabled: false}}, events: []}});
function start() {
  chart.options.animation = {duration: %d, easing: 'benchEase', onComplete: () => { window.benchDone = true; }};
  const labels = chart.data.labels, ds = chart.data.datasets[0];
  const n = D.before.length, removeAt = Math.floor(n / 3), insertAt = Math.floor(2 * n / 3);
  labels.splice(removeAt, 1); ds.data.splice(removeAt, 1); ds.backgroundColor.splice(removeAt, 1);
  const s = D.after[insertAt];
  labels.splice(insertAt, 0, s[0]); ds.data.splice(insertAt, 0, s[1]); ds.backgroundColor.splice(insertAt, 0, s[2]);
  D.after.forEach((s, i) => { ds.data[i] = s[1]; });
  chart.update();
}
</script></body></html>""" % (CHARTJS, SIZE, SIZE, SIZE, SIZE, EASE_JS, data, round(INNER * 100),
                              DURATION_MS)


def d3_page(before, after):
    data = json.dumps({"before": before, "after": after})
    return """<!doctype html><html><head><meta charset=utf-8><style>body{margin:0}</style>
<script src="file://%s"></script></head><body>
<svg id=c width=%d height=%d><g transform="translate(%g,%g)"></g></svg>
<script>%s
const D = %s, R = %g, RI = %g;
// Merged order: the slices of both versions, each in its place; a missing side has value 0.
const ids = D.after.map(s => s[0]), removed = D.before.filter(s => !ids.includes(s[0]));
const merged = D.after.map(s => s[0]);
removed.forEach(s => { const k = D.before.findIndex(b => b[0] === s[0]); merged.splice(k, 0, s[0]); });
const val = (list) => { const m = new Map(list.map(s => [s[0], s[1]])); return merged.map(id => ({id, value: m.get(id) || 0})); };
const colour = new Map(D.before.concat(D.after).map(s => [s[0], s[2]]));
const pie = d3.layout.pie().sort(null).value(d => d.value);
const arc = d3.svg.arc().outerRadius(R).innerRadius(RI);
const g = d3.select('#c g');
let paths = g.selectAll('path').data(pie(val(D.before)), d => d.data.id);
paths.enter().append('path').attr('fill', d => colour.get(d.data.id)).attr('stroke', '#fff')
  .attr('stroke-width', 1).attr('d', arc).each(function (d) { this._current = d; });
function start() {
  const next = pie(val(D.after));
  paths = g.selectAll('path').data(next, d => d.data.id);
  let left = 0;
  paths.transition().duration(%d).ease(benchEase).attrTween('d', function (d) {
    const i = d3.interpolate(this._current, d); this._current = i(0);
    return t => arc(i(t));
  }).each(() => { left++; }).each('end', function () { if (--left === 0) window.benchDone = true; });
}
</script></body></html>""" % (D3, SIZE, SIZE, SIZE / 2, SIZE / 2, EASE_JS, data, SIZE / 2 - 2,
                              (SIZE / 2 - 2) * INNER, DURATION_MS)
