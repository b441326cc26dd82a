import PieSpec

/// `theme.children: tint`: a sunburst's child takes its parent's colour (as drawn, itself a
/// tint when the parent is a child) mixed towards white, lighter in the children's drawn
/// order: the first child 15%, the last 60%, evenly between; an only child 30%. Each branch
/// reads as one family, as ECharts' sunburst tints its children. The tint is a colour of the
/// layout like any other, so a child that changes parent (or place among its siblings)
/// blends from its old tint to its new one in motion.
enum ChildTints {
    static let first = 0.15, last = 0.6, only = 0.3

    /// How far towards white the `j`th of `n` children is mixed.
    static func fraction(_ j: Int, of n: Int) -> Double {
        n <= 1 ? only : first + (last - first) * Double(j) / Double(n - 1)
    }

    /// The tint of each of `ring`'s slices by spec index, in `order` (the children grouped by
    /// parent, as `Sunburst.spans` places them), from the placed slices of the ring inside.
    static func colors(_ ring: RingSpec, order: [Int], inside: [SliceLayout], insideSpec: RingSpec) -> [Int: Color] {
        var parentColor: [String: Color] = [:]
        for p in inside where p.specIndex < insideSpec.slices.count { parentColor[insideSpec.slices[p.specIndex].id] = p.color }
        var count: [String: Int] = [:]
        for c in order { if let p = ring.slices[c].parent { count[p, default: 0] += 1 } }
        let white = Color(r: 255, g: 255, b: 255)
        var seen: [String: Int] = [:], tints: [Int: Color] = [:]
        for c in order {
            guard let p = ring.slices[c].parent, let base = parentColor[p] else { continue }
            let j = seen[p, default: 0]
            seen[p] = j + 1
            tints[c] = Color.mix(base, white, fraction(j, of: count[p] ?? 1))
        }
        return tints
    }
}
