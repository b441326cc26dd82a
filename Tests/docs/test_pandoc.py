"""`pandoc --filter piec-pandoc` and the Quarto extension's Lua filter, run by real pandoc 3
(pypandoc-binary's, in .venv-docs): ```piec blocks become inline animated charts in HTML (drawn
and animating in headless Chromium, each with its own names), PDF files in LaTeX, PNG images in
docx; `since="HEAD"` animates a block from its committed version; a broken block fails pandoc
at its line."""

import io
import os
import re
import subprocess
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from conftest import REPO
from pageprobe import dump

VENV_PYTHON = REPO / ".venv-docs" / "bin" / "python"
LUA = REPO / "quarto" / "_extensions" / "piec" / "piec.lua"
SVG_ROOT = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" class="(piec-[a-z0-9-]+)"')

DOC = """# Sales

```piec
piec: 1
slices:
  - {label: North, value: 3}
  - {label: South, value: 2}
```

Some text between the charts.

```{.piec #regions show="source"}
piec: 1
slices:
  - {label: East, value: 1}
  - {label: West, value: 4}
```
"""


@pytest.fixture(scope="module")
def pandoc():
    if not VENV_PYTHON.is_file():
        pytest.fail("no .venv-docs: run scripts/bootstrap.sh", pytrace=False)
    proc = subprocess.run([str(VENV_PYTHON), "-c", "import pypandoc; print(pypandoc.get_pandoc_path())"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(f"no pypandoc-binary in .venv-docs: run scripts/bootstrap.sh\n{proc.stderr[-1000:]}", pytrace=False)
    path = proc.stdout.strip()
    version = subprocess.run([path, "--version"], capture_output=True, text=True, check=True).stdout.split()[1]
    assert int(version.split(".")[0]) >= 3, version
    return path


@pytest.fixture(scope="module")
def tools(tmp_path_factory, piec):
    """A bin folder with `piec-pandoc`: the filter as `python -m piec.pandoc` of this tree."""
    bin_dir = tmp_path_factory.mktemp("bin")
    wrapper = bin_dir / "piec-pandoc"
    wrapper.write_text(f"#!/bin/sh\nexec {VENV_PYTHON} -m piec.pandoc \"$@\"\n", encoding="utf-8")
    wrapper.chmod(0o755)
    return bin_dir


def env_for(tools, piec, **extra):
    env = {k: v for k, v in os.environ.items() if k not in ("PIEC_DOCUMENT", "PIEC_PANDOC", "PANDOC")}
    env.update(PYTHONPATH=str(REPO / "python"), PIEC=str(piec), PATH=f"{tools}:{os.environ['PATH']}")
    env.update(extra)
    return env


def run_pandoc(pandoc, tools, piec, cwd, *args, lua=False, check=True, **extra):
    using = ["--lua-filter", str(LUA)] if lua else ["--filter", str(tools / "piec-pandoc")]
    proc = subprocess.run([pandoc, *args, *using], cwd=cwd, env=env_for(tools, piec, **extra),
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    if check:
        assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def charts(page):
    """The inline SVGs of a page, in order."""
    return re.findall(r'<div class="piec"(?: id="[^"]*")?>(<svg.*?</svg>)</div>', page, re.S)


@pytest.fixture(scope="module")
def two_blocks(pandoc, tools, piec, tmp_path_factory):
    folder = tmp_path_factory.mktemp("html")
    (folder / "doc.md").write_text(DOC, encoding="utf-8")
    run_pandoc(pandoc, tools, piec, folder, "-s", "doc.md", "-o", "doc.html", "-M", "piec-document=doc.md")
    return folder / "doc.html"


def test_two_blocks_become_two_inline_charts_with_their_own_names(two_blocks):
    page = two_blocks.read_text(encoding="utf-8")
    svgs = charts(page)
    assert len(svgs) == 2, page[-3000:]
    roots = [SVG_ROOT.match(svg).group(1) for svg in svgs]
    assert roots == ["piec-doc-1", "piec-doc-2"], roots
    frames = [set(re.findall(r"@keyframes ([\w-]+)", svg)) for svg in svgs]
    assert frames[0] and frames[1] and not frames[0] & frames[1], frames
    assert "<script" not in "".join(svgs)
    # the pandoc id anchors the chart; show="source" puts the spec above it
    assert '<div class="piec" id="regions"><svg' in page
    source = page.index("West")
    assert page.index('class="sourceCode yaml"') < source < page.index('id="regions"')


PROBE = """<script>
addEventListener('load', () => {
  const svgs = [...document.querySelectorAll('div.piec > svg')];
  const ink = () => svgs.map(svg => getComputedStyle(svg.querySelector('.p-lg text')).fill);
  const charts = svgs.map(svg => {
    const r = svg.getBoundingClientRect();
    const els = [...svg.querySelectorAll('*')];
    return {w: r.width, h: r.height,
            animations: els.reduce((n, e) => n + e.getAnimations().length, 0),
            named: els.filter(e => getComputedStyle(e).animationName !== 'none').length};
  });
  const fill = ink();
  document.body.classList.add('quarto-dark');      // what Quarto's dark toggle does
  const pre = document.createElement('pre');
  pre.id = 'piec-result';
  pre.textContent = JSON.stringify({charts, fill, toggled: ink()});
  document.body.appendChild(pre);
});
</script>"""


def measure(page, dark):
    """What Chromium draws of a page with the reader's system in dark or light mode."""
    return dump(page, PROBE, dark=dark, budget=3000)


def test_the_charts_draw_and_animate_in_chromium(two_blocks):
    drawn = measure(two_blocks, dark=True)
    assert len(drawn["charts"]) == 2, drawn
    for k, chart in enumerate(drawn["charts"]):
        assert chart["w"] > 50 and chart["h"] > 50, f"chart {k + 1} drawn at {chart['w']}x{chart['h']}"
        assert chart["animations"] > 0 and chart["named"] > 0, f"chart {k + 1} does not animate: {chart}"


def test_the_dark_look_follows_the_page_as_told(pandoc, tools, piec, two_blocks):
    """Pandoc's HTML page is light whatever the system: by default the charts stay light on it;
    `piec-dark-selector=system` follows the system, a selector (Quarto's) follows the page."""
    folder = two_blocks.parent
    for name in ("system", "body.quarto-dark", "dark"):
        run_pandoc(pandoc, tools, piec, folder, "-s", "doc.md", "-o", f"{name}.html", "-M", "piec-document=doc.md",
                   "-M", f"piec-dark-selector={name}")
    default, system, quarto = (measure(folder / f"{name}.html", dark=True) for name in ("doc", "system", "body.quarto-dark"))
    light, dark = quarto["fill"], quarto["toggled"]
    assert light[0] != dark[0] and len(set(light)) == 1 and len(set(dark)) == 1, quarto
    assert default["fill"] == default["toggled"] == light, default
    assert system["fill"] == dark, system
    assert measure(folder / "dark.html", dark=False)["fill"] == dark
    # reveal.js slides are dark (pandoc's default theme is black) unless `theme` is a light one
    always_dark = charts((folder / "dark.html").read_text(encoding="utf-8"))
    slides = run_pandoc(pandoc, tools, piec, folder, "doc.md", "-t", "revealjs", "-M", "piec-document=doc.md").stdout
    assert charts(slides) == always_dark
    light_slides = run_pandoc(pandoc, tools, piec, folder, "doc.md", "-t", "revealjs", "-M", "piec-document=doc.md",
                              "-M", "theme=white").stdout
    assert charts(light_slides) == charts(two_blocks.read_text(encoding="utf-8"))


def git(repo, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.com", GIT_AUTHOR_DATE="2026-01-01T00:00:00Z",
               GIT_COMMITTER_DATE="2026-01-01T00:00:00Z")
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


SINCE = """# Notes

```{.piec since="HEAD"}
piec: 1
slices:
  - {label: A, value: 1}
  - {label: B, value: 2}
```
"""


def test_since_head_animates_from_the_committed_version(pandoc, tools, piec, tmp_path):
    git(tmp_path, "init", "-q", "-b", "main")
    (tmp_path / "notes.md").write_text(SINCE, encoding="utf-8")
    git(tmp_path, "add", "notes.md")
    git(tmp_path, "commit", "-q", "-m", "first")
    now = SINCE.replace("value: 1", "value: 6")
    (tmp_path / "notes.md").write_text(now, encoding="utf-8")
    out = run_pandoc(pandoc, tools, piec, tmp_path, "notes.md", "-t", "html", "-M", "piec-document=notes.md",
                     "-M", "piec-dark-selector=system").stdout
    [svg] = charts(out)
    old, new = (text.split("```{.piec since=\"HEAD\"}\n")[1].split("```")[0] for text in (SINCE, now))
    (tmp_path / "old.yaml").write_text(old, encoding="utf-8")

    def build(*args):
        target = tmp_path / "expected"
        subprocess.run([str(piec), "build", "-", *args, "--svg-only", "--no-files", "--id", "notes-1", "-o", str(target)],
                       input=new, text=True, capture_output=True, check=True, cwd=tmp_path)
        return (target / "notes-1" / "chart.svg").read_text(encoding="utf-8").strip()

    assert svg == build("--from", str(tmp_path / "old.yaml"))
    assert svg != build("--from", "none")
    # without the document's name there is nothing to read at HEAD: a clear error
    proc = run_pandoc(pandoc, tools, piec, tmp_path, "notes.md", "-t", "html", check=False)
    assert proc.returncode != 0 and "piec block 1" in proc.stderr and "piec-document" in proc.stderr, proc.stderr


def test_a_file_block_builds_that_spec_with_its_data_file(pandoc, tools, piec, tmp_path):
    (tmp_path / "charts").mkdir()
    (tmp_path / "charts" / "team.csv").write_text("name,lines\nSwift,30\nGo,10\n", encoding="utf-8")
    (tmp_path / "charts" / "team.yaml").write_text(
        "piec: 1\nid: team\ndata:\n  file: team.csv\n  label: name\n  value: lines\n", encoding="utf-8")
    (tmp_path / "doc.md").write_text('# Team\n\n```{.piec file="charts/team.yaml"}\n```\n', encoding="utf-8")
    [svg] = charts(run_pandoc(pandoc, tools, piec, tmp_path, "doc.md", "-t", "html").stdout)
    assert SVG_ROOT.match(svg).group(1) == "piec-team" and "Swift" in svg and "75.0%" in svg, svg[:600]
    # a block's own text reads no data file: the same spec inline is an error naming data.file
    inline = (tmp_path / "charts" / "team.yaml").read_text(encoding="utf-8")
    (tmp_path / "inline.md").write_text(f"```piec\n{inline}```\n", encoding="utf-8")
    proc = run_pandoc(pandoc, tools, piec, tmp_path, "inline.md", "-t", "html", check=False)
    assert proc.returncode != 0 and "piec block 1" in proc.stderr and "data.file" in proc.stderr, proc.stderr


def test_latex_includes_each_chart_as_a_pdf(pandoc, tools, piec, tmp_path):
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    out = run_pandoc(pandoc, tools, piec, tmp_path, "doc.md", "-t", "latex").stdout
    pdfs = re.findall(r"\\includegraphics(?:\[[^\]]*\])?\{([^}]+)\}", out)
    assert len(pdfs) == 2 and len(set(pdfs)) == 2, out
    for name in pdfs:
        assert name.startswith("piec-images/") and name.endswith(".pdf"), name
        assert (tmp_path / name).read_bytes().startswith(b"%PDF"), name
    # metadata piec-images moves them
    out = run_pandoc(pandoc, tools, piec, tmp_path, "doc.md", "-t", "latex", "-M", "piec-images=figures/charts").stdout
    moved = re.findall(r"\\includegraphics(?:\[[^\]]*\])?\{([^}]+)\}", out)
    assert [Path(p).name for p in moved] == [Path(p).name for p in pdfs]
    assert all(p.startswith("figures/charts/") and (tmp_path / p).is_file() for p in moved), moved


def test_docx_holds_each_chart_as_a_png(pandoc, tools, piec, tmp_path):
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    run_pandoc(pandoc, tools, piec, tmp_path, "doc.md", "-o", "doc.docx")
    with zipfile.ZipFile(tmp_path / "doc.docx") as z:
        media = [n for n in z.namelist() if n.startswith("word/media/")]
        assert len(media) == 2, z.namelist()
        for name in media:
            data = z.read(name)
            assert data.startswith(b"\x89PNG\r\n\x1a\n"), name
            with Image.open(io.BytesIO(data)) as image:
                image.load()
                assert image.width > 50 and image.height > 50, (name, image.size)


BROKEN = DOC.replace("value: 4", "value: -4")


def test_a_broken_block_fails_pandoc_at_its_line(pandoc, tools, piec, tmp_path):
    (tmp_path / "doc.md").write_text(BROKEN, encoding="utf-8")
    bad = BROKEN.splitlines().index("  - {label: West, value: -4}") + 1      # 17
    fence = BROKEN.splitlines().index('```{.piec #regions show="source"}') + 1
    proc = run_pandoc(pandoc, tools, piec, tmp_path, "-f", "commonmark+sourcepos+attributes", "doc.md", "-t", "html",
                      check=False)
    assert proc.returncode != 0, proc.stdout[-1000:]
    assert f"piec block 2 (doc.md:{fence})" in proc.stderr and f"doc.md:{bad}: error[E0205]" in proc.stderr, proc.stderr
    # plain markdown gives no positions: the block's number and the line in the spec
    proc = run_pandoc(pandoc, tools, piec, tmp_path, "doc.md", "-t", "html", check=False)
    assert proc.returncode != 0 and "piec block 2: spec line 4: error[E0205]" in proc.stderr, proc.stderr
    # an attribute piec does not know is an error, not silently dropped
    (tmp_path / "typo.md").write_text(DOC.replace('show="source"', 'sinse="HEAD"'), encoding="utf-8")
    proc = run_pandoc(pandoc, tools, piec, tmp_path, "typo.md", "-t", "html", check=False)
    assert proc.returncode != 0 and "unknown attribute `sinse`" in proc.stderr, proc.stderr


def test_the_lua_filter_gives_the_same_html(pandoc, tools, piec, tmp_path):
    (tmp_path / "doc.md").write_text(DOC, encoding="utf-8")
    named = ("-s", "doc.md", "-t", "html", "-M", "piec-document=doc.md")
    json_filter = run_pandoc(pandoc, tools, piec, tmp_path, *named).stdout
    assert len(charts(json_filter)) == 2
    assert run_pandoc(pandoc, tools, piec, tmp_path, *named, lua=True).stdout == json_filter
    # the Lua filter names the document after pandoc's input file itself
    assert run_pandoc(pandoc, tools, piec, tmp_path, "-s", "doc.md", "-t", "html", lua=True).stdout == json_filter
