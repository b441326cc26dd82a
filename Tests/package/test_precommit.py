"""The pre-commit hooks (.pre-commit-hooks.yaml) under the real pre-commit, in a temporary git
repository: `try-repo` runs this checkout's hooks file, and a `git commit` is refused by them."""

import os
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import REPO, env_with_path, run, write_spec

if shutil.which("pre-commit") is None:
    pytest.fail("pre-commit is not installed: run scripts/bootstrap.sh (apt package pre-commit)",
                pytrace=False)


@pytest.fixture
def env(tmp_path, bin_dir):
    env = env_with_path(bin_dir)
    env["PRE_COMMIT_HOME"] = str(tmp_path / "pre-commit-home")  # no cache shared with the user
    env["SKIP"] = ""
    return env


def try_repo(repo: Path, hook: str, env, *files, args=()):
    command = ["pre-commit", "try-repo", str(REPO), hook, "--verbose"]
    command += ["--files", *files] if files else ["--all-files"]
    return run(command, cwd=repo, env=env, timeout=600)


def stage(repo: Path):
    run(["git", "add", "-A"], cwd=repo, check=True)


def test_piec_check_checks_specs_and_skips_other_yaml(git_repo, env):
    write_spec(git_repo / "charts", "good.yaml", "good")
    (git_repo / ".github").mkdir()
    (git_repo / ".github" / "ci.yml").write_text("name: CI\non: push\n")
    stage(git_repo)
    ok = try_repo(git_repo, "piec-check", env)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "checked 1 spec: no errors" in ok.stdout

    write_spec(git_repo / "charts", "bad.yaml", "bad", broken=True)
    stage(git_repo)
    bad = try_repo(git_repo, "piec-check", env)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "charts/bad.yaml:6:" in bad.stdout
    assert "ci.yml" not in bad.stdout
    assert "error: 1 of 2 specs has errors" in bad.stdout


def test_piec_build_check_fails_on_stale_bundles(git_repo, env, bin_dir):
    write_spec(git_repo / "specs", "a.yaml", "a")
    piec = str(bin_dir / "piec")
    run([piec, "build", "specs", "-o", "charts"], cwd=git_repo, check=True)
    # The hook's args, as a user's .pre-commit-config.yaml gives them.
    config = REPO / ".pre-commit-hooks.yaml"
    hooks = {h["id"]: h for h in yaml.safe_load(config.read_text())}
    assert hooks["piec-build-check"]["pass_filenames"] is False
    (git_repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{
        "repo": "local",
        "hooks": [{**hooks["piec-build-check"], "args": ["specs", "--output", "charts"]}],
    }]}))
    stage(git_repo)
    fresh = run(["pre-commit", "run", "piec-build-check", "--all-files", "--verbose"], cwd=git_repo, env=env)
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert "all bundles up to date" in fresh.stdout

    write_spec(git_repo / "specs", "a.yaml", "a").write_text(
        (git_repo / "specs" / "a.yaml").read_text().replace("value: 3", "value: 4"))
    stage(git_repo)
    stale = run(["pre-commit", "run", "piec-build-check", "--all-files"], cwd=git_repo, env=env)
    assert stale.returncode == 1, stale.stdout + stale.stderr  # pre-commit reports any failure as 1
    assert "E0510" in stale.stdout
    assert "1 of 1 bundle is out of date" in stale.stdout


def test_a_commit_with_a_broken_spec_is_refused(git_repo, env):
    # The hooks of this checkout as a local repository, installed as the git pre-commit hook.
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    check = next(h for h in hooks if h["id"] == "piec-check")
    check = {**check, "entry": str(REPO / check["entry"])}
    (git_repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [check]}]}))
    run(["pre-commit", "install"], cwd=git_repo, env=env, check=True)
    write_spec(git_repo, "chart.yaml", "chart", broken=True)
    stage(git_repo)
    refused = run(["git", "commit", "-q", "-m", "broken chart"], cwd=git_repo, env=env)
    assert refused.returncode != 0
    assert "piec check" in refused.stdout + refused.stderr
    assert run(["git", "rev-parse", "--verify", "-q", "HEAD"], cwd=git_repo).returncode != 0  # nothing committed

    write_spec(git_repo, "chart.yaml", "chart")
    stage(git_repo)
    run(["git", "commit", "-q", "-m", "good chart"], cwd=git_repo, env=env, check=True)


def test_piec_check_checks_shared_defaults(git_repo, env):
    """A staged .piec.yaml (no `piec:` line) is checked as shared defaults, not skipped."""
    write_spec(git_repo / "charts", "good.yaml", "good")
    (git_repo / "charts" / ".piec.yaml").write_text("theme: {palete: hue}\n")
    stage(git_repo)
    bad = try_repo(git_repo, "piec-check", env)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "charts/.piec.yaml:1:9: error[E0201]" in bad.stdout, bad.stdout
    (git_repo / "charts" / ".piec.yaml").write_text("theme: {palette: hue}\n")
    stage(git_repo)
    ok = try_repo(git_repo, "piec-check", env)
    assert ok.returncode == 0, ok.stdout + ok.stderr


def test_piec_md_check_fails_on_stale_markdown_images(git_repo, env, bin_dir):
    doc = git_repo / "README.md"
    doc.write_text("# Charts\n\n```piec\npiec: 1\nid: share\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n```\n")
    (git_repo / "NOTES.md").write_text("no charts here\n")
    stage(git_repo)
    stale = try_repo(git_repo, "piec-md-check", env)
    assert stale.returncode == 1, stale.stdout + stale.stderr   # pre-commit reports a failing hook as 1
    assert "E0541" in stale.stdout and "README.md:3:1" in stale.stdout
    run([str(bin_dir / "piec"), "md", "README.md"], cwd=git_repo, env=env, check=True)
    stage(git_repo)
    ok = try_repo(git_repo, "piec-md-check", env)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    # A changed block with the old images fails again, at the block's line.
    doc.write_text(doc.read_text().replace("value: 2", "value: 5"))
    stage(git_repo)
    again = try_repo(git_repo, "piec-md-check", env)
    assert again.returncode == 1 and "README.md:3:1" in again.stdout, again.stdout + again.stderr
