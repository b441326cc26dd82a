"""The developer documents that list files stay complete: Tests/browser/README.md's table
names every browser test file, and bench/browser/README.md gives every experiment a status
(kept, superseded by X, rejected), so a new file cannot land unlisted."""
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STATUSES = ("kept", "superseded by", "rejected")


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


def test_every_bench_experiment_has_a_status():
    text = (REPO / "bench" / "browser" / "README.md").read_text(encoding="utf-8")
    rows = table_rows(text, "## Experiments")
    here = {p.name for p in (REPO / "bench" / "browser" / "experiments").glob("*.py")}
    named = {}
    for first, status in rows:
        m = re.fullmatch(r"`([\w.]+\.py)`( \(removed\))?", first)
        assert m, f"an experiment row does not start with `NAME.py`: {first!r}"
        assert status.startswith(STATUSES), f"{m.group(1)}: status {status!r} is none of {STATUSES}"
        named[m.group(1)] = bool(m.group(2))
    assert not here - set(named), f"bench/browser/README.md gives no status to {sorted(here - set(named))}"
    gone = sorted(n for n, removed in named.items() if not removed and n not in here)
    assert not gone, f"experiments listed but not in bench/browser/experiments (mark them removed): {gone}"
    kept = sorted(n for n, removed in named.items() if removed and n in here)
    assert not kept, f"experiments marked removed are still there: {kept}"
