import PieSpec

/// The legend's rows: which slices each row stands for, in `legend.order`.
///
/// A row is one slice. In a chart of rings the same slice id in two rings is one category:
/// where its rows would read the same (the same label, which a ring with an empty label
/// leaves as the slice's own, and the same swatch: colour and pattern) they are one row that
/// stands for all of them (issue 41: two identical rows). Where they differ, each keeps its
/// row: a ring's label tells them apart, and a slice's own `color` in one ring gives that ring
/// its own swatch, which is what a row promises.
///
/// Orders (`LegendOrder`): `slices` is the drawing order (rings inside out, each in its
/// angular order); `value` sorts rows by value, largest first (a row standing for several
/// slices by their sum), ties in slice order; `reverse` is the slices backwards (rings: outer
/// ring first, each ring's slices in their order, a row of several rings at its outermost
/// slice's place; `slices` puts it at its innermost's); a list of ids puts those ids' rows first,
/// in the list's order (an id's rows in slice order), the others after them in slice order.
/// Other's row (`chart.other`) is the last in every order, as its slice is drawn last.
enum LegendRows {
    /// Rows in legend order; each is the indices into `slices` it stands for, its rings in the
    /// legend's order (inside out; outer first with `reverse`): the first gives the row its
    /// place, swatch, label and tooltip.
    /// `spec` is the spec `SliceLayout.specIndex` indexes (the flattened one of a chart of
    /// rings); `rings` the placed rings (none: one set of slices); `hasOther`: the last slice is
    /// Other.
    static func rows(_ slices: [SliceLayout], spec: ChartSpec, order: LegendOrder, rings: [RingBand], hasOther: Bool) -> [[Int]] {
        let count = hasOther && !slices.isEmpty ? slices.count - 1 : slices.count
        // The category of each slice: its id as the slices were written (a ring's own ids).
        var category = slices.map(\.id)
        var ringOf = [Int](repeating: 0, count: slices.count)
        for (r, band) in rings.enumerated() {
            for i in band.slices.indices where band.first + i < slices.count {
                category[band.first + i] = band.slices[i].id
                ringOf[band.first + i] = r
            }
        }
        var rows = rings.isEmpty ? (0..<count).map { [$0] } : merged(slices, category: category, spec: spec)
        switch order {
        case .slices:
            break
        case .reverse:
            if rings.isEmpty {
                rows.reverse()
            } else {
                // Outer ring first, each ring's rows in slice order: a row that stands for
                // slices of several rings lists them outer first, at its outermost's place.
                rows = rows.map { $0.reversed() }
                rows.sort { a, b in ringOf[a[0]] != ringOf[b[0]] ? ringOf[a[0]] > ringOf[b[0]] : a[0] < b[0] }
            }
        case .value:
            let sums = rows.map { $0.reduce(0.0) { $0 + slices[$1].value } }
            rows = rows.indices.sorted { a, b in sums[a] != sums[b] ? sums[a] > sums[b] : a < b }.map { rows[$0] }
        case .ids(let ids):
            var rank: [String: Int] = [:]
            for (i, id) in ids.enumerated() where rank[id] == nil { rank[id] = i }
            let unlisted = ids.count
            rows = rows.enumerated().sorted { a, b in
                let ra = rank[category[a.element[0]]] ?? unlisted, rb = rank[category[b.element[0]]] ?? unlisted
                return ra != rb ? ra < rb : a.offset < b.offset
            }.map(\.element)
        }
        if count < slices.count { rows.append([count]) }
        return rows
    }

    /// One row per slice, but slices of the same category that a row would show alike (label,
    /// colour, pattern) share the row of the first of them.
    private static func merged(_ slices: [SliceLayout], category: [String], spec: ChartSpec) -> [[Int]] {
        let palette = Patterns.palette(spec.theme), slots = PatternMode.slotIDs(spec)
        var rows: [[Int]] = []
        var byCategory: [String: [Int]] = [:]
        for k in slices.indices {
            let s = slices[k]
            let pattern = Patterns.kind(spec, s, index: k, palette: palette, slots: slots)
            let same = byCategory[category[k]]?.first { r in
                let f = slices[rows[r][0]]
                return f.label == s.label && f.color == s.color && Patterns.kind(spec, f, index: rows[r][0], palette: palette, slots: slots) == pattern
            }
            if let same {
                rows[same].append(k)
            } else {
                byCategory[category[k], default: []].append(rows.count)
                rows.append([k])
            }
        }
        return rows
    }
}
