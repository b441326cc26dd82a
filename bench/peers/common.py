"""Shared by the peer scripts: find specs, read them with PyYAML, run one renderer over all.

Each peer script is `python3 <peer>_bench.py -o OUTDIR SPEC|DIR ...`: it reads every spec (a DIR
means every *.yaml / *.yml below it, sorted) in ONE process and writes OUTDIR/<stem>.svg per
spec, so a whole-process timing over many specs measures the per-chart cost and a timing over
the one 5-slice spec measures the cold start (interpreter + imports + one chart).

The chart every peer draws: the spec's slices (label, value, colour: the slice's own or the
default palette by index), pie or donut (`chart.innerRadius`), size, start angle and
direction where the library supports them, and the labels. Sweep/total gauges are drawn as
plain pies: the peers are measured on their cost per chart, not on piec's feature set.
"""

import argparse
import os
import sys

import yaml

try:
    _Loader = yaml.CSafeLoader  # libyaml-backed: the fastest PyYAML loader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
           "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]


class Chart:
    """The part of a spec the peers draw."""

    def __init__(self, spec, stem):
        chart = spec.get("chart") or {}
        self.id = str(spec.get("id") or stem)
        self.title = str(spec.get("title") or self.id)
        self.size = float(chart.get("size", 320))
        self.inner = float(chart.get("innerRadius", 0))
        self.start = float(chart.get("startAngle", 0))
        self.clockwise = chart.get("direction", "clockwise") != "counterclockwise"
        labels = spec.get("labels") or {}
        self.show_labels = labels.get("position", "inside") != "none"
        slices = spec["slices"]
        self.labels = [str(s["label"]) for s in slices]
        self.values = [float(s["value"]) for s in slices]
        self.colors = [str(s.get("color") or PALETTE[k % len(PALETTE)]) for k, s in enumerate(slices)]


def collect(inputs):
    paths = []
    for p in inputs:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                paths += [os.path.join(root, f) for f in files if f.endswith((".yaml", ".yml"))]
        else:
            paths.append(p)
    return sorted(paths)


def load(path):
    with open(path, "rb") as f:
        spec = yaml.load(f, Loader=_Loader)
    return Chart(spec, os.path.splitext(os.path.basename(path))[0])


def run(render, argv=None):
    """render(chart) -> SVG as bytes or str; writes OUTDIR/<stem>.svg for every spec."""
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("inputs", nargs="+")
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for path in collect(args.inputs):
        svg = render(load(path))
        if isinstance(svg, str):
            svg = svg.encode("utf-8")
        stem = os.path.splitext(os.path.basename(path))[0]
        with open(os.path.join(args.out, stem + ".svg"), "wb") as f:
            f.write(svg)
    return 0
