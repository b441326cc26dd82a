import PieDiagnostics

/// Hierarchical rings (a sunburst): `rings[].slices[].parent` names a slice of the ring
/// inside. Every slice of a ring has a parent or none does; a parent's children share its
/// angle in proportion to their values (in their parent's order, `chart.sort` ordering the
/// siblings), so every slice of the ring inside needs a child: the ring then tiles the same
/// sweep as the ring inside it.
public enum SunburstDiagnostics {
    public static let unknownParent = DiagnosticCode("E0334")
    public static let noRingInside = DiagnosticCode("E0335")
    public static let someParents = DiagnosticCode("E0336")
    public static let childless = DiagnosticCode("E0337")
    public static let nothingToTint = DiagnosticCode("E0375")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0334", "an unknown parent", """
            `parent` names a slice of the ring inside (the ring listed just before), whose \
            angle the slice shares with its siblings. No slice of that ring has this id. Use \
            one of its slice ids.
            """),
        CodeInfo("E0335", "a parent without a ring inside", """
            `parent` places a slice inside its parent's angle in the ring inside it. The \
            innermost ring, and the slices of a chart without rings, have no ring inside: \
            remove `parent`, or move the slice to an outer ring.
            """),
        CodeInfo("E0336", "only some slices of a ring have a parent", """
            In a sunburst, a ring's slices share out the angles of the ring inside: either \
            every slice of a ring names its `parent`, or none does (the ring then shares its \
            own sweep by value). Give every slice of the ring a `parent`, or remove them all.
            """),
        CodeInfo("E0337", "a parent without children", """
            A ring whose slices have parents tiles the same sweep as the ring inside it, each \
            parent's angle shared out by its children. A slice of the ring inside without a \
            child would leave a hole in the ring. Give it a child (for example a slice of the \
            same id and value), or remove it.
            """),
        CodeInfo("E0375", "children tinted without children", """
            `theme.children: tint` colours each slice that has a `parent` with a tint of its \
            parent's colour. The spec writes it, but no slice of its rings has a `parent`, so \
            nothing would be tinted. Remove `children`, or give the slices of an outer ring \
            their `parent`s (a sunburst). Set in a `.piec.yaml`, it applies to the sunbursts \
            below it and is not refused elsewhere.
            """),
    ]
}

/// `theme.children`: how a sunburst colours the slices that have a `parent`.
public enum ChildColors: String, Sendable, Hashable, CaseIterable {
    /// The palette by id, like every other slice.
    case palette
    /// A tint of the parent's colour: its children lighter in their order (`ChildTints`).
    case tint
}

extension Lowering {
    /// A parent on a slice without a ring inside (E0335), naming no slice of the ring inside
    /// (E0334), on only some of a ring's slices (E0336); a slice of the ring inside without a
    /// child (E0337). Rings' slices follow one another in `locations.slices` (`lowerRings`).
    mutating func validateParents(_ spec: ChartSpec) {
        if spec.theme.children == .tint, !spec.rings.contains(where: { $0.slices.contains { $0.parent != nil } }),
           let at = locations.value("theme.children") {
            error(SunburstDiagnostics.nothingToTint, "`theme.children: tint`, but no slice has a `parent` to tint it by", at: at,
                  notes: ["a child is tinted from its parent's colour: a slice of an outer ring with `parent`"],
                  help: "remove `children`, or give the slices of an outer ring their `parent`s")
        }
        if spec.rings.isEmpty {
            for (i, slice) in spec.slices.enumerated() where slice.parent != nil {
                error(SunburstDiagnostics.noRingInside, "slice `\(slice.id)` has a `parent`, but the chart has no rings",
                      at: locations.value("slices[\(i)].parent"),
                      notes: ["a parent is a slice of the ring inside, in a chart of `rings`"],
                      help: "remove `parent`, or write the chart as `rings:` (inside out)")
            }
            return
        }
        var offset = ringSliceStart
        for (r, ring) in spec.rings.enumerated() {
            defer { offset += ring.slices.count }
            let withParent = ring.slices.indices.filter { ring.slices[$0].parent != nil }
            guard !withParent.isEmpty else { continue }
            let locations = self.locations
            let at = { (i: Int) in locations.value("slices[\(offset + i)].parent") }
            guard r > 0 else {
                error(SunburstDiagnostics.noRingInside, "slice `\(ring.slices[withParent[0]].id)` of ring `\(ring.id)` has a `parent`, but no ring is inside ring `\(ring.id)`",
                      at: at(withParent[0]), notes: ["rings go inside out: a parent is a slice of the ring listed before"],
                      help: "remove `parent`, or move this slice to an outer ring")
                continue
            }
            if withParent.count != ring.slices.count {
                let missing = ring.slices.indices.first { ring.slices[$0].parent == nil }!
                let path = "slices[\(offset + missing)]"
                error(SunburstDiagnostics.someParents, "slice `\(ring.slices[missing].id)` of ring `\(ring.id)` has no `parent`, but other slices of the ring have one",
                      at: locations.value("\(path).id") ?? locations.value("\(path).label") ?? locations.value(path),
                      labels: at(withParent[0]).map { [DiagnosticLabel(range: $0, message: "a parent given here")] } ?? [],
                      notes: ["every slice of a ring has a parent or none does"],
                      help: "give this slice a `parent:` (one of \(idList(spec.rings[r - 1])))")
                continue
            }
            let inside = spec.rings[r - 1]
            let ids = inside.slices.map(\.id)
            var unknown = false
            for (i, slice) in ring.slices.enumerated() {
                guard let parent = slice.parent, !ids.contains(parent) else { continue }
                unknown = true
                error(SunburstDiagnostics.unknownParent, "no slice `\(parent)` in ring `\(inside.id)`, the ring inside ring `\(ring.id)`",
                      at: at(i), notes: ["a parent is a slice of the ring inside (the ring listed just before)"],
                      help: Suggestions.didYouMean(parent, among: ids) ?? "use one of \(idList(inside))")
            }
            guard !unknown else { continue }
            let parents = Set(ring.slices.compactMap(\.parent))
            let insideOffset = offset - inside.slices.count
            for (i, slice) in inside.slices.enumerated() where !parents.contains(slice.id) {
                let path = "slices[\(insideOffset + i)]"
                error(SunburstDiagnostics.childless, "slice `\(slice.id)` of ring `\(inside.id)` has no child in ring `\(ring.id)`",
                      at: locations.value("\(path).id") ?? locations.value("\(path).label") ?? locations.value(path),
                      notes: ["a ring with parents shares out every angle of the ring inside; a slice without a child would leave a hole"],
                      help: "add a slice with `parent: \(slice.id)` to ring `\(ring.id)` (e.g. of the same id and value)")
            }
        }
    }

    private func idList(_ ring: RingSpec) -> String {
        let ids = ring.slices.prefix(4).map { "`\($0.id)`" }
        return ids.joined(separator: ", ") + (ring.slices.count > 4 ? ", ..." : "")
    }
}
