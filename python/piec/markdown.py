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
- `from="PATH"`: animate from that previous version (a spec file), as `piec build --from`.

Paths are relative to the working directory: the folder of mkdocs.yml when MkDocs runs.

A spec error raises SuperFencesException (SuperFences drops a block whose formatter raises any
other exception): the build fails with the block's line in the page and piec's diagnostics.
Warnings (a label left out) are logged on `mkdocs.plugins.piec`, so `mkdocs build --strict`
fails on them too. The piec executable is found by piec.binary() ($PIEC, beside Python, PATH).
"""

import hashlib
import html
import json
import logging
import os
import re
import subprocess
import tempfile
from pathlib import Path

from . import binary

try:
    from pymdownx.superfences import SuperFencesException
except ImportError:      # without SuperFences nothing calls the fence; keep the module importable
    class SuperFencesException(Exception):
        pass

log = logging.getLogger("mkdocs.plugins.piec")
OPTIONS = ("show", "from", "file")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*\{?\.?piec\b")


def validator(language, inputs, options, attrs, md):
    """Accepts the options piec knows (show="source", from="PATH") and no other."""
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
    named = options.get("file")
    if named:
        if source.strip():
            raise SuperFencesException(f"piec block at line {line} of the page: file=\"{named}\" and a spec in the block: give one")
        try:
            source = Path(named).read_text(encoding="utf-8")
        except OSError as error:
            raise SuperFencesException(f"piec block at line {line} of the page: cannot read {named}: {error.strerror}")
    svg = _compile(source, options.get("from"), line, named, dark_selector)
    parts = []
    if options.get("show") == "source":
        parts.append(f'<pre class="piec-source"><code class="language-yaml">{html.escape(source)}</code></pre>')
    parts.append(f'<div class="{class_name or "piec"}">{svg}</div>')
    return "\n".join(parts)


MATERIAL_DARK = "[data-md-color-scheme=slate]"


def material(source, language, class_name, options, md, **kwargs):
    """`fence` for Material for MkDocs: the dark look follows its palette toggle."""
    return fence(source, language, class_name, options, md, dark_selector=MATERIAL_DARK, **kwargs)


def _compile(source, previous, line, named=None, dark_selector=None):
    digest = hashlib.sha256(source.encode("utf-8")).hexdigest()[:10]
    with tempfile.TemporaryDirectory(prefix="piec-fence-") as tmp:
        if named:
            spec, line = Path(named).resolve(), 0
        else:
            spec = Path(tmp) / f"chart-{digest}.yaml"
            spec.write_text(source, encoding="utf-8")
        out = Path(tmp) / "out"
        command = [binary(), "build", str(spec), "-o", str(out), "--svg-only", "--format", "json",
                   "--from", os.path.abspath(previous) if previous else "none"]
        if dark_selector:
            command += ["--dark-selector", dark_selector]
        proc = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
        diagnostics = [json.loads(x) for x in proc.stdout.splitlines() if x.startswith("{")]
        where = f"piec block at line {line} of the page" if line else f"piec block ({named})" if named else "piec block"
        for d in diagnostics:
            if d.get("severity") == "warning":
                log.warning(f"{where}: {_describe(d, line)}")
        if proc.returncode != 0:
            errors = [d for d in diagnostics if d.get("severity") == "error"]
            text = "; ".join(_describe(d, line) for d in errors) or (proc.stderr.strip() or f"piec exited {proc.returncode}")
            raise SuperFencesException(f"{where}: {text}")
        bundles = [p for p in out.iterdir() if (p / "chart.svg").is_file()]
        if len(bundles) != 1:
            raise SuperFencesException(f"{where}: piec wrote {len(bundles)} bundles, expected one")
        return (bundles[0] / "chart.svg").read_text(encoding="utf-8")


def _describe(d, line):
    """`line L: error[E0205]: message (help: ...)` with L the line in the page where known."""
    start = (d.get("range") or {}).get("start") or {}
    at = ""
    if start.get("line"):
        at = f"line {line + start['line']}: " if line else f"spec line {start['line']}: "
    text = f"{at}{d.get('severity', 'error')}[{d.get('code', '?')}]: {d.get('message', '')}"
    return text + (f" (help: {d['help']})" if d.get("help") else "")


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
