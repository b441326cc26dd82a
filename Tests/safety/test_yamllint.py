"""Every example spec, every ```yaml block of README.md and every YAML file `piec init` writes
passes yamllint with its default configuration (`yamllint -d default`, warnings included):
people copy them into repositories that lint YAML. yamllint comes from the Debian package `yamllint` (scripts/bootstrap.sh)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def yamllint():
    path = shutil.which("yamllint")
    if path is None:
        pytest.fail("yamllint is not installed: run scripts/bootstrap.sh (Debian package `yamllint`)")
    return path


def lint(paths):
    """yamllint's problems for `paths`, one `file:line:col: [level] message` per line."""
    run = subprocess.run([yamllint(), "-d", "default", "-f", "parsable", "--strict", *map(str, paths)],
                         capture_output=True, text=True, timeout=120)
    return run.returncode, run.stdout.strip()


def readme_blocks():
    """The ```yaml and ```piec blocks (with a spec in them) of README.md and the manual, but for
    the generated reference pages (the diagnostics page shows broken specs on purpose)."""
    blocks = []
    for doc in [REPO / "README.md"] + sorted(p for p in (REPO / "docs").rglob("*.md") if "reference" not in p.parts):
        text = doc.read_text(encoding="utf-8")
        blocks += [b for b in re.findall(r"^```(?:yaml|piec[^\n]*)\n(.*?)^```", text, re.S | re.M) if b.strip()]
    return blocks


def test_example_specs_pass_yamllint_defaults():
    specs = sorted((REPO / "specs").rglob("*.yaml"))
    assert len(specs) >= 30
    status, problems = lint(specs)
    assert (status, problems) == (0, "")


def test_readme_yaml_blocks_pass_yamllint_defaults(tmp_path):
    blocks = readme_blocks()
    assert len(blocks) >= 8, "README.md and docs/ have few ```yaml blocks"
    files = []
    for i, block in enumerate(blocks):
        f = tmp_path / f"readme-{i}.yaml"
        f.write_text(block, encoding="utf-8")
        files.append(f)
    status, problems = lint(files)
    assert (status, problems) == (0, "")


def test_the_check_catches_what_it_should(tmp_path):
    """The spacing inside braces, long lines and a missing `---` that the specs had before."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("piec: 1\nslices:\n  - { label: A, value: 1 }\n# " + "word " * 20 + "\n", encoding="utf-8")
    status, problems = lint([bad])
    assert status != 0
    for rule in ["(braces)", "(line-length)", "(document-start)"]:
        assert rule in problems


def test_the_files_piec_init_writes_pass_yamllint_defaults(tmp_path, piec):
    """`piec init`'s starter project lands in repositories that lint YAML too."""
    done = subprocess.run([str(piec), "init"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    files = sorted(p for p in tmp_path.rglob("*") if p.suffix in (".yaml", ".yml"))
    assert [str(p.relative_to(tmp_path)) for p in files] == [
        ".github/workflows/piec.yml", ".pre-commit-config.yaml", "charts/.piec.yaml", "charts/example.yaml"]
    status, problems = lint(files)
    assert (status, problems) == (0, "")
