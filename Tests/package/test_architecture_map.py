"""ARCHITECTURE.md is a map of the code as it is: every Swift name it quotes as code
(`ChartPose`, `Transition.between(old:new:)`, `Compiler.compile/generate`) and every source
path it names (`PieCore/Transition/Pose.swift`) exists, so the map cannot drift silently."""
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DECLARATION = r"\b(?:struct|enum|class|protocol|extension|typealias|actor)\s+{}\b"
MEMBER = r"\b(?:func|var|let|case|init)\s+{}\b"


def quoted_names(text):
    """(type, [members]) for every code span that is one Swift name (`Type`, `Type.member`,
    `Type.a/b`, with or without an argument list)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for span in re.findall(r"`([^`\n]+)`", text):
        m = re.fullmatch(r"([A-Z][a-z]+[A-Z][A-Za-z0-9]*|[A-Z][a-z]{3,}[A-Za-z0-9]*)(?:\.([a-z][A-Za-z0-9/]*))?(?:\(.*\))?", span)
        if m and not span.endswith(".swift") and not re.fullmatch(r"[A-Z][a-z]+", span):   # plain words (`Geometry`) are folders
            yield m.group(1), (m.group(2) or "").split("/") if m.group(2) else []


def test_every_quoted_swift_name_exists():
    source = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "Sources").rglob("*.swift"))
    missing = []
    names = list(quoted_names((REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")))
    assert len(names) >= 30, f"the map quotes only {len(names)} Swift names: is the pattern broken?"
    for type_name, members in names:
        if not re.search(DECLARATION.format(type_name), source) and not (REPO / "Sources" / type_name).is_dir():
            missing.append(type_name)
        missing += [f"{type_name}.{m}" for m in members if not re.search(MEMBER.format(m), source)]
    assert not missing, f"ARCHITECTURE.md names code that does not exist: {sorted(set(missing))}"


def test_every_named_source_path_exists():
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    paths = set(re.findall(r"\b(Pie[A-Za-z]+/[A-Za-z/+]+\.swift)\b", text))
    assert paths, "the map names no source file: is the pattern broken?"
    missing = [p for p in sorted(paths) if not (REPO / "Sources" / p).is_file()]
    assert not missing, f"ARCHITECTURE.md names files that do not exist: {missing}"


def test_the_map_stays_short():
    # A newcomer reads it in ten minutes: about 12,000 characters.
    assert len((REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")) <= 12_000


def test_the_walkthrough_counts_its_files_honestly():
    """The walkthrough's example names its file count, the files that only mention the key
    (`less K that only mention it`) and a count per step: the steps add up to the total, and
    the total is every source file that names the key today less those K. A file that starts
    or stops naming the key (a new drawing, a manifest that iterates `ChartElements`) fails
    this until the text is recounted."""
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    walk = text[text.index("## Walkthrough"):text.index("## Cross-cutting")]
    head = re.search(r"`(\w+)\.(\w+)`[^:]*: (\d+) source files\s*\(`git grep -il (\w+) Sources`, less (\d+) that only mention it\)", walk)
    assert head, "the walkthrough no longer says `N source files (`git grep -il WORD Sources`, less K ...)`"
    total, word, incidental = int(head.group(3)), head.group(4), int(head.group(5))
    steps = [int(n) for n in re.findall(r"^\d+\. \w+, (\d+)", walk, re.M)]
    assert len(steps) >= 4, f"the walkthrough's steps are not `k. Layer, n: ...` lines: {steps}"
    assert sum(steps) == total, f"the walkthrough's steps count {steps} = {sum(steps)} files, its headline {total}"
    naming = [p for p in (REPO / "Sources").rglob("*.swift") if word in p.read_text(encoding="utf-8").lower()]
    assert len(naming) - incidental == total, (
        f"{len(naming)} source files name `{word}` today, less {incidental} is {len(naming) - incidental}, "
        f"but ARCHITECTURE.md's walkthrough counts {total}: recount it")
