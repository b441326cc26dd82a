"""A translucent pie measured in each engine: `theme.opacity`, and slice colours of one alpha
(drawn as one group at that opacity). Half-way through value changes whose dashes overlap (each
slice is painted over its neighbour in motion) and at rest, every sample along three circles
inside the ring, away from the model's boundaries, is the model's slice colour blended once
over the background: a double alpha (a slice over its neighbour, each translucent) would be
darker than that by tens of levels. One page per engine; the worst difference is printed."""

import copy

import pytest

from piectest import bundle as bundles, specs
from piectest.chromium import SeekPage
from piectest.measure import Probe
from piectest.transition import TransitionChart

ALPHA = 0.5
HALF = ["#e6c80080", "#00c85a80", "#00c8dc80", "#78c82880"]


def opaque(spec, **theme):
    spec["theme"].update(theme)
    return spec


CASES = {
    # theme.opacity on a pie; values that move every boundary.
    "opacity-pie": (opaque(specs.spec("x", [40, 30, 20, 10]), opacity=ALPHA),
                    opaque(specs.spec("x", [15, 45, 10, 30]), opacity=ALPHA)),
    # Slice colours of one alpha (50 %) on a donut whose slices reorder their sizes.
    "alpha-donut": (specs.spec("x", [10, 20, 30, 40], chart={"innerRadius": 0.4}, colors=HALF),
                    specs.spec("x", [40, 10, 35, 15], chart={"innerRadius": 0.4}, colors=HALF)),
}
PERCENTS = [25, 50, 75]
LABELS = [f"{p}%" for p in PERCENTS] + ["after-end"]
TOLERANCE = 12      # levels per channel (anti-aliasing, colour management)
WORST = {}


def blend(color, background, alpha):
    return tuple(c * alpha + b * (1 - alpha) for c, b in zip(color[:3], background))


@pytest.fixture(scope="module")
def translucent(piec, workdir, shoot):
    cases, items = {}, []
    for name, (before, after) in CASES.items():
        old, new = copy.deepcopy(before), copy.deepcopy(after)
        old["id"] = new["id"] = "tl-" + name
        case_dir = workdir / ("tl-" + name)
        case_dir.mkdir(parents=True, exist_ok=True)
        b = bundles.build_transition(piec, old, new, case_dir)
        chart = TransitionChart(b.manifest, page_background=specs.MAGENTA)
        start, end = chart.delay, chart.end_time
        times = [start + (end - start) * p / 100 for p in PERCENTS] + [end + 250]
        cases[name] = (b, chart, list(range(len(items), len(items) + len(times))))
        items += [(b.svg, t) for t in times]
    page = SeekPage(items, columns=4)
    return cases, page, shoot(page, "translucent")


@pytest.mark.parametrize("index", range(len(LABELS)), ids=LABELS)
@pytest.mark.parametrize("name", list(CASES))
def test_translucent_pie_blends_once(translucent, engine, name, index):
    cases, page, raster = translucent
    b, chart, frames = cases[name]
    assert "p-op" in b.svg and 'opacity="0.5' in b.svg, "the pie is not drawn in one translucent group"
    frame = page.frames[frames[index]]
    t = frame.t_ms
    probe = Probe(raster, frame.viewport, chart, t)
    wedges = chart.drawn(t)
    inner = max(w.inner for w in wedges)
    outer = min(w.outer for w in wedges)
    problems, worst, samples = [], 0.0, 0
    for f in (0.3, 0.55, 0.8):
        r = inner + (outer - inner) * f
        margin = 2.5 * probe.px(r)
        for k in range(720):
            a = chart.start_angle + k / 2
            # The wedge painted last at this angle (movers are on top), away from its edges.
            here = [w for w in wedges if w.start + margin <= a <= w.end - margin
                    or w.start + margin <= a + 360 <= w.end - margin]
            near = [w for w in wedges if abs((a - w.start + 180) % 360 - 180) < margin or abs((a - w.end + 180) % 360 - 180) < margin]
            if not here or near:
                continue
            want = blend(here[-1].color, specs.MAGENTA, ALPHA)
            got = probe.color(a, r)
            d = max(abs(x - y) for x, y in zip(got, want))
            samples += 1
            worst = max(worst, d)
            if d > TOLERANCE and len(problems) < 8:
                problems.append(f"{a:.1f} deg r={r:.1f}: {tuple(round(x) for x in got)}, expected {tuple(round(x) for x in want)}")
    WORST[engine.name] = max(WORST.get(engine.name, 0.0), worst)
    assert samples > 500, f"only {samples} samples"
    assert not problems, f"{name} at t={t} ms (worst {worst:.1f}), screenshot {page.screenshot}:\n" + "\n".join(problems)


def test_worst_translucent_difference(engine):
    """Runs after the frames above (file order): reports the worst difference measured."""
    worst = WORST.get(engine.name)
    assert worst is not None, f"nothing measured in {engine.name}"
    print(f"\n{engine.name}: worst difference from the single blend (levels): {worst:.1f}")
    assert worst <= TOLERANCE
