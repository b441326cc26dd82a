"""`piec build` and `piec build --check` in real repositories: a bundle records the previous
version it animates from, so it is checked and rebuilt to the same bytes at any later commit, in
a fresh clone, with no --from. Each test is one scenario of issue 24 ("What was measured")."""

from conftest import kind, previous_values, spec

LANG_V1 = spec("languages", {"Python": 40, "Swift": 30, "Perl": 30}, "chart: {innerRadius: 0.5}\n")
LANG_V2 = spec("languages", {"Python": 50, "Swift": 30, "Perl": 20}, "chart: {innerRadius: 0.5}\n")
LANG_V3 = spec("languages", {"Python": 45, "Swift": 35, "Go": 20}, "chart: {innerRadius: 0.5}\n")


def committed_v1(repo, *extra_specs):
    """specs/languages.yaml (and `extra_specs`, (name, text)) at v1 with bundles in charts/."""
    repo.write("specs/languages.yaml", LANG_V1)
    for name, text in extra_specs:
        repo.write(f"specs/{name}.yaml", text)
    repo.piec("build", "specs", "-o", "charts", check=True)
    repo.commit("charts v1")


def test_a_transition_built_with_from_passes_check_in_a_fresh_clone(repo):
    """Measured 1: a bundle built with --from failed a plain --check (E0510)."""
    repo.write("old/languages.yaml", LANG_V1)
    committed_v1(repo)
    repo.write("specs/languages.yaml", LANG_V2)
    repo.piec("build", "specs", "-o", "charts", "--from", "old", check=True)
    m = repo.manifest("charts/languages/manifest.json")
    assert kind(m) == "transition" and previous_values(m) == {"Python": 40, "Swift": 30, "Perl": 30}
    repo.commit("v2 with its transition")
    check = repo.piec("build", "--check", "specs", "-o", "charts")
    assert check.returncode == 0, check.stderr
    clone = repo.clone("clone")
    fresh = clone.piec("build", "--check", "specs", "-o", "charts")
    assert fresh.returncode == 0, fresh.stderr


def test_e0510_names_the_command_that_makes_check_pass(repo):
    """Measured 1: E0510's help said `piec build`, which rewrote the bundle without its transition."""
    committed_v1(repo)
    repo.write("specs/languages.yaml", LANG_V2)
    stale = repo.piec("build", "--check", "specs", "-o", "charts")
    assert stale.returncode == 2
    assert "help: run `piec build specs -o charts` and commit the result" in stale.stderr, stale.stderr
    repo.piec("build", "specs", "-o", "charts", check=True)
    m = repo.manifest("charts/languages/manifest.json")
    assert kind(m) == "transition", "the fix keeps the chart animating from what readers saw"
    assert repo.piec("build", "--check", "specs", "-o", "charts").returncode == 0
    repo.commit("v2")
    assert repo.clone("clone").piec("build", "--check", "specs", "-o", "charts").returncode == 0


def test_the_fast_path_and_a_fresh_clone_write_the_same_bundle(repo):
    """Measured 1: after a --from build, `piec build` said "1 unchanged" while a fresh clone
    rewrote the bundle: the fast path trusted file times over a default that differed."""
    repo.write("old/languages.yaml", LANG_V1)
    committed_v1(repo)
    repo.write("specs/languages.yaml", LANG_V2)
    repo.piec("build", "specs", "-o", "charts", "--from", "old", check=True)
    repo.commit("v2 built --from old")
    again = repo.piec("build", "specs", "-o", "charts", check=True)
    assert "0 written, 1 unchanged" in again.stderr
    clone = repo.clone("clone")
    rebuilt = clone.piec("build", "specs", "-o", "charts", check=True)
    assert "0 written, 1 unchanged" in rebuilt.stderr, rebuilt.stderr
    assert clone.status() == "" and repo.status() == ""
    assert clone.bytes_under("charts") == repo.bytes_under("charts")


def test_check_passes_after_unrelated_commits_without_from(repo):
    """Measured 2: `--check --from HEAD~1` passed only right after the change; after a README
    commit 3 of 4 bundles were stale. Now no --from is needed, at any later commit."""
    others = [(n, spec(n, {"A": 1, "B": 2, "C": 3})) for n in ("budget", "storage", "uptime")]
    committed_v1(repo, *others)
    repo.write("specs/languages.yaml", LANG_V2)
    for name, _ in others[:2]:
        repo.write(f"specs/{name}.yaml", spec(name, {"A": 3, "B": 2, "C": 1}))
    repo.piec("build", "specs", "-o", "charts", check=True)
    changed = [repo.manifest(f"charts/{n}/manifest.json") for n in ("languages", "budget", "storage")]
    assert [kind(m) for m in changed] == ["transition"] * 3
    assert kind(repo.manifest("charts/uptime/manifest.json")) == "enter-grow"
    repo.commit("three charts change")
    for n in range(3):
        repo.write("README.md", f"unrelated {n}\n")
        repo.commit(f"unrelated {n}")
        check = repo.piec("build", "--check", "specs", "-o", "charts")
        assert check.returncode == 0, f"after {n + 1} unrelated commits: {check.stderr}"
        # An old --from setting keeps passing too: HEAD~1 is a commit the charts did not change in.
        assert repo.piec("build", "--check", "specs", "-o", "charts", "--from", "HEAD~1").returncode == 0
    clone = repo.clone("clone")
    assert clone.piec("build", "--check", "specs", "-o", "charts").returncode == 0
    clone.piec("build", "specs", "-o", "charts", check=True)
    assert clone.status() == ""


def test_an_unchanged_spec_built_from_head_keeps_its_entry(repo):
    """Measured 3: a spec that did not change, built with --from HEAD, lost its entry animation
    (a transition from itself) and a plain --check then failed on it."""
    committed_v1(repo, ("budget", spec("budget", {"A": 1, "B": 2})))
    before = repo.bytes_under("charts")
    repo.write("specs/languages.yaml", LANG_V2)
    built = repo.piec("build", "specs", "-o", "charts", "--from", "HEAD", check=True)
    m = repo.manifest("charts/budget/manifest.json")
    assert kind(m) == "enter-grow" and m["previous"] is None, built.stderr
    assert repo.bytes_under("charts")["budget/chart.svg"] == before["budget/chart.svg"]
    assert kind(repo.manifest("charts/languages/manifest.json")) == "transition"
    assert repo.piec("build", "--check", "specs", "-o", "charts").returncode == 0
    # `--from none`: the enter animation, recorded as such, and checked as such.
    repo.piec("build", "specs", "-o", "charts", "--from", "none", check=True)
    entered = repo.manifest("charts/languages/manifest.json")
    assert kind(entered) == "enter-grow" and entered["previous"] is None
    assert repo.piec("build", "--check", "specs", "-o", "charts").returncode == 0


def test_a_data_file_and_shared_defaults_change_between_commits(repo):
    """The previous version is read with the data file and .piec.yaml of its commit."""
    repo.write(".piec.yaml", "chart: {innerRadius: 0.5}\n")
    repo.write("data/share.csv", "label,value\nA,50\nB,30\nC,20\n")
    repo.write("specs/share.yaml", "piec: 1\nid: share\ndata: {file: ../data/share.csv}\n")
    repo.piec("build", "specs", "-o", "charts", check=True)
    repo.commit("share v1")
    repo.write("data/share.csv", "label,value\nA,40\nC,20\nD,40\n")
    repo.write(".piec.yaml", "chart: {innerRadius: 0.6}\n")
    repo.piec("build", "specs", "-o", "charts", check=True)
    m = repo.manifest("charts/share/manifest.json")
    assert previous_values(m) == {"A": 50, "B": 30, "C": 20}
    assert m["previous"]["chart"]["innerRadius"] == 0.5 and m["spec"]["chart"]["innerRadius"] == 0.6
    repo.commit("share v2")
    repo.write("README.md", "unrelated\n")
    repo.commit("unrelated")
    assert repo.clone("clone").piec("build", "--check", "specs", "-o", "charts").returncode == 0


def test_a_charts_data_file_change_between_commits(repo):
    """A chart of `charts:` reads its own data file: the previous version is read with that
    chart's file at its commit, a change to the file alone rebuilds the bundle, `--check`
    fails until it is rebuilt."""
    repo.write("data/east.csv", "label,value\nA,50\nB,50\n")
    repo.write("specs/grid.yaml", "piec: 1\nid: grid\ncharts:\n  - id: west\n    slices: [{label: A, value: 1}]\n"
               "  - id: east\n    data: {file: ../data/east.csv}\n")
    repo.piec("build", "specs", "-o", "charts", check=True)
    repo.commit("grid v1")
    repo.write("data/east.csv", "label,value\nA,20\nB,80\n")
    assert repo.piec("build", "--check", "specs", "-o", "charts").returncode != 0
    repo.piec("build", "specs", "-o", "charts", check=True)
    m = repo.manifest("charts/grid/manifest.json")
    # A bundle of `charts:` records no kind of its own (`animation.kind` is `none`): the
    # previous version it animates from is the proof.
    assert m["previous"] is not None
    east = [c for c in m["previous"]["charts"] if c["id"] == "east"][0]
    assert {s["label"]: s["value"] for s in east["slices"]} == {"A": 50, "B": 50}
    assert [s["value"] for s in m["spec"]["charts"][1]["slices"]] == [20, 80]
    assert repo.piec("build", "--check", "specs", "-o", "charts").returncode == 0
    repo.commit("grid v2")
    assert repo.clone("clone").piec("build", "--check", "specs", "-o", "charts").returncode == 0

def test_without_committed_bundles_every_clone_builds_the_same_bytes(repo):
    """Bundles not committed (the output folder ignored, built by CI): a spec unchanged since
    HEAD enters, the spec at HEAD is the previous version of an edit, and `--from HEAD` walks
    back to the version before the last change: every clone builds the same bytes."""
    repo.write(".gitignore", "charts/\n")
    repo.write("specs/languages.yaml", LANG_V1)
    repo.commit("v1")
    repo.write("specs/languages.yaml", LANG_V2)
    repo.commit("v2")
    repo.write("README.md", "unrelated\n")
    repo.commit("unrelated")
    first, second = repo.clone("first"), repo.clone("second")
    for clone in (first, second):
        clone.piec("build", "specs", "-o", "charts", check=True)
        assert kind(clone.manifest("charts/languages/manifest.json")) == "enter-grow"
        clone.piec("build", "specs", "-o", "site", "--from", "HEAD", check=True)
        assert previous_values(clone.manifest("site/languages/manifest.json")) == {"Python": 40, "Swift": 30, "Perl": 30}
    assert second.bytes_under("charts") == first.bytes_under("charts")
    assert second.bytes_under("site") == first.bytes_under("site")
    # Edited but not committed: the spec at HEAD (v2) is what readers saw.
    second.write("specs/languages.yaml", LANG_V3)
    second.piec("build", "specs", "-o", "charts", check=True)
    assert previous_values(second.manifest("charts/languages/manifest.json")) == {"Python": 50, "Swift": 30, "Perl": 20}
    # A comment is not a change: the chart still enters.
    first.write("specs/languages.yaml", "# a comment\n" + LANG_V2)
    first.piec("build", "specs", "-o", "charts", check=True)
    assert kind(first.manifest("charts/languages/manifest.json")) == "enter-grow"


def test_a_renamed_spec_keeps_its_bundle(repo):
    """`git mv` of a spec with an explicit id: the committed bundle is found by id."""
    committed_v1(repo)
    repo.write("specs/languages.yaml", LANG_V2)
    repo.piec("build", "specs", "-o", "charts", check=True)
    repo.commit("v2")
    charts = repo.bytes_under("charts")
    repo.git("mv", "specs/languages.yaml", "specs/langs.yaml")
    renamed = repo.piec("build", "specs", "-o", "charts", check=True)
    assert "0 written, 1 unchanged" in renamed.stderr and repo.bytes_under("charts") == charts
    repo.commit("rename")
    repo.write("specs/langs.yaml", LANG_V3)
    repo.piec("build", "specs", "-o", "charts", check=True)
    assert previous_values(repo.manifest("charts/languages/manifest.json")) == {"Python": 50, "Swift": 30, "Perl": 20}
    repo.commit("v3")
    assert repo.clone("clone").piec("build", "--check", "specs", "-o", "charts").returncode == 0


def test_a_spec_deleted_and_added_again(repo):
    """Deleted with its bundle, the chart was gone for readers: it comes back entering. Deleted
    with its bundle left committed, readers still saw that bundle: it animates from it."""
    committed_v1(repo, ("budget", spec("budget", {"A": 1, "B": 2})))
    repo.git("rm", "-q", "-r", "specs/languages.yaml", "charts/languages")
    (repo.path / "specs/budget.yaml").unlink()
    repo.commit("delete both specs, keep the budget bundle")
    repo.write("specs/languages.yaml", LANG_V2)
    repo.write("specs/budget.yaml", spec("budget", {"A": 2, "B": 2}))
    repo.piec("build", "specs", "-o", "charts", check=True)
    back = repo.manifest("charts/languages/manifest.json")
    assert kind(back) == "enter-grow" and back["previous"] is None
    assert previous_values(repo.manifest("charts/budget/manifest.json")) == {"A": 1, "B": 2}
    repo.commit("added again")
    clone = repo.clone("clone")
    assert clone.piec("build", "--check", "specs", "-o", "charts").returncode == 0
    clone.piec("build", "specs", "-o", "charts", check=True)
    assert clone.status() == ""


def test_outside_git_the_bundle_in_the_output_folder_is_the_previous_version(tmp_path, piec_binary):
    from conftest import Repo
    work = Repo(tmp_path / "plain", tmp_path)
    work.write("languages.yaml", LANG_V1)
    work.piec("build", "languages.yaml", "-o", "out", check=True)
    work.write("languages.yaml", LANG_V2)
    work.piec("build", "languages.yaml", "-o", "out", check=True)
    assert previous_values(work.manifest("out/languages/manifest.json")) == {"Python": 40, "Swift": 30, "Perl": 30}
    again = work.piec("build", "languages.yaml", "-o", "out", check=True)
    assert "0 written, 1 unchanged" in again.stderr
    assert work.piec("build", "--check", "languages.yaml", "-o", "out").returncode == 0


ALPHAS = "piec: 1\nid: mix\nslices:\n" + "".join(
    f"  - {{id: {i}, label: {i}, value: {v}, color: \"{c}\"}}\n"
    for i, v, c in [("built", 40, "#2563eb"), ("planned", 30, "#2563eb66"), ("other", 30, "rgba(220, 38, 38, 0.5)")])


def test_an_edited_spec_of_slices_of_their_own_alphas_builds_from_head(repo):
    """Issue 41: slices of their own alphas refused any previous version (E0617), so a plain
    `piec build` of an edited committed spec failed. Now an edit animates from the spec at
    HEAD, a reorder included (the moved slice's old place closes as its new one opens)."""
    repo.write(".gitignore", "charts/\n")
    repo.write("specs/mix.yaml", ALPHAS)
    repo.commit("v1")
    repo.write("specs/mix.yaml", ALPHAS.replace("value: 40", "value: 60").replace("#2563eb66", "#2563ebb3"))
    edited = repo.piec("build", "specs", "-o", "charts")
    assert edited.returncode == 0, edited.stderr
    assert "E0617" not in edited.stderr, edited.stderr
    m = repo.manifest("charts/mix/manifest.json")
    assert kind(m) == "transition" and previous_values(m) == {"built": 40, "planned": 30, "other": 30}
    lines = ALPHAS.splitlines(keepends=True)
    repo.write("specs/mix.yaml", "".join(lines[:3] + [lines[5], lines[3], lines[4]]))
    reordered = repo.piec("build", "specs", "-o", "charts")
    assert reordered.returncode == 0, reordered.stderr
    assert "E0617" not in reordered.stderr, reordered.stderr
    m = repo.manifest("charts/mix/manifest.json")
    assert kind(m) == "transition" and not m["movers"], "animates, with no mover over the others"
