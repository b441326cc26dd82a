"""piec's SuperFences fence (python/piec/markdown.py) under Zensical, the MkDocs-compatible site
generator of the Material for MkDocs team: the real `zensical build` of .venv-docs, with its
own zensical.toml and with an mkdocs.yml (Zensical reads both; a TOML config names the fence as
a string, mkdocs.yml with `!!python/name:`).

Two blocks on a page keep their own names, are drawn and animate in headless Chromium, and
Zensical's palette toggle (it sets `data-md-color-scheme` on <body>, as Material does) switches
them; `since="HEAD"` works, as Zensical's rendering context tells the fence its page; a broken
block fails the build with the page and the line. Zensical caches each page's HTML by its text:
a changed `file=` spec shows after `zensical build --clean` (docs/integrations/mkdocs.md)."""

import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import REPO
from pageprobe import probe

ZENSICAL = REPO / ".venv-docs" / "bin" / "zensical"
SLATE = "[data-md-color-scheme=slate]"

TOML = """[project]
site_name = "t"

[[project.theme.palette]]
scheme = "default"
toggle.icon = "material/brightness-7"
toggle.name = "Dark"

[[project.theme.palette]]
scheme = "slate"
toggle.icon = "material/brightness-4"
toggle.name = "Light"

[project.markdown_extensions.pymdownx.superfences]
custom_fences = [
  { name = "piec", class = "piec", format = "piec.markdown.material", validator = "piec.markdown.validator" },
]
"""

YAML = """site_name: t
theme:
  name: material
  palette:
    - scheme: default
      toggle: {icon: material/brightness-7, name: Dark}
    - scheme: slate
      toggle: {icon: material/brightness-4, name: Light}
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: piec
          class: piec
          format: !!python/name:piec.markdown.material
          validator: !!python/name:piec.markdown.validator
"""

GOOD = "```piec\npiec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n```\n"
# Clicks Zensical's own palette toggle (the label of the second palette), then records the
# scheme it set on <body> as <html>'s class, which the probe returns.
TOGGLE = ("document.querySelector('label[for=__palette_1]').click();"
          "document.documentElement.className = 'scheme-' + document.body.getAttribute('data-md-color-scheme');")


def zensical(piec, root, *args):
    """`zensical build ARGS` in `root` with piec's fence importable and this piec."""
    if not ZENSICAL.is_file():
        pytest.fail("no .venv-docs/bin/zensical: run scripts/bootstrap.sh", pytrace=False)
    env = dict(os.environ, PYTHONPATH=str(REPO / "python"), PIEC=str(piec))
    return subprocess.run([str(ZENSICAL), "build", *args], cwd=root, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300)


def project(root, pages, config="zensical.toml"):
    """A Zensical project in `root`: `pages` ({path in docs/: text}) and its config file."""
    for name, text in pages.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")
    (root / config).write_text(TOML if config == "zensical.toml" else YAML, encoding="utf-8")
    return root


def charts(page):
    """The inline charts of a built page: [(root class, its @keyframes names, its SVG)]."""
    svgs = re.findall(r'<div class="piec">(<svg xmlns="http://www.w3.org/2000/svg".*?</svg>)', page.read_text(encoding="utf-8"), re.S)
    return [(re.search(r'class="(piec-[a-z0-9-]+)"', svg).group(1), set(re.findall(r"@keyframes ([\w-]+)", svg)), svg) for svg in svgs]


@pytest.mark.parametrize("config", ["zensical.toml", "mkdocs.yml"])
def test_two_blocks_keep_their_names_draw_animate_and_follow_the_palette_toggle(piec, tmp_path, config):
    root = project(tmp_path, {"index.md": "# T\n\n" + GOOD + "\n" + GOOD.replace("value: 2", "value: 5")}, config)
    proc = zensical(piec, root, "--strict")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    page = root / "site" / "index.html"
    (first, frames1, _), (second, frames2, _) = charts(page)
    # the ids come from the page's file (index-N): Zensical told the fence its page
    assert (first, second) == ("piec-index-1", "piec-index-2")
    assert frames1 and frames2 and not frames1 & frames2, (frames1, frames2)
    assert SLATE in page.read_text(encoding="utf-8"), "the dark look is not keyed to the palette"
    seen = probe(page, toggle=TOGGLE)
    assert seen["html"] == "scheme-slate", f"Zensical's toggle set {seen['html']!r}"
    assert [c["cls"] for c in seen["charts"]] == ["piec-index-1", "piec-index-2"], seen
    for chart in seen["charts"]:
        assert chart["w"] > 50 and chart["h"] > 50 and chart["animations"] > 0, chart
    assert all(a["fill"] and b and a["fill"] != b for a, b in zip(seen["charts"], seen["toggled"])), seen


def test_since_animates_a_block_from_its_page_at_a_revision(piec, tmp_path):
    """A page in a subfolder of docs/ of a git repository: its since="HEAD" block is the
    build from HEAD's version of itself, found by its id (the page's stem and place)."""
    second = GOOD.replace("```piec\n", '```piec since="HEAD"\n')
    root = project(tmp_path, {"guide/setup.md": "# T\n\n" + GOOD + "\n" + second})
    git = lambda *a: subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *a],
                                    cwd=root, check=True, capture_output=True)
    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "v1")
    (root / "docs" / "guide" / "setup.md").write_text("# T\n\n" + GOOD + "\n" + second.replace("value: 2", "value: 7"), encoding="utf-8")
    proc = zensical(piec, root, "--strict")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    found = charts(root / "site" / "guide" / "setup" / "index.html")
    assert [c[0] for c in found] == ["piec-setup-1", "piec-setup-2"]
    spec = lambda b: GOOD.replace("value: 2", f"value: {b}").split("\n", 1)[1].rsplit("```", 1)[0]
    old = tmp_path / "old.yaml"
    old.write_text(spec(2), encoding="utf-8")

    def alone(*extra):
        out = tmp_path / f"o{len(extra)}"
        subprocess.run([str(piec), "build", "-", "--svg-only", "--no-files", "--quiet", "--id", "setup-2", "-o", str(out),
                        "--dark-selector", SLATE, *extra], input=spec(7), text=True, check=True)
        return (out / "setup-2" / "chart.svg").read_text(encoding="utf-8").rstrip("\n")

    assert found[1][2] == alone("--from", str(old)), "since=HEAD is not the build from HEAD's block"
    assert found[1][2] != alone("--from", "none"), "the since=HEAD block enters"


def test_a_broken_block_fails_the_build_with_the_page_and_its_line(piec, tmp_path):
    page = "# T\n\n" + GOOD + "\nText.\n\n```piec\npiec: 1\nslices:\n  - {label: A, value: -1}\n```\n"
    root = project(tmp_path, {"index.md": page})
    for attempt in ("first", "again"):     # a failed page is not cached as built
        proc = zensical(piec, root)
        out = proc.stdout + proc.stderr
        assert proc.returncode != 0, f"{attempt}: {out[-3000:]}"
        # Zensical raises the fence's SuperFencesException with its traceback; the message names
        # the page (Zensical does not) and the lines: the block opens at 12, its value is at 15
        message = next((x for x in out.splitlines() if "SuperFencesException: " in x), "")
        assert "piec block at line 12 of the page (docs/index.md): line 15: error[E0205]" in message, out[-3000:]


def test_an_unknown_option_fails_the_build(piec, tmp_path):
    root = project(tmp_path, {"index.md": GOOD.replace("```piec\n", '```piec colour="red"\n')})
    proc = zensical(piec, root)
    assert proc.returncode != 0 and "unknown option `colour`" in proc.stdout + proc.stderr


def test_a_warning_is_printed_and_a_strict_build_still_passes(piec, tmp_path):
    """piec logs warnings on `mkdocs.plugins.piec`: MkDocs' --strict fails on them, Zensical
    0.0.x prints them and its --strict does not (docs/integrations/mkdocs.md says so)."""
    root = project(tmp_path, {"index.md": GOOD.replace("```piec\n", '```piec from="bad.yaml"\n')})
    (root / "bad.yaml").write_text("piec: 1\nslices:\n  - {label: A, value: -1}\n", encoding="utf-8")
    proc = zensical(piec, root, "--strict")
    assert "piec block at line 1 of the page (docs/index.md): warning[E0601]: the previous version has errors" in proc.stderr, proc.stderr[-3000:]
    assert proc.returncode == 0, "Zensical's --strict now fails on logged warnings: update docs/integrations/mkdocs.md"
    assert [c[0] for c in charts(root / "site" / "index.html")] == ["piec-index-1"]


def test_a_changed_spec_file_shows_after_a_clean_build(piec, tmp_path):
    """Zensical reuses a page's HTML while the page's text is unchanged: a `file=` spec (or a
    `from=` one, or what `since=` names) changed alone needs `zensical build --clean`."""
    root = project(tmp_path, {"index.md": '# T\n\n```piec file="pie.yaml"\n```\n'})
    spec = root / "pie.yaml"
    spec.write_text(GOOD.split("\n", 1)[1].rsplit("```", 1)[0], encoding="utf-8")
    built = lambda: charts(root / "site" / "index.html")[0][2]
    assert zensical(piec, root).returncode == 0 and ">B<" in built()
    spec.write_text(spec.read_text(encoding="utf-8").replace("label: B", "label: Zebra"), encoding="utf-8")
    assert zensical(piec, root).returncode == 0
    assert "Zebra" not in built(), "Zensical now rebuilds a page whose file= spec changed: update docs/integrations/mkdocs.md"
    assert zensical(piec, root, "--clean").returncode == 0 and ">Zebra<" in built() and ">B<" not in built()
