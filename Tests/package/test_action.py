"""The GitHub Action: action.yml passes every input to scripts/action.sh, which is run here the
way the composite step runs it (INPUT_* and GITHUB_* variables) with the debug piec."""

import re
from pathlib import Path

import yaml

from conftest import REPO, run, write_spec

ACTION = yaml.safe_load((REPO / "action.yml").read_text())
SCRIPT = REPO / "scripts" / "action.sh"


def test_every_input_reaches_the_script():
    step = ACTION["runs"]["steps"][0]
    assert ACTION["runs"]["using"] == "composite"
    assert "scripts/action.sh" in step["run"]
    script = SCRIPT.read_text()
    for name in ACTION["inputs"]:
        variable = "INPUT_" + name.upper()
        assert step["env"][variable] == "${{ inputs.%s }}" % name
        assert variable in script, f"{variable} is not read by action.sh"
    assert set(step["env"]) == {"INPUT_" + n.upper() for n in ACTION["inputs"]}
    assert ACTION["outputs"]["status"]["value"] == "${{ steps.%s.outputs.status }}" % step["id"]


def action(workspace: Path, tmp_path: Path, bin_dir: Path, **inputs):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "GITHUB_WORKSPACE": str(workspace),
           "GITHUB_OUTPUT": str(tmp_path / "github_output"),
           "GITHUB_STEP_SUMMARY": str(tmp_path / "summary")}
    for name, spec in ACTION["inputs"].items():
        env["INPUT_" + name.upper()] = str(inputs.get(name, spec.get("default", "")))
    env["INPUT_PIEC"] = str(bin_dir / "piec")
    for f in ("github_output", "summary"):
        (tmp_path / f).write_text("")
    # The composite step's working directory is the workspace; run from elsewhere to be sure
    # the script goes there itself.
    return run(["bash", str(SCRIPT)], cwd=tmp_path, env=env)


def test_stale_bundles_fail_with_annotations_and_fresh_ones_pass(tmp_path, bin_dir):
    workspace = tmp_path / "ws"
    write_spec(workspace / "specs", "a.yaml", "a")
    write_spec(workspace / "specs", "b.yaml", "b")

    missing = action(workspace, tmp_path, bin_dir)
    assert missing.returncode == 2, missing.stdout + missing.stderr
    errors = [line for line in missing.stdout.splitlines() if line.startswith("::error ")]
    assert len(errors) == 2
    assert all(re.match(r"::error file=specs/[ab]\.yaml,title=piec E0510::", line) for line in errors)
    assert (tmp_path / "github_output").read_text() == "status=2\n"
    assert "out of date" in (tmp_path / "summary").read_text()

    built = action(workspace, tmp_path, bin_dir, check="false")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (workspace / "out" / "a" / "chart.svg").is_file()

    fresh = action(workspace, tmp_path, bin_dir)
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert "::error" not in fresh.stdout
    assert (tmp_path / "github_output").read_text() == "status=0\n"
    assert (tmp_path / "summary").read_text() == "piec: every bundle is up to date\n"

    # A changed spec makes exactly its bundle stale.
    spec = workspace / "specs" / "b.yaml"
    spec.write_text(spec.read_text().replace("value: 3", "value: 5"))
    stale = action(workspace, tmp_path, bin_dir)
    assert stale.returncode == 2
    errors = [line for line in stale.stdout.splitlines() if line.startswith("::error ")]
    assert len(errors) == 1 and errors[0].startswith("::error file=specs/b.yaml,title=piec E0510::"), stale.stdout


def test_spec_errors_are_annotated_on_their_line(tmp_path, bin_dir):
    workspace = tmp_path / "ws"
    write_spec(workspace / "charts", "bad.yaml", "bad", broken=True)
    result = action(workspace, tmp_path, bin_dir, specs="charts", output="site", check="false")
    assert result.returncode == 1
    assert re.search(r"^::error file=charts/bad\.yaml,line=6,col=\d+", result.stdout, re.M), result.stdout
    assert not (workspace / "site").exists()
    assert (tmp_path / "github_output").read_text() == "status=1\n"


def test_several_specs_and_a_bad_check_value(tmp_path, bin_dir):
    workspace = tmp_path / "ws"
    write_spec(workspace / "one", "a.yaml", "a")
    write_spec(workspace / "two", "b.yaml", "b")
    built = action(workspace, tmp_path, bin_dir, specs="one\ntwo", check="false")
    assert built.returncode == 0, built.stdout + built.stderr
    assert sorted(p.name for p in (workspace / "out").iterdir()) == ["a", "b"]
    bad = action(workspace, tmp_path, bin_dir, check="yes")
    assert bad.returncode == 64
    assert "::error title=piec::input 'check' must be true or false" in bad.stdout
