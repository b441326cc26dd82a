"""The Sphinx and MyST adapter (`extensions = ["myst_parser", "piec.sphinx"]`), end to end with
the real sphinx-build of .venv-docs: a tiny project in a temp git repository, a reST page with
two blocks (one animating `:since: HEAD` from the committed version of its values) and a MyST
page with ```{piec} fences (options in both MyST syntaxes). The charts are inline in the HTML
with their own names, the since-block is exactly what `piec build --from old.yaml` makes, the
pages draw and animate in headless Chromium and follow `piec_dark_selector`, a broken block
fails the build at its line, and a LaTeX build gets each chart as a PDF file."""

import html
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from conftest import REPO
from pageprobe import probe

SPHINX_BUILD = REPO / ".venv-docs" / "bin" / "sphinx-build"
DARK = 'body[data-theme="dark"]'
CONF = f"""project = "t"
extensions = ["myst_parser", "piec.sphinx"]
piec_dark_selector = {DARK!r}
"""
INDEX = "T\n=\n\n.. toctree::\n\n   page\n   notes\n   sub/options\n"
OLD = "piec: 1\nslices:\n  - {label: Alpha, value: 3}\n  - {label: Beta, value: 2}\n"
NEW = OLD.replace("value: 3", "value: 7")
PAGE = """Page
====

.. piec::

   piec: 1
   slices:
     - {label: Go, value: 1}
     - {label: Rust, value: 2}

Text between.

.. piec::
   :since: HEAD

%s"""
MYST = """# Notes

```{piec}
piec: 1
slices:
  - {label: Tea, value: 2}
  - {label: Coffee, value: 5}
```
"""
OPTIONS = """# Options

```{piec}
---
file: ../specs/filed.yaml
show: source
---
```

```{piec}
:file: /specs/other.yaml
```
"""
FILED = "piec: 1\nid: filed\nslices:\n  - {label: Left, value: 1}\n  - {label: Right, value: 3}\n"


def indented(spec):
    return "".join(f"   {line}\n" for line in spec.splitlines())


def sphinx_build(piec, *args, cwd):
    """Runs .venv-docs' sphinx-build with piec's package importable and this piec."""
    if not SPHINX_BUILD.is_file():
        pytest.fail("no .venv-docs/bin/sphinx-build: run scripts/bootstrap.sh", pytrace=False)
    env = dict(os.environ, PYTHONPATH=str(REPO / "python"), PIEC=str(piec))
    return subprocess.run([str(SPHINX_BUILD), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=900)


def git(repo, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.com")
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def write(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """The project, committed with the since-block at OLD, then changed to NEW (not committed)."""
    root = tmp_path_factory.mktemp("sphinx-project")
    write(root, {"docs/conf.py": CONF, "docs/index.rst": INDEX, "docs/page.rst": PAGE % indented(OLD),
                 "docs/notes.md": MYST, "docs/sub/options.md": OPTIONS, "docs/specs/filed.yaml": FILED,
                 "docs/specs/other.yaml": FILED.replace("filed", "other")})
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "first")
    (root / "docs" / "page.rst").write_text(PAGE % indented(NEW), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def html_site(piec, project):
    proc = sphinx_build(piec, "-W", "-b", "html", "docs", "_build/html", cwd=project)
    assert proc.returncode == 0, f"sphinx-build -W -b html failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-5000:]}"
    return project / "_build" / "html"


CHART = re.compile(r'<div class="piec">(<svg xmlns="http://www.w3.org/2000/svg" class="(piec-[a-z0-9-]+)".*?</svg>)', re.S)


def charts(page):
    """[(class, svg)] of the inline charts of a built page."""
    return [(m.group(2), m.group(1)) for m in CHART.finditer(page.read_text(encoding="utf-8"))]


def keyframes(svg):
    return set(re.findall(r"@keyframes ([\w-]+)", svg))


def test_both_blocks_of_a_page_are_inline_with_their_own_names(html_site):
    found = charts(html_site / "page.html")
    assert [name for name, _ in found] == ["piec-page-1", "piec-page-2"], [name for name, _ in found]
    (_, first), (_, second) = found
    assert keyframes(first) and keyframes(second) and not keyframes(first) & keyframes(second)
    assert "Rust" in first and "Alpha" in second
    notes = charts(html_site / "notes.html")
    assert [name for name, _ in notes] == ["piec-notes-1"] and "Coffee" in notes[0][1]


def test_myst_options_in_both_syntaxes(html_site):
    """`---` YAML options and `:key: value` lines; :file: relative to the document's folder and
    /PATH from the source folder, as literalinclude reads them."""
    page = html_site / "sub" / "options.html"
    assert [name for name, _ in charts(page)] == ["piec-filed", "piec-other"]
    text = page.read_text(encoding="utf-8")
    assert 'piec-source' in text and text.index("piec-source") < text.index('<div class="piec">')
    assert "Right" in html.unescape(re.sub(r"<[^>]+>", "", text.split('<div class="piec">')[0]))


def built_block(piec, spec, block_id, previous):
    """chart.svg of `piec build - --no-files --id ID --from previous` run directly."""
    with tempfile.TemporaryDirectory(prefix="piec-sphinx-direct-") as tmp:
        old = Path(tmp) / "old.yaml"
        command = [str(piec), "build", "-", "--no-files", "--svg-only", "--quiet", "--id", block_id, "-o", f"{tmp}/out",
                   "--dark-selector", DARK]
        if previous is None:
            command += ["--from", "none"]
        else:
            old.write_text(previous, encoding="utf-8")
            command += ["--from", str(old)]
        subprocess.run(command, input=spec, text=True, check=True, capture_output=True, cwd=tmp)
        return (Path(tmp) / "out" / block_id / "chart.svg").read_text(encoding="utf-8").rstrip("\n")


def test_since_animates_from_the_committed_version(piec, project, html_site, tmp_path):
    (_, since), = [c for c in charts(html_site / "page.html") if c[0] == "piec-page-2"]
    # Alpha was 3 of 5 (60.0%) at HEAD and is 7 of 9 (77.8%) now: the chart says where it rose from
    assert "from 60.0%" in since and "77.8%" in since, re.findall(r"<desc[^>]*>.*?</desc>", since)
    assert since == built_block(piec, NEW, "page-2", OLD)
    # the same block without :since: enters instead: other bytes, those of --from none
    copy = tmp_path / "copy"
    shutil.copytree(project / "docs", copy / "docs")
    page = copy / "docs" / "page.rst"
    page.write_text(page.read_text(encoding="utf-8").replace("   :since: HEAD\n", ""), encoding="utf-8")
    proc = sphinx_build(piec, "-W", "-b", "html", "docs", "out", cwd=copy)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (_, entering), = [c for c in charts(copy / "out" / "page.html") if c[0] == "piec-page-2"]
    assert entering != since and entering == built_block(piec, NEW, "page-2", None)


def test_an_unchanged_project_is_not_read_again(piec, project, html_site):
    proc = sphinx_build(piec, "-W", "-b", "html", "docs", "_build/html", cwd=project)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "0 added, 0 changed, 0 removed" in proc.stdout, proc.stdout[-2000:]


@pytest.mark.parametrize("name,count", [("page.html", 2), ("notes.html", 1)])
def test_the_charts_draw_animate_and_follow_the_dark_selector(html_site, name, count):
    # the toggle sets furo's dark mark, the page's dark selector (piec_dark_selector)
    result = probe(html_site / name, toggle="document.body.setAttribute('data-theme', 'dark')")
    assert len(result["charts"]) == count, result
    for chart, dark in zip(result["charts"], result["toggled"]):
        assert chart["w"] > 50 and chart["h"] > 50, chart
        assert chart["animations"] > 0, chart
        assert chart["fill"] and dark and dark != chart["fill"], (chart, dark)


def broken_project(root, page, name="page.rst"):
    write(root, {"docs/conf.py": 'extensions = ["myst_parser", "piec.sphinx"]\n',
                 "docs/index.rst": f"T\n=\n\n.. toctree::\n\n   {Path(name).stem}\n", f"docs/{name}": page})
    return root


GOOD = indented("piec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n")


@pytest.mark.parametrize("flags", [[], ["-W"], ["-j", "2"]])
def test_a_broken_block_fails_the_build_at_its_line(piec, tmp_path, flags):
    page = ("Page\n====\n\n.. piec::\n\n" + GOOD + "\n.. piec::\n\n"
            + indented("piec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: -1}\n"))
    # the broken block's content starts at line 13; its `value: -1` is line 16
    root = broken_project(tmp_path, page)
    proc = sphinx_build(piec, *flags, "-b", "html", "docs", "out", cwd=root)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out[-3000:]
    assert re.search(r"docs/page\.rst:16: ERROR: piec: error\[E0205\]", out), out[-3000:]
    # the document stays failed: the next build reads it again and fails again
    again = sphinx_build(piec, *flags, "-b", "html", "docs", "out", cwd=root)
    assert again.returncode != 0 and "docs/page.rst:16: ERROR" in again.stdout + again.stderr


def test_an_unknown_key_in_a_myst_fence_fails_at_its_line(piec, tmp_path):
    page = "# Page\n\n```{piec}\n:show: source\n\npiec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, valu: 2}\n```\n"
    proc = sphinx_build(piec, "-b", "html", "docs", "out", cwd=broken_project(tmp_path, page, "page.md"))
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out[-3000:]
    assert re.search(r"docs/page\.md:9: ERROR: piec: error\[E0201\]: unknown key `valu`", out), out[-3000:]


def test_an_error_in_a_spec_file_is_at_its_line_there(piec, tmp_path):
    root = broken_project(tmp_path, "Page\n====\n\n.. piec::\n   :file: chart.yaml\n")
    (root / "docs" / "chart.yaml").write_text("piec: 1\nslices:\n  - {label: A, value: -2}\n", encoding="utf-8")
    proc = sphinx_build(piec, "-b", "html", "docs", "out", cwd=root)
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out[-3000:]
    assert re.search(r"docs/chart\.yaml:3: ERROR: piec: error\[E0205\].*the :file: of the block at \S*docs/page\.rst:4", out), out[-3000:]


def test_a_warning_is_a_sphinx_warning(piec, tmp_path):
    spec = "piec: 1\nchart: {minAngle: 90}\nslices:\n" + "".join(f"  - {{label: S{k}, value: {k + 1}}}\n" for k in range(5))
    root = broken_project(tmp_path, "Page\n====\n\n.. piec::\n\n" + indented(spec))
    proc = sphinx_build(piec, "-b", "html", "docs", "out", cwd=root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert re.search(r"docs/page\.rst:7: WARNING: piec: warning\[E0602\]", proc.stderr), proc.stderr[-3000:]
    strict = sphinx_build(piec, "-W", "-E", "-b", "html", "docs", "out", cwd=root)
    assert strict.returncode != 0, strict.stderr[-3000:]


def test_latex_gets_each_chart_as_a_pdf(piec, project, html_site):
    proc = sphinx_build(piec, "-W", "-b", "latex", "docs", "_build/latex", cwd=project)
    assert proc.returncode == 0, f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    out = project / "_build" / "latex"
    tex = "\n".join(p.read_text(encoding="utf-8") for p in out.glob("*.tex"))
    included = re.findall(r"\\sphinxincludegraphics(?:\[[^]]*\])?\{\{([^}]+)\}\.pdf\}", tex)
    assert len(included) == 5 and len(set(included)) == 5, included
    assert any(name.startswith("piec-page-1-") for name in included) and any(name.startswith("piec-notes-1-") for name in included)
    for name in included:
        assert (out / f"{name}.pdf").read_bytes().startswith(b"%PDF"), name
    assert "<svg" not in tex
