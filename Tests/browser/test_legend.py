"""The legend as each engine sets its text: no two texts of the legend overlap (a row's label
and its value, or two rows side by side), and none leaves the viewBox.

piec lays the legend out without a font engine (`TextMetrics`), for the font stack
`system-ui,Helvetica,Arial,sans-serif`: on Linux that is DejaVu Sans, wider than Helvetica
(digits by 14 %), and a row's label used to run into its value ("Browser: Chrome61.0%").
A page measures every legend text's box in the engine's DOM (getBBox through getScreenCTM).
A chart with `legend.order` also checks that the engine shows the rows top to bottom in that order."""

import pytest

from piectest import bundle as bundles, dommeasure

MEASURE = dommeasure.GEOMETRY + """
const out = [];
document.querySelectorAll('.frame').forEach(frame => {
  const root = frame.shadowRoot;
  const svg = root.querySelector('svg');
  const {box} = userUnits(svg);
  const texts = [...root.querySelectorAll('.p-lg text')].map(el => ({text: el.textContent, box: box(el)}));
  const vb = svg.viewBox.baseVal;
  out.push({viewBox: [vb.width, vb.height], texts});
});
document.getElementById('result').textContent = JSON.stringify(out);
"""

LONG = [("Browser: Chrome", 61), ("Browser: Safari", 19), ("Browser: Edge", 11), ("Browser: Firefox", 9),
        ("Engine: WebKit and friends", 4), ("Other mobile browsers", 3.5), ("Mmmm wwww 0000", 2)]


def spec(chart_id, position, values="percent", order=None):
    legend = {"position": position, "values": values} | ({"order": order} if order else {})
    return {
        "piec": 1, "id": chart_id, "title": f"legend {chart_id}",
        "labels": {"position": "none"},
        "legend": legend,
        "format": {"decimals": 1},
        "slices": [{"id": f"s{k}", "label": label, "value": v} for k, (label, v) in enumerate(LONG)],
    }


CHARTS = {
    "right": spec("right", "right"),
    "left-both": spec("left-both", "left", "both"),
    "bottom": spec("bottom", "bottom"),
    "top-value": spec("top-value", "top", "value"),
    "left-order": spec("left-order", "left", order=["s4", "s1"]),
}

# Row labels top to bottom where the chart sets `legend.order` (listed ids first, then slice order).
ORDERS = {"left-order": [LONG[k][0] for k in (4, 1, 0, 2, 3, 5, 6)]}


@pytest.mark.parametrize("name", CHARTS)
def test_legend_texts_do_not_overlap_and_stay_inside(dom, workdir, piec, name):
    b = bundles.build(piec, CHARTS[name], workdir)
    [frame] = dommeasure.measure(dom, workdir, b.svg, [0], f"legend-{name}", MEASURE)
    texts = frame["texts"]
    assert len(texts) >= len(LONG), texts
    if name in ORDERS:
        labels = {label for label, _ in LONG}
        rows = sorted((t["box"][1], t["text"]) for t in texts if t["text"] in labels)
        assert [text for _, text in rows] == ORDERS[name]
    w, h = frame["viewBox"]
    for t in texts:
        b = t["box"]
        assert b[0] >= -0.5 and b[1] >= -0.5 and b[2] <= w + 0.5 and b[3] <= h + 0.5, f"{t['text']!r} {b} leaves 0 0 {w} {h}"
    for i, a in enumerate(texts):
        for c in texts[i + 1:]:
            ax, ay, bx, by = a["box"], a["box"], c["box"], c["box"]  # x and y of the same boxes
            # Boxes on one line (glyph boxes of neighbouring rows touch vertically: compare
            # horizontally only when the two texts share a baseline band).
            same_line = min(ay[3], by[3]) - max(ay[1], by[1]) > 0.5 * (ay[3] - ay[1])
            if same_line:
                gap = max(bx[0] - ax[2], ax[0] - bx[2])
                assert gap >= 2, f"{a['text']!r} {ax} and {c['text']!r} {bx} are {gap:.2f} px apart"
