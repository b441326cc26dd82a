"""The developer documents that list files stay complete: Tests/browser/README.md's table
names every browser test file, so a new file cannot land unlisted."""
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def table_rows(text, heading):
    """The first cells and the last cells of the table under `heading` (a `## ` line)."""
    part = text[text.index(heading):]
    part = part[:part.find("\n## ", 1)] if "\n## " in part[1:] else part
    rows = [line for line in part.splitlines() if line.startswith("| ") and not line.startswith("|---")]
    return [(cells[0].strip(), cells[-1].strip()) for cells in (r.strip("|").split(" | ") for r in rows[1:])]


def test_the_browser_readme_names_every_test_file():
    text = (REPO / "Tests" / "browser" / "README.md").read_text(encoding="utf-8")
    listed = {first for first, _ in table_rows(text, "## Files")}
    files = {p.name for p in (REPO / "Tests" / "browser").glob("test_*.py")}
    assert len(files) >= 20, "no browser test files found: is the path right?"
    assert not files - listed, f"Tests/browser/README.md's Files table misses {sorted(files - listed)}"
    assert not listed - files, f"Tests/browser/README.md's Files table names files that are gone: {sorted(listed - files)}"

