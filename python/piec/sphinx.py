"""Sphinx and MyST: `extensions = ["piec.sphinx"]` (with MyST: `["myst_parser", "piec.sphinx"]`).

A `piec` directive whose content is a spec (or `:file: PATH`) becomes its chart:

    .. piec::
       :since: HEAD

       piec: 1
       slices:
         - {label: Python, value: 40}

In MyST the same directive is a ```` ```{piec} ```` fence (options as `:key: value` lines or a
`---` YAML block first). Each block is built once, when Sphinx reads the document (the chart is
kept in the environment's doctree, so incremental builds reuse it), and placed by the builder:

- HTML builders (html, dirhtml, singlehtml, epub, ...): the animated chart inline, piec's
  chart.svg (CSS animation, no script) in a `<div class="piec">`;
- builders that take PDF images (latex, so `make latexpdf`): the final chart as a PDF drawn by
  piec render (no browser), written into the build folder and placed as an image; PNG for
  builders that take only bitmaps (texinfo); the chart's description for the rest (text, man).

Options: `:file: PATH` builds that spec file (relative to the document's folder, or `/PATH`
from the source folder, as `literalinclude` reads; its data file and `.piec.yaml` are read
beside it and noted as dependencies); `:since: REV` animates the chart from its version in the
same document at git revision REV (blocks matched by their `id:`, else by their place in the
document; `none`: the chart enters); `:show: source` also shows the spec as a YAML code block.

Config: `piec_since` (default None) is `:since:` for every block that names none;
`piec_dark_selector` (default None: the chart's dark look follows the reader's system,
`prefers-color-scheme`) keys it to the theme's own dark switch instead, e.g.
`body[data-theme="dark"]` (furo) or `html[data-theme=dark]` (pydata-sphinx-theme); `"light"`
keeps it light always (themes with no dark look: alabaster, Sphinx's default), `"dark"` dark.

Every block gets its own chart id, so two charts of a page never share class or keyframe names:
its spec's `id:`, else `DOC-N` (`_blocks.block_id` of the document's name, folders joined by
`-`, and the block's place in it). A spec error is an error at the document's line of the bad
spec line (`docs/page.rst:15: ERROR: piec: error[E0205]: ...`), shown in the page, and the
build exits non-zero (with or without -W); piec's warnings are Sphinx warnings (type `piec`:
-W fails on them, `suppress_warnings = ["piec"]` silences them).
"""

import hashlib
import html
import json
import os
import posixpath
import re
import subprocess
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from . import PiecNotFound, binary
from . import _blocks

logger = logging.getLogger(__name__)

ENV_VERSION = 1
NO_PAGES = {"gettext", "linkcheck", "dummy"}   # builders that write no chart anywhere
_MEMO, _RENDERED, _OLD_BLOCKS = {}, {}, {}
_MEMO_SIZE = 512
_VERSION = {}


class piec_chart(nodes.General, nodes.Element):
    """A built chart until its builder places it (doctree-resolved): its `svg`, `spec` (or
    `file`), `block` id, `alt` text and `where` (`path:line` of the directive)."""


def _show(argument):
    return directives.choice(argument, ("source",))


class PiecDirective(SphinxDirective):
    has_content = True
    required_arguments = 0
    optional_arguments = 0
    option_spec = {"file": directives.unchanged_required, "since": directives.unchanged_required,
                   "show": _show}

    def run(self):
        env, docname = self.env, self.env.docname
        index = _next_index(env)
        src, line = self.state_machine.get_source_and_line(self.lineno)
        src = src or env.doc2path(docname)
        first = self._first_content_line(line)
        data = _doc_data(env, docname)
        spec_file = None
        try:
            text, spec_file = self._spec()
            block = _blocks.spec_id(text) or default_id(docname, index)
            seen = _current(env).setdefault("piec_ids", {})
            if block in seen:
                raise _Problem(f"piec: two blocks of this document have the chart id `{block}` (the other at "
                               f"line {seen[block]}): give one its own `id:`")
            seen[block] = line
            previous = self._previous(block, spec_file, data)
            svg, warnings = _build(text, block, previous, spec_file, dark_selector(env.config.piec_dark_selector),
                                   where=f"{src}:{line}", line=first)
        except _Problem as problem:
            return self._fail(src, line, [(src, line, str(problem))])
        except _blocks.BlockError as error:
            return self._fail(src, line, _located(str(error), src, line, spec_file))
        except PiecNotFound as error:
            return self._fail(src, line, [(src, line, f"piec: {error}")])
        for where, at, message in warnings:
            logger.warning(message, location=f"{where}:{at}", type="piec", subtype="warning")
        result = []
        if self.options.get("show") == "source":
            shown = nodes.literal_block(text, text, language="yaml", classes=["piec-source"])
            self.set_source_info(shown)
            result.append(shown)
        chart = piec_chart(svg=svg, spec="" if spec_file else text, file=spec_file or "", block=block,
                           alt=_description(svg), where=f"{src}:{line}")
        self.set_source_info(chart)
        result.append(chart)
        return result

    def _first_content_line(self, line):
        """The document line of the spec's first line: reST gives the content's absolute
        offset, MyST the offset from the opening fence."""
        if type(self.state_machine).__module__.startswith("myst_parser"):
            return self.lineno + 1 + self.content_offset
        return self.state_machine.get_source_and_line(self.content_offset + 1)[1] or line + 1

    def _spec(self):
        """(the spec's text, its file or None)."""
        named = self.options.get("file")
        content = "\n".join(self.content).strip("\n")
        if not named:
            if not content.strip():
                raise _Problem("piec: the block has no spec: write it as the directive's content, or name a spec "
                               "file with :file: PATH")
            return content + "\n", None
        if content.strip():
            raise _Problem(f"piec: :file: {named} and a spec in the block: give one")
        _, path = self.env.relfn2path(named)
        if os.path.isabs(named) and not os.path.exists(path) and os.path.isfile(named):
            path = named              # a path on this machine rather than from the source folder
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise _Problem(f"piec: cannot read :file: {named} ({path}): {error.strerror}")
        for dependency in [path, *_inputs_of(path, text)]:
            self.env.note_dependency(dependency)
        return text, path

    def _previous(self, block, spec_file, data):
        """The block's text at `since` (None: it enters)."""
        since = self.options.get("since", self.env.config.piec_since)
        if not since or str(since).strip().lower() == "none":
            return None
        since = str(since).strip()
        document = spec_file or str(self.env.doc2path(self.env.docname))
        folder = os.path.dirname(os.path.abspath(document))
        data["since"][f"{folder}\0{since}"] = _commit(folder, since)
        if spec_file:
            return _blocks.document_at(spec_file, since)
        key = (document, data["since"][f"{folder}\0{since}"])
        if key not in _OLD_BLOCKS:
            old = _blocks.document_at(document, since)
            _OLD_BLOCKS[key] = {} if old is None else old_blocks(old, self.env.docname, _is_markdown(self.env, document))
        return _OLD_BLOCKS[key].get(block)

    def _fail(self, src, line, located):
        """Each error as a Sphinx error at its line (a system message in the doctree, which the
        page shows with keep_warnings); the document is marked failed, so the build exits
        non-zero and the next build reads it again."""
        _failed(self.env).add(self.env.docname)
        reporter = self.state.document.reporter
        return [reporter.error(message, source=where, line=at) for where, at, message in located]


class _Problem(Exception):
    """A block the directive refuses before piec sees it."""


def dark_selector(value):
    """The --dark-selector of a `piec_dark_selector` value: None (the reader's system), a
    word of `_blocks.DARK_WORDS`, or the theme's selector as is."""
    if value is None or not str(value).strip():
        return None
    value = str(value).strip()
    return _blocks.DARK_WORDS.get(value.lower(), value)


def default_id(docname, index):
    """`_blocks.block_id` of the document's name with its folders (`guide/intro` -> `guide-intro-1`),
    so blocks of two documents with one stem stay apart in singlehtml and LaTeX builds too."""
    return _blocks.block_id(docname.replace("/", "-") + ".rst", index)


def _current(env):
    """What Sphinx keeps while it reads one document (temp_data before Sphinx 8.2)."""
    return env.current_document if hasattr(env, "current_document") else env.temp_data


def _next_index(env):
    current = _current(env)
    index = current.get("piec_index", 0)
    current["piec_index"] = index + 1
    return index


def _build(text, block, previous, spec_file, dark, *, where, line):
    """build_svg, memoised in the process for inline specs by (spec, id, previous, dark
    selector): (svg, [(path, line, message)] of its warnings)."""
    key = None
    if not spec_file:
        key = hashlib.sha256(json.dumps([text, block, previous, dark]).encode("utf-8")).hexdigest()
        if key in _MEMO:
            return _MEMO[key]
    svg, warnings = _blocks.build_svg(text, block_id=block, where="piec", line=line, file=spec_file,
                                      previous=previous, dark_selector=dark)
    path, at = where.rsplit(":", 1)
    located = [x for w in warnings for x in _located(w, path, int(at), spec_file)]
    if key:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.pop(next(iter(_MEMO)))
        _MEMO[key] = svg, located
    return svg, located


_PARTS = re.compile(r"(?:^|; )(?=(?:(?:spec )?line \d+: )?(?:error|warning)\[)")
_AT = re.compile(r"(spec )?line (\d+): (.*)", re.S)


def _located(text, src, line, spec_file):
    """[(path, line, message)] of a _blocks message `piec: line L: error[...]: ...; ...`: `line L`
    is a document line, `spec line L` a line of the spec file; else the directive's line."""
    text = text[len("piec: "):] if text.startswith("piec: ") else text
    out = []
    for part in (p for p in _PARTS.split(text) if p.strip()):
        m = _AT.match(part)
        if m and m.group(1) and spec_file:
            out.append((spec_file, int(m.group(2)), f"piec: {m.group(3)} (the :file: of the block at {src}:{line})"))
        elif m and not m.group(1):
            out.append((src, int(m.group(2)), f"piec: {m.group(3)}"))
        else:
            while part.startswith("piec: "):       # piec's own stderr: `piec: error: ...`
                part = part[len("piec: "):]
            out.append((src, line, f"piec: {part}"))
    return out


def _description(svg):
    m = re.search(r"<desc[^>]*>(.*?)</desc>", svg, re.S)
    return html.unescape(m.group(1)).strip() if m else "piec chart"


def _inputs_of(spec_path, text):
    """The other files a spec file reads that exist: its `data.file` and the `.piec.yaml` files
    from its folder up to its repository's root (the folder holding .git)."""
    found = []
    folder = Path(spec_path).resolve().parent
    m = re.search(r"^data:\s*(?:\{[^}\n]*\bfile:\s*([^,}\s]+)|\n(?:[ \t]+.*\n)*?[ \t]+file:\s*(\S+))", text, re.M)
    if m:
        name = (m.group(1) or m.group(2)).strip("'\"")
        if (folder / name).is_file():
            found.append(str(folder / name))
    for up in [folder, *folder.parents]:
        if (up / ".piec.yaml").is_file():
            found.append(str(up / ".piec.yaml"))
        if (up / ".git").exists():
            break
    return found


def _commit(folder, rev):
    """The commit `rev` names in the repository of `folder`, or None."""
    try:
        proc = subprocess.run(["git", "-C", folder, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                              capture_output=True, text=True, timeout=_blocks.TIMEOUT)
    except (OSError, subprocess.SubprocessError):
        return None
    return proc.stdout.strip() or None


def _is_markdown(env, path):
    for suffix, kind in dict(env.config.source_suffix).items():
        if str(path).endswith(suffix):
            return kind == "markdown"
    return str(path).endswith(".md")


# --- the blocks of an earlier version of a document ---------------------------------------------

def old_blocks(text, docname, markdown):
    """{id: spec} of a document's text: each block's own `id:` or `default_id(docname, n)`, n
    counting every piec block (`:file:` ones too) in document order."""
    found = {}
    for n, spec in enumerate(myst_specs(text) if markdown else rst_specs(text)):
        if spec is not None:
            found.setdefault(_blocks.spec_id(spec) or default_id(docname, n), spec)
    return found


_RST_PIEC = re.compile(r"^([ \t]*)\.\.[ \t]+piec[ \t]*::(.*)$")
_RST_LITERAL = re.compile(r"^([ \t]*)\.\.[ \t]+(code-block|code|sourcecode|parsed-literal|raw|literalinclude|math)[ \t]*::")
_RST_COMMENT = re.compile(r"^([ \t]*)\.\.(?:[ \t]+(?![\w:-]+[ \t]*::)(?!_)(?!\|)|[ \t]*$)")
_RST_OPTION = re.compile(r"^[ \t]+:([\w-]+):(?:[ \t]+(.*))?$")


def _indent(line):
    return len(line.expandtabs()) - len(line.expandtabs().lstrip())


def _block_end(lines, start, indent):
    j = start
    while j < len(lines) and (not lines[j].strip() or _indent(lines[j]) > indent):
        j += 1
    return j


def rst_specs(text):
    """The spec of each `.. piec::` directive of reST text (None for a `:file:` block), skipping
    literal blocks, code directives and comments."""
    lines, out, i = text.splitlines(), [], 0
    while i < len(lines):
        line = lines[i]
        m = _RST_PIEC.match(line)
        if m:
            end = _block_end(lines, i + 1, _indent(line))
            body, k, options = lines[i + 1:end], 0, {}
            while k < len(body) and _RST_OPTION.match(body[k]):
                options[_RST_OPTION.match(body[k]).group(1)] = True
                k += 1
            content = [x for x in body[k:]]
            while content and not content[0].strip():
                content.pop(0)
            while content and not content[-1].strip():
                content.pop()
            cut = min((_indent(x) for x in content if x.strip()), default=0)
            spec = "\n".join(x.expandtabs()[cut:] for x in content) + "\n"
            out.append(None if "file" in options else spec)
            i = end
        elif _RST_LITERAL.match(line) or _RST_COMMENT.match(line):
            i = _block_end(lines, i + 1, _indent(line))
        elif line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            i = _block_end(lines, i + 1, _indent(line))
        else:
            i += 1
    return out


_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,}|:{3,})[ \t]*(.*?)[ \t]*$")


def myst_specs(text):
    """The spec of each ```{piec} (or :::{piec}) fence of MyST text (None for a `:file:` block),
    in order, counting the `.. piec::` blocks of {eval-rst} fences, skipping code fences."""
    lines, out, i, open_ = text.splitlines(), [], 0, []
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.groups()
        if open_ and not info and fence[0] == open_[-1][0] and len(fence) >= len(open_[-1]):
            open_.pop()
            i += 1
            continue
        if fence[0] == ":" and not info.startswith("{"):
            i += 1
            continue
        end = i + 1
        while end < len(lines):
            c = _FENCE.match(lines[end])
            if c and not c.group(3) and c.group(2)[0] == fence[0] and len(c.group(2)) >= len(fence):
                break
            end += 1
        name = re.match(r"\{([^}]*)\}", info)
        body = [x[len(indent):] if x.startswith(indent) else x.lstrip() for x in lines[i + 1:end]]
        if name and name.group(1) == "piec":
            out.append(_myst_spec(body, info[name.end():].strip()))
            i = end + 1
        elif name and name.group(1) == "eval-rst":
            out.extend(rst_specs("\n".join(body)))
            i = end + 1
        elif name:
            open_.append(fence)          # a directive: its content is MyST, read on
            i += 1
        else:
            i = end + 1                  # a code block
    return out


def _myst_spec(body, first):
    options = {}
    if body and body[0].startswith("---"):
        for k in range(1, len(body)):
            if body[k].startswith("---"):
                options = {o.group(1): True for o in (re.match(r"^\s*([\w-]+)\s*:", x) for x in body[1:k]) if o}
                body = body[k + 1:]
                break
        else:
            body = []
    elif body and body[0].lstrip().startswith(":") and not body[0].lstrip().startswith(":::"):
        while body and body[0].lstrip().startswith(":") and not body[0].lstrip().startswith(":::"):
            o = re.match(r"^\s*:([\w-]+):", body.pop(0))
            if o:
                options[o.group(1)] = True
    if first:
        body = [first, *body]
    if body and not body[0].strip():
        body = body[1:]
    return None if "file" in options else "\n".join(body).strip("\n") + "\n"


# --- placing the charts, by builder ---------------------------------------------------------------

def resolve(app, doctree, docname):
    builder = app.builder
    for node in list(doctree.findall(piec_chart)):
        if builder.format == "html":
            node.replace_self(nodes.raw("", f'<div class="piec">{node["svg"]}</div>', format="html"))
        elif builder.name in NO_PAGES:
            node.parent.remove(node)
        else:
            node.replace_self(_image(app, node))


def _image(app, node):
    """The final chart as an image file in the build folder (PDF where the builder takes it,
    else PNG), or its description as a paragraph for builders that take no image (text, man)."""
    types = list(getattr(app.builder, "supported_image_types", []) or [])
    fmt = "pdf" if "application/pdf" in types else "png" if "image/png" in types else None
    alt = node["alt"]
    if fmt is None:
        return nodes.paragraph(alt, alt, classes=["piec"])
    spec, spec_file = node["spec"], node["file"] or None
    read = Path(spec_file).read_text(encoding="utf-8") if spec_file and os.path.isfile(spec_file) else ""
    key = hashlib.sha256(json.dumps([fmt, spec, spec_file, read]).encode("utf-8")).hexdigest()
    try:
        if key not in _RENDERED:
            _RENDERED[key] = _blocks.render(spec, fmt, where="piec", file=spec_file)
        data = _RENDERED[key]
    except (_blocks.BlockError, PiecNotFound) as error:
        text = str(error)
        while text.startswith("piec: "):
            text = text[len("piec: "):]
        logger.error(f"piec: the {fmt.upper()} of this chart: {text}", location=node["where"])
        _state(app)["write_errors"] += 1
        return nodes.paragraph(alt, alt, classes=["piec"])
    name = f"piec-{node['block']}-{hashlib.sha256(data).hexdigest()[:12]}.{fmt}"
    imagedir = getattr(app.builder, "imagedir", "") or ""
    folders = [Path(app.builder.outdir, imagedir)]
    if app.builder.name == "texinfo":       # its writer looks for images in TARGET-figures/
        folders = [Path(app.builder.outdir, f"{entry[1]}-figures") for entry in app.config.texinfo_documents]
    for folder in folders:
        target = folder / name
        if not (target.is_file() and target.read_bytes() == data):
            folder.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    uri = posixpath.join(imagedir, name) if imagedir else name
    image = nodes.image(uri=uri, alt=alt, candidates={"*": uri}, classes=["piec"])
    image.source, image.line = node.source, node.line
    return image


class _Skip:
    @staticmethod
    def visit(translator, node):
        raise nodes.SkipNode


# --- the environment: failed documents, since revisions, the piec that built them ---------------

def _doc_data(env, docname):
    docs = env.__dict__.setdefault("piec_docs", {})
    return docs.setdefault(docname, {"since": {}, "version": _piec_version()})


def _failed(env):
    return env.__dict__.setdefault("piec_failed", set())


def _piec_version():
    try:
        path = binary()
    except PiecNotFound:
        return None
    if path not in _VERSION:
        try:
            proc = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=_blocks.TIMEOUT)
            _VERSION[path] = f"{path} {proc.stdout.strip()}"
        except (OSError, subprocess.SubprocessError):
            _VERSION[path] = path
    return _VERSION[path]


def purge(app, env, docname):
    env.__dict__.get("piec_docs", {}).pop(docname, None)
    _failed(env).discard(docname)


def merge(app, env, docnames, other):
    mine, theirs = env.__dict__.setdefault("piec_docs", {}), other.__dict__.get("piec_docs", {})
    for name in docnames:
        if name in theirs:
            mine[name] = theirs[name]
    _failed(env).update(set(docnames) & other.__dict__.get("piec_failed", set()))


def outdated(app, env, added, changed, removed):
    """Documents to read again: those that failed (so an error stays an error), those whose
    `since` revision now names another commit, and all when piec itself changed."""
    again, commits = set(_failed(env)), {}
    version = None
    for docname, data in env.__dict__.get("piec_docs", {}).items():
        version = version or _piec_version()
        if data.get("version") != version:
            again.add(docname)
            continue
        for key, sha in data.get("since", {}).items():
            if key not in commits:
                commits[key] = _commit(*key.split("\0", 1))
            if commits[key] != sha:
                again.add(docname)
                break
    return sorted(again & set(env.found_docs) - set(removed))


def _state(app):
    return app.__dict__.setdefault("_piec_state", {"write_errors": 0})


def started(app):
    app.__dict__["_piec_state"] = {"write_errors": 0}


def finished(app, exception):
    if exception is not None:
        return
    failed = sorted(_failed(app.env))
    writes = _state(app)["write_errors"]
    if failed or writes:
        what = f"{len(failed)} document(s) with piec errors: {', '.join(failed)}" if failed else \
            f"{writes} chart(s) piec could not draw"
        logger.info(f"piec: {what}; the build failed")
        app.statuscode = app.statuscode or 1


def setup(app):
    app.add_config_value("piec_since", None, "env", types=(str, type(None)))
    app.add_config_value("piec_dark_selector", None, "env", types=(str, type(None)))
    skip = (_Skip.visit, None)
    app.add_node(piec_chart, html=skip, latex=skip, text=skip, man=skip, texinfo=skip)
    app.add_directive("piec", PiecDirective)
    app.connect("builder-inited", started)
    app.connect("doctree-resolved", resolve)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-get-outdated", outdated)
    app.connect("build-finished", finished)
    return {"version": "1", "env_version": ENV_VERSION, "parallel_read_safe": True, "parallel_write_safe": True}
