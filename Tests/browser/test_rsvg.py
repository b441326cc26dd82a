"""librsvg (a static renderer: no CSS animation) draws the exact final chart from chart.svg:
every boundary within 0.2 degree of the manifest's final angles, no seams."""

import subprocess

import pytest

from piectest import checks, specs
from piectest.chromium import view_box
from piectest.measure import Probe
from piectest.raster import Raster, Viewport

CHARTS = {
    "pie": specs.spec("pie", [30, 22, 18, 17, 13]),
    "donut": specs.spec("donut", [40, 35, 25], chart={"innerRadius": 0.6}),
    "gauge": specs.spec("gauge", [35, 25], chart={
        "sweep": 180, "startAngle": -90, "total": 100, "track": specs.TRACK, "innerRadius": 0.5}),
    "ccw": specs.spec("ccw", [40, 30, 20, 10], chart={
        "direction": "counterclockwise", "startAngle": 30}),
    "single": specs.spec("single", [5]),
}
WIDTH = 1000


@pytest.mark.parametrize("name", CHARTS)
def test_rsvg_draws_the_exact_final_chart(build, rsvg_convert, workdir, name):
    bundle = build(CHARTS[name])
    chart = bundle.chart()
    vb = view_box(bundle.svg)
    png = workdir / f"rsvg-{name}.png"
    zoom = WIDTH / vb[2]
    proc = subprocess.run([rsvg_convert, "--zoom", str(zoom), "--background-color", specs.BACKGROUND,
                           "-o", str(png), str(bundle.svg_path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    raster = Raster(png, specs.MAGENTA)
    probe = Probe(raster, Viewport(vb, 0, 0, raster.width, raster.height), chart, chart.end_time + 1)
    problems = checks.angle_problems(probe, checks.REST_TOLERANCE)
    problems += checks.leak_problems(probe, specs.MAGENTA)
    checks.report(problems, f"rsvg-convert {bundle.svg_path} -> {png}")
