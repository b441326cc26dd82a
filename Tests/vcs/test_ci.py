"""The pre-commit hook under the real pre-commit and the GitHub Action's script, run the way a
repository and CI run them, across commits and in fresh (shallow) clones, with no `from:`."""

import os
import shutil

import pytest
import yaml

from conftest import PIEC, REPO, kind, spec

SCRIPT = REPO / "scripts" / "action.sh"
ACTION = yaml.safe_load((REPO / "action.yml").read_text())


def with_piec_on_path(repo):
    env = dict(repo.env)
    env["PATH"] = os.pathsep.join([str(PIEC.parent), env.get("PATH", "")])
    env["PRE_COMMIT_HOME"] = str(repo.home / "pre-commit-home")
    return env


def test_the_pre_commit_hook_passes_every_commit_of_the_documented_workflow(repo):
    if shutil.which("pre-commit") is None:
        pytest.fail("pre-commit is not installed: run scripts/bootstrap.sh (apt package pre-commit)")
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    repo.write(".pre-commit-config.yaml", yaml.safe_dump({"repos": [{
        "repo": "local",
        # piec-build-check's -system twin: the debug piec on PATH, no environment to install.
        "hooks": [{**hooks["piec-build-check-system"], "id": "piec-build-check", "args": ["specs", "--output", "charts"]}],
    }]}))
    env = with_piec_on_path(repo)
    repo.run("pre-commit", "install", env=env)

    def commit(message):
        repo.git("add", "-A")
        return repo.run("git", "commit", "-q", "-m", message, env=env, check=False)

    repo.write("specs/languages.yaml", spec("languages", {"Python": 40, "Swift": 30, "Perl": 30}))
    repo.piec("build", "specs", "-o", "charts", check=True)
    assert commit("v1").returncode == 0
    repo.write("specs/languages.yaml", spec("languages", {"Python": 50, "Swift": 30, "Perl": 20}))
    repo.piec("build", "specs", "-o", "charts", check=True)
    assert kind(repo.manifest("charts/languages/manifest.json")) == "transition"
    first = commit("v2 animates from v1")
    assert first.returncode == 0, first.stdout + first.stderr
    repo.write("README.md", "unrelated\n")
    unrelated = commit("unrelated")
    assert unrelated.returncode == 0, unrelated.stdout + unrelated.stderr
    # Forgetting to build is refused, and the help names the command that fixes it.
    repo.write("specs/languages.yaml", spec("languages", {"Python": 55, "Swift": 25, "Perl": 20}))
    refused = commit("v3 without its bundle")
    assert refused.returncode != 0
    assert "run `piec build specs -o charts` and commit the result" in refused.stdout + refused.stderr
    repo.piec("build", "specs", "-o", "charts", check=True)
    assert commit("v3").returncode == 0
    clone = repo.clone("clone")
    fresh = clone.run("pre-commit", "run", "piec-build-check", "--all-files", env=with_piec_on_path(clone), check=False)
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr


def run_action(workspace, tmp, **inputs):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp), "GITHUB_WORKSPACE": str(workspace.path),
           "GITHUB_OUTPUT": str(tmp / "github_output"), "GITHUB_STEP_SUMMARY": str(tmp / "summary"),
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CEILING_DIRECTORIES": str(tmp)}
    for name, declared in ACTION["inputs"].items():
        env["INPUT_" + name.upper()] = str(inputs.get(name, declared.get("default", "")))
    env["INPUT_PIEC"] = str(PIEC)
    for name in ("github_output", "summary"):
        (tmp / name).write_text("")
    return workspace.run("bash", SCRIPT, cwd=tmp, env=env, check=False)


def test_the_action_checks_a_shallow_clone_without_from(repo):
    """actions/checkout fetches one commit by default: --check needs no history."""
    repo.write("specs/languages.yaml", spec("languages", {"Python": 40, "Swift": 30, "Perl": 30}))
    repo.piec("build", "specs", "-o", "docs/charts", check=True)
    repo.commit("v1")
    repo.write("specs/languages.yaml", spec("languages", {"Python": 50, "Swift": 30, "Perl": 20}))
    repo.piec("build", "specs", "-o", "docs/charts", check=True)
    repo.commit("v2")
    repo.write("README.md", "unrelated\n")
    repo.commit("unrelated")
    ci = repo.home / "ci"
    repo.run("git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(ci), cwd=repo.home)
    from conftest import Repo
    workspace = Repo(ci, repo.home)
    checked = run_action(workspace, repo.home, output="docs/charts")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert (repo.home / "github_output").read_text() == "status=0\n"
    assert (repo.home / "summary").read_text() == "piec: every bundle is up to date\n"
    built = run_action(workspace, repo.home, output="docs/charts", check="false")
    assert built.returncode == 0, built.stdout + built.stderr
    assert workspace.status() == "", "building in CI rewrites nothing"
    assert kind(workspace.manifest("docs/charts/languages/manifest.json")) == "transition"


def test_a_bad_check_input_still_reports_its_status(repo):
    repo.write("specs/a.yaml", spec("a", {"A": 1}))
    bad = run_action(repo, repo.home, check="yes")
    assert bad.returncode == 64
    assert "input 'check' must be true or false" in bad.stdout
    assert (repo.home / "github_output").read_text() == "status=64\n"
