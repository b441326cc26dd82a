"""Every SVG and HTML piec writes, for the gallery and for hostile specs, is well-formed XML,
parses as HTML5 into the same tree, passes the allow-list walk, and shows user text as text."""

import json

import pytest

from conftest import run_piec
from safecheck import check_bundle, parse_html5, parse_xml, texts

# Hostile user text. Each carries a marker (Zq<n>) that must never reach CSS or a non-text
# attribute, and must come out of the parsers exactly as written.
HOSTILE = [
    '<script>alert("Zq1")</script>',
    'Zq2" onload="alert(1)',
    "Zq3' onmouseover='alert(1)",
    "Zq4]]><script>alert(1)</script>",
    "</style><script>Zq5</script><style>",
    "Zq6 url(javascript:alert(1))",
    "@import 'Zq7.css';",
    "\u202eZq8 evil\u202c",
    "\u2066Zq9\u2069 \u200f",
    "😀 Zq10 𝔘𝔫𝔦 👩‍💻",
    "Zq11 &amp; &lt;b&gt; &#60;",
    "<foreignObject>Zq12</foreignObject>",
    '<a href="https://x.test">Zq13</a>',
    "Zq14\tafter a tab",
    "<!--Zq15--> <?xml Zq16?> <![CDATA[Zq17]]>",
    "{ } ; Zq18 } svg { fill: red",
]
MARKERS = [f"Zq{n}" for n in range(1, 19)]


def hostile_spec(labels, title, description, prefix="", suffix=""):
    """A JSON spec (JSON is YAML): every string escaped by json.dumps."""
    return json.dumps({
        "piec": 1, "id": "hostile", "title": title, "description": description,
        "labels": {"content": "{label} {value} {percent}", "minPercent": 0},
        "format": {"prefix": prefix, "suffix": suffix},
        "legend": {"position": "right"},
        "slices": [{"id": f"s{i}", "label": label, "value": i + 1, "description": label}
                   for i, label in enumerate(labels)],
    }, ensure_ascii=False, indent=1)


def build(piec, tmp_path, name, text, extra=()):
    spec = tmp_path / f"{name}.yaml"
    spec.write_text(text, encoding="utf-8")
    run = run_piec(piec, ["build", spec, "-o", tmp_path / "out", *extra], cwd=tmp_path)
    assert run.status == 0, run.stderr
    return tmp_path / "out"


@pytest.fixture(scope="module")
def gallery(piec, repo, tmp_path_factory):
    """Every example under specs/, transitions animated from specs/transitions/before."""
    out = tmp_path_factory.mktemp("gallery") / "out"
    first = run_piec(piec, ["build", repo / "specs", "-o", out], cwd=repo)
    assert first.status == 0, first.stderr
    transitions = sorted((repo / "specs" / "transitions").glob("*.yaml"))
    second = run_piec(piec, ["build", *transitions, "-o", out, "--from", repo / "specs/transitions/before"], cwd=repo)
    assert second.status == 0, second.stderr
    return out


def test_gallery_bundles_are_safe(gallery):
    bundles = sorted(p for p in gallery.iterdir() if p.is_dir())
    assert len(bundles) >= 9
    for bundle in bundles:
        assert check_bundle(bundle) == [], bundle.name


@pytest.mark.parametrize("index", range(0, len(HOSTILE), 4))
def test_hostile_labels_titles_and_descriptions(piec, tmp_path, index):
    labels = HOSTILE[index:index + 4]
    title = HOSTILE[(index + 4) % len(HOSTILE)]
    description = HOSTILE[(index + 5) % len(HOSTILE)]
    out = build(piec, tmp_path, "hostile", hostile_spec(labels, title, description))
    bundle = out / "hostile"
    assert check_bundle(bundle, MARKERS) == []
    html = (bundle / "index.html").read_bytes()
    for tree in (parse_xml(html), parse_html5(html)[0]):
        shown = texts(tree)
        for text in labels + [title, description]:
            assert any(text in t for t in shown), f"{text!r} does not come out as text"
    svg_texts = texts(parse_xml((bundle / "chart.svg").read_bytes()))
    for text in [title, description]:
        assert any(text in t for t in svg_texts), f"{text!r} is not in chart.svg as text"


def test_hostile_prefix_suffix_and_template_text(piec, tmp_path):
    spec = json.loads(hostile_spec(["A", "B"], "t", "d", prefix="<b>Zq1", suffix="]]>Zq4"))
    spec["labels"]["content"] = "</style>Zq5 {label} <script>"
    spec["chart"] = {"size": 600}    # so that the label fits inside its slice and is drawn
    out = build(piec, tmp_path, "hostile", json.dumps(spec, ensure_ascii=False))
    bundle = out / "hostile"
    assert check_bundle(bundle, MARKERS) == []
    shown = texts(parse_xml((bundle / "chart.svg").read_bytes()))
    assert any("</style>Zq5 A <script>" in t for t in shown)
    assert any("<b>Zq1" in t and "]]>Zq4" in t for t in texts(parse_xml((bundle / "index.html").read_bytes())))


def test_hostile_transition_bundle(piec, tmp_path):
    old = tmp_path / "old.yaml"
    old.write_text(hostile_spec(HOSTILE[:6], HOSTILE[6], HOSTILE[7]), encoding="utf-8")
    new_labels = list(reversed(HOSTILE[3:10]))
    out = build(piec, tmp_path, "hostile", hostile_spec(new_labels, HOSTILE[10], HOSTILE[11]), extra=["--from", old])
    assert check_bundle(out / "hostile", MARKERS) == []
    manifest = json.loads((out / "hostile" / "manifest.json").read_text(encoding="utf-8"))
    assert [s["label"] for s in manifest["spec"]["slices"]] == new_labels


def test_hostile_grid_of_charts_and_its_data_tables(piec, tmp_path):
    """A spec of `charts:`: chart titles and slice labels come out as text in chart.svg and in
    index.html's data tables (one per chart, captioned with its title)."""
    charts = [{"id": f"c{k}", "title": HOSTILE[k], "slices": [{"id": f"s{i}", "label": label, "value": i + 1}
                                                             for i, label in enumerate(HOSTILE[4 + 3 * k:7 + 3 * k])]}
              for k in range(3)]
    spec = {"piec": 1, "id": "hostile", "title": HOSTILE[3], "layout": {"columns": 2}, "charts": charts}
    out = build(piec, tmp_path, "hostile", json.dumps(spec, ensure_ascii=False, indent=1))
    bundle = out / "hostile"
    assert check_bundle(bundle, MARKERS) == []
    html = (bundle / "index.html").read_bytes()
    for tree in (parse_xml(html), parse_html5(html)[0]):
        shown = texts(tree)
        for chart in charts:
            for text in [chart["title"]] + [s["label"] for s in chart["slices"]]:
                assert any(text in t for t in shown), f"{text!r} does not come out as text"
