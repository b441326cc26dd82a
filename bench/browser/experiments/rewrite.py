"""Byte-saving rewrites of piec's own chart.svg, to measure before codegen changes (phase 2).

`shared_keyframes(svg)`: every one-off `@keyframes NAME{from{p:v;...}}` and the rule that names
it (`SEL{animation-name:NAME}`) become one rule `SEL{animation-name:SHARED;--r:v;...}` and one
`@keyframes SHARED{from{p:var(--r);...}}` per set of animated properties: the from-state's values
move into custom properties of the element, read by `var()` in keyframes shared by every element
that animates the same properties (engines substitute `var()` in keyframes per element).

`breakdown(svg)`: bytes of chart.svg by part (style: keyframes, rules; motion dashes; exact
layer; separators; labels; legend; title and description; the rest)."""

import re

VAR = {"rotate": "r", "stroke-dasharray": "d", "stroke-dashoffset": "f", "opacity": "o",
       "visibility": "v", "translate": "t", "scale": "s", "stroke-width": "w", "stroke": "c"}
KEYFRAMES = re.compile(r"@keyframes ([\w-]+)\{from\{([^{}]*)\}\}\n")


def shared_keyframes(svg):
    style_start = svg.index("<style>")
    style_end = svg.index("</style>")
    css = svg[style_start:style_end]
    frames = {m.group(1): m.group(2) for m in KEYFRAMES.finditer(css)}
    scope = re.search(r'class="(piec-[\w-]+)"', svg).group(1)
    shared = {}
    uses = {name: len(re.findall(r"animation-name:%s\}" % re.escape(name), css)) for name in frames}

    def replace_rule(m):
        sel, name = m.group(1), m.group(2)
        if name not in frames or uses[name] != 1:
            return m.group(0)
        decls = [d.split(":", 1) for d in frames[name].split(";") if d]
        props = tuple(p for p, _ in decls)
        if any(p not in VAR for p in props):
            return m.group(0)
        if props not in shared:
            shared[props] = "%s-v%d" % (scope, len(shared))
        custom = ";".join("--%s:%s" % (VAR[p], v) for p, v in decls)
        return "%s{animation-name:%s;%s}" % (sel, shared[props], custom)

    css2 = re.sub(r"([^{}\n]+)\{animation-name:([\w-]+)\}", replace_rule, css)
    moved = {name for name in frames if uses[name] == 1 and all(
        d.split(":", 1)[0] in VAR for d in frames[name].split(";") if d)}
    css2 = KEYFRAMES.sub(lambda m: "" if m.group(1) in moved else m.group(0), css2)
    head = "".join("@keyframes %s{from{%s}}\n" % (name, ";".join("%s:var(--%s)" % (p, VAR[p]) for p in props))
                   for props, name in shared.items())
    css2 = css2.replace("<style>\n", "<style>\n" + head, 1)
    return svg[:style_start] + css2 + svg[style_end:]


PARTS = [
    ("keyframes", r"@keyframes[^\n]*\n"),
    ("motion dashes", r'<g class="p-mo".*?</g>\n'),
    ("exact layer", r'<g class="p-ex".*?</g>\n'),
    ("separators", r'<g class="p-sep".*?</g>\n'),
    ("labels", r'<g class="p-lb".*?</g>\n</g>\n|<g class="p-lb".*?</g>\n'),
    ("legend", r'<g class="p-lg.*?</g>\n'),
    ("title and description", r"<title.*?</desc>\n"),
]


def breakdown(svg):
    rest = svg
    out = {}
    style = re.search(r"<style>.*?</style>\n", rest, re.S).group(0)
    for name, pattern in PARTS:
        found = re.findall(pattern, rest, re.S)
        out[name] = sum(len(x.encode()) for x in found)
        for x in found:
            rest = rest.replace(x, "", 1)
    rules = re.search(r"<style>.*?</style>\n", rest, re.S)
    out["style rules"] = len(rules.group(0).encode()) if rules else 0
    if rules:
        rest = rest.replace(rules.group(0), "", 1)
    out["other"] = len(rest.encode())
    return out
