"""A spec's data file (`data.file`) and its `.piec.yaml` are read only from inside the spec's
repository (the nearest folder with `.git`, or the spec's own folder outside git): a `..`, an
absolute path, a symlinked file or a symlinked folder that resolves outside is refused with
E0311, nothing of the outside file reaches the output or the diagnostics, and nothing is
written (SECURITY.md, promise 6)."""

import os
from pathlib import Path

import pytest

from conftest import run_piec
from test_filesystem import snapshot

SECRET = "label,value\nTOPSECRET,1\n"


def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)   # only its presence marks the repository root
    (root / "specs").mkdir()
    (tmp_path / "secret.csv").write_text(SECRET, encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "s.csv").write_text(SECRET, encoding="utf-8")
    return root


CASES = {
    "dotdot": lambda root, tmp: "../../secret.csv",
    "deep-dotdot": lambda root, tmp: "../specs/../../../secret.csv",
    "absolute": lambda root, tmp: str(tmp / "secret.csv"),
    "symlinked-file": lambda root, tmp: (os.symlink(tmp / "secret.csv", root / "specs" / "l.csv"), "l.csv")[1],
    "symlinked-folder": lambda root, tmp: (os.symlink(tmp / "outside", root / "specs" / "d"), "d/s.csv")[1],
    "not-csv": lambda root, tmp: "../.git/config",
}


@pytest.mark.parametrize("case", CASES)
def test_a_data_file_outside_the_repository_is_refused(piec, tmp_path, case):
    root = repo(tmp_path)
    path = CASES[case](root, tmp_path)
    spec = root / "specs" / "s.yaml"
    spec.write_text(f'piec: 1\ndata: {{file: "{path}"}}\n', encoding="utf-8")
    before = snapshot(tmp_path)
    for command in (["check", spec], ["build", spec, "-o", root / "out"], ["diff", spec, "--from", spec]):
        run = run_piec(piec, command, cwd=root)
        assert run.status == 1, (command, run.stderr)
        assert "error[E0311]" in run.stderr, (command, run.stderr)
        assert "TOPSECRET" not in run.stdout + run.stderr
    assert snapshot(tmp_path) == before


def test_outside_git_the_spec_folder_is_the_root(piec, tmp_path):
    (tmp_path / "specs").mkdir()
    (tmp_path / "data.csv").write_text("label,value\nA,1\n", encoding="utf-8")
    spec = tmp_path / "specs" / "s.yaml"
    spec.write_text("piec: 1\ndata: {file: ../data.csv}\n", encoding="utf-8")
    run = run_piec(piec, ["check", spec], cwd=tmp_path)
    assert run.status == 1 and "error[E0311]" in run.stderr, run.stderr
    # A .piec.yaml above the spec's folder is not read either (it could restyle from anywhere).
    (tmp_path / ".piec.yaml").write_text("chart: {size: nope}\n", encoding="utf-8")
    spec.write_text("piec: 1\nslices: [{label: A, value: 1}]\n", encoding="utf-8")
    run = run_piec(piec, ["check", spec], cwd=tmp_path)
    assert run.status == 0, run.stderr
