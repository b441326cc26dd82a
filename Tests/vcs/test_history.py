"""`piec history` in real repositories: every commit that changed a spec or a file it reads is a
version, in commit order, then the working copy when it differs; a spec deleted and added again
and a version with errors are left out with a note; a commit that changes nothing the chart
shows is no version; --since, --max and --hold; and the usage errors."""

import json
import os
import shutil

import pytest

from conftest import PIEC, Repo, spec

V1 = spec("langs", {"Swift": 40, "Python": 30, "Go": 22})
V2 = spec("langs", {"Swift": 40, "Python": 30, "Go": 22, "Rust": 15})
V3 = spec("langs", {"Swift": 40, "Python": 12, "Go": 22, "Rust": 15})


def history(repo, *args):
    result = repo.piec("history", "specs/langs.yaml", "-o", "out", *args)
    manifest = json.loads((repo.path / "out/langs/manifest.json").read_text()) if result.returncode == 0 else None
    return result, manifest


def subjects(manifest):
    return [v["subject"] for v in manifest["versions"]]


def test_every_commit_of_the_spec_in_order_and_not_the_unrelated_ones(repo):
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    repo.write("README.md", "unrelated\n")
    repo.commit("unrelated")
    repo.write("specs/langs.yaml", V2)
    repo.commit("add rust")
    repo.write("specs/langs.yaml", V3)
    repo.commit("python shrinks")
    result, manifest = history(repo)
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["first", "add rust", "python shrinks"]
    assert "3 commits -> out/langs/" in result.stderr
    ids = [{s["id"] for s in v["slices"]} for v in manifest["versions"]]
    assert ids == [{"swift", "python", "go"}, {"swift", "python", "go", "rust"}, {"swift", "python", "go", "rust"}]
    # Each step is the transition --from would draw: the last one records its previous.
    assert manifest["previous"]["slices"][1]["value"] == 30


def test_the_working_copy_joins_when_it_differs_and_formatting_is_no_version(repo):
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    repo.write("specs/langs.yaml", "# a comment only\n" + V1)
    repo.commit("comment")
    repo.write("specs/langs.yaml", V2)
    result, manifest = history(repo)
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["first", "working copy"]
    assert manifest["versions"][-1]["commit"] == "" and manifest["versions"][-1]["date"] == ""
    assert "and the working copy" in result.stderr


def test_data_file_and_shared_defaults_changes_are_versions(repo):
    repo.write("specs/langs.yaml", "piec: 1\nid: langs\ndata: {file: langs.csv}\n")
    repo.write("specs/langs.csv", "label,value\nSwift,40\nGo,20\n")
    repo.commit("data")
    repo.write("specs/langs.csv", "label,value\nSwift,40\nGo,35\n")
    repo.commit("go grows")
    repo.write("specs/.piec.yaml", "chart: {innerRadius: 0.5}\n")
    repo.commit("donut for everyone")
    result, manifest = history(repo)
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["data", "go grows", "donut for everyone"]
    go = [next(s for s in v["slices"] if s["id"] == "go") for v in manifest["versions"]]
    assert go[0]["endAngle"] - go[0]["startAngle"] < go[1]["endAngle"] - go[1]["startAngle"]
    assert go[1]["innerRadius"] == 0 and go[2]["innerRadius"] > 0


def test_a_spec_deleted_and_added_again_and_a_broken_version_are_left_out_with_a_note(repo):
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    (repo.path / "specs/langs.yaml").unlink()
    repo.commit("deleted")
    repo.write("specs/langs.yaml", V2)
    repo.commit("back")
    repo.write("specs/langs.yaml", V2 + "  - { id: bad, label: Bad, value: -1 }\n")
    repo.commit("broken")
    repo.write("specs/langs.yaml", V3)
    repo.commit("fixed")
    result, manifest = history(repo)
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["first", "back", "fixed"]
    assert result.stderr.count("E0516") == 2, result.stderr
    assert "has no `langs.yaml`" in result.stderr and "has errors" in result.stderr


def test_since_max_and_hold(repo):
    for i, text in enumerate([V1, V2, V3]):
        repo.write("specs/langs.yaml", text)
        repo.commit(f"v{i + 1}")
    _, manifest = history(repo, "--since", "HEAD~2")
    assert subjects(manifest) == ["v2", "v3"]
    _, manifest = history(repo, "--max", "1")
    assert subjects(manifest) == ["v3"]
    _, manifest = history(repo, "--hold", "250ms")
    versions = manifest["versions"]
    assert manifest["history"]["hold"] == 250
    assert versions[1]["start"] - versions[0]["at"] == 250


def test_usage_errors(repo, tmp_path):
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    unknown = repo.piec("history", "specs/langs.yaml", "--since", "HAED")
    assert unknown.returncode == 64 and "did you mean" in unknown.stderr and "HEAD" in unknown.stderr
    outside = tmp_path / "outside.yaml"
    outside.write_text(V1)
    loose = repo.piec("history", str(outside))
    assert loose.returncode == 64 and "not inside a git repository" in loose.stderr
    stdin = repo.piec("history", "-")
    assert stdin.returncode == 64
    none = repo.piec("history", "specs/langs.yaml", "--max", "0")
    assert none.returncode == 64


def test_a_cut_history_and_a_shallow_clone_say_so(repo):
    """Issue 42: the default --max 50 truncated without a word, and a shallow clone (the CI
    default) silently started late. Both are notes now, each with its way out."""
    for n, version in enumerate([V1, V2, V3]):
        repo.write("specs/langs.yaml", version)
        repo.commit(f"v{n + 1}")
    cut, manifest = history(repo, "--max", "2")
    assert cut.returncode == 0, cut.stderr
    assert subjects(manifest) == ["v2", "v3"]
    assert "note[E0516]: older commits that changed the chart are left out: the history shows the 2 newest" in cut.stderr, cut.stderr
    assert "`--max N` shows more" in cut.stderr
    whole, _ = history(repo, "--max", "3")
    assert "left out" not in whole.stderr and "shallow" not in whole.stderr, whole.stderr
    shallow = repo.home / "shallow"
    repo.run("git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(shallow), cwd=repo.home)
    clone = Repo(shallow, repo.home)
    short = clone.piec("history", "specs/langs.yaml", "-o", "out")
    assert short.returncode == 0, short.stderr
    assert "this clone is shallow" in short.stderr and "fetch-depth: 0" in short.stderr, short.stderr


def test_a_merge_is_one_step_along_first_parents_and_all_parents_adds_the_branch(repo):
    """Issue 42: merges were walked by date across both parents, showing states main never
    had. A feature branch edits the spec twice; main merges it: main's history is v1, then the
    merge (the branch's end state); --all-parents also shows the branch's intermediate commit."""
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    main = repo.git("rev-parse", "--abbrev-ref", "HEAD").stdout.strip()
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("specs/langs.yaml", V2)
    repo.commit("feature: add rust")
    repo.write("specs/langs.yaml", V3)
    repo.commit("feature: python shrinks")
    repo.git("checkout", "-q", main)
    repo.write("README.md", "on main\n")
    repo.commit("main: readme")
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature")
    result, manifest = history(repo)
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["first", "merge feature"], subjects(manifest)
    result, manifest = history(repo, "--all-parents")
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["first", "feature: add rust", "feature: python shrinks"], subjects(manifest)


def test_a_repository_git_refuses_is_an_error_with_gits_message(repo, tmp_path):
    """Issue 42: a repository owned by another user ("dubious ownership", the CI container
    case) gave "0 commits" and exit 0. Needs root, to give the repository away."""
    if os.geteuid() != 0:
        pytest.skip("giving the repository to another user needs root")
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    for path in [repo.path, *repo.path.rglob("*")]:
        os.lchown(path, 65534, 65534)
    env = dict(repo.env)
    env["GIT_CONFIG_GLOBAL"] = str(tmp_path / "empty-gitconfig")   # no safe.directory of the user's
    result = repo.run(PIEC, "history", "specs/langs.yaml", "-o", "out", env=env, check=False)
    assert result.returncode == 64, result.stderr
    assert "git does not read the repository" in result.stderr and "dubious ownership" in result.stderr, result.stderr
    assert "help: To add an exception for this directory, call: git config --global --add safe.directory" in result.stderr


def test_history_refuses_the_builds_folder_and_build_never_takes_a_history_for_its_bundle(repo):
    """Issue 42: `piec history spec -o charts` into the build's folder replaced the committed
    build bundle, and the fast path then called it up to date, so the hook passed."""
    repo.write("specs/langs.yaml", V1)
    repo.piec("build", "specs", "-o", "charts", check=True)
    repo.commit("v1 and its bundle")
    before = repo.bytes_under("charts")
    result = repo.piec("history", "specs/langs.yaml", "-o", "charts")
    assert result.returncode == 64 and "holds the bundle `piec build` writes for this chart" in result.stderr, result.stderr
    assert repo.bytes_under("charts") == before
    # A history bundle moved there (a rename keeps it as the atomic writer left it, so the fast
    # path looks at it) is no build bundle to --check.
    repo.piec("history", "specs/langs.yaml", "-o", "history", check=True)
    shutil.rmtree(repo.path / "charts" / "langs")
    os.rename(repo.path / "history" / "langs", repo.path / "charts" / "langs")
    check = repo.piec("build", "--check", "specs", "-o", "charts")
    assert check.returncode == 2 and "E0510" in check.stderr, check.stderr
    # A history folder may be written again.
    repo.piec("history", "specs/langs.yaml", "-o", "again", check=True)
    assert repo.piec("history", "specs/langs.yaml", "-o", "again").returncode == 0
