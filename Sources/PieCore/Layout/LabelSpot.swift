#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieSpec

/// Where an inside label's box is centred: a chart angle and a radius (px from the centre,
/// explode not included). `LabelFit.spot` finds it; inside labels are drawn there, at rest and
/// at both ends of a transition (which turns and moves them from one spot to the other).
public struct LabelSpot: Sendable, Hashable {
    public var angle: Double
    public var radius: Double

    public init(angle: Double, radius: Double) {
        self.angle = angle
        self.radius = radius
    }

    /// The default spot of `g`: its middle angle at `labels.radius` (`fraction`) or the default
    /// radius.
    public static func middle(of g: SegmentGeometry, fraction: Double?) -> LabelSpot {
        LabelSpot(angle: (g.startAngle + g.endAngle) / 2, radius: g.labelRadius(fraction: fraction))
    }

    /// The spot as drawn on `g`, moved with its slice's explode (along the slice's middle
    /// angle), in screen polar coordinates: the signed angle (`sign` * chart angle, within
    /// 180 degrees of the spot's own) and the radius.
    public func drawn(on g: SegmentGeometry, sign: Double) -> (angle: Double, radius: Double) {
        let mid = (g.startAngle + g.endAngle) / 2
        guard g.explode != 0, angle != mid else { return (sign * angle, radius + g.explode) }
        let p = Geometry.point(angle: angle, radius: radius), e = Geometry.point(angle: mid, radius: g.explode)
        let x = p.x + e.x, y = p.y + e.y
        var a = atan2(x, -y) * 180 / Double.pi
        a += 360 * ((angle - a) / 360).rounded()
        return (sign * a, (x * x + y * y).squareRoot())
    }
}

extension LabelFit {
    /// Where the box of `text` lies inside `g`'s ring sector with `padding` to spare, or nil.
    /// In this order, the first that fits: the default spot (`LabelSpot.middle`); on the middle
    /// angle, the nearest radius across the ring (2 px steps; not when `labels.radius` sets it);
    /// then angles away from the middle, nearest first, 2 px of the outer arc apart (later in
    /// the chart's direction first at equal distance), each at the default radius and then the
    /// nearest radius. So a label that fits anywhere in its slice is drawn inside, and one
    /// that fits at its default spot stays there.
    ///
    /// A turned label (`orientation`, `LabelTurn`) is tested exactly too: its box is turned by
    /// the spot's screen angle, so turning the whole plane back by that angle about the centre
    /// (radii kept, chart angles less the spot's) makes it an upright box at (0, -radius) in
    /// the slice's sector so turned.
    ///
    /// `box` (px, `LabelBoxOptions.reach`): a box drawn behind the text is the label, so the
    /// text's box grown by it on every side is what must fit.
    public static func spot(_ text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                            fraction: Double?, orientation: LabelOrientation = .horizontal, box: Double = 0) -> LabelSpot? {
        guard g.span > 0, g.outerRadius > g.innerRadius else { return nil }
        let upright = size(text, fontSize: fontSize)
        let (w, h) = LabelTurn.box(width: upright.width + 2 * box, height: upright.height + 2 * box, orientation)
        func fits(_ angle: Double, _ r: Double) -> Bool {
            if orientation != .horizontal {
                return SectorBox(centerX: 0, y: -r, width: w, height: h, pad: padding)
                    .isInside(start: g.startAngle - angle, end: g.endAngle - angle, inner: g.innerRadius, outer: g.outerRadius, sign: sign)
            }
            let p = Geometry.point(angle: sign * angle, radius: r)
            return SectorBox(centerX: p.x, y: p.y, width: w, height: h, pad: padding)
                .isInside(start: g.startAngle, end: g.endAngle, inner: g.innerRadius, outer: g.outerRadius, sign: sign)
        }
        let middle = LabelSpot.middle(of: g, fraction: fraction)
        if fits(middle.angle, middle.radius) { return middle }
        // Necessary: the box's smaller side fits across the ring and the slice's widest chord.
        let least = min(w, h) + 2 * padding
        let chord = g.span >= 180 ? 2 * g.outerRadius : 2 * g.outerRadius * sin(g.span / 2 * Double.pi / 180)
        guard g.outerRadius - g.innerRadius >= least, least <= chord else { return nil }
        let r0 = middle.radius
        var radii = [r0]
        if fraction == nil {
            var step = 2.0
            while r0 - step > g.innerRadius || r0 + step < g.outerRadius {
                if r0 + step < g.outerRadius { radii.append(r0 + step) }
                if r0 - step > g.innerRadius { radii.append(r0 - step) }
                step += 2
            }
        }
        for r in radii.dropFirst() where fits(middle.angle, r) { return LabelSpot(angle: middle.angle, radius: r) }
        let delta = 2 / g.outerRadius * 180 / Double.pi
        var k = 1.0
        while k * delta < g.span / 2 {
            for angle in [middle.angle + k * delta, middle.angle - k * delta] {
                var turned = g
                if orientation != .horizontal { (turned.startAngle, turned.endAngle) = (g.startAngle - angle, g.endAngle - angle) }
                let least = nearest(orientation == .horizontal ? angle : 0, turned, width: w + 2 * padding, height: h + 2 * padding)
                guard least <= g.outerRadius else { continue }
                for r in radii where r >= least && fits(angle, r) { return LabelSpot(angle: angle, radius: r) }
            }
            k += 1
        }
        return nil
    }

    /// The least radius at which a box of `width` x `height` centred at chart `angle` can lie
    /// inside `g`'s sector of at most 180 degrees (0 for a wider one): its centre must be at
    /// least the box's half extent across each ray from the ray's line. A search skips what
    /// cannot fit; it finds the same spot.
    static func nearest(_ angle: Double, _ g: SegmentGeometry, width: Double, height: Double) -> Double {
        guard g.span <= 180 else { return 0 }
        var least = 0.0
        for (ray, apart) in [(g.startAngle, angle - g.startAngle), (g.endAngle, g.endAngle - angle)] {
            let t = ray * Double.pi / 180
            let half = (width * abs(cos(t)) + height * abs(sin(t))) / 2
            let s = sin(apart * Double.pi / 180)
            guard s > 0 else { return .infinity }
            if apart < 90 { least = max(least, half / s) }
        }
        return least
    }

    /// Where an inside label of `text` is drawn on `g`: `spot`, or the default spot when it
    /// fits nowhere (a label that is drawn anyway fades, e.g. at a transition's end).
    public static func drawnSpot(_ text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                                 fraction: Double?, orientation: LabelOrientation = .horizontal, box: Double = 0) -> LabelSpot {
        spot(text, geometry: g, fontSize: fontSize, sign: sign, fraction: fraction, orientation: orientation, box: box)
            ?? .middle(of: g, fraction: fraction)
    }
}
