#!/usr/bin/env python3
"""Peer: Vega-Lite arc mark rendered by vl-convert (`vl_convert.vegalite_to_svg`)."""

import sys

import vl_convert

from common import run


def render(c):
    rows = [{"k": k, "label": l, "value": v} for k, (l, v) in enumerate(zip(c.labels, c.values))]
    outer = c.size / 2 - 4
    start = c.start if c.clockwise else -c.start
    theta = {"field": "value", "type": "quantitative", "stack": True}
    color = {"field": "k", "type": "nominal", "legend": None,
             "scale": {"domain": list(range(len(rows))), "range": c.colors}}
    arc = {"type": "arc", "outerRadius": outer, "innerRadius": outer * c.inner,
           "theta": start * 3.141592653589793 / 180, "stroke": "#ffffff"}
    layers = [{"mark": arc, "encoding": {"theta": theta, "color": color, "order": {"field": "k"}}}]
    if c.show_labels:
        text = {"type": "text", "radius": outer * (1 + c.inner) / 2 if c.inner else outer * 0.6}
        layers.append({"mark": text, "encoding": {"theta": theta, "text": {"field": "label"}, "order": {"field": "k"}}})
    spec = {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": c.title, "width": c.size, "height": c.size,
        "data": {"values": rows}, "layer": layers,
    }
    return vl_convert.vegalite_to_svg(spec)


if __name__ == "__main__":
    sys.exit(run(render))
