import PieSpec

/// One ring of a chart of concentric rings (`rings:`), placed: its radial band and its own
/// slices (ids and labels as the ring writes them), which tile the ring's sweep.
public struct RingBand: Sendable, Hashable {
    public var id: String
    public var label: String
    public var innerRadius: Double
    public var outerRadius: Double
    /// The ring's slices in angular order (`SliceLayout.specIndex` indexes the ring's slices).
    public var slices: [SliceLayout]
    /// Where the ring's slices begin in `ChartLayout.slices` (the flattened list).
    public var first: Int
}

/// Concentric rings: each ring is laid out like a chart of its own slices (sort, `total`,
/// `minAngle`, percentages and labels per ring) in its own band (a sunburst's ring with
/// parents takes its angles from the ring inside, `Sunburst`). Bands are the rings' own
/// (`rings[].band`) or equal, inside out,
/// between the hole (`chart.innerRadius`; 0 on a pie, whose innermost ring is then a full pie)
/// and the outer radius, `chart.ringGap` px apart. The chart's own slices are the rings'
/// slices one after the other (`ChartSpec.flattened`: ids `ring/slice`, labels `Ring: Slice`), so the legend, tooltips,
/// data table, manifest and change report list every ring; drawing and motion work per ring
/// (`RingLayout.ringChart`), each ring through the ordinary one-sweep machinery.
enum RingLayout {
    /// The band of ring `k` of `count` between `inner` and `outer`, with `gap` px between
    /// neighbouring rings (`chart.ringGap`; at most what leaves each ring 1 px wide).
    static func band(_ k: Int, of count: Int, inner: Double, outer: Double, gap: Double = 0) -> (inner: Double, outer: Double) {
        let n = Double(max(count, 1))
        let gap = count > 1 ? min(gap, max((outer - inner - n) / (n - 1), 0)) : 0
        let width = (outer - inner - gap * (n - 1)) / n
        let start = inner + (width + gap) * Double(k)
        return (start, k == count - 1 ? outer : start + width)
    }

    /// Every ring's band: its own (`rings[].band`, fractions of `outer`) when the rings give
    /// them, else an equal share (`band(_:of:)`). Where two given bands touch, `gap`
    /// (`chart.ringGap`) is taken out between them, half from each ring (at most what leaves
    /// each 1 px wide on that side).
    static func bands(_ source: ChartSpec, inner: Double, outer: Double) -> [(inner: Double, outer: Double)] {
        let count = source.rings.count
        guard count > 0, source.rings.allSatisfy({ $0.band != nil }) else {
            return (0..<count).map { band($0, of: count, inner: inner, outer: outer, gap: source.chart.ringGap) }
        }
        var bands = source.rings.map { (inner: $0.band![0] * outer, outer: $0.band![1] * outer) }
        let gap = source.chart.ringGap
        guard gap > 0 else { return bands }
        let original = bands
        for k in 0..<(count - 1) where abs(original[k].outer - original[k + 1].inner) < 1e-9 {
            let room = { (b: (inner: Double, outer: Double)) in max((b.outer - b.inner - 1) / 2, 0) }
            let half = min(gap / 2, room(original[k]), room(original[k + 1]))
            bands[k].outer -= half
            bands[k + 1].inner += half
        }
        return bands
    }

    /// Every ring's slices placed in its band, flattened (ids, labels and spec indices of
    /// `flat`), and the bands. A slice id names one category in every ring: one colour per id
    /// (the palette over the distinct ids, first seen first; a slice's own `color` still wins),
    /// or with `theme.children: tint` a child's tint of its parent's colour (`ChildTints`).
    static func place(_ source: ChartSpec, flat: ChartSpec, outer: Double, inner: Double,
                      pinned: [String: Color]) -> (slices: [SliceLayout], rings: [RingBand]) {
        var ids: [String] = []
        var seen = Set<String>()
        for ring in source.rings { for s in ring.slices where seen.insert(s.id).inserted { ids.append(s.id) } }
        let palette = Palettes.assign(ids: ids, palette: source.theme.palette, pinned: pinned)
        var color: [String: Color] = [:]
        for (i, id) in ids.enumerated() { color[id] = pinned[id] ?? palette[i] }
        var flatSlices: [SliceLayout] = []
        var bands: [RingBand] = []
        let radii = self.bands(source, inner: inner, outer: outer)
        for (k, ring) in source.rings.enumerated() {
            let (bandInner, bandOuter) = radii[k]
            var sub = source
            sub.rings = []
            sub.slices = ring.slices
            // A label that does not fit inside its slice within the ring's band is left out
            // (`placeSlices`, `inside` being the only position a ring takes) and reported: it
            // would cover the next ring.
            // A sunburst's ring with parents takes the angles of the ring inside (`Sunburst`).
            let spans = k > 0 ? Sunburst.spans(ring, inside: bands[k - 1].slices, insideSpec: source.rings[k - 1], sort: source.chart.sort) : nil
            var slices = Layout.placeSlices(sub, outer: bandOuter, inner: bandInner, pinned: color, outside: false, spans: spans)
            let tints = source.theme.children == .tint ? spans.map {
                ChildTints.colors(ring, order: $0.order, inside: bands[k - 1].slices, insideSpec: source.rings[k - 1])
            } ?? [:] : [:]
            for i in slices.indices where ring.slices[slices[i].specIndex].color == nil {
                let c = tints[slices[i].specIndex] ?? color[slices[i].id] ?? slices[i].color
                slices[i].color = c
                slices[i].setLabelColor(slices[i].ownLabelColor, box: sub.labels.box?.fill)
            }
            let first = flatSlices.count
            for s in slices {
                var f = s
                f.specIndex = first + s.specIndex
                f.id = flat.slices[f.specIndex].id
                f.label = flat.slices[f.specIndex].label
                flatSlices.append(f)
            }
            bands.append(RingBand(id: ring.id, label: ring.label, innerRadius: bandInner, outerRadius: bandOuter,
                                  slices: slices, first: first))
        }
        return (flatSlices, bands)
    }

    /// Ring `k` of `chart` as a chart of its own for drawing and motion: its band is the
    /// chart's ring, its slices are the ring's (patterns as the flattened chart assigned them),
    /// and its CSS scope is `piec-<id>_r<k>` (`_` is in no chart id, so no other chart's scope).
    /// Legend, title, centre text and the dark variant belong to the whole chart.
    static func ringChart(_ chart: ChartLayout, _ k: Int, scope: String = "r") -> ChartLayout {
        let band = chart.rings[k]
        var l = chart
        l.id = chart.id + "_" + scope + String(k)
        l.slices = band.slices
        for i in l.slices.indices { l.slices[i].pattern = chart.slices[band.first + i].pattern }
        l.outerRadius = band.outerRadius
        l.innerRadius = band.innerRadius
        // Bridged, not stacked (`Scene`): stacking paints up to every slice's rim over the
        // same arc, and those anti-aliased rims add up to an edge measured 0.26 px further out
        // in Firefox; a ring's rim is measured (it is the next ring's edge). Bridges paint at
        // most two.
        l.equalRadii = false
        l.usedEndAngle = band.slices.last.map(\.endAngle) ?? chart.startAngle
        l.legend = .none
        l.title = nil
        l.center = nil
        l.hoverCenters = []
        l.dark = nil
        l.labelRoom = nil
        l.other = nil
        l.rings = []
        // The chart draws one outline around all rings (`RingTransition` poses it).
        l.outline = nil
        // ... and one shadow under them all.
        l.shadow = nil
        return l
    }
}
