import PieDiagnostics
import PieJSON
import PieSpec

/// Writes manifest.json (see the contract in the project docs): tool version, spec hash,
/// canonical spec, the chart's geometry, timing, each slice's final angles and the
/// transitions. The bytes are those of the equivalent `JSONValue.serialized(pretty: true)`
/// plus a newline; slices and transitions are streamed (a chart may have 100,000 slices).
public enum Manifest {
    /// 2: the manifest records the previous version (`previous`, right after `spec`).
    static let version = 2

    /// `previous`: the canonical spec the chart animates from (`null` when it enters), so the
    /// bundle is a function of what the manifest records: `spec` (with the bytes `specHash`
    /// covers) and `previous`. `warnings`: what the build reported, as `warnings` after the head
    /// (only when there are any, so that the fast path's `head` does not match: it would hide
    /// them). `extra`: members written before `files` (a history's `versions`).
    static func bytes(spec: ChartSpec, previous: ChartSpec?, sourceBytes: [UInt8], layout: ChartLayout, plan: TransitionPlan,
                      changes: ChangeReport?, files: [String], warnings: [Diagnostic] = [],
                      extra: [(String, JSONValue)] = []) -> [UInt8] {
        writer(spec: spec, previous: previous, sourceBytes: sourceBytes, layout: layout, plan: plan, changes: changes,
               files: files, warnings: warnings, extra: extra).takeBytes()
    }

    /// The manifest's bytes in the chunks they were written into (`bytes` joins them).
    static func writer(spec: ChartSpec, previous: ChartSpec?, sourceBytes: [UInt8], layout: ChartLayout, plan: TransitionPlan,
                       changes: ChangeReport?, files: [String], warnings: [Diagnostic] = [],
                       extra: [(String, JSONValue)] = []) -> ByteWriter {
        var j = JSONStream(capacity: 4096 + layout.slices.count * 700)
        writeHead(id: spec.id, specBytes: sourceBytes, into: &j)
        if !warnings.isEmpty {
            j.member("warnings", .array(warnings.map { w in
                .object([("code", .string(w.code.rawValue)), ("message", .string(w.message))])
            }))
        }
        j.key("spec")
        spec.writeCanonical(into: &j)
        j.key("previous")
        if let previous { previous.writeCanonical(into: &j) } else { j.value(.null) }
        j.member("chart", chart(layout))
        j.member("animation", animation(plan))
        j.key("slices")
        j.open("[")
        for s in layout.slices { slice(s, members: s.id == OtherOptions.id ? layout.other : nil, into: &j) }
        j.close("]")
        // Concentric rings: each ring's band and its slices (ids as in `slices`: `ring/slice`).
        if !layout.rings.isEmpty {
            j.member("rings", .array(layout.rings.map { ring in
                .object([
                    ("id", .string(ring.id)), ("label", .string(ring.label)),
                    ("innerRadius", n(ring.innerRadius)), ("outerRadius", n(ring.outerRadius)),
                    ("slices", .array(ring.slices.indices.map { .string(layout.slices[ring.first + $0].id) })),
                ])
            }))
        }
        j.key("transitions")
        j.open("[")
        // A chart of rings also writes each segment's drawn ring and inner radius (bands move).
        let rings = !layout.rings.isEmpty
        for s in plan.segments { transition(s, inner: rings, into: &j) }
        j.close("]")
        // Reordered slices drawn on top while they rotate (see `TransitionPlan.movers`).
        j.key("movers")
        j.open("[")
        for s in plan.movers { transition(s, inner: rings, into: &j) }
        j.close("]")
        // The chart-level elements the chart has (`ChartElements.all`: outline, grid, shadow).
        for (name, value) in ChartElements.manifest(plan) {
            j.key(name)
            j.value(value)
        }
        j.member("changes", changes?.json() ?? .null)
        for (name, value) in extra {
            j.key(name)
            j.value(value)
        }
        j.member("files", .array(files.map { .string($0) }))
        j.close("}")
        j.out.raw("\n")
        return j.out
    }

    /// How every manifest of `id` built from `specBytes` by this piec without warnings begins:
    /// its first members (tool version, manifest version, id, spec hash), then the key of the
    /// canonical spec. The driver's fast path compares this with the head of a manifest on
    /// disk; one that lists warnings does not match, so its spec is built (and warned about)
    /// again.
    public static func head(id: String, specBytes: [UInt8]) -> [UInt8] {
        var j = JSONStream(capacity: 256)
        writeHead(id: id, specBytes: specBytes, into: &j)
        j.key("spec")
        return j.out.takeBytes()
    }

    /// The text of a manifest's `spec` (or `previous`) member for `spec`
    /// (`ChartSpec.canonicalMemberText`).
    public static func memberText(_ spec: ChartSpec) -> [UInt8] { spec.canonicalMemberText() }

    private static func writeHead(id: String, specBytes: [UInt8], into j: inout JSONStream) {
        j.open("{")
        j.member("piec", string: PiecVersion.string)
        j.member("manifestVersion", .int(version))
        j.member("id", string: id)
        j.member("specHash", string: "sha256:" + SHA256.hex(specBytes))
    }

    private static func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }

    private static func chart(_ l: ChartLayout) -> JSONValue {
        .object([
            ("width", n(l.width)), ("height", n(l.height)), ("cx", n(l.cx)), ("cy", n(l.cy)),
            ("outerRadius", n(l.outerRadius)), ("innerRadius", n(l.innerRadius)),
            ("startAngle", n(l.startAngle)), ("sweep", n(l.sweep)), ("direction", .string(l.direction.rawValue)),
            ("background", l.background.map { .string(ByteWriter.hexString($0)) } ?? .null),
            ("track", l.track.map { .string(ByteWriter.hexString($0)) } ?? .null),
        ])
    }

    private static func animation(_ p: TransitionPlan) -> JSONValue {
        .object([
            ("duration", n(p.duration)), ("delay", n(p.delay)),
            ("easing", .array([p.easing.x1, p.easing.y1, p.easing.x2, p.easing.y2].map { .number($0, decimals: 4) })),
            ("kind", .string(p.kind.rawValue)),
        ])
    }

    /// `members`: for the slice `chart.other` grouped, the ids it holds.
    private static func slice(_ s: SliceLayout, members: OtherGroup?, into j: inout JSONStream) {
        j.item()
        j.open("{")
        j.member("id", string: s.id)
        j.member("label", string: s.label)
        j.member("value", number: s.value, decimals: 6)
        j.member("percent", string: s.percentText)
        j.member("color", color: s.color)
        j.member("startAngle", number: s.startAngle)
        j.member("endAngle", number: s.endAngle)
        j.member("outerRadius", number: s.outerRadius)
        j.member("innerRadius", number: s.innerRadius)
        if let members { j.member("members", .array(members.members.map { .string($0.id) })) }
        j.close("}")
    }

    private static func geometry(_ name: StaticString, _ g: SegmentGeometry, inner: Bool, into j: inout JSONStream) {
        j.key(name)
        j.open("{")
        j.member("startAngle", number: g.startAngle)
        j.member("endAngle", number: g.endAngle)
        j.member("outerRadius", number: g.outerRadius)
        if inner { j.member("innerRadius", number: g.innerRadius) }
        j.member("color", color: g.color)
        j.close("}")
    }

    private static func transition(_ s: Segment, inner: Bool, into j: inout JSONStream) {
        j.item()
        j.open("{")
        j.member("id", string: s.id)
        j.member("kind", string: s.kind.rawValue)
        if inner, let part = s.ringPart { j.member("ring", .int(part)) }
        geometry("from", s.from, inner: inner, into: &j)
        geometry("to", s.to, inner: inner, into: &j)
        j.close("}")
    }
}

extension JSONStream {
    mutating func member(_ name: StaticString, color: Color) {
        key(name)
        self.color(color)
    }
}
