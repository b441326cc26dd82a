import PieSpec

/// A wedge at one instant, in the chart's angle space: angles, radii, explode, colour and
/// opacity (a slice at rest, or a segment at one end of a transition or at any instant).
public struct SegmentGeometry: Sendable, Hashable {
    public var startAngle: Double
    public var endAngle: Double
    public var outerRadius: Double
    public var innerRadius: Double
    public var color: Color
    /// 0...1.
    public var opacity: Double
    /// Px the segment is moved outward along its middle angle.
    public var explode: Double = 0

    public init(startAngle: Double, endAngle: Double, outerRadius: Double, innerRadius: Double,
                color: Color, opacity: Double = 1) {
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.outerRadius = outerRadius
        self.innerRadius = innerRadius
        self.color = color
        self.opacity = opacity
    }

    public var span: Double { endAngle - startAngle }

    /// Where an inside label sits: the middle of a donut's ring, 0.62 of a pie's radius
    /// (explode not included).
    public var labelRadius: Double { labelRadius(fraction: nil) }

    /// Where an inside label sits with `labels.radius` = `fraction` of the ring (0 = its
    /// inner edge, 1 = its outer edge); nil = `labelRadius`'s default.
    public func labelRadius(fraction: Double?) -> Double {
        // The default, `defaultLabelFraction`, with a donut's middle as the exact midpoint.
        guard let fraction else { return innerRadius > 0 ? (innerRadius + outerRadius) / 2 : outerRadius * Self.pieLabelFraction }
        return innerRadius + (outerRadius - innerRadius) * fraction
    }

    /// `labels.radius` when the spec sets none: the middle of a donut's ring, 0.62 of a pie's
    /// radius (the one place this default is written).
    public static func defaultLabelFraction(innerRadius: Double) -> Double { innerRadius > 0 ? 0.5 : pieLabelFraction }
    static let pieLabelFraction = 0.62

    /// A copy moved outward by `explode` px.
    func exploded(_ explode: Double) -> SegmentGeometry {
        var g = self
        g.explode = explode
        return g
    }

    /// Linear interpolation of every field, colours mixed channel by channel (as CSS does).
    public func blended(to other: SegmentGeometry, at e: Double) -> SegmentGeometry {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
        func byte(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(max(0, min(255, mix(Double(a), Double(b)).rounded()))) }
        let c = Color(r: byte(color.r, other.color.r), g: byte(color.g, other.color.g), b: byte(color.b, other.color.b),
                      a: byte(color.a, other.color.a))
        return SegmentGeometry(startAngle: mix(startAngle, other.startAngle), endAngle: mix(endAngle, other.endAngle),
                               outerRadius: mix(outerRadius, other.outerRadius), innerRadius: mix(innerRadius, other.innerRadius),
                               color: c, opacity: mix(opacity, other.opacity)).exploded(mix(explode, other.explode))
    }
}
