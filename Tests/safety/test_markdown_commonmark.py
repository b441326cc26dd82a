"""`piec md` finds ```piec blocks where a CommonMark renderer shows code blocks (issue 42).

A seeded corpus of Markdown documents mixes fences of both characters and several lengths and
indentations, fences inside longer fences, HTML comments, raw HTML blocks (`<pre>`,
`<details>`, `<div>`, with and without the blank line that ends them), indented code blocks,
paragraphs and a byte order mark, and puts them in block quotes (with and without the space
after `>`, after a paragraph with a lazy line) and list items (bullet and ordered, markers of
several widths, an item that starts with a blank line, an item after a sibling), nested either
way, beside lists that end and code indented in a list. Each ```piec block has its own id.
markdown-it-py's CommonMark preset (the reference, Debian's python3-markdown-it) says which of
them are code blocks; `piec md` must draw exactly those, put each image reference in the same
block quotes and list items as its block (the `html_block` of its begin marker has the same
container tokens around it as the fence), and a second run must write nothing. HTML blocks of
CommonMark's kind 7 (any other tag alone on a line) are left out, and so is a blank line inside
a `<pre>` in a list item (markdown-it ends the HTML block there, CommonMark does not)."""

import random
import re
import subprocess

from markdown_it import MarkdownIt

SPEC = "piec: 1\nid: {id}\nslices: [{{label: A, value: 1}}, {{label: B, value: 2}}]\n"


def piec_fence(rng, n, indent=None, char=None, length=None):
    char = char or rng.choice("`~")
    length = length or rng.choice([3, 3, 4, 5])
    pad = " " * (rng.choice([0, 0, 0, 1, 2, 3]) if indent is None else indent)
    info = rng.choice(["piec", "piec", "piec {.wide}", "piec title=x"])
    body = "".join(pad + line + "\n" for line in SPEC.format(id=f"b{n}").splitlines())
    return f"{pad}{char * length}{info}\n{body}{pad}{char * length}\n"


def pieces(rng, n):
    """One piece of a document holding the block `b{n}` (or not, when the piece hides it)."""
    kind = rng.choice(["plain", "plain", "long", "comment", "pre", "details", "div-blank", "indented", "other", "paragraph"])
    block = piec_fence(rng, n)
    if kind == "long":
        return "````markdown\n" + piec_fence(rng, n, char="`", length=3) + "````\n"
    if kind == "comment":
        return "<!--\n" + block + "-->\n"
    if kind == "pre":
        return "<pre>\n\n" + block + "</pre>\n"
    if kind == "details":
        return "<details>\n" + block + "</details>\n"
    if kind == "div-blank":
        return "<div>\n\n" + block + "\n</div>\n"
    if kind == "indented":
        return "\n" + "".join("    " + line + "\n" for line in block.splitlines())
    if kind == "other":
        return "```yaml\npiec: 1\n```\n" + block
    if kind == "paragraph":
        return "Some text\n" + block
    return block


MARKERS = ["- ", "* ", "+ ", "1. ", "1) ", "10. ", "-   ", "3.  "]


def quoted(rng, text):
    """`text` in a block quote, sometimes after a paragraph with a lazy line."""
    bare = rng.random() < 0.3
    out = "".join((">" if (bare and not line.startswith(" ")) or not line else "> ") + line + "\n" for line in text.splitlines())
    if rng.random() < 0.3:
        out = "> Quoted text\nlazy line\n" + rng.choice([">\n", ""]) + out
    return out


def item(rng, text):
    """`text` in a list item, sometimes after a sibling item or a paragraph of its own."""
    marker = rng.choice(MARKERS)
    # markdown-it ends an HTML block at a blank line in a list item; CommonMark (and cmark,
    # GitHub) goes on to the `</pre>`, as piec does: left out.
    lines = text.replace("<pre>\n\n", "<pre>\n").splitlines()
    if rng.random() < 0.2:
        lines = ["Item text", ""] + lines
    if rng.random() < 0.2:
        head, width = marker.rstrip() + "\n", len(marker.rstrip()) + 1
    else:
        head, width = marker + lines.pop(0) + "\n", len(marker)
    out = head + "".join((" " * width + line if line else "") + "\n" for line in lines)
    if rng.random() < 0.3:
        out = marker.rstrip() + " First item\n" + rng.choice(["\n", ""]) + out
    return out


def contained(rng, text, depth=0):
    """`text` in nested block quotes and list items (or as it is)."""
    kind = rng.choice(["none", "quote", "item", "item"] if depth else ["none", "none", "quote", "item"])
    if kind == "none" or depth >= 3:
        return text
    inner = contained(rng, text, depth + 1) if rng.random() < 0.4 else text
    return quoted(rng, inner) if kind == "quote" else item(rng, inner)


def traps(rng, n):
    """A block beside a list that ends, or indented in a list item as code."""
    block = piec_fence(rng, n, indent=0)
    kind = rng.choice(["after-list", "after-list-paragraph", "code-in-item", "after-quote"])
    if kind == "after-list":
        return "- item\n" + block
    if kind == "after-list-paragraph":
        return "- item\n\nNot in the list.\n  " + block.replace("\n", "\n  ").rstrip(" ")
    if kind == "code-in-item":
        return "- item\n\n" + "".join("      " + line + "\n" for line in block.splitlines())
    return "> quote\n\n" + block


def corpus(count=200, seed=42):
    rng = random.Random(seed)
    docs = []
    for d in range(count):
        parts = ["# Doc\n\n"]
        for n in range(rng.randint(1, 5)):
            parts.append(traps(rng, n) if rng.random() < 0.15 else contained(rng, pieces(rng, n)))
            parts.append(rng.choice(["\n", "\nText between.\n\n", ""]))
        text = "".join(parts)
        docs.append(("\ufeff" if rng.random() < 0.1 else "") + text)
    return docs


def is_piec(token):
    return token.type == "fence" and token.info.split(" ")[0].split("{")[0] == "piec"


def block_id(token):
    m = re.search(r"^id: (\S+)$", token.content, re.M)
    return m.group(1) if m else None


def commonmark_ids(text):
    tokens = MarkdownIt("commonmark").parse(text.lstrip("\ufeff"))
    return sorted(i for t in tokens if is_piec(t) for i in [block_id(t)] if i)


def placed(text):
    """For each block id: the container tokens around its fence and around its reference's
    begin marker (each a list of (type, first line))."""
    stack, fences, references = [], {}, {}
    for t in MarkdownIt("commonmark").parse(text.lstrip("\ufeff")):
        if t.type in ("blockquote_open", "list_item_open"):
            stack.append((t.type, t.map[0]))
        elif t.type in ("blockquote_close", "list_item_close"):
            stack.pop()
        elif is_piec(t):
            fences[block_id(t)] = list(stack)
        elif t.type == "html_block" and t.content.startswith("<!-- piec:begin "):
            references[t.content.split()[2]] = list(stack)
    return fences, references


def test_piec_md_draws_exactly_the_code_blocks_commonmark_shows(piec, tmp_path):
    differ = []
    drawn_total = 0
    nested = 0
    for k, text in enumerate(corpus()):
        folder = tmp_path / f"d{k}"
        folder.mkdir()
        (folder / "doc.md").write_text(text, encoding="utf-8")
        proc = subprocess.run([str(piec), "md", "doc.md"], cwd=folder, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"doc {k}: piec md exited {proc.returncode}:\n{proc.stderr}\n{text}"
        drawn = sorted(p.stem for p in (folder / "piec").glob("*.json")) if (folder / "piec").is_dir() else []
        drawn_total += len(drawn)
        expected = commonmark_ids(text)
        if drawn != expected:
            differ.append(f"doc {k}: piec drew {drawn}, CommonMark shows {expected}:\n{text}")
            continue
        rewritten = (folder / "doc.md").read_text(encoding="utf-8")
        fences, references = placed(rewritten)
        if sorted(fences) != expected or fences != references:
            differ.append(f"doc {k}: fences in {fences}, references in {references}:\n{rewritten}")
            continue
        nested += sum(1 for v in fences.values() if v)
        again = subprocess.run([str(piec), "md", "doc.md"], cwd=folder, capture_output=True, text=True, timeout=120)
        if again.returncode != 0 or "0 files written" not in again.stderr or (folder / "doc.md").read_text(encoding="utf-8") != rewritten:
            differ.append(f"doc {k}: a second run wrote: {again.stderr}\n{rewritten}")
    assert not differ, "\n\n".join(differ[:5])
    assert drawn_total > 100 and nested > 50, (drawn_total, nested)


def test_the_corpus_hides_blocks_too():
    """Half of the pieces hide their block from CommonMark (a check of the generator)."""
    docs = corpus()
    written = sum(len(re.findall(r"^[ >*+\-0-9.)]*(?:`{3,}|~{3,})piec", t, re.M)) for t in docs)
    shown = sum(len(commonmark_ids(t)) for t in docs)
    assert 0.3 * written < shown < 0.8 * written, (written, shown)
