"""`--from` with several specs, and a revision that does not exist (issue 24, measured 4 and 6)."""

from conftest import kind, previous_values, spec

LANGUAGES = spec("languages", {"Swift": 30, "Python": 25, "Go": 20, "Rust": 15, "Perl": 10}, "chart: {innerRadius: 0.5}\n")
STORAGE = spec("storage", {"Used": 60, "Cache": 25, "Free": 15}, "chart: {sweep: 180}\n")


def two_charts(repo):
    repo.write("specs/languages.yaml", LANGUAGES)
    repo.write("specs/storage.yaml", STORAGE)
    repo.piec("build", "specs", "-o", "previous", check=True)
    repo.write("specs/languages.yaml", LANGUAGES.replace("value: 30", "value: 40"))


def test_one_bundle_folder_is_used_only_for_the_chart_with_its_id(repo):
    """Measured 4: `--from DIR` naming one bundle folder applied it to every spec: the storage
    gauge animated out of the languages donut ("3 slices were added, 5 removed")."""
    two_charts(repo)
    built = repo.piec("build", "specs", "-o", "out", "--from", "previous/languages")
    assert built.returncode == 0, built.stderr
    languages = repo.manifest("out/languages/manifest.json")
    assert kind(languages) == "transition" and previous_values(languages)["Swift"] == 30
    storage = repo.manifest("out/storage/manifest.json")
    assert kind(storage) == "enter-grow" and storage["previous"] is None
    page = (repo.path / "out/storage/index.html").read_text()
    assert "added" not in page and "removed" not in page
    # A folder of bundles is matched by chart id: each chart from its own bundle (storage, not
    # changed since its bundle was built, keeps what that bundle animates from: its entry).
    repo.write("specs/storage.yaml", STORAGE.replace("value: 60", "value: 70"))
    repo.write("specs/uptime.yaml", spec("uptime", {"Up": 99, "Down": 1}))
    by_id = repo.piec("build", "specs", "-o", "out2", "--from", "previous")
    assert by_id.returncode == 0, by_id.stderr
    assert previous_values(repo.manifest("out2/storage/manifest.json")) == {"Used": 60, "Cache": 25, "Free": 15}
    assert previous_values(repo.manifest("out2/languages/manifest.json"))["Swift"] == 30
    assert "holds no bundle `uptime`" in by_id.stderr and kind(repo.manifest("out2/uptime/manifest.json")) == "enter-grow"


def test_anything_else_is_a_usage_error(repo):
    """A bundle that matches none of the specs, or a folder of neither bundles nor specs."""
    two_charts(repo)
    repo.write("specs/storage.yaml", STORAGE.replace("id: storage", "id: disk"))
    (repo.path / "specs/languages.yaml").unlink()
    repo.write("specs/uptime.yaml", spec("uptime", {"Up": 99, "Down": 1}))
    unmatched = repo.piec("build", "specs", "-o", "out", "--from", "previous/languages")
    assert unmatched.returncode == 64, unmatched.stderr
    assert unmatched.stderr.startswith("piec: error: --from names the chart `languages`, which none of the 2 specs builds")
    repo.write("notes/todo.txt", "nothing piec reads\n")
    neither = repo.piec("build", "specs", "-o", "out", "--from", "notes")
    assert neither.returncode == 64 and "holds neither bundles nor specs" in neither.stderr, neither.stderr
    assert not (repo.path / "out").exists(), "nothing is written"


def test_an_unknown_revision_is_one_usage_error_with_did_you_mean(repo):
    """Measured 6: `--from HAED` printed E0513 once per spec and exited 1."""
    two_charts(repo)
    repo.commit("two charts")
    repo.git("branch", "release-2026")
    repo.commit("second")
    for typo, meant in (("HAED", "HEAD"), ("HEAD~7", "HEAD~1"), ("relaese-2026", "release-2026"), ("HAED~1", "HEAD~1")):
        run = repo.piec("build", "specs", "-o", "out", "--from", typo)
        assert run.returncode == 64, run.stderr
        assert run.stderr.count("piec: error:") == 1 and "E0513" not in run.stderr, run.stderr
        assert f"did you mean '{meant}'" in run.stderr, (typo, run.stderr)
        check = repo.piec("build", "--check", "specs", "-o", "out", "--from", typo)
        assert check.returncode == 64
    diff = repo.piec("diff", "specs/languages.yaml", "--from", "HAED")
    assert diff.returncode == 64 and "did you mean 'HEAD'" in diff.stderr
    assert not (repo.path / "out").exists()
