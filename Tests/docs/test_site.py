"""The manual is a test (issue 38): it builds with --strict, every ```piec block of docs/ is a
chart on its page, no link or image is broken, a broken block fails the build at its line, two
blocks on a page keep their own styles, and the pages draw their charts in headless Chromium and
follow the dark theme."""

import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from conftest import REPO, mkdocs
from pageprobe import dump, probe

DOCS = REPO / "docs"
OPENER = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(\S*)")


def piec_blocks(text):
    """The number of ```piec fences of a page that are not inside another fence."""
    count, open_fence = 0, None
    for line in text.splitlines():
        m = OPENER.match(line)
        if open_fence:
            if m and m.group(2)[0] == open_fence[0] and len(m.group(2)) >= len(open_fence) and not m.group(3):
                open_fence = None
        elif m:
            open_fence = m.group(2)
            count += m.group(3) == "piec" or m.group(3).startswith("piec ")
    return count


def pages():
    return sorted(p for p in DOCS.rglob("*.md"))


def built(site, page):
    return site / page.relative_to(DOCS).with_suffix(".html")


def test_every_piec_block_is_a_chart_on_its_page(site):
    total = 0
    for page in pages():
        blocks = piec_blocks(page.read_text(encoding="utf-8"))
        out = built(site, page).read_text(encoding="utf-8")
        charts = re.findall(r'<div class="piec"><svg xmlns="http://www.w3.org/2000/svg" class="piec-[a-z0-9-]+"', out)
        assert len(charts) == blocks, f"{page.relative_to(REPO)}: {blocks} piec blocks, {len(charts)} charts in the page"
        total += blocks
    # the gallery alone holds every spec of specs/
    assert total >= len(list((REPO / "specs").rglob("*.yaml"))) - len(list((REPO / "specs" / "transitions" / "before").glob("*.yaml")))


def test_the_transitions_animate_from_their_previous_version(site):
    """The animation page's blocks name `from`: each chart records a transition, not an enter."""
    out = (site / "guide" / "animation.html").read_text(encoding="utf-8")
    examples = sorted((REPO / "specs" / "transitions").glob("*.yaml"))
    assert len(re.findall(r"@keyframes", out)) >= len(examples)
    text = (DOCS / "guide" / "animation.md").read_text(encoding="utf-8")
    for spec in examples:
        assert f'file="specs/transitions/{spec.name}" from="specs/transitions/before/{spec.name}"' in text, spec.name


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        for key in ("href", "src"):
            if a.get(key) and tag in ("a", "img", "link", "script", "source"):
                self.refs.append((tag, a[key]))


def parsed(path, cache={}):
    if path not in cache:
        p = Links()
        p.feed(path.read_text(encoding="utf-8", errors="replace"))
        cache[path] = p
    return cache[path]


def test_no_internal_link_or_image_is_broken(site):
    broken = []
    checked = 0
    for page in sorted(site.rglob("*.html")):
        for tag, ref in parsed(page).refs:
            parts = urlsplit(ref)
            if parts.scheme or ref.startswith(("mailto:", "data:")):
                continue
            base = site if parts.path.startswith("/") else page.parent   # 404.html links from the root
            target = page if not parts.path else (base / unquote(parts.path).lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: <{tag}> {ref}: no {target}")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in parsed(target).ids:
                broken.append(f"{page.relative_to(site)}: <{tag}> {ref}: no id {parts.fragment!r}")
    assert checked > 500
    assert not broken, "\n".join(broken[:40])


def test_no_list_is_rendered_as_text(site):
    """A list written right after a closing fence or a paragraph line (no blank line between)
    is not a list to Python-Markdown: its items come out as text with literal "- " marks.
    Outside <pre> blocks, no line of a page may start with a list marker."""
    pre = re.compile(r"<pre\b.*?</pre>", re.S)
    marker = re.compile(r"^\s*(?:[-*+]|\d+\.) \S", re.M)
    found = []
    for page in sorted(site.rglob("*.html")):
        text = pre.sub("", page.read_text(encoding="utf-8"))
        found += [f"{page.relative_to(site)}: {text[m.start():m.start() + 70].strip()!r}" for m in marker.finditer(text)]
    assert not found, "lists rendered as text (a blank line missing before them?):\n" + "\n".join(found[:20])


def project(tmp_path, page):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("""site_name: t
theme: {name: mkdocs}
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: piec
          class: piec
          format: !!python/name:piec.markdown.fence
          validator: !!python/name:piec.markdown.validator
""", encoding="utf-8")
    return tmp_path


GOOD = "```piec\npiec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n```\n"


def test_a_broken_block_fails_the_build_with_the_page_and_its_line(piec, tmp_path):
    page = "# T\n\n" + GOOD + "\nText.\n\n```piec\npiec: 1\nslices:\n  - {label: A, value: -1}\n```\n"
    proc = mkdocs(piec, "build", "--strict", cwd=project(tmp_path, page))
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    # the block opens at line 12 of the page; its value is at line 15
    assert "index.md" in out and "E0205" in out and "line 12 of the page" in out and "line 15" in out, out[-3000:]


def test_an_unknown_option_fails_the_build(piec, tmp_path):
    proc = mkdocs(piec, "build", "--strict", cwd=project(tmp_path, GOOD.replace("```piec\n", '```piec colour="red"\n')))
    assert proc.returncode != 0 and "unknown option `colour`" in proc.stdout + proc.stderr


def test_a_relative_piec_path_builds_the_charts(piec, tmp_path):
    """`make docs` names piec relative to the repository (PIEC=.build/debug/piec). The fence
    runs piec in a temporary folder, where that path named nothing: SuperFences dropped every
    block without an error, and the manual was built with its specs as text and no chart."""
    site = project(tmp_path, GOOD)
    (site / "bin").mkdir()
    (site / "bin" / "piec").symlink_to(piec)
    proc = mkdocs("bin/piec", "build", "--strict", cwd=site)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = (site / "site" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<svg xmlns="http://www.w3.org/2000/svg" class="piec-', out), "no chart on the page"


def test_two_blocks_on_a_page_keep_their_own_names(piec, tmp_path):
    other = GOOD.replace("value: 2", "value: 5")
    proc = mkdocs(piec, "build", "--strict", cwd=project(tmp_path, GOOD + "\n" + other))
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    roots = re.findall(r'<svg xmlns="http://www.w3.org/2000/svg" class="(piec-[a-z0-9-]+)"', out)
    assert len(roots) == 2 and roots[0] != roots[1], roots
    frames = [set(re.findall(r"@keyframes ([\w-]+)", svg)) for svg in out.split('<div class="piec">')[1:]]
    assert frames[0] and frames[1] and not frames[0] & frames[1], frames


def test_since_animates_a_block_from_its_page_at_a_revision_and_both_blocks_play(piec, tmp_path):
    """Material for MkDocs, two blocks on one page, the second with since="HEAD" in a git
    repository: both are drawn and animate under their own names, the changed one from its
    committed version, and Material's palette toggle switches both."""
    second = GOOD.replace("value: 2", "value: VB").replace("```piec\n", '```piec since="HEAD"\n')
    root = project(tmp_path, "# T\n\n" + GOOD + "\n" + second.replace("VB", "2"))
    yml = root / "mkdocs.yml"
    yml.write_text(yml.read_text().replace("{name: mkdocs}", "{name: material}").replace("piec.markdown.fence", "piec.markdown.material"))
    git = lambda *a: subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *a], cwd=root, check=True, capture_output=True)
    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "v1")
    (root / "docs" / "index.md").write_text("# T\n\n" + GOOD + "\n" + second.replace("VB", "7"), encoding="utf-8")
    proc = mkdocs(piec, "build", "--strict", cwd=root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    page = root / "site" / "index.html"
    out = page.read_text(encoding="utf-8")
    svgs = re.findall(r'<div class="piec">(<svg.*?</svg>)', out, re.S)
    assert [re.search(r'class="(piec-[a-z0-9-]+)"', x).group(1) for x in svgs] == ["piec-index-1", "piec-index-2"]
    spec = lambda b: GOOD.replace("value: 2", f"value: {b}").split("\n", 1)[1].rsplit("```", 1)[0]
    old = tmp_path / "old.yaml"
    old.write_text(spec(2), encoding="utf-8")
    alone = subprocess.run([str(piec), "build", "-", "--svg-only", "--no-files", "--quiet", "--id", "index-2", "-o", str(tmp_path / "o"),
                            "--dark-selector", "[data-md-color-scheme=slate]", "--from", str(old)], input=spec(7), text=True)
    assert alone.returncode == 0
    built = (tmp_path / "o" / "index-2" / "chart.svg").read_text(encoding="utf-8")
    assert svgs[1] == built.rstrip("\n"), "since=HEAD is not the build from HEAD's block"
    seen = probe(page, toggle="document.body.setAttribute('data-md-color-scheme', 'slate');")
    assert len(seen["charts"]) == 2
    for chart in seen["charts"]:
        assert chart["w"] > 50 and chart["h"] > 50 and chart["animations"] > 0, chart
    assert all(a["fill"] and a["fill"] != b for a, b in zip(seen["charts"], seen["toggled"])), seen


MEASURE = """<script>
addEventListener('load', () => setTimeout(() => {
  const svgs = [...document.querySelectorAll('div.piec > svg')];
  const legendFill = svg => {
    const legend = svg.querySelector('.p-lg text');
    return legend ? getComputedStyle(legend).fill : null;
  };
  const charts = svgs.map(svg => {
    const r = svg.getBoundingClientRect();
    return {w: r.width, h: r.height, fill: legendFill(svg)};
  });
  const scheme = document.body.getAttribute('data-md-color-scheme');
  // The reader picks the other palette with Material's toggle (it sets this attribute).
  document.body.setAttribute('data-md-color-scheme', scheme === 'slate' ? 'default' : 'slate');
  const toggled = svgs.map(legendFill);
  const pre = document.createElement('pre');
  pre.id = 'piec-result';
  pre.textContent = JSON.stringify({scheme, charts, toggled});
  document.body.appendChild(pre);
}, 300));
</script>"""


def measure(page, dark):
    """What Chromium draws of a built page, in the light or the dark colour scheme."""
    return dump(page, MEASURE, dark=dark)


@pytest.mark.parametrize("name", ["index.html", "gallery.html", "guide/animation.html", "guide/labels.html"])
def test_pages_draw_their_charts_and_follow_the_dark_theme(site, name):
    light, dark = measure(site / name, dark=False), measure(site / name, dark=True)
    assert light["charts"], f"{name}: no chart"
    for k, chart in enumerate(light["charts"]):
        assert chart["w"] > 50 and chart["h"] > 50, f"{name}: chart {k} drawn at {chart['w']}x{chart['h']}"
    assert light["scheme"] == "default" and dark["scheme"] == "slate", (light["scheme"], dark["scheme"])
    fills = [(a["fill"], b["fill"]) for a, b in zip(light["charts"], dark["charts"]) if a["fill"]]
    assert fills and all(a != b for a, b in fills), f"{name}: legend colours light/dark {fills[:5]}"
    # Material's toggle switches the charts with the page, whatever the system says.
    assert [c["fill"] for c in dark["charts"]] == light["toggled"], f"{name}: toggled to dark"
    assert [c["fill"] for c in light["charts"]] == dark["toggled"], f"{name}: toggled to light"
