"""`pandoc --filter piec-pandoc`: every ```{.piec} code block of a pandoc document becomes its chart.

A pandoc JSON filter (standard library only): it reads the document's AST as JSON on stdin, the
output format as its first argument, and writes the AST back on stdout. Each code block with
class `piec` (```` ```piec ```` or ```` ```{.piec ...} ````) is a spec; it becomes

- in HTML formats (html, html4, html5, epub, epub2, epub3, revealjs, slidy, s5, dzslides,
  slideous, chunkedhtml): the animated chart inline, piec's chart.svg (CSS animation, no
  script) in a `<div class="piec">`. Its look matches pandoc's own templates unless metadata
  `piec-dark-selector` says otherwise: light in HTML and EPUB (whose pages are light whatever
  the reader's system), dark in reveal.js (black by default; light when metadata `theme` names
  a light theme). `piec-dark-selector` is the page's own dark selector (`body.quarto-dark`),
  `system` (follow the reader's `prefers-color-scheme`), `light` or `dark`;
- in latex, beamer and context (and so `-o doc.pdf`): the final chart as a PDF file;
- in every other format (docx, odt, pptx, markdown, ...): the final chart as a PNG file.

The files go to the folder named by metadata `piec-images` (default `piec-images`, relative to
the working directory), each named by a hash of its bytes, and the block becomes an image of it.

Code-block attributes: `file="PATH"` builds that spec file (its data files and `.piec.yaml`
beside it, as `piec build` does; the block is then empty); `since="REV"` animates the chart
from its version in the same document at git revision REV (matched by the spec's `id:`, else
by its place); `show="source"` puts the spec as a YAML code block above the chart. A pandoc
id (`{.piec #sales}`) is the anchor of the chart's element.

Pandoc gives JSON filters no file name, so the document is named by metadata `piec-document`
(`-M piec-document=doc.md`) or else the environment variable PIEC_DOCUMENT, else `page`: its
stem names the blocks that have no `id:` (`doc-1`, `doc-2`, ...) so no two charts of a page
share class or keyframe names, and `since` reads that file at REV (pandoc, to find the blocks
of that version: $PANDOC, else the pandoc that runs this filter, else pandoc on PATH).

A spec error is printed on stderr naming the block (its number and, with
`-f commonmark+sourcepos`, `doc.md:LINE` of the bad line) and the filter exits 1, so pandoc
fails. Warnings (a label left out) are printed on stderr and the document is still written.
"""

import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import PiecNotFound
from . import _blocks

OPTIONS = ("file", "since", "show")
HTML_FORMATS = {"html", "html4", "html5", "epub", "epub2", "epub3", "revealjs", "s5", "slidy",
                "slideous", "dzslides", "chunkedhtml"}
PDF_FORMATS = {"latex", "beamer", "context", "pdf"}
DEFAULT_IMAGES = "piec-images"
# piec-dark-selector takes the words of `_blocks.DARK_WORDS` (the reader's system, or one look
# always); anything else is the page's own dark selector.
# reveal.js themes with a dark background (pandoc's default is black)
DARK_SLIDES = {"black", "black-contrast", "league", "night", "moon", "blood", "dracula", "dark"}
PANDOC_PROGRAM = "pandoc"
_POS = re.compile(r"^(?:(.*)@)?(\d+):\d+-")


def stringify(value):
    """The plain text of a metadata value or of inlines."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "".join(stringify(v) for v in value)
    if isinstance(value, dict):
        kind, content = value.get("t"), value.get("c")
        if kind in ("Str", "MetaString"):
            return content
        if kind in ("Space", "SoftBreak", "LineBreak"):
            return " "
        if kind == "MetaBool":
            return "true" if content else "false"
        if kind in ("Code", "Math", "RawInline"):
            return content[-1]
        if isinstance(content, list):
            return stringify([c for c in content if isinstance(c, (list, dict))])
    return ""


def meta_text(doc, key):
    value = (doc.get("meta") or {}).get(key)
    return stringify(value).strip() if value is not None else ""


def is_piec(node):
    return (isinstance(node, dict) and node.get("t") == "CodeBlock"
            and "piec" in node["c"][0][1])


def piec_blocks(node):
    """The piec code blocks of an AST (or part of one) in document order."""
    if is_piec(node):
        return [node]
    found = []
    if isinstance(node, dict):
        for key in ("c", "blocks"):
            if key in node:
                found += piec_blocks(node[key])
    elif isinstance(node, list):
        for item in node:
            found += piec_blocks(item)
    return found


def inlines(text):
    out = []
    for n, word in enumerate(text.split()):
        if n:
            out.append({"t": "Space"})
        out.append({"t": "Str", "c": word})
    return out


class Filter:
    def __init__(self, doc, fmt):
        self.doc = doc
        self.fmt = re.split(r"[+-]", fmt or "html", maxsplit=1)[0].lower()
        self.document = meta_text(doc, "piec-document") or os.environ.get("PIEC_DOCUMENT", "")
        self.name = self.document or "page"
        self.images = Path(meta_text(doc, "piec-images") or DEFAULT_IMAGES)
        dark = meta_text(doc, "piec-dark-selector") or self.default_dark()
        self.dark_selector = _blocks.DARK_WORDS.get(dark, dark)
        self.count = 0
        self.errors = []
        self.previous = {}

    def default_dark(self):
        """The look of pandoc's own templates: its HTML and EPUB pages are light whatever the
        reader's system, its reveal.js slides dark unless metadata `theme` names a light one."""
        if self.fmt == "revealjs":
            theme = meta_text(self.doc, "theme")
            return "dark" if not theme or theme in DARK_SLIDES else "light"
        return "light"

    # -- walking -------------------------------------------------------------------------------
    def run(self):
        self.doc["blocks"] = self.walk(self.doc.get("blocks", []))
        return self.doc

    def walk(self, node):
        if isinstance(node, list):
            out = []
            for item in node:
                if is_piec(item):
                    out.extend(self.block(item))
                else:
                    out.append(self.walk(item))
            return out
        if isinstance(node, dict):
            return {k: self.walk(v) for k, v in node.items()}
        return node

    # -- one block -----------------------------------------------------------------------------
    def block(self, node):
        (anchor, classes, pairs), text = node["c"]
        index = self.count
        self.count += 1
        attrs = dict(pairs)
        positions = [v for k, v in pairs if k == "data-pos"]
        pos = _POS.match(positions[-1]) if positions else None
        source_file = (pos.group(1) if pos and pos.group(1) else self.document) or None
        fence = int(pos.group(2)) if pos else 0
        where = f"piec block {index + 1}"
        if fence:
            where += f" ({source_file}:{fence})" if source_file else f" (line {fence})"
        try:
            blocks, warnings = self.convert(index, anchor, attrs, text, where, fence)
        except (_blocks.BlockError, PiecNotFound) as error:
            self.errors.append(self.locate(str(error), source_file, attrs.get("file")))
            return [node]
        for warning in warnings:
            print(f"piec-pandoc: {self.locate(warning, source_file, attrs.get('file'))}", file=sys.stderr)
        return blocks

    def locate(self, message, source_file, spec_file):
        """`line L:` of the document as `doc.md:L:`, `spec line L:` of a spec file as `PATH:L:`."""
        if source_file:
            message = re.sub(r"(?<![\w-])(?<!spec )line (\d+): ", lambda m: f"{source_file}:{m.group(1)}: ", message)
        if spec_file:
            message = re.sub(r"spec line (\d+): ", lambda m: f"{spec_file}:{m.group(1)}: ", message)
        return message

    def convert(self, index, anchor, attrs, text, where, fence):
        for key, value in attrs.items():
            if key not in OPTIONS and not key.startswith("data-"):
                raise _blocks.BlockError(f"{where}: unknown attribute `{key}` (known: {', '.join(OPTIONS)})")
        if attrs.get("show", "source") != "source":
            raise _blocks.BlockError(f"{where}: show=\"{attrs['show']}\": the only value is \"source\"")
        named = attrs.get("file")
        if named:
            if text.strip():
                raise _blocks.BlockError(f"{where}: file=\"{named}\" and a spec in the block: give one")
            try:
                text = Path(named).read_text(encoding="utf-8")
            except OSError as error:
                raise _blocks.BlockError(f"{where}: cannot read file=\"{named}\": {error.strerror}")
        chart_id = _blocks.spec_id(text) or _blocks.block_id(self.name, index)
        inline = self.fmt in HTML_FORMATS
        # an image is the final chart: only the animated SVG has a previous version
        previous = self.previous_version(attrs["since"], chart_id, where) if inline and attrs.get("since") else None
        out = []
        if attrs.get("show") == "source":
            out.append({"t": "CodeBlock", "c": [["", ["yaml"], []], text.rstrip("\n")]})
        line = fence + 1 if fence else 0
        if inline:
            svg, warnings = _blocks.build_svg(text, block_id=chart_id, where=where, line=line, file=named,
                                              previous=previous, dark_selector=self.dark_selector)
            div = f'<div class="piec" id="{anchor}">' if anchor else '<div class="piec">'
            out.append({"t": "RawBlock", "c": ["html", f"{div}{svg.strip()}</div>"]})
            return out, warnings
        ext = "pdf" if self.fmt in PDF_FORMATS else "png"
        # built once for its diagnostics at their lines (render's errors are plain text)
        svg, warnings = _blocks.build_svg(text, block_id=chart_id, where=where, line=line, file=named)
        data = _blocks.render(text, ext, where=where, line=line, file=named)
        path = self.write_image(data, ext)
        # the chart's own text alternative: "ID: A 33.3%, B 66.7%."
        desc = re.search(r"<desc\b[^>]*>(.*?)</desc>", svg, re.S)
        alt = inlines(html.unescape(desc.group(1)) if desc else f"chart {chart_id}")
        image = {"t": "Image", "c": [[anchor, [], []], alt, [path.as_posix(), ""]]}
        out.append({"t": "Para", "c": [image]})
        return out, warnings

    def write_image(self, data, ext):
        path = self.images / f"piec-{hashlib.sha256(data).hexdigest()[:16]}.{ext}"
        if path.is_file() and path.read_bytes() == data:
            return path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
        except OSError as error:
            raise _blocks.BlockError(f"cannot write {path}: {error.strerror}")
        return path

    # -- since ---------------------------------------------------------------------------------
    def previous_version(self, rev, chart_id, where):
        if not self.document:
            raise _blocks.BlockError(
                f"{where}: since=\"{rev}\" needs the document's path, which pandoc gives no filter: "
                "pass -M piec-document=PATH (or set PIEC_DOCUMENT=PATH)")
        if rev not in self.previous:
            try:
                self.previous[rev] = self.blocks_at(rev)
            except _blocks.BlockError as error:
                raise _blocks.BlockError(f"{where}: {error}")
        return self.previous[rev].get(chart_id)

    def blocks_at(self, rev):
        """The piec blocks of the document at `rev`, by id: found by pandoc, as now."""
        old = _blocks.document_at(self.document, rev)
        if old is None:
            return {}
        with tempfile.TemporaryDirectory(prefix="piec-pandoc-") as tmp:
            copy = Path(tmp) / Path(self.document).name
            copy.write_text(old, encoding="utf-8")
            command = [pandoc_program(), str(copy), "-t", "json"]
            if copy.suffix.lower() in ("", ".md", ".markdown", ".qmd", ".rmd", ".txt"):
                command += ["-f", "markdown"]
            proc = subprocess.run(command, capture_output=True, stdin=subprocess.DEVNULL, timeout=_blocks.TIMEOUT)
        if proc.returncode != 0:
            error = proc.stderr.decode("utf-8", "replace").strip()
            raise _blocks.BlockError(f"since: {rev}: pandoc could not read {self.document} there: {error}")
        texts = []
        for node in piec_blocks(json.loads(proc.stdout).get("blocks", [])):
            (_, _, pairs), text = node["c"]
            named = dict(pairs).get("file")
            if named:
                text = _blocks.document_at(named, rev) or ""
            texts.append(text)
        found = _blocks.previous_blocks(self.name, texts)
        return {k: v for k, v in found.items() if v.strip()}


def pandoc_program():
    """$PANDOC, else the pandoc running this filter (Linux), else pandoc on PATH."""
    named = os.environ.get("PANDOC")
    if named:
        return named
    try:
        parent = os.readlink(f"/proc/{os.getppid()}/exe")
        if Path(parent).name.startswith(PANDOC_PROGRAM):
            return parent
    except OSError:
        pass
    found = shutil.which(PANDOC_PROGRAM)
    if not found:
        raise _blocks.BlockError("since needs pandoc to read the earlier version: "
                                 "none on PATH (set PANDOC=/path/to/pandoc)")
    return found


def main(argv=None):
    argv = sys.argv if argv is None else argv
    fmt = argv[1] if len(argv) > 1 else "html"
    try:
        doc = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    except ValueError as error:
        print(f"piec-pandoc: stdin is not a pandoc JSON document ({error}); "
              "run me as `pandoc --filter piec-pandoc`", file=sys.stderr)
        return 65
    run = Filter(doc, fmt)
    out = run.run()
    if run.errors:
        for error in run.errors:
            print(f"piec-pandoc: {error}", file=sys.stderr)
        return 1
    sys.stdout.buffer.write(json.dumps(out, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
