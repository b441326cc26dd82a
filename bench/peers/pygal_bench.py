#!/usr/bin/env python3
"""Peer: pygal's Pie chart (`chart.render()` returns the SVG)."""

import sys

import pygal
from pygal.style import Style

from common import run


def render(c):
    chart = pygal.Pie(
        width=c.size, height=c.size, inner_radius=c.inner, title=c.title,
        style=Style(colors=tuple(c.colors)), show_legend=False,
        print_labels=c.show_labels, js=[],  # self-contained: no external script reference
    )
    for label, value in zip(c.labels, c.values):
        chart.add(label, [{"value": value, "label": label}])
    return chart.render()


if __name__ == "__main__":
    sys.exit(run(render))
