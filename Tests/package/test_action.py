"""The GitHub Action: action.yml passes every input to scripts/action.sh, which is run here the
way the composite step runs it (INPUT_* and GITHUB_* variables) with the debug piec, and without
the `piec` input, when it installs piec's wheel with pip (offline here: from the wheelhouse,
the wheel built from the debug build)."""

import re
import shutil
from pathlib import Path

import yaml

from conftest import REPO, offline_pip, run, write_spec

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


def action(workspace: Path, tmp_path: Path, bin_dir: Path, extra_env=None, **inputs):
    """Runs action.sh with the inputs (the debug piec unless `piec` is given) and extra_env."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "GITHUB_WORKSPACE": str(workspace),
           "GITHUB_OUTPUT": str(tmp_path / "github_output"),
           "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
           **(extra_env or {})}
    for name, spec in ACTION["inputs"].items():
        env["INPUT_" + name.upper()] = str(inputs.get(name, spec.get("default", "")))
    if "piec" not in inputs:
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


def runner(tmp_path: Path, wheelhouse: Path) -> dict:
    """A runner's environment with no piec on PATH and pip offline (the step's env: PIP_*)."""
    assert shutil.which("piec", path="/usr/bin:/bin") is None, "a piec on /usr/bin:/bin: the test cannot show the action installs its own"
    (tmp_path / "runner-temp").mkdir(exist_ok=True)
    return {"RUNNER_TEMP": str(tmp_path / "runner-temp"), **offline_pip(wheelhouse, tmp_path / "pip-cache")}


def test_without_the_piec_input_the_action_installs_piecs_wheel(tmp_path, bin_dir, wheelhouse):
    workspace = tmp_path / "ws"
    write_spec(workspace / "specs", "a.yaml", "a")
    version = run([str(bin_dir / "piec"), "--version"], check=True).stdout.split()[-1]
    built = action(workspace, tmp_path, bin_dir, runner(tmp_path, wheelhouse), piec="", check="false")
    assert built.returncode == 0, built.stdout + built.stderr
    assert f"::group::Install piec (piec-charts=={version})" in built.stdout
    assert (workspace / "out" / "a" / "chart.svg").is_file()
    [venv] = (tmp_path / "runner-temp").glob("piec.*/venv")
    assert run([str(venv / "bin" / "piec"), "--version"], check=True).stdout.split()[-1] == version  # the wheel's piec
    assert (tmp_path / "github_output").read_text() == "status=0\n"
    assert (tmp_path / "summary").read_text() == "piec: bundles built in out\n"

    spec = workspace / "specs" / "a.yaml"
    spec.write_text(spec.read_text().replace("value: 3", "value: 5"))
    [wheel] = wheelhouse.glob("piec_charts-*.whl")
    stale = action(workspace, tmp_path, bin_dir, runner(tmp_path, wheelhouse), piec="", wheel=str(wheel))
    assert stale.returncode == 2, stale.stdout + stale.stderr
    assert re.search(r"^::error file=specs/a\.yaml,title=piec E0510::", stale.stdout, re.M), stale.stdout


def test_a_wheel_pip_cannot_find_fails_with_an_annotation(tmp_path, bin_dir, wheelhouse):
    workspace = tmp_path / "ws"
    write_spec(workspace / "specs", "a.yaml", "a")
    failed = action(workspace, tmp_path, bin_dir, runner(tmp_path, wheelhouse), piec="", wheel="piec-charts==999.0")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "::error title=piec::pip could not install piec-charts==999.0" in failed.stdout, failed.stdout
    assert "No matching distribution found for piec-charts==999.0" in failed.stderr, failed.stderr
    assert (tmp_path / "github_output").read_text() == "status=1\n"
    bad = action(workspace, tmp_path, bin_dir, piec="", install="apt")
    assert bad.returncode == 64
    assert "::error title=piec::input 'install' must be wheel or source, not 'apt'" in bad.stdout
