"""Motion schemes for phase 2 of issue 27, written from a transition manifest (piec's `from`/`to`
angles per segment), so each scheme is measured on exactly the plan piec animates.

Every variant draws the same thing: the segments in angular order as stacked dashes (a circle
of the ring's mid-radius, stroke = ring width; each segment painted from its own start to the end
of the sweep, later ones on top, so no seam lets the background through), over a background
rect, animated with the manifest's duration and easing (`backwards`: the base styles are the
final state). They differ only in how the per-segment motion is written:

- `rot`: today's form for up to 64 dashes: one `@keyframes` per segment (`rotate` and
  `stroke-dasharray` from-state), a final-state rule per segment.
- `xform`: the same with `transform: rotate()` (Chromium composites SVG transform animations
  only through `transform`, never `rotate`).
- `var`: one shared `@keyframes` whose from-state reads per-element custom properties
  (`rotate: var(--r)`), so a segment is one rule of four values.
- `prop`: a typed custom property (`@property --s { syntax: '<number>' }`): the segment's start
  angle is the only animated value; rotation and dash length are `calc()` of it (a stacked dash
  runs from its start to the end of the sweep, so its start angle says everything). A segment is
  one rule of two numbers, and no transform is animated, so Chromium makes no layer per slice.
  (Firefox ESR 153 ignores `var()` in the keyframes of a registered property: the segment
  jumps; measured by exact.py.)
- `prop-k`: the same typed property with one literal `@keyframes` per segment
  (`from{--s:18}`), which every engine interpolates.
- `offset3`: no transform at all: each dash lies on a path that goes three times round the
  circle from 12 o'clock and is placed on the middle turn by `stroke-dashoffset` (from its start
  to the end of the sweep, so it never meets the path's own start or end, where Skia draws a
  wrong sliver); dash lengths and offsets are linear in the angle, shared keyframes read them
  from `var()`.

Only full-circle clockwise charts without movers (reorders) are written: what the experiments
measure."""

import math

from_keys = ("startAngle", "endAngle")


def _n(x):
    """A short fixed number (3 decimals, no trailing zeros), like piec's formatter."""
    s = ("%.3f" % x).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def geometry(m):
    c = m["chart"]
    if float(c["sweep"]) < 360 or c["direction"] != "clockwise" or m.get("movers"):
        raise ValueError("variants draw full clockwise charts without movers only")
    outer, inner = float(c["outerRadius"]), float(c["innerRadius"])
    r = (outer + inner) / 2
    return {"w": c["width"], "h": c["height"], "cx": c["cx"], "cy": c["cy"], "r": r,
            "width": outer - inner, "C": 2 * math.pi * r, "bg": c.get("background") or "#ffffff"}


def segments(m):
    """[(colour, start_from, start_to)]: each segment's start angle before and after; a stacked
    dash needs nothing else (it runs to the end of the sweep)."""
    return [(t["to"]["color"], float(t["from"]["startAngle"]), float(t["to"]["startAngle"]))
            for t in m["transitions"]]


def timing(m):
    a = m["animation"]
    return "%dms cubic-bezier(%s) %dms backwards" % (a["duration"], ",".join(_n(v) for v in a["easing"]), a["delay"])


def dash(g, start):
    return "%s %s" % (_n((360 - start) / 360 * g["C"]), _n(g["C"]))


def offset_dash(g, start):
    """A stacked dash on the three-turn path: from `start` to the end of the sweep, then a gap
    longer than the path."""
    return "%s %s" % (_n((360 - start) / 360 * g["C"]), _n(3 * g["C"]))


def three_turns(r):
    """A circle drawn three times round, starting at 12 o'clock (chart angle 0), clockwise."""
    half = "A%s %s 0 0 1 0 %s" % (_n(r), _n(r), _n(r)) + "A%s %s 0 0 1 0 %s" % (_n(r), _n(r), _n(-r))
    return "M0 %s" % _n(-r) + half * 3


def svg(m, variant, background=None):
    g = geometry(m)
    segs = segments(m)
    t = timing(m)
    css, body = [], []
    if variant in ("rot", "xform"):
        for k, (color, s0, s1) in enumerate(segs):
            if variant == "rot":
                f, e = "rotate:%sdeg" % _n(s0 - 90), "rotate:%sdeg" % _n(s1 - 90)
            else:
                f, e = "transform:rotate(%sdeg)" % _n(s0 - 90), "transform:rotate(%sdeg)" % _n(s1 - 90)
            css.append("@keyframes k%d{from{%s;stroke-dasharray:%s}}" % (k, f, dash(g, s0)))
            css.append(".m%d{%s;stroke-dasharray:%s;animation:k%d %s}" % (k, e, dash(g, s1), k, t))
    elif variant == "var":
        css.append("@keyframes m{from{rotate:var(--r);stroke-dasharray:var(--d)}}")
        css.append(".p circle{animation:m %s}" % t)
        for k, (color, s0, s1) in enumerate(segs):
            css.append(".m%d{rotate:%sdeg;stroke-dasharray:%s;--r:%sdeg;--d:%s}" % (
                k, _n(s1 - 90), dash(g, s1), _n(s0 - 90), dash(g, s0)))
    elif variant == "prop":
        # `<` cannot stand in an SVG <style> (XML, and foreign content in HTML): a CSS escape.
        css.append("@property --s{syntax:'\\3c number>';inherits:false;initial-value:0}")
        css.append("@keyframes m{from{--s:var(--f)}}")
        css.append(".p circle{rotate:calc(var(--s)*1deg - 90deg);stroke-dasharray:calc((360 - var(--s))*%spx) %spx;"
                   "animation:m %s}" % (_n(g["C"] / 360), _n(g["C"]), t))
        for k, (color, s0, s1) in enumerate(segs):
            css.append(".m%d{--s:%s;--f:%s}" % (k, _n(s1), _n(s0)))
    elif variant == "prop-k":
        css.append("@property --s{syntax:'\\3c number>';inherits:false;initial-value:0}")
        a = m["animation"]
        css.append(".p circle{rotate:calc(var(--s)*1deg - 90deg);stroke-dasharray:calc((360 - var(--s))*%spx) %spx;"
                   "animation-duration:%dms;animation-timing-function:cubic-bezier(%s);animation-fill-mode:backwards}" % (
                       _n(g["C"] / 360), _n(g["C"]), a["duration"], ",".join(_n(v) for v in a["easing"])))
        for k, (color, s0, s1) in enumerate(segs):
            css.append("@keyframes k%d{from{--s:%s}}" % (k, _n(s0)))
            css.append(".m%d{--s:%s;animation-name:k%d}" % (k, _n(s1), k))
    elif variant == "offset3":
        css.append("@keyframes m{from{stroke-dasharray:var(--d);stroke-dashoffset:var(--o)}}")
        css.append(".p path{animation:m %s}" % t)
        for k, (color, s0, s1) in enumerate(segs):
            css.append(".m%d{stroke-dasharray:%s;stroke-dashoffset:%s;--d:%s;--o:%s}" % (
                k, offset_dash(g, s1), _n(-(g["C"] + s1 / 360 * g["C"])),
                offset_dash(g, s0), _n(-(g["C"] + s0 / 360 * g["C"]))))
    elif variant == "end":
        css.append("@keyframes m{from{stroke-dasharray:var(--d)}}")
        css.append(".p circle{animation:m %s}" % t)
        for k, (color, s0, s1) in enumerate(segs):
            css.append(".m%d{stroke-dasharray:%s;--d:%s}" % (k, dash(g, s1), dash(g, s0)))
    elif variant in ("colour", "colour-sep"):
        return colour_svg(m, g, t, variant == "colour-sep", background)
    else:
        raise ValueError(variant)
    for k, (color, s0, s1) in enumerate(segs):
        if variant == "end":
            body.append('<circle class="m%d" stroke="%s" transform="rotate(-90) scale(1 -1)" r="%s"/>' % (k, color, _n(g["r"])))
        elif variant == "offset3":
            body.append('<path class="m%d" stroke="%s" d="%s"/>' % (k, color, three_turns(g["r"])))
        else:
            body.append('<circle class="m%d" stroke="%s" r="%s"/>' % (k, color, _n(g["r"])))
    return document(g, css, body, background)


def document(g, css, body, background):
    """(svg, bytes of its style and motion): the motion group over a background rect."""
    bg = background or g["bg"]
    style = "\n".join(css)
    motion = ('<g class="p" transform="translate(%s %s)" fill="none" stroke-width="%s">\n%s\n</g>' % (
        _n(g["cx"]), _n(g["cy"]), _n(g["width"]), "\n".join(body)))
    doc = ('<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">\n'
           '<style>\n%s\n</style>\n<rect width="100%%" height="100%%" fill="%s"/>\n%s\n</svg>\n' % (
               g["w"], g["h"], g["w"], g["h"], style, bg, motion))
    return doc, len(style.encode()) + len(motion.encode())


def colour_svg(m, g, t, separators, background):
    """`colour`: one circle per colour, every segment of that colour a dash of its dasharray
    (abutting, not stacked); `colour-sep` adds one circle whose dashes are the separators."""
    C = g["C"]
    spans = [(t_["to"]["color"], float(t_["from"]["startAngle"]), float(t_["from"]["endAngle"]),
              float(t_["to"]["startAngle"]), float(t_["to"]["endAngle"])) for t_ in m["transitions"]]
    def pattern(items, state):
        out, at = [0.0], 0.0
        for a, b in items:
            a, b = a / 360 * C, b / 360 * C
            out += [max(0.0, a - at), max(0.0, b - a)]
            at = max(at, b)
        out.append(max(0.0, C - at))
        return " ".join(_n(x) for x in out)
    css = ["@keyframes m{from{stroke-dasharray:var(--d)}}", ".p circle{animation:m %s}" % t]
    body = []
    colours = sorted(set(c for c, *_ in spans))
    for k, c in enumerate(colours):
        mine = [sp for sp in spans if sp[0] == c]
        css.append(".m%d{stroke-dasharray:%s;--d:%s}" % (k, pattern([(sp[3], sp[4]) for sp in mine], 1),
                                                         pattern([(sp[1], sp[2]) for sp in mine], 0)))
        body.append('<circle class="m%d" stroke="%s" transform="rotate(-90)" r="%s"/>' % (k, c, _n(g["r"])))
    if separators:
        w = 1.0 / C * 360
        css.append(".sp{stroke-dasharray:%s;--d:%s}" % (pattern([(sp[3] - w / 2, sp[3] + w / 2) for sp in spans], 1),
                                                        pattern([(sp[1] - w / 2, sp[1] + w / 2) for sp in spans], 0)))
        body.append('<circle class="sp" stroke="#18181b" stroke-width="%s" transform="rotate(-90)" r="%s"/>' % (_n(g["width"]), _n(g["r"])))
    return document(g, css, body, background)


VARIANTS = ("rot", "xform", "var", "prop", "prop-k", "offset3", "end", "colour", "colour-sep")
