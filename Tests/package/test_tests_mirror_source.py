"""PieCore's Swift tests mirror its source (issue 39): a file under Tests/PieCoreTests sits in the
folder that mirrors the PieCore folder of what it tests (`Layout/`, `Stage/`, `Codegen/CSS/`,
...), so a test file at the root or in a folder PieCore does not have (an old `Other/`) fails
here. The one file allowed at the root is `Support.swift`: helpers every test uses, no tests."""

from conftest import REPO

CORE = REPO / "Sources" / "PieCore"
TESTS = REPO / "Tests" / "PieCoreTests"
AT_ROOT = {"Support.swift"}


def misplaced(tests, core):
    """Swift files under `tests` whose folder is the root (bar AT_ROOT) or has no twin under `core`."""
    problems = []
    for path in sorted(tests.rglob("*.swift")):
        folder = path.parent.relative_to(tests)
        if folder.parts == ():
            if path.name not in AT_ROOT:
                problems.append(f"{path.relative_to(tests)}: at the root; move it to the folder of the source it tests")
        elif not (core / folder).is_dir():
            problems.append(f"{path.relative_to(tests)}: Sources/PieCore/{folder.as_posix()} does not exist")
    return problems


def test_every_core_test_sits_in_the_folder_of_its_source():
    assert TESTS.is_dir() and CORE.is_dir()
    assert len(list(TESTS.rglob("*Tests.swift"))) >= 80, "too few test files found: is the path wrong?"
    problems = misplaced(TESTS, CORE)
    assert not problems, "\n".join(problems)


def test_the_check_sees_a_misplaced_file(tmp_path):
    """The scan is real: a test at the root and one in a folder without a source twin are reported."""
    core, tests = tmp_path / "core", tmp_path / "tests"
    (core / "Layout").mkdir(parents=True)
    for name in ("Support.swift", "RootTests.swift", "Layout/FitTests.swift", "Other/OtherTests.swift"):
        (tests / name).parent.mkdir(parents=True, exist_ok=True)
        (tests / name).write_text("")
    found = [p.split(":")[0] for p in misplaced(tests, core)]
    assert len(found) == 2
    assert any(p.endswith("RootTests.swift") for p in found) and any(p.endswith("OtherTests.swift") for p in found)
