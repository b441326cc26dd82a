import PieDiagnostics
import PieSpec

/// The tool version written into manifests.
public enum PiecVersion {
    public static let string = "0.1.0"
}

/// Writes manifest.json (see the contract in the project docs): tool version, spec hash,
/// canonical spec, the chart's geometry, timing, each slice's final angles and the transitions.
enum Manifest {
    static let version = 1

    static func json(spec: ChartSpec, sourceBytes: [UInt8], layout: ChartLayout, plan: TransitionPlan,
                     files: [String]) -> JSONValue {
        .object([
            ("piec", .string(PiecVersion.string)),
            ("manifestVersion", .int(version)),
            ("id", .string(spec.id)),
            ("specHash", .string("sha256:" + SHA256.hex(sourceBytes))),
            ("spec", spec.canonicalJSON()),
            ("chart", chart(layout)),
            ("animation", animation(plan)),
            ("slices", .array(layout.slices.map(slice))),
            ("transitions", .array(plan.segments.map(transition))),
            ("files", .array(files.map { .string($0) })),
        ])
    }

    private static func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }

    private static func chart(_ l: ChartLayout) -> JSONValue {
        .object([
            ("width", n(l.width)), ("height", n(l.height)), ("cx", n(l.cx)), ("cy", n(l.cy)),
            ("outerRadius", n(l.outerRadius)), ("innerRadius", n(l.innerRadius)),
            ("startAngle", n(l.startAngle)), ("sweep", n(l.sweep)), ("direction", .string(l.direction.rawValue)),
            ("background", l.background.map { .string($0.hex) } ?? .null),
            ("track", l.track.map { .string($0.hex) } ?? .null),
        ])
    }

    private static func animation(_ p: TransitionPlan) -> JSONValue {
        .object([
            ("duration", n(p.duration)), ("delay", n(p.delay)),
            ("easing", .array([p.easing.x1, p.easing.y1, p.easing.x2, p.easing.y2].map { .number($0, decimals: 4) })),
            ("kind", .string(p.kind.rawValue)),
        ])
    }

    private static func slice(_ s: SliceLayout) -> JSONValue {
        .object([
            ("id", .string(s.id)), ("label", .string(s.label)), ("value", .number(s.value, decimals: 6)),
            ("percent", .string(s.percentText)), ("color", .string(s.color.hex)),
            ("startAngle", n(s.startAngle)), ("endAngle", n(s.endAngle)),
            ("outerRadius", n(s.outerRadius)), ("innerRadius", n(s.innerRadius)),
        ])
    }

    private static func geometry(_ g: SegmentGeometry) -> JSONValue {
        .object([
            ("startAngle", n(g.startAngle)), ("endAngle", n(g.endAngle)),
            ("outerRadius", n(g.outerRadius)), ("color", .string(g.color.hex)),
        ])
    }

    private static func transition(_ s: Segment) -> JSONValue {
        .object([("id", .string(s.id)), ("kind", .string(s.kind.rawValue)),
                 ("from", geometry(s.from)), ("to", geometry(s.to))])
    }
}
