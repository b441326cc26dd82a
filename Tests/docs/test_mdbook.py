"""`piec mdbook` is an mdBook preprocessor (issue 37), tested with the real mdBook 0.5 of
.venv-docs and with an mdBook 0.4 book's JSON: every ```piec block of every chapter is the
animated chart inline, two blocks on one page keep their own names, `since` animates a block
from its version at a git revision, mdBook's dark themes switch the charts, and a broken block
fails the build at its line in the chapter."""

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import REPO
from pageprobe import probe

MDBOOK = REPO / ".venv-docs" / "bin" / "mdbook"
FIXTURE = REPO / "Tests" / "Fixtures" / "mdbook" / "book-0.4.json"

BLOCK = """```piec
piec: 1
title: {title}
legend: {{position: right}}
slices:
  - {{label: Alpha, value: {a}}}
  - {{label: Beta, value: {b}}}
```
"""


def chapter(b=3):
    return "# Charts\n\nThe first.\n\n" + BLOCK.format(title="One", a=1, b=2) + "\nThe second.\n\n" + BLOCK.format(title="Two", a=5, b=b)


def git(cwd, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=cwd, check=True,
                   capture_output=True)


def book(root, piec, text, since=None, extra=""):
    (root / "src" / "guide").mkdir(parents=True, exist_ok=True)
    (root / "src" / "SUMMARY.md").write_text("# Summary\n\n- [Intro](intro.md)\n  - [Charts](guide/charts.md)\n", encoding="utf-8")
    (root / "src" / "intro.md").write_text("# Intro\n\nNo chart here.\n", encoding="utf-8")
    (root / "src" / "guide" / "charts.md").write_text(text, encoding="utf-8")
    options = f'since = "{since}"\n' if since else ""
    (root / "book.toml").write_text(f'[book]\ntitle = "T"\n\n[preprocessor.piec]\ncommand = "{piec} mdbook"\n{options}{extra}',
                                    encoding="utf-8")
    return root


def mdbook(root):
    if not MDBOOK.is_file():
        pytest.fail("no .venv-docs/bin/mdbook: run scripts/bootstrap.sh", pytrace=False)
    return subprocess.run([str(MDBOOK), "build"], cwd=root, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def charts_of(page):
    text = page.read_text(encoding="utf-8")
    return re.findall(r'<div class="piec">\s*(<svg.*?</svg>)', text, re.S)


@pytest.fixture(scope="module")
def built(piec, tmp_path_factory):
    """A book in git whose chapter's second block changed since HEAD, built with since = "HEAD"."""
    root = tmp_path_factory.mktemp("book")
    book(root, piec, chapter(b=3))
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "first")
    book(root, piec, chapter(b=9), since="HEAD")
    proc = mdbook(root)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return root


def test_mdbook_asks_only_for_html(piec):
    assert subprocess.run([str(piec), "mdbook", "supports", "html"]).returncode == 0
    assert subprocess.run([str(piec), "mdbook", "supports", "latex"]).returncode == 1


def test_every_block_is_a_chart_with_its_own_names(built):
    svgs = charts_of(built / "book" / "guide" / "charts.html")
    assert len(svgs) == 2, "expected both blocks drawn inline"
    roots = [re.search(r'class="(piec-[a-z0-9-]+)"', s).group(1) for s in svgs]
    assert roots == ["piec-guide-charts-1", "piec-guide-charts-2"], roots
    frames = [set(re.findall(r"@keyframes ([\w-]+)", s)) for s in svgs]
    assert frames[0] and frames[1] and not frames[0] & frames[1], frames
    # print.html holds every chapter: still one chart per block, no name twice.
    printed = charts_of(built / "book" / "print.html")
    assert len(printed) == 2 and len({re.search(r'class="(piec-[a-z0-9-]+)"', s).group(1) for s in printed}) == 2


def test_since_animates_the_changed_block_from_its_version_at_the_revision(built, piec, tmp_path):
    svgs = charts_of(built / "book" / "guide" / "charts.html")

    def alone(text, frm, id):
        out = tmp_path / id
        args = [str(piec), "build", "-", "--svg-only", "--no-files", "--quiet", "--id", id, "-o", str(out),
                "--dark-selector", ".coal,.navy,.ayu", "--from", frm]
        subprocess.run(args, input=text, text=True, check=True)
        return (out / id / "chart.svg").read_text(encoding="utf-8")

    def body(block):
        return block.split("\n", 1)[1].rsplit("```", 1)[0]

    old = tmp_path / "old.yaml"
    old.write_text(body(BLOCK.format(title="Two", a=5, b=3)), encoding="utf-8")
    from_old = alone(body(BLOCK.format(title="Two", a=5, b=9)), str(old), "guide-charts-2")
    entering = alone(body(BLOCK.format(title="Two", a=5, b=9)), "none", "guide-charts-2")
    assert from_old != entering

    def same(a, b):  # mdBook 0.5 re-serializes HTML (`viewbox`, `<x />`); piec drops blank lines
        norm = lambda s: "\n".join(x for x in re.sub(r"\s*/>", "/>", s).lower().splitlines() if x.strip())
        return norm(a) == norm(b)

    assert same(svgs[1], from_old), "the changed block does not animate from its version at HEAD"
    # The unchanged block enters, as piec md's blocks do.
    assert same(svgs[0], alone(body(BLOCK.format(title="One", a=1, b=2)), "none", "guide-charts-1"))


def test_the_charts_draw_animate_and_follow_mdbooks_dark_themes(built):
    page = built / "book" / "guide" / "charts.html"
    seen = probe(page, toggle="const h = document.documentElement; h.classList.remove('light'); h.classList.add('coal');")
    assert "light" in seen["html"].split() or "coal" in seen["html"].split()
    assert len(seen["charts"]) == 2
    for chart in seen["charts"]:
        assert chart["w"] > 50 and chart["h"] > 50, chart
        assert chart["animations"] > 0, f"{chart['cls']} does not animate"
    light = [c["fill"] for c in seen["charts"]]
    assert all(light) and all(a != b for a, b in zip(light, seen["toggled"])), (light, seen["toggled"])


def test_a_broken_block_fails_the_build_at_its_line(piec, tmp_path):
    text = chapter().replace("value: 5}", "value: -5}")
    proc = mdbook(book(tmp_path, piec, text))
    line = text.splitlines().index("  - {label: Alpha, value: -5}") + 1
    assert proc.returncode != 0
    assert f"src/guide/charts.md:{line}:" in proc.stderr, proc.stderr[-3000:]


def test_an_unknown_option_is_refused(piec, tmp_path):
    proc = mdbook(book(tmp_path, piec, chapter(), extra='colour = "red"\n'))
    assert proc.returncode != 0 and "unknown key `colour`" in proc.stderr, proc.stderr[-2000:]


def test_an_mdbook_0_4_book_is_read_and_given_back(piec):
    """mdBook 0.4 hands `sections` (and `__non_exhaustive`); what piec does not draw comes back as it was."""
    context, book04 = json.loads(FIXTURE.read_text(encoding="utf-8"))
    proc = subprocess.run([str(piec), "mdbook"], input=FIXTURE.read_bytes(), capture_output=True, timeout=60,
                          cwd=REPO)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    back = json.loads(proc.stdout)
    assert set(back) == set(book04) == {"sections", "__non_exhaustive"}
    first, separator, part, last = back["sections"]
    assert (separator, part) == (book04["sections"][1], book04["sections"][2])
    drawn = first["Chapter"]["sub_items"][0]["Chapter"]["content"]
    assert drawn.count('<div class="piec">') == 1 and "```piec" not in drawn and 'class="piec-guide-setup-1"' in drawn
    assert drawn.startswith("# Setup\n\nBefore.\n\n<div") and drawn.endswith("</div>\n\nAfter.\n")
    same = lambda c: {k: v for k, v in c["Chapter"].items() if k not in ("content", "sub_items")}
    assert same(first) == same(book04["sections"][0]) and last == book04["sections"][3]


def test_a_book_that_is_not_json_is_a_usage_error(piec):
    proc = subprocess.run([str(piec), "mdbook"], input=b"[{}, ", capture_output=True, timeout=60)
    assert proc.returncode == 64 and b"is not mdBook's JSON" in proc.stderr
