"""A chart whose slices come from a CSV file (`data:`) under a `.piec.yaml` that holds its look,
built with `piec build --from` a previous spec that reads its own CSV: seeked in each engine
at 0, 50 and 100 % of the timeline and after the end, every boundary is where the exact model
of the CSV's values puts it, and no background shows along the seams. The manifest's
canonical spec holds the rows and the shared defaults (no `data` left)."""

import pytest

from piectest import bundle as bundles, checks, specs
from piectest.chromium import SeekPage
from piectest.measure import Probe
from piectest.transition import TransitionChart

BEFORE = [("swift", "Swift", 42, "#e6c800"), ("go", "Go", 30, "#00c85a"), ("rust", "Rust, the language", 28, "#00c8dc")]
AFTER = [("swift", "Swift", 35, "#e6c800"), ("rust", "Rust, the language", 40, "#00c8dc"), ("zig", "Zig", 25, "#78c828")]
PERCENTS = [0, 50, 100]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]


def csv(rows):
    """RFC 4180 text with a quoted label (a comma inside) and CRLF line ends."""
    lines = ["key,name,lines,colour"] + [f'{k},"{n}",{v},{c}' for k, n, v, c in rows]
    return "\r\n".join(lines) + "\r\n"


def data_spec():
    s = specs.spec("langs", [])
    del s["slices"]
    del s["theme"]           # from .piec.yaml
    s["chart"] = {}          # size from .piec.yaml
    s["data"] = {"file": "langs.csv", "label": "name", "value": "lines", "id": "key", "color": "colour"}
    return s


DEFAULTS = f'chart: {{size: 320, innerRadius: 0.5}}\ntheme: {{stroke: {{width: 0}}, background: "{specs.BACKGROUND}"}}\n'


@pytest.fixture(scope="module")
def built(piec, workdir, shoot):
    (workdir / "previous").mkdir(exist_ok=True)
    for folder, rows in ((workdir / "previous", BEFORE), (workdir, AFTER)):
        (folder / "langs.csv").write_bytes(csv(rows).encode())
        (folder / ".piec.yaml").write_text(DEFAULTS, encoding="utf-8")
    bundle = bundles.build_transition(piec, data_spec(), data_spec(), workdir)
    chart = TransitionChart(bundle.manifest, ring=None)
    start, end = chart.delay, chart.end_time
    times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
    page = SeekPage([(bundle.svg, t) for t in times], columns=len(times), background=chart.background)
    return bundle, chart, page, shoot(page, "data-file")


def test_manifest_holds_the_rows_and_the_shared_defaults(built):
    bundle, _, _, _ = built
    spec = bundle.manifest["spec"]
    assert "data" not in spec
    assert [(s["id"], s["label"], s["value"]) for s in spec["slices"]] == [(k, n, v) for k, n, v, _ in AFTER]
    assert spec["chart"]["innerRadius"] == 0.5
    kinds = sorted((t["kind"], t["id"]) for t in bundle.manifest["transitions"])
    assert kinds == [("enter", "zig"), ("exit", "go"), ("update", "rust"), ("update", "swift")]
    total, start = sum(v for _, _, v, _ in AFTER), 0.0
    for (_, _, v, _), s in zip(AFTER, bundle.manifest["slices"]):
        assert s["startAngle"] == pytest.approx(start, abs=1e-3)
        start += 360 * v / total


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
def test_boundaries_follow_the_csv_values(built, engine, index):
    _, chart, page, raster = built
    frame = page.frames[index]
    probe = Probe(raster, frame.viewport, chart, frame.t_ms)
    problems = checks.seeked_frame_problems(page, raster, index, probe, chart, specs.MAGENTA)
    checks.report(problems, f"data file at t={frame.t_ms:.1f} ms ({LABELS[index]}), screenshot {page.screenshot}")
