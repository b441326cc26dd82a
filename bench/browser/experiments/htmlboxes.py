"""A compositor-only drawing of piec's transition plan for index.html (a prototype, issue 27).

Every slice is one or two *pieces* of at most 180 degrees (two, split at its middle angle, when
it is wider than 180 degrees at either end of the plan). A piece [a, b] is two nested HTML boxes:
an outer half-plane box (`overflow:hidden`, the right half of the chart's square: angles 0-180)
turned by `rotate: a`, holding a half-disc (the left half of the ring's disc: angles -180-0)
turned by `rotate: b - a`; their intersection is exactly the wedge [a, b]. Both angles are
linear in the eased progress (a, b and b - a all interpolate linearly), so with one easing the
boundaries move exactly in angle space, and only `rotate` is animated: Chromium runs it on the
compositor (two layers per piece). A disc of the page's colour makes the hole. Adjacent wedges
abut (anti-aliased seams), unlike piec's stacked dashes; this prototype is for frame cost."""

import json
import sys


def _n(x):
    s = ("%.3f" % x).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def pieces(t):
    f, to = t["from"], t["to"]
    s0, e0, s1, e1 = (float(f["startAngle"]), float(f["endAngle"]), float(to["startAngle"]), float(to["endAngle"]))
    if max(e0 - s0, e1 - s1) <= 180:
        return [(s0, e0, s1, e1)]
    m0, m1 = (s0 + e0) / 2, (s1 + e1) / 2
    return [(s0, m0, s1, m1), (m0, e0, m1, e1)]


def page(m, start_js):
    c = m["chart"]
    a = m["animation"]
    R, r = float(c["outerRadius"]), float(c["innerRadius"])
    size = 2 * R
    easing = "cubic-bezier(%s)" % ",".join(_n(v) for v in a["easing"])
    css = [
        "body{margin:0}",
        ".c{position:absolute;left:%spx;top:%spx;width:%spx;height:%spx}" % (_n(c["cx"] - R), _n(c["cy"] - R), _n(size), _n(size)),
        ".o{position:absolute;left:50%;top:0;width:50%;height:100%;overflow:hidden;transform-origin:0 50%}",
        ".i{position:absolute;left:-100%%;top:0;width:100%%;height:100%%;border-radius:%spx 0 0 %spx;transform-origin:100%% 50%%}" % (_n(R), _n(R)),
        ".c *{animation-duration:%dms;animation-timing-function:%s;animation-fill-mode:backwards}" % (a["duration"], easing),
        ".h{position:absolute;left:%spx;top:%spx;width:%spx;height:%spx;border-radius:50%%;background:#fff}" % (
            _n(R - r), _n(R - r), _n(2 * r), _n(2 * r)),
    ]
    body = []
    k = 0
    for t in m["transitions"]:
        color = t["to"]["color"]
        for s0, e0, s1, e1 in pieces(t):
            css.append("@keyframes o%d{from{rotate:%sdeg}}@keyframes i%d{from{rotate:%sdeg}}" % (k, _n(s0), k, _n(e0 - s0)))
            css.append(".o%d{rotate:%sdeg;animation-name:o%d}.i%d{rotate:%sdeg;animation-name:i%d;background:%s}" % (
                k, _n(s1), k, k, _n(e1 - s1), k, color))
            body.append('<div class="o o%d"><div class="i i%d"></div></div>' % (k, k))
            k += 1
    hole = '<div class="h"></div>' if r > 0 else ""
    # The hold sheet names the `animation-name` longhand: it is removed by start().
    return ("<!doctype html><html><head><meta charset=utf-8><style id=hold>*{animation-name:none!important}</style><style>%s</style>"
            "</head><body><div class=c>%s%s</div>%s</body></html>" % ("\n".join(css), "".join(body), hole, start_js))


if __name__ == "__main__":
    manifest = json.load(open(sys.argv[1]))
    sys.stdout.write(page(manifest, ""))
