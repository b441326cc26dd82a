"""Output safety checks for piec bundles: XML and HTML5 parses agree, and an allow-list walk
finds nothing that could run script, load a resource or carry user text into CSS."""

import re
import xml.etree.ElementTree as ET

import html5lib

SVG_NS = "http://www.w3.org/2000/svg"
XHTML_NS = "http://www.w3.org/1999/xhtml"

# Every element and attribute piec may write. Anything else fails the walk: a new one must be
# added here on purpose, after checking it can neither run script nor reference anything.
ALLOWED_ELEMENTS = {
    "svg", "title", "desc", "style", "g", "path", "rect", "circle", "text", "tspan",
    "html", "head", "meta", "body", "main", "h1", "p", "figure", "figcaption",
    "table", "caption", "thead", "tbody", "tr", "th", "td",
    "defs", "mask", "pattern", "clipPath", "line", "polyline",
    # index.html's compositor layer (BoxLayer): empty boxes, styled by generated classes only.
    "div", "i", "b",
    # theme.shadow (ShadowWriter): a gradient of generated numbers and colours, no reference.
    "radialGradient", "stop",
}
ALLOWED_ATTRIBUTES = {
    "aria-describedby", "aria-label", "aria-labelledby", "aria-hidden", "charset", "class", "content",
    "d", "fill", "fill-opacity", "font-family", "font-size", "font-weight", "height", "id", "lang",
    "name", "role", "rx", "scope", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
    "stroke-linejoin", "stroke-dasharray", "tabindex", "text-anchor", "dominant-baseline",
    "transform", "viewBox", "visibility", "opacity", "width", "x", "y", "dx", "dy", "cx", "cy", "r",
    "mask", "clip-path", "maskUnits", "maskContentUnits", "patternUnits", "patternContentUnits",
    "patternTransform", "clipPathUnits", "x1", "y1", "x2", "y2", "points",
    "fill-rule", "stroke-dashoffset", "font-style",
    # chart.grid's tick labels: a halo of the background under the text (a fixed keyword).
    "paint-order",
    # An empty chart's data table: its one row spans the columns (a generated number).
    "colspan",
    # theme.shadow's gradient (generated numbers and a #rrggbb colour).
    "gradientUnits", "offset", "stop-color", "stop-opacity",
}
# Attributes whose value is user text shown to people (escaped, never interpreted).
TEXT_ATTRIBUTES = {"aria-label"}
# Attributes whose values piec generates from a fixed vocabulary or numbers only.
GENERATED_VALUE = re.compile(r'^[A-Za-z0-9 #.,()%:;_/=\-+"]*$')
CSS_FORBIDDEN = ["@import", "expression(", "javascript:", "@font-face", "image-set(",
                 "-moz-binding", "behavior:", "</", "<!--", "\\"]


# `url(` is allowed only as a reference to a fragment of the same document with a generated id
# (masks, clip paths, pattern fills): it loads nothing.
LOCAL_URL = re.compile(r"url\(#piec-[a-z0-9-]+\)")


def foreign_url(text: str) -> bool:
    """Whether `text` holds a `url(` other than a local generated-id reference."""
    return "url(" in LOCAL_URL.sub("", text).lower()


def local(name):
    return name.rsplit("}", 1)[-1]


def parse_xml(data: bytes):
    """The document as an ElementTree element; raises on anything not well-formed."""
    return ET.fromstring(data)


def parse_html5(data: bytes):
    """index.html through html5lib (the HTML5 parsing algorithm). Returns (root, errors)."""
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
    root = parser.parse(data, useChardet=False, transport_encoding="utf-8")
    return root, list(parser.errors)


def shape(element):
    """A comparable tree: (local tag, attributes without xmlns, text and tails without
    whitespace-only runs, children)."""
    attrs = tuple(sorted((local(k), v) for k, v in element.attrib.items()
                         if not local(k).startswith("xmlns") and k != "xmlns"))
    text = (element.text or "") if (element.text or "").strip() else ""
    children = []
    for child in element:
        if not isinstance(child.tag, str):  # comments, processing instructions
            continue
        children.append(shape(child))
        tail = child.tail or ""
        if tail.strip():
            children.append(("#text", tail))
    return (local(element.tag), attrs, text, tuple(children))


def first_difference(a, b, path="/"):
    """Where two shapes first differ (for a readable failure), or None."""
    if a[:3] != b[:3]:
        return f"{path}: {a[:3]!r} != {b[:3]!r}"
    if len(a[3]) != len(b[3]):
        return f"{path}{a[0]}: {len(a[3])} children != {len(b[3])}"
    for i, (x, y) in enumerate(zip(a[3], b[3])):
        if x[0] == "#text" or y[0] == "#text":
            if x != y:
                return f"{path}{a[0]}[{i}]: {x!r} != {y!r}"
            continue
        d = first_difference(x, y, f"{path}{a[0]}[{i}]/")
        if d:
            return d
    return None


def check_css(css: str, where: str, markers=()):
    problems = []
    low = css.lower()
    if foreign_url(css):
        problems.append(f"{where}: `url(` in CSS")
    for needle in CSS_FORBIDDEN:
        if needle in low:
            problems.append(f"{where}: `{needle}` in CSS")
    for m in markers:
        if m.lower() in low:
            problems.append(f"{where}: user text {m!r} inside CSS")
    return problems


def walk(root, markers=()):
    """Allow-list walk of a parsed document. `markers` are strings that occur only in user text:
    they may appear in text content and text attributes, never in CSS or other attributes."""
    problems = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            problems.append(f"comment or processing instruction {el.tag!r}")
            continue
        tag = local(el.tag)
        if tag not in ALLOWED_ELEMENTS:
            problems.append(f"element <{tag}> is not allowed")
        for key, value in el.attrib.items():
            name = local(key)
            if name.startswith("xmlns") or key == "xmlns":
                if value not in (SVG_NS, XHTML_NS):
                    problems.append(f"namespace {value!r}")
                continue
            if name.lower().startswith("on"):
                problems.append(f"event attribute {name} on <{tag}>")
            if name not in ALLOWED_ATTRIBUTES:
                problems.append(f"attribute {name} on <{tag}> is not allowed")
            if name == "style":
                problems += check_css(value, f"style attribute on <{tag}>", markers)
            if name in TEXT_ATTRIBUTES:
                continue
            if not GENERATED_VALUE.match(value):
                problems.append(f"unexpected characters in {name}={value!r} on <{tag}>")
            low = value.lower()
            if foreign_url(value):
                problems.append(f"`url(` in {name} on <{tag}>")
            for needle in ("javascript:", "data:", "expression("):
                if needle in low:
                    problems.append(f"`{needle}` in {name} on <{tag}>")
            for m in markers:
                if m.lower() in low:
                    problems.append(f"user text {m!r} in the {name} attribute of <{tag}>")
        if tag == "style":
            problems += check_css("".join(el.itertext()), "<style>", markers)
    return problems


def texts(root):
    """Every text node and text-attribute value of a document, as decoded strings."""
    out = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        if el.text:
            out.append(el.text)
        if el.tail:
            out.append(el.tail)
        for key, value in el.attrib.items():
            if local(key) in TEXT_ATTRIBUTES:
                out.append(value)
    return out


def check_bundle(bundle_dir, markers=()):
    """All problems of one bundle folder (empty list = safe)."""
    problems = []
    svg = (bundle_dir / "chart.svg").read_bytes()
    try:
        problems += ["chart.svg: " + p for p in walk(parse_xml(svg), markers)]
    except ET.ParseError as e:
        problems.append(f"chart.svg is not well-formed XML: {e}")
    css = (bundle_dir / "chart.css").read_text(encoding="utf-8")
    problems += check_css(css, "chart.css", markers)
    html = (bundle_dir / "index.html").read_bytes()
    try:
        as_xml = parse_xml(html)
    except ET.ParseError as e:
        return problems + [f"index.html is not well-formed XML: {e}"]
    problems += ["index.html: " + p for p in walk(as_xml, markers)]
    as_html, errors = parse_html5(html)
    if errors:
        problems.append(f"index.html: html5lib parse errors {errors[:3]}")
    problems += ["index.html (html5lib): " + p for p in walk(as_html, markers)]
    difference = first_difference(shape(as_xml), shape(as_html))
    if difference:
        problems.append(f"index.html: the XML and HTML5 trees differ at {difference}")
    return problems
