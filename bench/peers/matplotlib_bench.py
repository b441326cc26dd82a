#!/usr/bin/env python3
"""Peer: matplotlib `ax.pie` on the Agg backend, saved with `savefig(format="svg")`."""

import io
import logging
import sys
import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from common import run  # noqa: E402

warnings.filterwarnings("ignore")  # missing CJK glyphs in the default font
logging.getLogger("matplotlib").setLevel(logging.ERROR)


def render(c):
    fig, ax = plt.subplots(figsize=(c.size / 100, c.size / 100), dpi=100)
    wedgeprops = {"edgecolor": "#ffffff", "linewidth": 1}
    if c.inner > 0:
        wedgeprops["width"] = 1 - c.inner
    ax.pie(c.values, labels=c.labels if c.show_labels else None, colors=c.colors,
           startangle=90 - c.start if c.clockwise else 90 + c.start,
           counterclock=not c.clockwise, wedgeprops=wedgeprops)
    ax.set_title(c.title)
    out = io.BytesIO()
    fig.savefig(out, format="svg")
    plt.close(fig)
    return out.getvalue()


if __name__ == "__main__":
    sys.exit(run(render))
