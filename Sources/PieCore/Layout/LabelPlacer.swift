/// The collision solver of outside labels: a pure, deterministic function from candidates
/// (a label's side, natural y, size and priority) and the room beside the pie to positions.
///
/// Per side: keep the labels that fit (the room's height over the line height) in `LabelRank`
/// order (kept labels, then the higher priority, then the earlier label); sort them by natural y (ties by
/// index); a forward pass pushes each label down to at least one line below the previous
/// one (and below the top); a backward pass pulls labels up so the last stays above the
/// bottom. Because no more labels are kept than lines fit, both passes together give a
/// layout with no two labels closer than one line and all of them inside the room. The
/// labels left out are hidden (their slice still has its legend row and tooltip).
public enum LabelPlacer {
    /// One label to place, in pie coordinates (px, y down, origin at the pie's centre).
    public struct Candidate: Sendable, Hashable {
        /// Caller's handle (returned in `Placed`).
        public var index: Int
        /// +1 right of the pie, -1 left.
        public var side: Double
        /// Where the label would sit without neighbours (the leader's elbow height).
        public var naturalY: Double
        /// Larger first when not all labels fit.
        public var priority: Double
        /// Extra height beyond one line (a label of several lines), px.
        public var extra: Double
        /// `keepLabel`: before every label that is not kept, whatever the priorities.
        public var kept: Bool
        public init(index: Int, side: Double, naturalY: Double, priority: Double, extra: Double = 0, kept: Bool = false) {
            self.index = index
            self.side = side
            self.naturalY = naturalY
            self.priority = priority
            self.extra = extra
            self.kept = kept
        }

        var rank: LabelRank { LabelRank(kept: kept, priority: priority, index: index) }
    }

    /// A placed label: its vertical centre.
    public struct Placed: Sendable, Hashable {
        public var index: Int
        public var side: Double
        public var y: Double
    }

    /// Places `candidates` between `top` and `bottom` (the room's edges), `lineHeight` apart.
    /// Returns the placed labels in the order of `candidates` (dropped ones left out).
    public static func solve(_ candidates: [Candidate], top: Double, bottom: Double, lineHeight: Double) -> [Placed] {
        var placed: [Placed] = []
        for side in [-1.0, 1.0] {
            placed += solveSide(candidates.filter { $0.side == side }, top: top, bottom: bottom, lineHeight: lineHeight)
        }
        let order = Dictionary(candidates.enumerated().map { ($0.element.index, $0.offset) }, uniquingKeysWith: { a, _ in a })
        return placed.sorted { order[$0.index]! < order[$1.index]! }
    }

    /// How many labels fit on one side.
    public static func capacity(top: Double, bottom: Double, lineHeight: Double) -> Int {
        guard lineHeight > 0, bottom - top >= lineHeight else { return 0 }
        return Int(((bottom - top) / lineHeight + 1e-9).rounded(.down))
    }

    private static func solveSide(_ side: [Candidate], top: Double, bottom: Double, lineHeight: Double) -> [Placed] {
        var kept = side
        // Labels of several lines are taller (`extra`): keep by priority while their heights fit.
        if side.contains(where: { $0.extra > 0 }) {
            var used = 0.0
            kept = side.sorted { $0.rank.precedes($1.rank) }.filter { c in
                let h = lineHeight + c.extra
                guard used + h <= bottom - top + 1e-9 else { return false }
                used += h
                return true
            }
        } else {
            let room = capacity(top: top, bottom: bottom, lineHeight: lineHeight)
            if kept.count > room {
                kept = Array(side.sorted { $0.rank.precedes($1.rank) }.prefix(room))
            }
        }
        kept.sort { $0.naturalY != $1.naturalY ? $0.naturalY < $1.naturalY : $0.index < $1.index }
        func half(_ i: Int) -> Double { (lineHeight + kept[i].extra) / 2 }
        var ys = kept.map(\.naturalY)
        for i in ys.indices {
            let floor = i == 0 ? top + half(0) : ys[i - 1] + half(i - 1) + half(i)
            ys[i] = max(ys[i], floor)
        }
        for i in ys.indices.reversed() {
            let ceiling = i == ys.count - 1 ? bottom - half(i) : ys[i + 1] - half(i + 1) - half(i)
            ys[i] = min(ys[i], ceiling)
        }
        return zip(kept, ys).map { Placed(index: $0.index, side: $0.side, y: $1) }
    }
}
