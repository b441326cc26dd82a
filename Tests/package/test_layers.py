"""PieCore's folders are layers: a folder names no type declared in a folder above it.

From the bottom: Geometry (exact shapes, math only), Theme (paint values), Layout (a chart at
rest), Transition (two versions -> plan, poses, changes), Stage (what is drawn and how it
moves, `Stage.at`), Drawing (how each track is encoded: `Budgets`, `DrawingPlan.choose`, the
strategies), Codegen (bytes); the files at
PieCore's root (Compiler) sit on top. A type is "named" when its identifier appears in a
file's code (comments and string literals removed); a file that declares a nested type of the
same name (e.g. `OutsideLabels.Segment`) refers to its own, and a name written after a type
and a dot (`OutsideLabels.Segment` elsewhere) is that type's nested one. A second rule: output bytes are
written in Codegen only (no other folder names `ByteWriter` or `JSONStream`).
"""

import re

from conftest import REPO

CORE = REPO / "Sources" / "PieCore"
LAYERS = ["Geometry", "Theme", "Layout", "Transition", "Stage", "Drawing", "Codegen"]
TOP = "(root)"
DECLARATION = re.compile(
    r"^([ \t]*)(?:(?:public|internal|private|fileprivate|package|final|indirect)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)", re.M)
WRITERS = {"ByteWriter", "JSONStream"}


def code(text):
    """`text` without comments and string literals."""
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def layer(path):
    parts = path.relative_to(CORE).parts
    return parts[0] if len(parts) > 1 else TOP


def sources():
    for path in sorted(CORE.rglob("*.swift")):
        yield path, layer(path), code(path.read_text(encoding="utf-8"))


def declarations():
    """Top-level type name -> its layer; and per file, the nested type names it declares."""
    top, nested = {}, {}
    for path, where, text in sources():
        assert where in LAYERS or where == TOP, f"{path}: PieCore folder {where!r} is not a declared layer"
        for indent, name in DECLARATION.findall(text):
            if indent:
                nested.setdefault(path, set()).add(name)
            else:
                top[name] = where
    return top, nested


def rank(where):
    return len(LAYERS) if where == TOP else LAYERS.index(where)


def test_no_folder_names_a_type_from_a_folder_above_it():
    top, nested = declarations()
    problems = []
    for path, where, text in sources():
        own = nested.get(path, set())
        # A name after a type and a dot (`OutsideLabels.Segment`) is that type's nested one.
        for name in sorted(set(re.findall(r"(?<![\w.])[A-Z]\w*\b", text)) - own):
            if name in top and rank(top[name]) > rank(where):
                problems.append(f"{path.relative_to(REPO)} ({where}) names {name} ({top[name]})")
    assert not problems, "\n".join(problems)


def test_only_codegen_writes_bytes():
    problems = []
    for path, where, text in sources():
        if where in ("Codegen", TOP):
            continue
        used = WRITERS & set(re.findall(r"\b\w+\b", text))
        if used:
            problems.append(f"{path.relative_to(REPO)} ({where}) names {sorted(used)}")
    assert not problems, "\n".join(problems)


def test_the_check_sees_a_violation():
    """The scan is real: Codegen's SVGWriter named in Layout would be reported."""
    top, _ = declarations()
    assert top.get("SVGWriter") == "Codegen" and top.get("ChartLayout") == "Layout"
    assert top.get("Scene") == "Drawing" and top.get("InkScene") == "Drawing"
    assert top.get("TransitionPlan") == "Transition" and top.get("SegmentGeometry") == "Geometry"
    assert top.get("DrawingPlan") == "Drawing" and top.get("Budgets") == "Drawing" and top.get("Stage") == "Stage"
    text = code('let s: SVGWriter // Layout\nlet t = "TransitionPlan"')
    assert "SVGWriter" in re.findall(r"\b[A-Z]\w*\b", text)
    assert "TransitionPlan" not in re.findall(r"\b[A-Z]\w*\b", text)
