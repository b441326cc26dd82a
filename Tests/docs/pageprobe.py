"""What headless Chromium draws of a docs tool's built page: each inline piec chart's size, its
running animations, its legend colour, and the legend colour again after the host's dark toggle
(a line of JavaScript the test gives). One probe for every adapter's test (MkDocs, mdBook,
Sphinx, pandoc)."""

import html
import json
import re
import subprocess
import tempfile

from piectest.chromium import find_chromium

PROBE = """<script>
addEventListener('load', () => setTimeout(() => {
  const svgs = [...document.querySelectorAll('div.piec > svg')];
  const legendFill = svg => {
    const legend = svg.querySelector('.p-lg text');
    return legend ? getComputedStyle(legend).fill : null;
  };
  const running = svg => document.getAnimations().filter(a => a.effect && a.effect.target && svg.contains(a.effect.target)).length;
  const charts = svgs.map(svg => {
    const r = svg.getBoundingClientRect();
    return {w: r.width, h: r.height, cls: svg.getAttribute('class'), animations: running(svg), fill: legendFill(svg)};
  });
  (() => { TOGGLE })();
  const toggled = svgs.map(legendFill);
  const pre = document.createElement('pre');
  pre.id = 'piec-result';
  pre.textContent = JSON.stringify({charts, toggled, html: document.documentElement.className});
  document.body.appendChild(pre);
}, 300));
</script>"""


def dump(page, script, dark=False, budget=5000):
    """The JSON that `script` (a `<script>` that appends `<pre id="piec-result">`) leaves in the
    page at `page` (a file) once headless Chromium has run it; `dark`: the reader's system
    prefers dark. Every docs test's Chromium run goes through here."""
    chromium = find_chromium()
    assert chromium, "Chromium not found: run scripts/bootstrap.sh"
    probe_page = page.with_name(page.stem + ".probe.html")
    probe_page.write_text(page.read_text(encoding="utf-8").replace("</body>", script + "</body>", 1), encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="piec-docs-chromium-") as profile:
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", f"--user-data-dir={profile}",
               f"--blink-settings=preferredColorScheme={0 if dark else 1}", f"--virtual-time-budget={budget}",
               "--dump-dom", probe_page.as_uri()]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    m = re.search(r'<pre id="piec-result">(.*?)</pre>', proc.stdout, re.S)
    assert m, f"no measurement from {page}: {proc.stderr[-2000:]}"
    return json.loads(html.unescape(m.group(1)))


def probe(page, toggle="", dark=False):
    """{charts: [{w, h, cls, animations, fill}], toggled: [fill], html: <html>'s classes} of the
    page at `page` (a file), with `toggle` (JavaScript) run between the two colour readings;
    `dark`: the reader's system prefers dark."""
    return dump(page, PROBE.replace("TOGGLE", toggle), dark=dark)
