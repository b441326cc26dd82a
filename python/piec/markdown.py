"""```piec blocks in Python-Markdown through SuperFences: MkDocs, Material for MkDocs, Zensical.

    markdown_extensions:
      - pymdownx.superfences:
          custom_fences:
            - name: piec
              class: piec
              format: !!python/name:piec.markdown.fence
              validator: !!python/name:piec.markdown.validator

Each block is a spec; it becomes the animated chart inline (piec's chart.svg: CSS animation, no
script), entering as the spec's `animation.enter` says. Its dark look follows the reader's
system (`prefers-color-scheme`); `format: !!python/name:piec.markdown.material` instead keys it
to Material's palette toggle (`[data-md-color-scheme=slate]`, `piec build --dark-selector`).
Options after the info string:

- `file="PATH"`: build that spec file instead of the block's text (which is then empty), so its
  data files and `.piec.yaml` defaults are found beside it;
- `show="source"`: the spec as a YAML code block above the chart (a manual's examples);
- `from="PATH"`: animate from that previous version (a spec file), as `piec build --from`;
- `since="REV"`: animate from the block's own version in the same page at the git revision REV
  (a tag, branch or commit), matched by id; a block new or unchanged since enters.

Paths are relative to the working directory: the folder of mkdocs.yml when MkDocs runs.

Each block is built alone (`piec build --no-files`: its spec names no data file) unless `file=`
names a spec file. A block without `id:` takes the page's file stem and its place on the page
(`setup-2`), so two blocks on one page never share class or keyframe names (MkDocs tells the
fence its page, and so does Zensical; where a host does not, the stem is `page`).

A spec error raises SuperFencesException (SuperFences drops a block whose formatter raises any
other exception): the build fails with the block's line in the page and piec's diagnostics.
Warnings (a label left out) are logged on `mkdocs.plugins.piec`, so `mkdocs build --strict`
fails on them too. The piec executable is found by piec.binary() ($PIEC, beside Python, PATH).
"""

import html
import logging
import re
from pathlib import Path

from . import _blocks

try:
    from pymdownx.superfences import SuperFencesException
except ImportError:      # without SuperFences nothing calls the fence; keep the module importable
    class SuperFencesException(Exception):
        pass

log = logging.getLogger("mkdocs.plugins.piec")
OPTIONS = ("show", "from", "file", "since")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*\{?\.?piec\b")


def validator(language, inputs, options, attrs, md):
    """Accepts the options piec knows (show="source", from="PATH", file="PATH", since="REV") and no other."""
    for key, value in inputs.items():
        if key not in OPTIONS:
            raise SuperFencesException(f"piec block: unknown option `{key}` (known: {', '.join(OPTIONS)})")
        if key == "show" and value != "source":
            raise SuperFencesException(f"piec block: show=\"{value}\": the only value is \"source\"")
        options[key] = value
    return True


def fence(source, language, class_name, options, md, dark_selector=None, **kwargs):
    """The HTML of one ```piec block: the chart's SVG inline (and its source with show)."""
    line = _page_line(md, source)
    page = _page_path(md)
    n = md.__dict__.get("_piec_count", 0)
    md.__dict__["_piec_count"] = n + 1
    where = f"piec block at line {line} of the page" if line else "piec block"
    if line and page is not None:     # Zensical's error names no page: the block's message does
        where += f" ({_shown(page)})"
    named = options.get("file")
    if named and source.strip():
        raise SuperFencesException(f"{where}: file=\"{named}\" and a spec in the block: give one")
    if named and not Path(named).is_file():
        raise SuperFencesException(f"{where}: cannot read {named}: no such file")
    text = Path(named).read_text(encoding="utf-8") if named else source
    block_id = _blocks.spec_id(text) or _blocks.block_id(page or "page", n)
    previous = None
    if options.get("since"):
        previous = _previous(page, options["since"], block_id, text, where)
    try:
        svg, warnings = _blocks.build_svg(source, block_id=block_id, where=where, line=line + 1 if line else 0,
                                          file=named, previous=previous, previous_file=options.get("from"),
                                          dark_selector=dark_selector)
    except _blocks.BlockError as error:
        raise SuperFencesException(str(error))
    for warning in warnings:
        log.warning(warning)
    parts = []
    if options.get("show") == "source":
        parts.append(f'<pre class="piec-source"><code class="language-yaml">{html.escape(text)}</code></pre>')
    parts.append(f'<div class="{class_name or "piec"}">{svg}</div>')
    return "\n".join(parts)


MATERIAL_DARK = "[data-md-color-scheme=slate]"


def material(source, language, class_name, options, md, **kwargs):
    """`fence` for Material for MkDocs: the dark look follows its palette toggle."""
    return fence(source, language, class_name, options, md, dark_selector=MATERIAL_DARK, **kwargs)


def _page_path(md):
    """The page's source file: MkDocs registers its link rewriter, which knows it, on every
    page's Markdown; Zensical its rendering context (the page's path in docs_dir, and the
    config). None elsewhere."""
    try:
        return Path(md.treeprocessors["relpath"].file.abs_src_path)
    except (KeyError, AttributeError, TypeError):
        pass
    try:
        context = md.preprocessors["rendering_context"]
        return Path(context.config["root_dir"], context.config["docs_dir"], context.page.path)
    except (KeyError, AttributeError, TypeError):
        return None


def _shown(page):
    """The page's path as the error names it: relative to the working directory when inside it."""
    try:
        return page.relative_to(Path.cwd())
    except ValueError:
        return page


def _previous(page, rev, block_id, text, where):
    """The text of this block at `rev` in the same page (None: it enters)."""
    if page is None:
        raise SuperFencesException(f"{where}: since=\"{rev}\" needs the page's file, which this host does not tell piec")
    try:
        old = _blocks.document_at(page, rev)
    except _blocks.BlockError as error:
        raise SuperFencesException(f"{where}: {error}")
    if old is None:
        return None
    found = _blocks.previous_blocks(page, [t for _, t in _blocks.markdown_blocks(old)])
    before = found.get(block_id)
    return None if before is None or before == text else before
def _page_line(md, source):
    """The page line of the block's opening fence (1-based), found in the lines Markdown is
    converting; the n-th block with the same text gets the n-th match. 0 when not found."""
    lines = getattr(md, "lines", None) or []
    body = source.rstrip("\n").split("\n")
    seen = md.__dict__.setdefault("_piec_blocks_seen", {})
    skip = seen.get(source, 0)
    for i, text in enumerate(lines):
        if FENCE.match(text) and [x.strip() for x in lines[i + 1:i + 1 + len(body)]] == [x.strip() for x in body]:
            if skip == 0:
                seen[source] = seen.get(source, 0) + 1
                return i + 1
            skip -= 1
    return 0
