"""The native git object reader (Sources/PieDriver/Previous/GitStore.swift): a build in a plain
repository finds its previous version at HEAD without starting git, in every layout git writes
(loose objects, packs with OFS_DELTA and REF_DELTA chains, packed refs, detached HEAD, linked
worktrees, submodules, no commit yet), and its bundle is byte for byte the one the build writes
when git answers (forced here with GIT_NO_REPLACE_OBJECTS, a variable the reader declines).
Where the reader must decline (SHA-256, alternates, replace refs, grafts, GIT_DIR, a corrupt
object, another user's repository), git is still asked."""

import json
import os
import shutil
import stat

import pytest

from conftest import PIEC, Repo, previous_values, spec

FORCE_GIT = {"GIT_NO_REPLACE_OBJECTS": "1"}


def logged_env(repo, tmp_path, extra=None):
    """repo.env with a git first on PATH that logs each call, and the log's path."""
    real = shutil.which("git")
    wrapper_dir = tmp_path / "wrapper"
    wrapper_dir.mkdir(exist_ok=True)
    log = tmp_path / "git.log"
    wrapper = wrapper_dir / "git"
    wrapper.write_text(f'#!/bin/sh\necho "$*" >> "{log}"\nexec "{real}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    env = dict(repo.env, PATH=f"{wrapper_dir}{os.pathsep}{repo.env['PATH']}", **(extra or {}))
    return env, log


def build(repo, tmp_path, specs="specs", out="charts", extra=None, cwd=None):
    """Builds `specs` into a fresh `out`; (git calls, bundle bytes, manifest of chart a)."""
    where = cwd or repo.path
    shutil.rmtree(where / out, ignore_errors=True)
    env, log = logged_env(repo, tmp_path, extra)
    if log.exists():
        log.unlink()
    result = repo.run(PIEC, "build", specs, "-o", out, env=env, cwd=where, check=False)
    assert result.returncode == 0, result.stderr
    calls = log.read_text().splitlines() if log.exists() else []
    root = where / out
    files = {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}
    return calls, files, json.loads((root / "a" / "manifest.json").read_text()), result


def native_and_git(repo, tmp_path, **kwargs):
    """Builds twice, natively and with git answering; the native build started no git and both
    wrote the same bytes. Returns the manifest."""
    calls, files, manifest, _ = build(repo, tmp_path, **kwargs)
    assert calls == [], calls
    forced_calls, forced_files, _, _ = build(repo, tmp_path, extra=FORCE_GIT, **kwargs)
    assert any(c.endswith("cat-file --batch-command") for c in forced_calls), forced_calls
    assert files == forced_files
    return manifest


def values(n, bump=0):
    """A spec of n slices whose text grows with n (deltas between versions)."""
    return {f"S{i}": (i * 7 + bump) % 13 + 1 for i in range(n)}


def test_loose_objects(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 5, "Y": 2}))
    assert previous_values(native_and_git(repo, tmp_path)) == {"X": 1, "Y": 2}


def delta_ids(repo):
    """The ids of the objects stored as deltas in the repository's packs."""
    ids = set()
    for idx in (repo.path / ".git" / "objects" / "pack").glob("*.idx"):
        out = repo.git("verify-pack", "-v", str(idx)).stdout
        for line in out.splitlines():
            fields = line.split()
            if len(fields) >= 7 and fields[1] in ("blob", "tree", "commit"):
                ids.add(fields[0])
    return ids


def history_of_versions(repo, with_bundle):
    """Twenty commits whose spec grows, then a smaller one at HEAD (git keeps the largest
    version whole and stores the smaller ones as deltas against it)."""
    for k in range(20):
        repo.write("specs/a.yaml", spec("a", values(10 + k, k)))
        if with_bundle:
            repo.piec("build", "specs", "-o", "charts", check=True)
        repo.commit(f"v{k}")
    repo.write("specs/a.yaml", spec("a", values(12, 99)))
    if with_bundle:
        repo.piec("build", "specs", "-o", "charts", check=True)
    repo.commit("head")
    repo.write("specs/a.yaml", spec("a", values(12, 5)))


@pytest.mark.parametrize("repack", [
    ["gc", "-q"],
    ["repack", "-q", "-adf", "--depth=50", "--window=50"],
    ["-c", "repack.useDeltaBaseOffset=false", "repack", "-q", "-adf", "--depth=50", "--window=50"],
], ids=["gc", "repack-ofs-delta", "repack-ref-delta"])
@pytest.mark.parametrize("with_bundle", [False, True], ids=["spec-at-head", "bundle-at-head"])
def test_packs_with_delta_chains(repo, tmp_path, repack, with_bundle):
    history_of_versions(repo, with_bundle)
    repo.git(*repack)
    assert not list((repo.path / ".git" / "objects").glob("??/*")), "all objects are packed"
    wanted = "HEAD:charts/a/manifest.json" if with_bundle else "HEAD:specs/a.yaml"
    head_object = repo.git("rev-parse", wanted).stdout.strip()
    assert head_object in delta_ids(repo), "the object the build reads is a delta"
    manifest = native_and_git(repo, tmp_path)
    assert previous_values(manifest) == values(12, 99)


def test_packed_refs_and_detached_head(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.git("tag", "-a", "-m", "first", "v1")
    repo.git("pack-refs", "--all")
    assert not (repo.path / ".git" / "refs" / "heads" / "main").exists()
    assert "refs/heads/main" in (repo.path / ".git" / "packed-refs").read_text()
    repo.write("specs/a.yaml", spec("a", {"X": 3, "Y": 2}))
    assert previous_values(native_and_git(repo, tmp_path)) == {"X": 1, "Y": 2}
    repo.commit("v2")
    repo.git("checkout", "-q", "--detach", "HEAD~0")
    repo.write("specs/a.yaml", spec("a", {"X": 9, "Y": 2}))
    assert previous_values(native_and_git(repo, tmp_path)) == {"X": 3, "Y": 2}


def test_linked_worktree(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.git("worktree", "add", "-q", "-b", "other", str(tmp_path / "linked"))
    linked = Repo(tmp_path / "linked", tmp_path)
    linked.write("specs/a.yaml", spec("a", {"X": 4, "Y": 2}))
    linked.commit("other v2")
    linked.write("specs/a.yaml", spec("a", {"X": 8, "Y": 2}))
    assert (linked.path / ".git").is_file()
    assert previous_values(native_and_git(linked, tmp_path)) == {"X": 4, "Y": 2}


def test_submodule(repo, tmp_path):
    sub = Repo(tmp_path / "sub", tmp_path)
    sub.path.mkdir()
    sub.git("init", "-q", "-b", "main")
    sub.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    sub.commit("sub v1")
    repo.write("README.md", "super\n")
    repo.commit("super")
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub.path), "sub")
    repo.commit("with sub")
    inner = Repo(repo.path / "sub", tmp_path)
    assert (inner.path / ".git").is_file()
    inner.write("specs/a.yaml", spec("a", {"X": 6, "Y": 2}))
    assert previous_values(native_and_git(inner, tmp_path)) == {"X": 1, "Y": 2}


def test_a_shallow_clone(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 2, "Y": 2}))
    repo.commit("v2")
    shallow = Repo(tmp_path / "shallow", tmp_path)
    repo.run("git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(shallow.path), cwd=tmp_path)
    assert (shallow.path / ".git" / "shallow").exists()
    shallow.write("specs/a.yaml", spec("a", {"X": 3, "Y": 2}))
    assert previous_values(native_and_git(shallow, tmp_path)) == {"X": 2, "Y": 2}


def test_a_repository_without_a_commit(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    manifest = native_and_git(repo, tmp_path)
    assert previous_values(manifest) is None


def declined(repo, tmp_path, extra=None, expected=None, compare=True):
    """The build asks git (the reader declined) and writes what it writes when git answers."""
    calls, files, manifest, _ = build(repo, tmp_path, extra=extra)
    assert any(c.endswith("cat-file --batch-command") for c in calls), calls
    if compare:
        _, forced_files, _, _ = build(repo, tmp_path, extra=dict(FORCE_GIT, **(extra or {})))
        assert files == forced_files
    if expected is not None:
        assert previous_values(manifest) == expected
    return manifest


def test_sha256_repositories_are_read_by_git(tmp_path, piec_binary):
    path = tmp_path / "repo"
    path.mkdir()
    repo = Repo(path, tmp_path)
    repo.git("init", "-q", "-b", "main", "--object-format=sha256")
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 2, "Y": 2}))
    declined(repo, tmp_path, expected={"X": 1, "Y": 2})


def test_alternates_replace_refs_grafts_and_git_dir_are_left_to_git(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 2, "Y": 2}))
    repo.commit("v2")
    repo.write("specs/a.yaml", spec("a", {"X": 3, "Y": 2}))
    # Alternates: a clone that borrows the objects of another repository.
    shared = Repo(tmp_path / "shared", tmp_path)
    repo.run("git", "clone", "-q", "--shared", str(repo.path), str(shared.path), cwd=tmp_path)
    assert (shared.path / ".git" / "objects" / "info" / "alternates").exists()
    shared.write("specs/a.yaml", spec("a", {"X": 7, "Y": 2}))
    declined(shared, tmp_path, expected={"X": 2, "Y": 2})
    # Replace refs rewrite what HEAD is: git says what it says (here: the first commit; not
    # compared with a build under GIT_NO_REPLACE_OBJECTS, which reads the real HEAD).
    repo.git("replace", "HEAD", "HEAD~1")
    declined(repo, tmp_path, expected={"X": 1, "Y": 2}, compare=False)
    repo.git("replace", "-d", "HEAD")
    # Grafts (obsolete, still read): left to git.
    (repo.path / ".git" / "info").mkdir(exist_ok=True)
    (repo.path / ".git" / "info" / "grafts").write_text("")
    declined(repo, tmp_path, expected={"X": 2, "Y": 2})
    (repo.path / ".git" / "info" / "grafts").unlink()
    # GIT_DIR (and the other variables that change what git reads).
    declined(repo, tmp_path, extra={"GIT_DIR": str(repo.path / ".git")}, expected={"X": 2, "Y": 2})


def test_an_unknown_extension_or_newer_format_is_left_to_git(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 2, "Y": 2}))
    repo.git("config", "core.repositoryformatversion", "1")
    repo.git("config", "extensions.partialClone", "origin")
    declined(repo, tmp_path, expected={"X": 1, "Y": 2})


def test_a_corrupt_object_is_left_to_git(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 2, "Y": 2}))
    blob = repo.git("rev-parse", "HEAD:specs/a.yaml").stdout.strip()
    path = repo.path / ".git" / "objects" / blob[:2] / blob[2:]
    data = path.read_bytes()
    path.chmod(0o644)
    path.write_bytes(data[:-6])   # truncated: the stream ends early
    calls, _, _, _ = build(repo, tmp_path)
    assert any(c.endswith("cat-file --batch-command") for c in calls), calls


def test_another_users_repository_is_left_to_git(repo, tmp_path):
    """git refuses a repository owned by another user ("dubious ownership"); the native reader
    must not read it either. Needs root, to give the repository away."""
    if os.geteuid() != 0:
        pytest.skip("giving the repository to another user needs root")
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 2, "Y": 2}))
    (repo.path / "charts").mkdir()
    for path in [repo.path / ".git", *(repo.path / ".git").rglob("*")]:
        os.lchown(path, 65534, 65534)
    extra = {"GIT_CONFIG_GLOBAL": str(tmp_path / "empty-gitconfig")}   # no safe.directory
    manifest = declined(repo, tmp_path, extra=extra)
    assert previous_values(manifest) is None, "git refuses: the chart enters, as before"
