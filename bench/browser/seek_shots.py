"""The frames of a bundle as screenshot-based exporters take them: one headless Chromium
session (DevTools protocol over a pipe, `cdp.py`), the page loaded once, then for each instant
the chart's animations seeked there (Web Animations API: pause, currentTime) and
`Page.captureScreenshot` (PNG) written to a file. No GIF encoding. `bench/render.sh` times the
whole process (launch included, as an exporter pays it once per export).

    python3 bench/browser/seek_shots.py PAGE.html OUTDIR T1 T2 ...   (T in ms)

PAGE holds one `.f` element whose shadow root holds the chart (as bench/render.sh writes it).
Prints nothing; exits non-zero when Chromium fails or the first and last frames are the same
image (the seek did nothing)."""

import base64
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cdp  # noqa: E402

SEEK = ("(t => {{ document.querySelectorAll('.f').forEach(f => f.shadowRoot.getAnimations()"
        ".forEach(a => {{ a.pause(); a.currentTime = t; }})); }})({t})")


def main():
    page, out, times = sys.argv[1], sys.argv[2], [float(t) for t in sys.argv[3:]]
    os.makedirs(out, exist_ok=True)
    shots = []
    with cdp.Chromium(width=400, height=400) as browser:
        tab = browser.page()
        tab.send("Emulation.setDeviceMetricsOverride", {"width": 400, "height": 400, "deviceScaleFactor": 1, "mobile": False})
        tab.navigate("file://" + os.path.abspath(page))
        for k, t in enumerate(times):
            tab.evaluate(SEEK.format(t=t))
            png = base64.b64decode(tab.send("Page.captureScreenshot", {"format": "png"})["data"])
            with open(os.path.join(out, f"shot{k}.png"), "wb") as f:
                f.write(png)
            shots.append(png)
    if len(shots) > 1 and shots[0] == shots[-1]:
        sys.exit("seek_shots.py: the first and last frames are the same image: the seek did nothing")


if __name__ == "__main__":
    main()
