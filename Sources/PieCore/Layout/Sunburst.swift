import PieDiagnostics
import PieSpec

/// A sunburst's ring with parents (`rings[].slices[].parent`): its slices take the angles of
/// the ring inside, each parent's angle shared out by its children in proportion to their
/// values (equally when they are all 0), so the ring tiles the same sweep as the ring inside.
/// Children follow their parents' angular order; `chart.sort` orders the siblings, else
/// they keep the order written. A parent whose children add up to another value than its
/// own still has its whole angle filled: warning E0616.
public enum Sunburst {
    public static let childrenSum = DiagnosticCode("E0616")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0616", "children that do not add up to their parent", """
            In a sunburst, a parent's children share out the parent's whole angle in \
            proportion to their values. When their values add up to more or less than the \
            parent's value, their angles no longer show their values on the same scale as \
            the ring inside (the percentages in labels and tooltips stay their true shares \
            of their own ring). Make the children add up to their parent's value, or add a \
            child for the rest.
            """),
    ]

    /// The order and angles (by spec index) of `ring`'s slices under the placed slices of
    /// the ring inside (`inside`, whose `specIndex` indexes `insideSpec.slices`); nil when the
    /// ring's slices have no parents.
    static func spans(_ ring: RingSpec, inside: [SliceLayout], insideSpec: RingSpec,
                      sort: SortOrder) -> (order: [Int], angles: [(start: Double, end: Double)])? {
        guard !ring.slices.isEmpty, ring.slices.allSatisfy({ $0.parent != nil }) else { return nil }
        var angles = Array(repeating: (start: 0.0, end: 0.0), count: ring.slices.count)
        var order: [Int] = []
        for parent in inside {
            let id = insideSpec.slices[parent.specIndex].id
            let children = Layout.order(ring.slices, sort: sort).filter { ring.slices[$0].parent == id }
            let sum = children.reduce(0.0) { $0 + max(ring.slices[$1].value, 0) }
            let width = parent.endAngle - parent.startAngle
            var at = parent.startAngle
            for (n, c) in children.enumerated() {
                let share = sum > 0 ? max(ring.slices[c].value, 0) / sum : 1 / Double(children.count)
                let end = n == children.count - 1 ? parent.endAngle : at + width * share
                angles[c] = (at, end)
                at = end
                order.append(c)
            }
        }
        return order.count == ring.slices.count ? (order, angles) : nil
    }

    /// Warning E0616 for each parent whose children add up to another value than its own.
    static func warnings(_ spec: ChartSpec, locations: SpecLocations) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var offset = 0
        for (r, ring) in spec.rings.enumerated() {
            defer { offset += ring.slices.count }
            guard r > 0, ring.slices.contains(where: { $0.parent != nil }) else { continue }
            let inside = spec.rings[r - 1]
            let insideOffset = offset - inside.slices.count
            for (i, parent) in inside.slices.enumerated() {
                let sum = ring.slices.filter { $0.parent == parent.id }.reduce(0.0) { $0 + $1.value }
                guard abs(sum - parent.value) > 1e-9 * max(abs(parent.value), 1) else { continue }
                let first = ring.slices.indices.first { ring.slices[$0].parent == parent.id }
                let children = first.flatMap { locations.value("slices[\(offset + $0)].parent") }
                result.append(.warning(childrenSum,
                    "the children of `\(parent.id)` in ring `\(ring.id)` add up to \(formatNumber(sum, decimals: 6)), not its value \(formatNumber(parent.value, decimals: 6))",
                    at: locations.value("slices[\(insideOffset + i)].value"),
                    labels: children.map { [DiagnosticLabel(range: $0, message: "a child")] } ?? [],
                    notes: ["the children share out their parent's whole angle in proportion to their values"],
                    help: "make the children add up to \(formatNumber(parent.value, decimals: 6)), or add a child for the rest"))
            }
        }
        return result
    }
}
