"""`piec init`'s starter project under the real tools: the .pre-commit-config.yaml is valid for
pre-commit and its piec-build-check hook, with the args init wrote, passes after the printed
build and fails on a stale bundle; the workflow passes the Action only inputs it has, and
action.sh with them passes; .piec.yaml is valid against the defaults schema."""

import json
import shutil

import jsonschema
import pytest
import yaml

from conftest import REPO, env_with_path, run
from test_action import ACTION, action

if shutil.which("pre-commit") is None:
    pytest.fail("pre-commit is not installed: run scripts/bootstrap.sh (apt package pre-commit)", pytrace=False)


@pytest.fixture
def project(git_repo, bin_dir):
    result = run([str(bin_dir / "piec"), "init"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    return git_repo


@pytest.fixture
def env(tmp_path, bin_dir):
    env = env_with_path(bin_dir)
    env["PRE_COMMIT_HOME"] = str(tmp_path / "pre-commit-home")
    env["SKIP"] = ""
    return env


def test_the_pre_commit_config_is_valid_and_names_piecs_hooks(project, env):
    checked = run(["pre-commit", "validate-config", ".pre-commit-config.yaml"], cwd=project, env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    config = yaml.safe_load((project / ".pre-commit-config.yaml").read_text())
    hooks = {h["id"] for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    used = [h["id"] for repo in config["repos"] for h in repo["hooks"]]
    assert used and set(used) <= hooks


def test_the_build_check_hook_with_inits_args_passes_then_catches_a_stale_bundle(project, env, bin_dir):
    config = yaml.safe_load((project / ".pre-commit-config.yaml").read_text())
    args = next(h["args"] for h in config["repos"][0]["hooks"] if h["id"] == "piec-build-check")
    hook = next(h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text()) if h["id"] == "piec-build-check-system")
    # The hook as piec's repository defines it, run locally (pre-commit cannot fetch OWNER/piec
    # here): its -system twin, with the debug piec on PATH (test_precommit.py runs the python one).
    hook = {**hook, "id": "piec-build-check", "args": args}
    (project / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [hook]}]}))
    build = run([str(bin_dir / "piec"), "build", "charts", "-o", "charts/out"], cwd=project)
    assert build.returncode == 0, build.stderr
    run(["git", "add", "-A"], cwd=project, check=True)
    fresh = run(["pre-commit", "run", "piec-build-check", "--all-files", "--verbose"], cwd=project, env=env)
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    spec = project / "charts" / "example.yaml"
    spec.write_text(spec.read_text().replace("value: 18", "value: 19"))
    stale = run(["pre-commit", "run", "piec-build-check", "--all-files"], cwd=project, env=env)
    assert stale.returncode == 1 and "E0510" in stale.stdout, stale.stdout + stale.stderr


def test_the_workflow_gives_the_action_inputs_it_has_and_they_pass(project, tmp_path, bin_dir):
    workflow = yaml.safe_load((project / ".github" / "workflows" / "piec.yml").read_text())
    steps = workflow["jobs"]["charts"]["steps"]
    inputs = next(s["with"] for s in steps if "piec@" in s.get("uses", ""))
    assert set(inputs) <= set(ACTION["inputs"])
    assert inputs["check"] is True
    build = run([str(bin_dir / "piec"), "build", inputs["specs"], "-o", inputs["output"]], cwd=project)
    assert build.returncode == 0, build.stderr
    result = action(project, tmp_path, bin_dir, **{k: str(v).lower() if isinstance(v, bool) else v for k, v in inputs.items()})
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_shared_defaults_are_valid_against_the_defaults_schema(project):
    schema = json.loads((REPO / "Schemas" / "piec-defaults.schema.json").read_text())
    jsonschema.validate(yaml.safe_load((project / "charts" / ".piec.yaml").read_text()), schema)
    spec_schema = json.loads((REPO / "Schemas" / "piec.schema.json").read_text())
    jsonschema.validate(yaml.safe_load((project / "charts" / "example.yaml").read_text()), spec_schema)
    assert (project / "charts" / "piec.schema.json").read_bytes() == (REPO / "Schemas" / "piec.schema.json").read_bytes()
