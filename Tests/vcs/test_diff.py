"""`piec diff` in a repository (issue 24, measured 5): one line and one JSON entry per slice, its
own exit status for "changed", and, without OLD, the previous version `piec build` uses."""

import json

from conftest import REPO, spec

V1 = spec("languages", {"Swift": 40, "Python": 30, "Go": 22, "Perl": 8})
V2 = """piec: 1
id: languages
slices:
  - { id: swift, label: Swift, value: 44 }
  - { id: python3, label: Python 3, value: 28, renamedFrom: [python] }
  - { id: go, label: Go, value: 28 }
"""


def committed(repo):
    repo.write("specs/languages.yaml", V1)
    repo.piec("build", "specs", "-o", "out", check=True)
    repo.commit("v1")
    repo.write("specs/languages.yaml", V2)


def test_a_rename_with_changes_is_one_line_and_one_entry(repo):
    committed(repo)
    text = repo.piec("diff", "specs/languages.yaml", "--from", "HEAD", check=True).stdout
    assert text == ("~ swift  40.0% -> 44.0%  (value)\n"
                    "~ python -> python3  30.0% -> 28.0%  (label, value)\n"
                    "~ go  22.0% -> 28.0%  (value)\n"
                    "- perl  8.0%\n"), text
    report = json.loads(repo.piec("diff", "specs/languages.yaml", "--from", "HEAD", "--format", "json", check=True).stdout)
    entries = [(s["kind"], s["id"]) for s in report["slices"]]
    assert entries == [("update", "swift"), ("rename", "python3"), ("update", "go"), ("remove", "perl")]
    renamed = report["slices"][1]
    assert renamed["oldId"] == "python" and renamed["fields"] == ["label", "value"]
    assert report["slices"][3]["oldPercent"] == "8.0"


def test_the_page_counts_a_renamed_slice_once(repo):
    """The sentence counted a rename twice ("1 added, 1 removed, 5 changed" for 4 slices)."""
    values = {f"S{i}": i + 1 for i in range(7)}
    repo.write("specs/many.yaml", spec("many", values))
    repo.piec("build", "specs", "-o", "out", check=True)
    repo.commit("many v1")
    rows = "".join(f"  - {{ id: s{i}, label: S{i}, value: {i + 3} }}\n" for i in range(1, 7))
    repo.write("specs/many.yaml", "piec: 1\nid: many\nslices:\n  - { id: t0, label: T0, value: 4, renamedFrom: [s0] }\n" + rows)
    repo.piec("build", "specs", "-o", "out", check=True)
    page = (repo.path / "out/many/index.html").read_text()
    assert "7 changed." in page and "added" not in page and "removed" not in page, page[page.find("<figcaption>"):][:200]


def test_changed_has_its_own_exit_status(repo):
    """`--exit-code` exited 1 both for "changed" and for "the spec has errors"."""
    committed(repo)
    changed = repo.piec("diff", "specs/languages.yaml", "--from", "HEAD", "--exit-code")
    assert changed.returncode == 3, changed.stderr
    same = repo.piec("diff", "specs/languages.yaml", "--from", "specs/languages.yaml", "--exit-code")
    assert same.returncode == 0 and same.stdout == "no changes\n"
    repo.write("specs/languages.yaml", V2.replace("value: 44", "value: -1"))
    broken = repo.piec("diff", "specs/languages.yaml", "--from", "HEAD", "--exit-code")
    assert broken.returncode == 1
    help_text = repo.piec("diff", "--help").stdout
    assert "3 when anything changed" in help_text
    assert "diff \\-\\-exit\\-code: the two versions differ" in repo.piec("man").stdout


def test_a_ring_moving_lists_no_slice(repo):
    """A ring's unchanged slices were listed as `(radius)` when only innerRadius changed."""
    rings = (REPO / "specs" / "nested-rings.yaml").read_text()
    assert "chart: {innerRadius: 0.3}" in rings
    repo.write("specs/engines.yaml", rings)
    repo.commit("rings on a donut")
    repo.write("specs/engines.yaml", rings.replace("chart: {innerRadius: 0.3}", "chart: {innerRadius: 0.5}"))
    diff = repo.piec("diff", "specs/engines.yaml", "--from", "HEAD", check=True)
    assert diff.stdout == "chart innerRadius 0.3 -> 0.5\n", diff.stdout


def test_diff_without_old_shows_what_build_animates(repo):
    """`piec diff SPEC` uses the default previous version of `piec build`, in the same places."""
    committed(repo)
    repo.piec("build", "specs", "-o", "out", check=True)
    built = repo.manifest("out/languages/manifest.json")["changes"]
    default = json.loads(repo.piec("diff", "specs/languages.yaml", "-o", "out", "--format", "json", check=True).stdout)
    assert default == built
    repo.commit("v2")
    repo.write("README.md", "unrelated\n")
    repo.commit("unrelated")
    clone = repo.clone("clone")
    again = json.loads(clone.piec("diff", "specs/languages.yaml", "-o", "out", "--format", "json", check=True).stdout)
    assert again == built
