"""`charts:` (facets): three charts in one bundle, built from a previous version with two of
them changed (`a`), one new (`c`, which grows in) and one gone (`gone`, which fades out).
Seeked in each engine to the end of the transition, every chart shows exactly its own final
wedges at its own place in the grid (boundaries at the manifest's angles, rest tolerance, no
background through the seams), and the chart that left is not drawn; half-way, the changed
chart is between its two versions. `gone` had the cell `c` takes: it fades out over the first
half of the duration while `c` waits hidden, then `c` grows in with `gone` hidden, so the two
never overlap (measured at a quarter and three quarters of the duration).

index.html of `charts:` in every engine, with a real pointer: resting on a legend row dims
every chart's other slices and lifts that slice id in both charts that hold it, each with its
tooltip; resting on a chart's slice shows its tooltip only and underlines its row; leaving
restores everything. With `chart.hoverCenter`, each chart's hole shows its own text of the
slice pointed at in it (the other chart's hole keeps `chart.center`), and a legend row shows,
in each chart that holds its id, that chart's text (its own percent). Keyboard focus on a
chart's slice shows its tooltip, on the row the same as hovering it (Chromium, Firefox:
WebKitGTK's automated window has no focus, so `:focus` never matches there)."""

import copy
import json

import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage
from piectest.geometry import Chart
from piectest.measure import Probe

COLORS = {"x": "#e6c800", "y": "#00c85a", "z": "#00c8dc", "w": "#78c828"}


def spec(charts):
    s = specs.spec("facets", [], animation={"duration": "600ms"})
    del s["slices"]
    s["chart"] = {"size": 200}
    s["layout"] = {"columns": 2}
    s["charts"] = [{"id": i, "slices": [{"id": k, "label": k.upper(), "value": v, "color": COLORS[k]} for k, v in entries]}
                   for i, entries in charts]
    return s


BEFORE = [("a", [("x", 50), ("y", 30), ("z", 20)]), ("b", [("x", 10), ("w", 30)]), ("gone", [("y", 1), ("z", 1)])]
AFTER = [("a", [("x", 20), ("y", 30), ("z", 50)]), ("b", [("x", 10), ("w", 30)]), ("c", [("y", 3), ("w", 1)])]


@pytest.fixture(scope="module")
def built(piec, workdir):
    (workdir / "before").mkdir()
    bundles.write_spec(workdir / "before" / "facets.yaml", spec(BEFORE))
    path = bundles.write_spec(workdir / "facets.yaml", spec(AFTER))
    proc = bundles.run(piec, "build", path, "-o", workdir / "out", "--from", workdir / "before")
    assert proc.returncode == 0, proc.stderr
    directory = workdir / "out" / "facets"
    return json.loads((directory / "manifest.json").read_text()), (directory / "chart.svg").read_text()


def facet_chart(manifest, k, slices=None):
    """The chart facet k must draw at rest (or `slices` at rest in its place)."""
    f = manifest["charts"][k]
    m = copy.deepcopy(manifest)
    m["chart"].update({key: f[key] for key in ("cx", "cy", "outerRadius", "innerRadius", "startAngle", "sweep", "direction")})
    m["slices"] = slices or f["slices"]
    m["transitions"] = []
    m["animation"] = {"duration": 0, "delay": 0}
    return Chart(m, specs.MAGENTA)


@pytest.fixture(scope="module")
def seeked(built, shoot):
    manifest, svg = built
    page = SeekPage([(svg, 10_000), (svg, 300), (svg, 150), (svg, 450)], columns=2, frame_width=500, background=specs.MAGENTA)
    return page, shoot(page, "facets")


def test_the_manifest_lists_each_chart_and_which_entered(built):
    manifest, _ = built
    assert [f["id"] for f in manifest["charts"]] == ["a", "b", "c"]
    assert [f["entered"] for f in manifest["charts"]] == [False, False, True]
    assert manifest["charts"][1]["x"] > manifest["charts"][0]["x"], "two columns: b beside a"
    assert manifest["charts"][2]["y"] > manifest["charts"][0]["y"], "c on the second row"


@pytest.mark.parametrize("k", range(3))
def test_at_the_end_each_chart_shows_its_own_wedges(built, seeked, k):
    manifest, _ = built
    page, raster = seeked
    frame = page.frames[0]
    probe = Probe(raster, frame.viewport, facet_chart(manifest, k), frame.t_ms)
    problems = checks.marker_problems(page, raster, 0, expect_animations=True)
    problems += checks.angle_problems(probe, checks.REST_TOLERANCE)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"chart {k} at the end, screenshot {page.screenshot}")


def test_half_way_the_changed_chart_is_between_its_versions(built, seeked):
    manifest, _ = built
    page, raster = seeked
    frame = page.frames[1]
    probe = Probe(raster, frame.viewport, facet_chart(manifest, 0), frame.t_ms)
    assert checks.angle_problems(probe, checks.REST_TOLERANCE), \
        f"half-way chart a already rests at its new version (screenshot {page.screenshot})"


def cell_colours(manifest, page, raster, frame, k):
    """The colours sampled on a grid over facet k's disc in frame `frame` (half a step off the
    centre, so no sample lies on the 12 o'clock edge every wedge starts at)."""
    f, view = manifest["charts"][k], page.frames[frame].viewport
    r = float(f["outerRadius"])
    out = []
    for i in range(-10, 10):
        for j in range(-10, 10):
            x, y = f["cx"] + r * (i + 0.5) / 10, f["cy"] + r * (j + 0.5) / 10
            if (x - f["cx"]) ** 2 + (y - f["cy"]) ** 2 <= r * r:
                out.append(tuple(round(c) for c in raster.sample(*view.to_pixels(x, y))))
    return out


def near(colour, hex_colour, slack=24):
    target = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= slack for a, b in zip(colour, target))


def test_the_leaving_chart_and_the_one_in_its_cell_never_overlap(built, seeked):
    manifest, _ = built
    page, raster = seeked
    own = [COLORS["y"], COLORS["w"]]    # c's colours
    fading = cell_colours(manifest, page, raster, 2, 2)
    # A quarter in: gone half faded (its colours mixed with magenta), c not drawn at all.
    assert not any(near(c, h) for c in fading for h in own), f"c drawn while gone fades (screenshot {page.screenshot})"
    assert sum(c != specs.MAGENTA for c in fading) > 50, f"gone not drawn while it fades (screenshot {page.screenshot})"
    growing = cell_colours(manifest, page, raster, 3, 2)
    # Three quarters in: c grows in its own colours, gone (faded) not drawn: nothing else but
    # the background (a few samples may fall on an anti-aliased edge).
    assert sum(c != specs.MAGENTA for c in growing) > 20, f"c not growing after the fade (screenshot {page.screenshot})"
    mixed = [c for c in growing if c != specs.MAGENTA and not any(near(c, h) for h in own)]
    assert len(mixed) <= 3, f"gone drawn after its fade: {mixed[:5]} (screenshot {page.screenshot})"
    assert manifest["charts"][2]["wait"] == 300, "c waits for gone's fade (half of 600 ms)"
    assert manifest["timeline"] == {"start": 0, "length": 900}


# The page's state per chart (its scope): which tooltips show, each interactive slice's
# opacity and whether it is lifted, the texts its hole shows; which legend rows are underlined. Once (the first target,
# the pointer off the chart), also the state while a chart's slice, then a row, has the focus.
FACET_STATE = """(() => {
  const charts = %s;
  const state = () => ({
    charts: charts.map(scope => {
      const g = document.querySelector('.' + scope);
      return {tips: [...g.querySelectorAll('.p-t')].filter(e => getComputedStyle(e).visibility === 'visible')
                      .map(e => e.getAttribute('class')),
              opacity: [...g.querySelectorAll('.p-w')].map(e => Number(getComputedStyle(e).opacity)),
              lifted: [...g.querySelectorAll('.p-w')].map(e => getComputedStyle(e).transform !== 'none' ? 1 : 0),
              hole: [...g.querySelectorAll('.p-ct text,.p-hc text')].filter(e => getComputedStyle(e).visibility === 'visible')
                      .map(e => e.textContent)};
    }),
    underline: [...document.querySelectorAll('.p-li')].map(e =>
      getComputedStyle(e.querySelector('text')).textDecorationLine.includes('underline') ? 1 : 0)});
  if (!window.focusStates) {
    window.focus();
    window.focusStates = [%s].map(sel => {
      const el = document.querySelector(sel);
      el.focus();
      const out = {sel, matches: el.matches(':focus'), state: state()};
      el.blur();
      return out;
    });
  }
  return JSON.stringify({hover: state(), focus: window.focusStates});
})()"""


@pytest.fixture(scope="module")
def facet_page(build):
    s = spec([("a", [("x", 50), ("y", 30), ("z", 20)]), ("b", [("y", 30), ("x", 10)])])
    s["id"] = "facetpage"
    s["chart"] = {"size": 160, "sort": "none", "innerRadius": 0.5, "center": "{total}", "hoverCenter": "{label}\n{percent}"}
    s["legend"] = {"position": "right"}
    b = build(s)
    return b.manifest, b.directory / "index.html"


def test_legend_rows_point_at_their_id_in_every_chart(facet_page, engine):
    m, page = facet_page
    scopes = [f["scope"] for f in m["charts"]]
    y_a, y_b = 1, 0       # slice y is a's second and b's first (no sorting)
    row = ".p-li1"        # the legend lists x, y, z
    targets = [(1, 1), row, f".{scopes[1]} .p-s{y_b}"]
    js = FACET_STATE % (json.dumps(scopes), json.dumps(f".{scopes[1]} .p-s{y_b}") + "," + json.dumps(row))
    states = [json.loads(x) for x in engine.hover(page, targets, js)]
    # Holes: a's total 100, b's 40; y is 30 of each, so 30.0 % of a and 75.0 % of b.
    rest = {"charts": [{"tips": [], "opacity": [1, 1, 1], "lifted": [0, 0, 0], "hole": ["100"]},
                       {"tips": [], "opacity": [1, 1], "lifted": [0, 0], "hole": ["40"]}], "underline": [0, 0, 0]}
    on_row = {"charts": [{"tips": [f"p-t p-t{y_a}"], "opacity": [0.45, 1, 0.45], "lifted": [0, 1, 0], "hole": ["Y30.0%"]},
                         {"tips": [f"p-t p-t{y_b}"], "opacity": [1, 0.45], "lifted": [1, 0], "hole": ["Y75.0%"]}],
              "underline": [0, 0, 0]}
    on_slice = {"charts": [{"tips": [], "opacity": [1, 1, 1], "lifted": [0, 0, 0], "hole": ["100"]},
                           {"tips": [f"p-t p-t{y_b}"], "opacity": [1, 1], "lifted": [1, 0], "hole": ["Y75.0%"]}],
                "underline": [0, 1, 0]}
    assert [s["hover"] for s in states] == [rest, on_row, on_slice, rest], (engine.name, states)
    focus = states[0]["focus"]
    if engine.name != "webkit":
        assert all(f["matches"] for f in focus), (engine.name, focus)
    for f, want in zip(focus, [on_slice, on_row]):
        if f["matches"]:
            assert f["state"] == want, (engine.name, f)


# The legend rows as drawn, top to bottom: each row's own class (`p-li<k>`, k its id's place in
# the order the charts first hold the ids) and text; then which ids each chart lifts.
LEGEND_ORDER_STATE = """(() => {
  const rows = [...document.querySelectorAll('.p-li')]
    .map(e => ({cls: [...e.classList].find(c => /^p-li[0-9]+$/.test(c)), text: e.querySelector('text').textContent,
                top: e.getBoundingClientRect().top}))
    .sort((a, b) => a.top - b.top).map(r => [r.cls, r.text]);
  const lifted = %s.map(scope => [...document.querySelectorAll('.' + scope + ' .p-w')]
    .map(e => getComputedStyle(e).transform !== 'none' ? 1 : 0));
  return JSON.stringify({rows, lifted});
})()"""


@pytest.fixture(scope="module")
def value_order_page(build):
    # Sums over the charts: x 20, y 60, z 50 (first held in the order x, y, z).
    s = spec([("a", [("x", 10), ("y", 30)]), ("b", [("y", 30), ("x", 10), ("z", 50)])])
    s["id"] = "facetorder"
    s["chart"] = {"size": 160, "sort": "none"}
    s["legend"] = {"position": "right", "order": "value"}
    b = build(s)
    return b.manifest, b.directory / "index.html"


def test_legend_order_value_sorts_the_shared_rows_by_each_ids_sum(value_order_page, engine):
    """`legend.order: value` on `charts:`: the rows read Y, Z, X top to bottom (sums 60, 50,
    20), and the top row still points at y in both charts (its class is y's, p-li1)."""
    m, page = value_order_page
    scopes = [f["scope"] for f in m["charts"]]
    js = LEGEND_ORDER_STATE % json.dumps(scopes)
    states = [json.loads(x) for x in engine.hover(page, [".p-li1"], js)]
    rows = [["p-li1", "Y"], ["p-li2", "Z"], ["p-li0", "X"]]
    assert [s["rows"] for s in states] == [rows, rows], (engine.name, states)
    # On the top row: y is a's second slice and b's first (no sorting); leaving: nothing lifted.
    assert [s["lifted"] for s in states] == [[[0, 1], [1, 0, 0]], [[0, 0], [0, 0, 0]]], (engine.name, states)


# The shared legend's texts as laid out: each text's content, its box in the SVG's user units
# (getBBox), and whether it is a column head; and the SVG's viewBox.
LEGEND_TABLE_STATE = """(() => {
  const svg = document.querySelector('svg');
  const texts = [...document.querySelectorAll('.p-lg text')].map(e => {
    const b = e.getBBox(), s = svg.getScreenCTM().inverse().multiply(e.getScreenCTM());
    return {text: e.textContent, head: e.getAttribute('font-weight') === 'bold',
            x0: s.e + b.x * s.a, x1: s.e + (b.x + b.width) * s.a, y0: s.f + b.y * s.d, y1: s.f + (b.y + b.height) * s.d};
  });
  const vb = svg.viewBox.baseVal;
  return JSON.stringify({texts, width: vb.width, height: vb.height});
})()"""


@pytest.fixture(scope="module", params=["right", "bottom"])
def table_page(build, request):
    s = spec([("a", [("x", 10), ("y", 30)]), ("b", [("y", 30), ("x", 10), ("z", 50)])])
    s["id"] = "facettable" + request.param
    s["charts"][0]["title"] = "First region"
    s["charts"][1]["title"] = "B"
    s["chart"] = {"size": 160, "sort": "none"}
    s["legend"] = {"position": request.param, "values": "both", "order": "value", "title": "Mode"}
    b = build(s)
    return b.directory / "index.html"


def test_legend_values_are_a_table_a_column_per_chart(table_page, engine):
    """`legend.values` on `charts:`: a column per chart under its title, in each row that
    chart's value and percent of the id ("—" where it lacks it), rows in value order (y 60,
    z 50, x 20). In each engine: every column's texts end at one x (right-aligned), columns and
    the labels never overlap, and every text lies inside the canvas (which grew for them)."""
    state = json.loads(engine.hover(table_page, [(1, 1)], LEGEND_TABLE_STATE)[0])
    texts = state["texts"]
    heads = [t for t in texts if t["head"] and t["text"] != "Mode"]
    assert [t["text"] for t in heads] == ["First region", "B"], (engine.name, texts)
    rows = sorted({round(t["y0"]) for t in texts if not t["head"]})
    by_row = [[t["text"] for t in sorted((t for t in texts if not t["head"] and round(t["y0"]) == y), key=lambda t: t["x0"])]
              for y in rows]
    assert by_row == [["Y", "30 (75.0%)", "30 (33.3%)"], ["Z", "\u2014", "50 (55.6%)"], ["X", "10 (25.0%)", "10 (11.1%)"]], \
        (engine.name, by_row)
    cells = [t for t in texts if not t["head"] and t["text"] not in ("X", "Y", "Z")]
    for head in heads:
        column = [t for t in cells if abs(t["x1"] - head["x1"]) < 1]
        assert len(column) == 3, f"{engine.name}: column {head['text']} not right-aligned: {cells}"
    boxes = [t for t in texts]
    for i, a in enumerate(boxes):
        assert a["x0"] >= -0.5 and a["x1"] <= state["width"] + 0.5 and a["y0"] >= -0.5 and a["y1"] <= state["height"] + 0.5, \
            (engine.name, "off the canvas", a)
        for b in boxes[i + 1:]:
            overlap = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"]) > 0.5 and min(a["y1"], b["y1"]) - max(a["y0"], b["y0"]) > 0.5
            assert not overlap, (engine.name, a, b)
