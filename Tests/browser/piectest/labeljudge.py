"""Judges measured texts (labelmeasure.py) against a chart's geometry (its manifest): the rules
piec promises for labels (issue 25, README "What piec guarantees about labels").

- overlap: no two visible texts (labels, centre text, title, legend) overlap;
- inside: an inside label's box lies in its slice's annular sector (the slice under the
  point it hangs on; an exploded slice's sector moved by its explode);
- disc: an outside label's box stays off the disc (the largest outer radius plus explode, or
  the outline's outer edge, `chart.outline`); where slices' outer radii differ (a rose, slices
  with their own `radius`, no outline) labels may stand at their own slice's rim, and the box
  stays off every slice instead;
- centre: the centre text's box lies in the hole, and for a partial sweep in the hole's drawn
  sector;
- canvas: no text passes the viewBox;
- leader: no visible leader line crosses a visible text other than its own label's (another
  label, a grid tick label, the legend, the title): more than `LEADER` px of it inside the
  text's box (its quad) shrunk by `TOL`;
- ticks: (in motion, `judge_ticks`) no grid tick label overlaps an outside label, an inside
  label or another tick label, and no leader crosses one, at instants between a transition's ends;
- missing: (at rest) every visible slice of at least `labels.minPercent`, and every slice with
  `keepLabel: true` whatever its share, has a visible label, unless the build warned about it:
  a kept slice or one of at least 3 % must be named (a warning on its spec line or naming its
  label), a smaller one may be counted only.

Boxes are the engines' text boxes (getBBox: the font's ascent to descent, the advance
widths). Regions are tested along the box's outline (every 0.5 px): the distance from each
point to the region must be at most `TOL`. A turned inside label (`labels.orientation`) is
judged by its real extent, the four transformed corners of its box (`quad`), not by their
axis-aligned envelope: its outline runs along the turned edges, and two texts overlap when
their quads do (no separating axis).

A spec of `charts:` (`Facets`) is judged as one canvas (overlap, canvas, leader, stray across
every chart, its title and legend) and each chart's labels against that chart's own geometry
(inside, disc, centre, missing)."""

import math

TOL = 0.5          # px a box may pass a region (anti-aliasing, rounding of 3-decimal output)
OVERLAP = 0.5      # px two boxes may share in both directions before they overlap
SHOWN = 0.02       # opacity above which a text counts as visible
LEADER = 0.5       # px of a leader line that may lie inside another text's box (shrunk by TOL)
MISSING_PERCENT = 3.0


class Geometry:
    """Where things are at one instant, in the canvas' user units."""

    def __init__(self, manifest, cx=None, cy=None):
        chart = manifest["chart"]
        self.cx = chart["cx"] if cx is None else cx
        self.cy = chart["cy"] if cy is None else cy
        self.sign = 1 if chart["direction"] == "clockwise" else -1
        self.inner = float(chart["innerRadius"])
        self.outer = float(chart["outerRadius"])
        self.start = float(chart["startAngle"])
        self.sweep = float(chart["sweep"])
        spec = manifest["spec"]
        explode = {s["id"]: float(s.get("explode") or 0) for s in spec.get("slices", [])}
        # Slices that keep their label (`keepLabel: true`, issue 40): labelled whatever their share.
        self.kept = {s["id"] for s in spec.get("slices", []) if s.get("keepLabel")}
        # Shares of the whole (of each ring: ids `ring/slice`), unrounded: `percent` is rounded
        # to `format.decimals`, and `labels.minPercent` compares the true share.
        total = spec.get("chart", {}).get("total")
        sums = {}
        for s in manifest["slices"]:
            ring = s["id"].split("/")[0] if "/" in s["id"] else ""
            sums[ring] = sums.get(ring, 0.0) + float(s["value"])
        self.slices = []
        for s in manifest["slices"]:
            ring = s["id"].split("/")[0] if "/" in s["id"] else ""
            whole = max(float(total), sums[ring]) if total not in (None, "none") else sums[ring]
            a, b = float(s["startAngle"]), float(s["endAngle"])
            self.slices.append({"id": s["id"], "label": s["label"], "percent": 100 * float(s["value"]) / whole if whole else 0,
                                "start": a, "end": b, "inner": float(s["innerRadius"]),
                                "outer": float(s["outerRadius"]), "explode": explode.get(s["id"], 0.0)})
        # `chart.outline` reaches past the slices' rim (to where the rim was without it).
        edge = (manifest.get("outline") or {}).get("to") or {}
        self.disc = max([s["outer"] + s["explode"] for s in self.slices] + [self.outer, float(edge.get("outerEdge", 0))])
        # Labels at their own slice's rim (issue 40): slices of differing radii, no outline.
        self.own = not edge and any(s["outer"] < self.outer - 1e-6 for s in self.slices
                                    if s["end"] > s["start"] and s["outer"] > s["inner"])
        labels = spec.get("labels", {})
        if isinstance(labels, list):
            # Label layers: the one beside the pie is the chart's labels (its `minPercent`
            # says which slices must have a label); the inside layer's hang on their slices.
            labels = next((x for x in labels if x.get("position") == "outside" or float(x.get("radius") or 0) > 1), labels[0])
        self.position = labels.get("position", "inside")
        self.min_percent = float(labels.get("minPercent", 0))

    def local(self, p):
        """Canvas point -> pie coordinates mirrored so that chart angles run clockwise."""
        return (self.sign * (p[0] - self.cx), p[1] - self.cy)

    def slice_at(self, anchor):
        """The visible slice whose sector holds `anchor` (an inside label's hanging point)."""
        x, y = self.local(anchor)
        best = None
        for s in self.slices:
            if s["end"] - s["start"] <= 0 or s["outer"] <= s["inner"]:
                continue
            mid = math.radians((s["start"] + s["end"]) / 2)
            px, py = x - s["explode"] * math.sin(mid), y + s["explode"] * math.cos(mid)
            r = math.hypot(px, py)
            if within(angle_of(px, py), s["start"], s["end"]) and s["inner"] - TOL <= r <= s["outer"] + TOL:
                d = abs(angle_offset(angle_of(px, py), (s["start"] + s["end"]) / 2))
                if best is None or d < best[0]:
                    best = (d, s)
        return best[1] if best else None


class Facets:
    """The geometry of a spec of `charts:`: one `Geometry` per chart, keyed by its scope
    (`piec-<id>_f<k>`), from the manifest's `charts` entries (each chart's centre on the
    canvas, radii, angles, slices) and its spec (shared keys, the chart's own slices). A label
    is judged against the chart whose group holds it (the measure's `scope`)."""

    def __init__(self, manifest):
        spec = manifest["spec"]
        own = {c["id"]: c for c in spec.get("charts", [])}
        self.charts = {}
        for c in manifest["charts"]:
            chart = {k: c[k] for k in ("cx", "cy", "direction", "innerRadius", "outerRadius", "startAngle", "sweep")}
            one = dict(spec, slices=own.get(c["id"], {}).get("slices", []))
            self.charts[c["scope"]] = Geometry({"chart": chart, "spec": one, "slices": c["slices"]})


def angle_of(x, y):
    """Chart angle (clockwise from 12 o'clock, in the mirrored frame) of a point."""
    return math.degrees(math.atan2(x, -y))


def angle_offset(a, b):
    return (a - b + 180) % 360 - 180


def within(a, start, end):
    if end - start >= 360 - 1e-9:
        return True
    return (a - start) % 360 <= end - start + 1e-9


def sector_distance(p, start, end, inner, outer):
    """Distance from point p (mirrored pie coordinates) to the annular sector."""
    x, y = p
    r = math.hypot(x, y)
    if within(angle_of(x, y), start, end):
        return max(0.0, r - outer, inner - r)
    best = math.inf
    for a in (start, end):
        ux, uy = math.sin(math.radians(a)), -math.cos(math.radians(a))
        t = min(max(x * ux + y * uy, inner), outer)
        best = min(best, math.hypot(x - t * ux, y - t * uy))
    return best


def outline(box, step=0.5):
    x0, y0, x1, y1 = box
    nx, ny = max(1, math.ceil((x1 - x0) / step)), max(1, math.ceil((y1 - y0) / step))
    for i in range(nx + 1):
        x = x0 + (x1 - x0) * i / nx
        yield (x, y0)
        yield (x, y1)
    for j in range(1, ny):
        y = y0 + (y1 - y0) * j / ny
        yield (x0, y)
        yield (x1, y)


def quad_outline(quad, step=0.5):
    """Points every `step` px along a convex polygon's edges."""
    for (x0, y0), (x1, y1) in zip(quad, quad[1:] + quad[:1]):
        n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        for i in range(n):
            yield (x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n)


def worst(box, geo, start, end, inner, outer, shift=(0.0, 0.0), quad=None):
    """Largest distance of the box's outline (or the quad's, a turned text's real extent)
    from the sector (shifted by an explode)."""
    points = quad_outline([geo.local(p) for p in quad]) if quad else outline(local_box(box, geo))
    return max(sector_distance((q[0] - shift[0], q[1] - shift[1]), start, end, inner, outer) for q in points)


def local_box(box, geo):
    a, b = geo.local((box[0], box[1])), geo.local((box[2], box[3]))
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))


def overlaps(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > OVERLAP and min(a[3], b[3]) - max(a[1], b[1]) > OVERLAP


def turned(t):
    """Whether a measured text is turned off the axes (its first edge neither horizontal nor
    vertical): then its quad, not its envelope, is its extent."""
    q = t.get("quad")
    if not q:
        return False
    dx, dy = q[1][0] - q[0][0], q[1][1] - q[0][1]
    return abs(dx) > 1e-3 and abs(dy) > 1e-3


def quads_overlap(p, q):
    """Separating axis test of two convex quads: they overlap when their projections on every
    edge normal of both share more than `OVERLAP` px (the boxes' rule for upright ones)."""
    for poly in (p, q):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y0 - y1, x1 - x0
            n = math.hypot(nx, ny)
            if n == 0:
                continue
            a = [(x * nx + y * ny) / n for x, y in p]
            b = [(x * nx + y * ny) / n for x, y in q]
            if min(max(a), max(b)) - max(min(a), min(b)) <= OVERLAP:
                return False
    return True


def texts_overlap(a, b):
    if turned(a) or turned(b):
        return quads_overlap(a["quad"], b["quad"])
    return overlaps(a["box"], b["box"])


def judge(frame, geo, at_rest=True, warned=lambda s, named: False):
    """[(category, message)] of every broken rule in one measured frame."""
    texts = [t for t in frame["texts"] if t["opacity"] > SHOWN]
    out = []
    w, h = frame["viewBox"]
    for t in texts:
        b = t["box"]
        if b[0] < -TOL or b[1] < -TOL or b[2] > w + TOL or b[3] > h + TOL:
            out.append(("canvas", f"{t['kind']} {t['text']!r} {fmt(b)} passes the canvas 0 0 {w:g} {h:g}"))
        if t["kind"] in ("other", "p-tips"):
            out.append(("stray", f"{t['kind']} text {t['text']!r} is visible"))
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if texts_overlap(a, b):
                out.append(("overlap", f"{a['kind']} {a['text']!r} {fmt(a['box'])} overlaps {b['kind']} {b['text']!r} {fmt(b['box'])}"))
    for line in frame.get("leaders", []):
        if line["opacity"] <= SHOWN:
            continue
        for t in texts:
            if t["kind"] == "p-ol" and t.get("key") == line["key"]:
                continue
            inside = max((crossing(a, b, t["quad"]) for a, b in zip(line["points"], line["points"][1:])), default=0)
            if inside > LEADER:
                out.append(("leader", f"leader of outside label {label_of(texts, line['key'])!r} crosses {t['kind']} "
                                      f"{t['text']!r} {fmt(t['box'])} for {inside:.1f} px"))
    if isinstance(geo, Facets):
        for t in texts:
            if t["kind"] in ("p-lb", "p-ol", "p-ct", "p-hc") and t.get("scope") not in geo.charts:
                out.append(("stray", f"{t['kind']} text {t['text']!r} is in no chart of `charts`"))
        for scope, one in geo.charts.items():
            out += judge_pie([t for t in texts if t.get("scope") == scope], one, at_rest, warned, scope + ": ")
        return out
    return out + judge_pie(texts, geo, at_rest, warned)


def judge_ticks(frame):
    """[(category, message)] of a frame in motion, judged where no geometry of the instant is
    at hand: no visible grid tick label (`chart.grid`) overlaps a visible outside label, an
    inside label or another tick label, and no visible leader line crosses a tick label (the
    rules `GridLayout.giveWay` keeps at rest, and `Stage.Grid.keepClear` at every instant
    between)."""
    texts = [t for t in frame["texts"] if t["opacity"] > SHOWN]
    ticks = [t for t in texts if t["kind"] == "p-gl"]
    out = []
    for i, g in enumerate(ticks):
        for t in texts:
            if t["kind"] in ("p-ol", "p-lb") and texts_overlap(g, t):
                out.append(("overlap", f"p-gl {g['text']!r} {fmt(g['box'])} overlaps {t['kind']} {t['text']!r} {fmt(t['box'])}"))
        for t in ticks[i + 1:]:
            if texts_overlap(g, t):
                out.append(("overlap", f"p-gl {g['text']!r} {fmt(g['box'])} overlaps p-gl {t['text']!r} {fmt(t['box'])}"))
    for line in frame.get("leaders", []):
        if line["opacity"] <= SHOWN:
            continue
        for g in ticks:
            inside = max((crossing(a, b, g["quad"]) for a, b in zip(line["points"], line["points"][1:])), default=0)
            if inside > LEADER:
                out.append(("leader", f"leader of outside label {label_of(texts, line['key'])!r} crosses p-gl "
                                      f"{g['text']!r} {fmt(g['box'])} for {inside:.1f} px"))
    return out


def judge_pie(texts, geo, at_rest, warned, where=""):
    """The rules of one pie's labels (inside, outside, centre, missing) against `geo`."""
    out = []
    labelled = set()
    for t in texts:
        if t["kind"] == "p-lb":
            s = geo.slice_at(t["anchor"])
            if s is None:
                out.append(("inside", f"inside label {t['text']!r} hangs on no slice"))
                continue
            labelled.add(s["id"])
            mid = math.radians((s["start"] + s["end"]) / 2)
            shift = (s["explode"] * math.sin(mid), -s["explode"] * math.cos(mid))
            d = worst(t["box"], geo, s["start"], s["end"], s["inner"], s["outer"], shift, t["quad"] if turned(t) else None)
            if d > TOL:
                out.append(("inside", f"inside label {t['text']!r} {fmt(t['box'])} is {d:.1f} px out of slice {s['id']} "
                                      f"[{s['start']:.1f}, {s['end']:.1f}] r {s['inner']:.1f}-{s['outer']:.1f}"))
        elif t["kind"] == "p-ol":
            x0, y0, x1, y1 = local_box(t["box"], geo)
            d = math.hypot(min(max(0, x0), x1), min(max(0, y0), y1))
            if geo.own:
                s = on_slice(geo, (x0, y0, x1, y1))
                if s:
                    out.append(("disc", f"outside label {t['text']!r} {fmt(t['box'])} is on slice {s['id']}"))
            elif d < geo.disc - TOL:
                out.append(("disc", f"outside label {t['text']!r} {fmt(t['box'])} is {geo.disc - d:.1f} px on the disc"))
            s = edge_slice(geo, t["anchor"]) if t.get("anchor") else leaderless_slice(geo, t)
            if s:
                labelled.add(s["id"])
        elif t["kind"] in ("p-ct", "p-hc"):
            full = geo.sweep >= 360 - 1e-9
            start, end = (0, 360) if full else sorted((geo.start, geo.start + geo.sweep))
            d = worst(t["box"], geo, start, end, 0, geo.inner)
            if d > TOL:
                out.append(("centre", f"centre text {t['text']!r} {fmt(t['box'])} is {d:.1f} px out of the hole "
                                      f"(r {geo.inner:.1f}{'' if full else f', {start:.0f} to {end:.0f} deg'})"))
    if at_rest and geo.position != "none":
        # Every slice that should have a label (at least `labels.minPercent`) has one, or the
        # build warned: naming it when it has at least 3 %, else at least saying how many.
        for s in geo.slices:
            kept = s["id"] in getattr(geo, "kept", ())
            if (s["percent"] < geo.min_percent + 1e-9 and not kept) or s["end"] <= s["start"] or s["outer"] <= s["inner"] \
                    or s["id"] in labelled or warned(s, named=kept or s["percent"] >= MISSING_PERCENT):
                continue
            out.append(("missing", f"slice {s['id']} ({s['label']!r}, {s['percent']:.2f} %{', keepLabel' if kept else ''}) "
                                   "has no visible label and no warning"))
    return [(c, where + m) for c, m in out]


def crossing(a, b, quad, inset=TOL):
    """How long a piece of segment a-b lies inside `quad` (a text's four corners in order, a
    parallelogram) shrunk by `inset` on every side: the segment in the quad's own axes,
    clipped to its rectangle (Liang-Barsky)."""
    (x0, y0), (x1, y1), _, (x3, y3) = quad
    ex, ey, fx, fy = x1 - x0, y1 - y0, x3 - x0, y3 - y0
    w, h = math.hypot(ex, ey), math.hypot(fx, fy)
    if w <= 2 * inset or h <= 2 * inset:
        return 0.0
    # Coordinates along both edges (the quad is a turned rectangle: its edges are orthogonal).
    local = lambda p: (((p[0] - x0) * ex + (p[1] - y0) * ey) / w, ((p[0] - x0) * fx + (p[1] - y0) * fy) / h)  # noqa: E731
    (u0, v0), (u1, v1) = local(a), local(b)
    du, dv = u1 - u0, v1 - v0
    lo, hi = 0.0, 1.0
    for p, q in ((-du, u0 - inset), (du, w - inset - u0), (-dv, v0 - inset), (dv, h - inset - v0)):
        if p == 0:
            if q < 0:
                return 0.0
        elif p < 0:
            lo = max(lo, q / p)
        else:
            hi = min(hi, q / p)
    return max(0.0, hi - lo) * math.hypot(du, dv)


def label_of(texts, key):
    return next((t["text"] for t in texts if t["kind"] == "p-ol" and t.get("key") == key), key)


def on_slice(geo, box):
    """The first visible slice a box (mirrored pie coordinates) reaches more than `TOL` into."""
    for s in geo.slices:
        if s["end"] - s["start"] <= 0 or s["outer"] <= s["inner"]:
            continue
        mid = math.radians((s["start"] + s["end"]) / 2)
        sx, sy = s["explode"] * math.sin(mid), -s["explode"] * math.cos(mid)
        for q in outline(box):
            x, y = q[0] - sx, q[1] - sy
            r = math.hypot(x, y)
            if not s["inner"] + TOL < r < s["outer"] - TOL:
                continue
            margin = math.degrees(TOL / r)
            if (angle_of(x, y) - s["start"] - margin) % 360 < s["end"] - s["start"] - 2 * margin:
                return s
    return None


def edge_slice(geo, point):
    """The slice a leader starts on: leaders start at their slice's middle angle, so the one
    whose middle is nearest (within its own half width and 0.5 degree)."""
    x, y = geo.local(point)
    a = angle_of(x, y)
    best = None
    for s in geo.slices:
        d = abs(angle_offset(a, (s["start"] + s["end"]) / 2))
        if s["end"] - s["start"] > 0 and d <= (s["end"] - s["start"]) / 2 + 0.5 and (best is None or d < best[0]):
            best = (d, s)
    return best[1] if best else None


def leaderless_slice(geo, t):
    """The slice of an outside label drawn without a leader (`labels.leader: none`, or labels
    at a distance): the slice whose label its text shows, else (labels at a distance stand
    centred on their slice's middle angle) the slice on the ray through the box's centre."""
    # textContent joins the lines of a label of several lines without a break.
    named = [s for s in geo.slices if s["label"] and s["label"].replace("\n", "") in t["text"]]
    longest = [s for s in named if len(s["label"]) == max(len(n["label"]) for n in named)] if named else []
    if len(longest) == 1:
        return longest[0]
    b = t["box"]
    return edge_slice(geo, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2))


def fmt(b):
    return "[" + " ".join(f"{v:.1f}" for v in b) + "]"
