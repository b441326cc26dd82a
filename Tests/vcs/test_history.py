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
    assert "has no `langs.yaml` (it deleted it there)" in result.stderr and "has errors, so that version is left out" in result.stderr
    assert "help: `git show --stat " in result.stderr and ":specs/langs.yaml` shows that version of the spec" in result.stderr


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


def history_of(repo, path, *args):
    result = repo.piec("history", path, "-o", "out", *args)
    manifest = json.loads((repo.path / "out/langs/manifest.json").read_text()) if result.returncode == 0 else None
    return result, manifest


def sweeps(manifest, id_):
    """Each version's angle of the slice `id_` (None where it has none)."""
    return [next((s["endAngle"] - s["startAngle"] for s in v["slices"] if s["id"] == id_), None) for v in manifest["versions"]]


def increasing(xs):
    return all(a < b for a, b in zip(xs, xs[1:]))


def test_renames_are_followed_through_a_chain_of_seven_versions(repo):
    """Issue 42: after `git mv` the history started at the rename (an adversary saw 2 of 7
    versions). Renames are followed as `git log --follow` does: a pure move, a move to another
    folder, and a rename with an edit in the same commit; each version's caption is its commit."""
    def version(n):
        return spec("langs", {"Swift": 40, "Python": 30, "Go": 22, "Rust": 10 + n})
    repo.write("specs/langs.yaml", version(1))
    repo.commit("v1")
    repo.write("specs/langs.yaml", version(2))
    repo.commit("v2")
    (repo.path / "charts").mkdir()
    repo.git("mv", "specs/langs.yaml", "charts/langs.yaml")
    repo.commit("move to charts")
    repo.write("charts/langs.yaml", version(3))
    repo.commit("v3")
    repo.git("mv", "charts/langs.yaml", "charts/languages.yaml")
    repo.write("charts/languages.yaml", version(4))
    repo.commit("v4: renamed and edited")
    for n in (5, 6, 7):
        repo.write("charts/languages.yaml", version(n))
        repo.commit(f"v{n}")
    result, manifest = history_of(repo, "charts/languages.yaml")
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["v1", "v2", "v3", "v4: renamed and edited", "v5", "v6", "v7"], result.stderr
    assert increasing(sweeps(manifest, "rust")), sweeps(manifest, "rust")
    log = repo.git("log", "--format=%H", "--", "charts/languages.yaml", "charts/langs.yaml", "specs/langs.yaml").stdout.split()
    assert [v["commit"] for v in manifest["versions"]] == [c for c in reversed(log) if c != log[-3]]
    assert "7 commits" in result.stderr and "E0516" not in result.stderr, result.stderr
    # Walking every parent (git's --raw changes, not bytes compared along first parents) agrees.
    result, every = history_of(repo, "charts/languages.yaml", "--all-parents")
    assert every["versions"] == manifest["versions"], result.stderr
    # --max counts versions across the renames.
    result, manifest = history_of(repo, "charts/languages.yaml", "--max", "5")
    assert subjects(manifest) == ["v3", "v4: renamed and edited", "v5", "v6", "v7"], result.stderr


def test_a_copy_is_not_followed_as_a_rename(repo):
    """`git log --follow` follows copies (the old file stays); a copy is a new chart, whose
    history starts where it was copied."""
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    repo.write("specs/langs.yaml", V2)
    repo.commit("add rust")
    repo.write("charts/langs.yaml", V2)
    repo.commit("copy to charts")
    repo.write("charts/langs.yaml", V3)
    repo.commit("python shrinks in the copy")
    follow = repo.git("log", "--follow", "--format=%s", "--", "charts/langs.yaml").stdout.split("\n")
    assert "first" in follow  # git itself would follow the copy
    result, manifest = history_of(repo, "charts/langs.yaml")
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["copy to charts", "python shrinks in the copy"]
    result, manifest = history_of(repo, "specs/langs.yaml")
    assert subjects(manifest) == ["first", "add rust"]


def test_a_renamed_spec_reads_the_shared_defaults_of_its_old_folder_at_its_old_commits(repo):
    """At a commit before the rename the spec lived in another folder: its `.piec.yaml` chain
    is that folder's, and a commit that changed only that `.piec.yaml` then is a version; one
    that changes it after the spec left is not."""
    repo.write("specs/.piec.yaml", "chart: {innerRadius: 0.5}\n")
    repo.write("specs/langs.yaml", V1)
    repo.commit("v1 as a donut")
    repo.write("specs/.piec.yaml", "chart: {innerRadius: 0.3}\n")
    repo.commit("thinner donut")
    (repo.path / "charts").mkdir()
    repo.git("mv", "specs/langs.yaml", "charts/langs.yaml")
    repo.commit("move out of specs")
    repo.write("specs/.piec.yaml", "chart: {innerRadius: 0.1}\n")
    repo.commit("specs' defaults change after the chart left")
    repo.write("charts/langs.yaml", V2)
    repo.commit("add rust")
    result, manifest = history_of(repo, "charts/langs.yaml")
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["v1 as a donut", "thinner donut", "move out of specs", "add rust"], result.stderr
    inner = [v["slices"][0]["innerRadius"] for v in manifest["versions"]]
    assert inner[0] > inner[1] > 0 and inner[2] == 0 and inner[3] == 0, inner


def test_a_data_file_renamed_keeps_its_data_only_commits(repo):
    """Issue 42: the data-only commit made before the data file's rename disappeared. Each
    version reads the data file that version of the spec names: renamed with `data.file` in the
    same commit, or renamed first and named in a later commit (in between the spec names a file
    that is gone: that version is left out with a note saying so)."""
    def rows(go):
        return f"label,value\nSwift,40\nGo,{go}\n"
    repo.write("specs/langs.yaml", "piec: 1\nid: langs\ndata: {file: ../data/a.csv}\n")
    repo.write("data/a.csv", rows(10))
    repo.commit("data")
    repo.write("data/a.csv", rows(11))
    repo.commit("data only, before the rename")
    repo.git("mv", "data/a.csv", "data/b.csv")
    repo.write("data/b.csv", rows(12))
    repo.write("specs/langs.yaml", "piec: 1\nid: langs\ndata: {file: ../data/b.csv}\n")
    repo.commit("rename the data with the spec")
    repo.write("data/b.csv", rows(13))
    repo.commit("data only, after the rename")
    repo.git("mv", "data/b.csv", "data/c.csv")
    repo.commit("rename the data alone")
    repo.write("specs/langs.yaml", "piec: 1\nid: langs\ndata: {file: ../data/c.csv}\n")
    repo.commit("the spec follows")
    repo.write("data/c.csv", rows(14))
    repo.commit("data only, at c")
    result, manifest = history_of(repo, "specs/langs.yaml")
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["data", "data only, before the rename", "rename the data with the spec",
                                  "data only, after the rename", "data only, at c"], result.stderr
    assert increasing(sweeps(manifest, "go")), sweeps(manifest, "go")
    every = repo.piec("history", "specs/langs.yaml", "-o", "every", "--all-parents")
    assert json.loads((repo.path / "every/langs/manifest.json").read_text())["versions"] == manifest["versions"], every.stderr
    short = repo.git("rev-parse", "--short=12", "HEAD~2").stdout.strip()
    assert (f"note[E0516]: the spec at commit {short} has errors, so that version is left out of the history: "
            f"{short}:specs/langs.yaml:3:") in result.stderr, result.stderr
    assert f"`data/b.csv` did not exist at `{short}`" in result.stderr, result.stderr
    assert f"help: `git show {short}:specs/langs.yaml` shows that version of the spec" in result.stderr


def test_a_spec_deleted_then_added_again_elsewhere_by_a_rename_keeps_both_lives(repo):
    """Deleted, re-added (not a rename: its history before is the older life at that path),
    then renamed: every version of both lives, the deletion a note with its help."""
    repo.write("specs/langs.yaml", V1)
    repo.commit("first life")
    (repo.path / "specs/langs.yaml").unlink()
    repo.write("README.md", "no chart for a while\n")
    repo.commit("deleted")
    repo.write("specs/langs.yaml", V2)
    repo.commit("second life")
    (repo.path / "charts").mkdir()
    repo.git("mv", "specs/langs.yaml", "charts/langs.yaml")
    repo.write("charts/langs.yaml", V3)
    repo.commit("moved and edited")
    result, manifest = history_of(repo, "charts/langs.yaml")
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["first life", "second life", "moved and edited"], result.stderr
    short = repo.git("rev-parse", "--short=12", "HEAD~2").stdout.strip()
    assert f"commit {short} has no `langs.yaml` (it deleted it there): left out of the history" in result.stderr
    assert f"help: `git show --stat {short}` shows what that commit did" in result.stderr


def test_a_commit_before_the_spec_existed_is_no_version(repo):
    """The data file committed before the spec: no note about a commit without the spec."""
    repo.write("specs/langs.csv", "label,value\nSwift,40\nGo,20\n")
    repo.commit("data first")
    repo.write("specs/langs.yaml", "piec: 1\nid: langs\ndata: {file: langs.csv}\n")
    repo.commit("then the chart")
    result, manifest = history_of(repo, "specs/langs.yaml")
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["then the chart"] and "E0516" not in result.stderr, result.stderr


@pytest.mark.parametrize("planted", ["out", "out/langs", "out/langs/chart.svg"])
def test_history_never_writes_through_a_symlink(repo, tmp_path, planted):
    """The bundle is written through folder handles below OUT (`AtomicBundleWriter`): a
    symlink planted as OUT, as the bundle folder or as a file in it is refused, and nothing is
    written where it points."""
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "chart.svg").write_text("precious\n")
    if planted == "out/langs/chart.svg":
        repo.piec("history", "specs/langs.yaml", "-o", "out", check=True)
        repo.write("specs/langs.yaml", V2)   # the working copy: the bundle changes
        (repo.path / planted).unlink()
        os.symlink(outside / "chart.svg", repo.path / planted)
    else:
        if planted != "out":
            (repo.path / "out").mkdir()
        os.symlink(outside, repo.path / planted)
    before = {p.name: p.read_bytes() for p in outside.iterdir()}
    result = repo.piec("history", "specs/langs.yaml", "-o", "out")
    assert result.returncode == 74, result.stderr
    assert "symlink" in result.stderr and "help:" in result.stderr, result.stderr
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == before
    assert os.path.islink(repo.path / planted)


def test_every_usage_error_says_what_is_wrong_with_a_help_line(repo):
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    for args, message in [
        ([], "piec history needs the spec whose history to draw"),
        (["specs/langs.yaml", "specs/langs.yaml"], "unexpected argument 'specs/langs.yaml'"),
        (["specs/langs.yaml", "--max", "0"], "--max takes a whole number of at least 1, found 0"),
        (["specs/langs.yaml", "--hold", "50%"], "--hold takes a duration such as 1s or 500ms, found `50%`"),
        (["specs/langs.yaml", "--since", "nosuchrev"], "--since 'nosuchrev' is not a git revision"),
        (["-"], "a spec from standard input has no history"),
    ]:
        result = repo.piec("history", *args)
        assert result.returncode == 64, (args, result.stderr)
        assert message in result.stderr and "help:" in result.stderr, (args, result.stderr)


def test_git_is_asked_a_fixed_number_of_times_however_long_the_history(repo, tmp_path):
    """One `git log` and one `cat-file --batch-command` session for a history without renames,
    whatever its length (plus one `diff-tree` asking whether the commit that added the spec
    renamed it); a rename costs one `git log` more."""
    from test_git_processes import logged
    repo.write("README.md", "a repository\n")
    repo.commit("readme")
    for n in range(12):
        repo.write("specs/langs.yaml", spec("langs", {"Swift": 40, "Go": 10 + n}))
        repo.commit(f"v{n}")
    env, log = logged(repo, tmp_path)
    result = repo.run(PIEC, "history", "specs/langs.yaml", "-o", "out", env=env)
    calls = [c.split(" ", 2)[2] for c in log.read_text().splitlines()]
    assert "12 commits" in result.stderr, result.stderr
    assert sorted(c.split()[0] if not c.startswith("--") else c.split()[1] for c in calls) == \
        ["cat-file", "diff-tree", "log", "rev-parse", "rev-parse"], calls
    (repo.path / "charts").mkdir()
    repo.git("mv", "specs/langs.yaml", "charts/langs.yaml")
    repo.commit("move")
    log.unlink()
    result = repo.run(PIEC, "history", "charts/langs.yaml", "-o", "out", env=env)
    calls = log.read_text().splitlines()
    assert "12 commits" in result.stderr, result.stderr   # the move shows nothing new
    assert sum(" log " in c for c in calls) == 2 and sum(" diff-tree " in c for c in calls) == 2, calls


def test_a_spec_that_cannot_be_read_says_why_with_a_help_line(repo):
    repo.write("specs/langs.yaml", V1)
    repo.commit("first")
    missing = repo.piec("history", "specs/nosuch.yaml")
    assert missing.returncode == 74 and "no such file `specs/nosuch.yaml`" in missing.stderr, missing.stderr
    assert "help: piec history starts from the spec in the work tree" in missing.stderr, missing.stderr
    folder = repo.piec("history", "specs")
    assert folder.returncode == 74 and "help: piec history takes one spec file" in folder.stderr, folder.stderr


def test_the_committed_spec_says_which_data_file_the_commits_read_not_the_working_copy(repo):
    """The working copy names another data file (not committed yet): the commits still read
    the one the committed spec names, and its data-only commits are versions."""
    repo.write("specs/langs.yaml", "piec: 1\nid: langs\ndata: {file: a.csv}\n")
    repo.write("specs/a.csv", "label,value\nSwift,40\nGo,20\n")
    repo.commit("data")
    repo.write("specs/a.csv", "label,value\nSwift,40\nGo,30\n")
    repo.commit("go grows")
    repo.write("specs/b.csv", "label,value\nSwift,40\nGo,5\n")
    repo.write("specs/langs.yaml", "piec: 1\nid: langs\ndata: {file: b.csv}\n")
    result, manifest = history_of(repo, "specs/langs.yaml")
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["data", "go grows", "working copy"], result.stderr


def grid(charts):
    """A spec of `charts:` (id `grid`): one chart per (id, {label: value})."""
    text = "piec: 1\nid: grid\ntitle: Grid\nlayout: {columns: 2}\nchart: {size: 160}\ncharts:\n"
    for cid, values in charts:
        text += f"  - id: {cid}\n    slices:\n" + "".join(
            f"      - {{id: {label.lower()}, label: {label}, value: {value}}}\n" for label, value in values.items())
    return text


def test_a_grid_of_charts_animates_each_chart_from_its_previous_version(repo):
    repo.write("specs/grid.yaml", grid([("north", {"Car": 40, "Rail": 60}), ("gone", {"Car": 1, "Rail": 1})]))
    repo.commit("first")
    repo.write("specs/grid.yaml", grid([("north", {"Car": 70, "Rail": 30}), ("south", {"Car": 20, "Bus": 80})]))
    repo.commit("north drives, south for gone")
    repo.write("specs/grid.yaml", grid([("north", {"Car": 70, "Rail": 30}), ("south", {"Car": 50, "Bus": 50})]))
    repo.commit("south evens out")
    result = repo.piec("history", "specs/grid.yaml", "-o", "out", "--hold", "300ms")
    assert result.returncode == 0, result.stderr
    assert "3 commits -> out/grid/" in result.stderr
    manifest = repo.manifest("out/grid/manifest.json")
    versions = manifest["versions"]
    assert [v["subject"] for v in versions] == ["first", "north drives, south for gone", "south evens out"]
    assert [[c["id"] for c in v["charts"]] for v in versions] == [["north", "gone"], ["north", "south"], ["north", "south"]]
    assert [v["leaving"] for v in versions] == [[], ["gone"], []]
    values = [{c["id"]: {s["id"]: s["value"] for s in c["slices"]} for c in v["charts"]} for v in versions]
    assert values[0]["north"] == {"car": 40, "rail": 60} and values[1]["north"] == {"car": 70, "rail": 30}
    assert values[1]["south"] == {"car": 20, "bus": 80} and values[2]["south"] == {"car": 50, "bus": 50}
    # Each step starts when the one before rests, plus the hold; the first enters.
    assert versions[0]["start"] == 0 and versions[0]["charts"][0]["entered"]
    for before, after in zip(versions, versions[1:]):
        assert after["start"] == before["at"] + 300
    # Step 1: north animates from its first version (it did not enter), south is new and waits
    # in gone's cell until gone's fade, delayed to the step, is over; gone fades out there.
    assert not versions[1]["charts"][0]["entered"] and versions[1]["charts"][1]["entered"]
    assert versions[1]["charts"][1]["wait"] == versions[1]["start"] + 400
    css = (repo.path / "out/grid/chart.css").read_text()
    assert ".piec-grid_h1_fx1{animation:piec-grid_h1_fx1-fade 400ms" in css
    wait = int(versions[1]["start"] + 400) if float(versions[1]["start"]).is_integer() else versions[1]["start"] + 400
    assert f".piec-grid_h1_f1{{animation:piec-grid_h1_f1-wait {wait}ms step-end both}}" in css
    # Step 2: south animates from step 1's south (not entering), north stays as it was.
    assert not versions[2]["charts"][1]["entered"]
    svg = (repo.path / "out/grid/chart.svg").read_text()
    for k in range(3):
        assert f'class="p-step p-h{k} piec-grid_h{k}"' in svg
    assert "north drives, south for gone</text>" in svg
    assert manifest["previous"]["charts"][1]["id"] == "south"
    # piec render --history draws the same steps (Tests/vcs/test_render_history.py).
    render = repo.piec("render", "specs/grid.yaml", "--history", "-o", "grid.gif")
    assert render.returncode == 0 and (repo.path / "grid.gif").is_file(), render.stderr


OWN_ALPHAS = "piec: 1\nid: langs\nslices:\n" + "".join(
    f"  - {{id: {i}, label: {i}, value: {v}, color: \"{c}\"}}\n"
    for i, v, c in [("swift", 40, "#2563eb"), ("python", 30, "#2563eb66"), ("go", 20, "rgba(220, 38, 38, 0.5)"),
                    ("rust", 10, "#16a34a")])


RINGS = "piec: 1\nid: langs\nrings:\n  - id: now\n    label: Now\n    slices:\n" + "".join(
    f"      - {{id: {i}, label: {i}, value: {v}}}\n" for i, v in [("swift", 40), ("python", 30), ("go", 20), ("rust", 10)])


def test_each_step_that_enters_instead_of_animating_warns_on_the_terminal(repo):
    """Issue 41: `piec build --from` warns (E0617) when slices of their own alphas enter instead
    of animating; `piec history` drew such steps silently. Each one now warns, naming its
    version; a reorder and Other taking a member animate (no warning), a step to rings enters
    (warned)."""
    repo.write("specs/langs.yaml", OWN_ALPHAS)
    repo.commit("first")
    lines = OWN_ALPHAS.splitlines(keepends=True)
    reordered = "".join(lines[:3] + [lines[5], lines[3], lines[4], lines[6]])
    repo.write("specs/langs.yaml", reordered)
    repo.commit("go first")
    repo.write("specs/langs.yaml", reordered.replace("slices:\n", "chart: {other: {maxSlices: 3}}\nslices:\n"))
    repo.commit("rust into other")
    repo.write("specs/langs.yaml", RINGS)
    repo.commit("to rings")
    result, manifest = history(repo)
    assert result.returncode == 0, result.stderr
    assert subjects(manifest) == ["first", "go first", "rust into other", "to rings"]
    warnings = [line for line in result.stderr.splitlines() if "E0617" in line]
    assert len(warnings) == 1, result.stderr
    assert 'to rings' in warnings[0] and "one version has rings" in warnings[0], result.stderr
    assert "warning[E0617]" in warnings[0]
    assert "help: give every slice colour the same alpha" in result.stderr
    # The same step built with --from warns the same way; Other taking rust animates.
    build = repo.piec("build", "specs/langs.yaml", "--from", "HEAD~1", "-o", "built")
    assert build.returncode == 0 and "warning[E0617]" in build.stderr, build.stderr
    repo.write("specs/langs.yaml", reordered.replace("slices:\n", "chart: {other: {maxSlices: 3}}\nslices:\n"))
    other = repo.piec("build", "specs/langs.yaml", "--from", "HEAD~2", "-o", "built")
    assert other.returncode == 0 and "E0617" not in other.stderr, other.stderr
    m = json.loads((repo.path / "built/langs/manifest.json").read_text())
    assert m["animation"]["kind"] == "transition" and not m["movers"], "Other takes rust with no mover over the others"
