"""What every docs-tool adapter does with one piec block: compile it, name it, find its previous
version, and say what went wrong in the page's own lines. The adapters (piec.markdown,
piec.sphinx, piec.pandoc) only find blocks and put the result where their host wants it.

- `build_svg` runs `piec build --svg-only --quiet --format json --no-files --id ID` on the
  block and returns the animated chart.svg (CSS animation, no script) and its warnings;
- `render` runs `piec render - -o - --no-files --quiet` for a static SVG, PDF or PNG (the final
  chart: PDF for LaTeX, PNG for docx);
- `block_id` is the id a block gets when its spec has none: `STEM-N`, the document's file stem
  slugged and the block's place in it (1-based), the rule `piec md` uses, so two blocks on one
  page never share class or keyframe names;
- `previous_blocks` reads the same document at a git revision (`since: REV`) and returns its
  blocks by id, so each block animates from its own version there.

A block's spec reads no files (`--no-files`: no data files, no `.piec.yaml`, no git) unless the
adapter names a spec file, which then reads its data and defaults beside it as `piec build` does.
"""

import json
import os
import re
import subprocess
import tempfile
from pathlib import Path

from . import binary

TIMEOUT = 120
# The words adapters take for a dark selector: the reader's system, or one look always (a
# selector that never matches, or always does; piec refuses `:not(*)`).
DARK_WORDS = {"system": None, "light": "head body", "dark": ":root"}
_TOP_ID = re.compile(r"""^id:[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s#]+))""", re.M)


class BlockError(Exception):
    """A block piec refused: `str()` is `WHERE: line L: error[E...]: message (help: ...)` per
    error, with L the line in the document when the block's first line there is known."""


def slug(text):
    """BundleID.slug: ASCII letters lowercased, every other run one `-`, at most 64."""
    out, dash = [], False
    for ch in text:
        if "a" <= ch <= "z" or "0" <= ch <= "9":
            mapped = ch
        elif "A" <= ch <= "Z":
            mapped = ch.lower()
        else:
            dash = True
            continue
        if dash and out:
            out.append("-")
        dash = False
        out.append(mapped)
        if len(out) >= 64:
            break
    return "".join(out[:64]).rstrip("-")


def block_id(document, index):
    """The default id of the block at `index` (0-based) of `document` (a path or a name)."""
    stem = slug(Path(str(document)).stem) or "page"
    return f"{stem}-{index + 1}"


def spec_id(text):
    """The spec's own top-level `id:`, or None (a block without one takes `block_id`)."""
    m = _TOP_ID.search(text)
    return next((g for g in m.groups() if g is not None), None) if m else None


def describe(d, line=0):
    """`line L: error[E0205]: message (help: ...)`, L in the document where `line` (the line
    of the spec's first line there) is known, else in the spec."""
    start = (d.get("range") or {}).get("start") or {}
    at = ""
    if start.get("line"):
        at = f"line {line + start['line'] - 1}: " if line else f"spec line {start['line']}: "
    text = f"{at}{d.get('severity', 'error')}[{d.get('code', '?')}]: {d.get('message', '')}"
    return text + (f" (help: {d['help']})" if d.get("help") else "")


_MEMO = {}
MEMO_SIZE = 2048


def build_svg(source, *, block_id, where="piec block", line=0, file=None, previous=None,
              previous_file=None, dark_selector=None):
    """The animated chart.svg of one block, and its warnings as text.

    A block built alone (no `file`, no `previous_file`) is remembered in this process by
    everything its bytes depend on, so a host that rebuilds on every save (`mkdocs serve`,
    `mdbook serve` runs piec once per build anyway) runs piec only for the blocks that changed."""
    key = None
    if file is None and previous_file is None:
        key = (binary(), source, block_id, where, line, previous, dark_selector)
        if key in _MEMO:
            return _MEMO[key]
    result = _build_svg(source, block_id=block_id, where=where, line=line, file=file, previous=previous,
                        previous_file=previous_file, dark_selector=dark_selector)
    if key is not None:
        if len(_MEMO) >= MEMO_SIZE:
            _MEMO.pop(next(iter(_MEMO)))
        _MEMO[key] = result
    return result


def _build_svg(source, *, block_id, where, line, file, previous, previous_file, dark_selector):
    """`build_svg` without the memo.

    `source`: the spec's text (ignored when `file` names a spec file, which then reads its data
    file and `.piec.yaml` as `piec build` does); `line`: the document line of the spec's first
    line (0: unknown); `previous`: the text of the previous version (None: the chart enters),
    or `previous_file`, a path; `dark_selector`: the host's dark-theme selector.
    Raises BlockError with every error located in the document."""
    with tempfile.TemporaryDirectory(prefix="piec-block-") as tmp:
        tmp = Path(tmp)
        out = tmp / "out"
        command = [binary(), "build", "--svg-only", "--quiet", "--format", "json", "-o", str(out)]
        if file:
            command += [str(Path(file).resolve())]
            line = 0
        else:
            command += ["-", "--no-files"]
        command += ["--id", block_id]
        if previous is not None:
            old = tmp / "previous.yaml"
            old.write_text(previous, encoding="utf-8")
            command += ["--from", str(old)]
        elif previous_file:
            command += ["--from", str(Path(previous_file).resolve())]
        else:
            command += ["--from", "none"]
        if dark_selector:
            command += ["--dark-selector", dark_selector]
        proc = _run(command, where, input=None if file else source, capture_output=True, text=True,
                    stdin=subprocess.DEVNULL if file else None, timeout=TIMEOUT, cwd=tmp)
        diagnostics = [json.loads(x) for x in proc.stdout.splitlines() if x.startswith("{")]
        where = f"{where} ({file})" if file and where == "piec block" else where
        warnings = [f"{where}: {describe(d, line)}" for d in diagnostics if d.get("severity") == "warning"]
        if proc.returncode != 0:
            raise BlockError(_failure(where, proc, diagnostics, line))
        svgs = sorted(out.glob("*/chart.svg"))
        if len(svgs) != 1:
            raise BlockError(f"{where}: piec wrote {len(svgs)} charts, expected one")
        return svgs[0].read_text(encoding="utf-8"), warnings


def render(source, fmt, *, where="piec block", line=0, file=None, theme="light"):
    """The final chart of one block as `fmt` bytes (svg, pdf or png), drawn by piec's own model
    (no browser). PDF and PNG need piec-render beside piec (BlockError says how to get it)."""
    with tempfile.TemporaryDirectory(prefix="piec-block-") as tmp:
        command = [binary(), "render", str(Path(file).resolve()) if file else "-", "-o", "-",
                   "--format", fmt, "--quiet", "--theme", theme]
        if not file:
            command.append("--no-files")
        proc = _run(command, where, input=None if file else source.encode("utf-8"), capture_output=True,
                    stdin=subprocess.DEVNULL if file else None, timeout=TIMEOUT, cwd=tmp)
        if proc.returncode != 0:
            text = proc.stderr.decode("utf-8", "replace").strip() or f"piec render exited {proc.returncode}"
            raise BlockError(f"{where}: {text}")
        return proc.stdout


def _run(command, where, **kwargs):
    """subprocess.run, with a piec that cannot be started (or runs out of time) reported as a
    BlockError: a host such as SuperFences drops a block silently on any other exception."""
    try:
        return subprocess.run(command, **kwargs)
    except (OSError, subprocess.SubprocessError) as error:
        raise BlockError(f"{where}: cannot run {command[0]}: {error}") from error


def _failure(where, proc, diagnostics, line):
    errors = [d for d in diagnostics if d.get("severity") == "error"]
    text = "; ".join(describe(d, line) for d in errors)
    return f"{where}: {text or proc.stderr.strip() or f'piec exited {proc.returncode}'}"


def document_at(path, rev):
    """The text of the document `path` at git revision `rev`, or None when it did not exist
    there. Raises BlockError when `rev` is not a revision of the document's repository."""
    path = Path(path).resolve()
    run = lambda *args: subprocess.run(["git", "-C", str(path.parent), *args], capture_output=True, timeout=TIMEOUT)
    check = run("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if check.returncode != 0:
        error = check.stderr.decode("utf-8", "replace").strip()
        raise BlockError(f"since: {rev}: not a commit of the repository of {path}" + (f" ({error})" if error else ""))
    shown = run("show", f"{rev}:./{path.name}")
    if shown.returncode != 0:
        return None
    return shown.stdout.decode("utf-8", "replace")


def previous_blocks(document, texts):
    """The blocks of an earlier version of `document` by id: `texts` are their specs in order;
    a block is its own `id:` or `block_id(document, n)`."""
    found = {}
    for n, text in enumerate(texts):
        found.setdefault(spec_id(text) or block_id(document, n), text)
    return found


_OPEN = re.compile(r"^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`]*)(.*)$")


def markdown_blocks(text):
    """The ```piec blocks of a Markdown text, in order: (line of the opening fence, 1-based,
    the spec's text). Fences inside other fences are text, as CommonMark reads them."""
    found, lines, k = [], text.split("\n"), 0
    while k < len(lines):
        m = _OPEN.match(lines[k])
        if not m or (m.group(2)[0] == "`" and "`" in m.group(4)):
            k += 1
            continue
        indent, fence, word = len(m.group(1)), m.group(2), m.group(3).lstrip("{.").rstrip("}")
        close = k + 1
        while close < len(lines):
            c = _OPEN.match(lines[close])
            if c and c.group(2)[0] == fence[0] and len(c.group(2)) >= len(fence) and not (c.group(3) + c.group(4)).strip():
                break
            close += 1
        if word == "piec":
            body = [line[min(indent, len(line) - len(line.lstrip(" "))):] for line in lines[k + 1:close]]
            found.append((k + 1, "\n".join(body) + "\n" if body else ""))
        k = close + 1
    return found
