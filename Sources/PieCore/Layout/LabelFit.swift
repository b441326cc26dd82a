#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieSpec

/// Where a slice's label goes at one instant: inside the slice, outside beside the pie, or
/// nowhere (`inside` asked for, and the text does not fit the slice).
public enum LabelMode: Sendable, Hashable {
    case inside, outside, hidden
}

/// Why a slice that should have a label shows none.
public enum LabelOmission: Sendable, Hashable {
    /// `inside` (or a ring): the text does not fit inside the slice.
    case doesNotFit
    /// `outside` or `auto`: more labels beside the chart than fit; the smallest slices' go.
    case noRoom
}

/// Whether a label's text fits inside its slice: its box (`TextMetrics` widths, the widest of
/// the metrics piec ships; a line box of `TextLines.leading` em per line), grown by `padding`,
/// centred where inside labels sit, lies in the slice's ring sector (`SectorBox`: both radii,
/// both rays, exactly).
public enum LabelFit {
    /// px kept between a label's box and its slice's edges.
    public static let padding = 2.0

    /// The box of `text` centred on its anchor: widest line by the lines' height.
    public static func size(_ text: String, fontSize: Double) -> (width: Double, height: Double) {
        (TextLines.width(text, fontSize: fontSize), TextLines.boxHeight(text, fontSize: fontSize))
    }

    /// Whether `text` fits inside `g`'s ring sector with `padding` to spare (`radius`).
    public static func fitsInside(_ text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                                  fraction: Double? = nil) -> Bool {
        radius(text, geometry: g, fontSize: fontSize, sign: sign, fraction: fraction) != nil
    }

    /// The radius (px from the centre, explode not included) at which the box of `text`,
    /// centred on `g`'s middle angle, lies inside `g`'s ring sector, or nil: `fraction` of the
    /// ring when `labels.radius` sets it; else the default radius (`labelRadius`) or, when
    /// the text does not fit there, the nearest radius where it does (2 px steps), so a
    /// label that fits anywhere across its slice is drawn inside.
    public static func radius(_ text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                              fraction: Double?) -> Double? {
        guard g.span > 0, g.outerRadius > g.innerRadius else { return nil }
        let (w, h) = size(text, fontSize: fontSize)
        let mid = Geometry.point(angle: sign * (g.startAngle + g.endAngle) / 2, radius: 1)
        func fits(_ r: Double) -> Bool {
            SectorBox(centerX: mid.x * r, y: mid.y * r, width: w, height: h, pad: padding)
                .isInside(start: g.startAngle, end: g.endAngle, inner: g.innerRadius, outer: g.outerRadius, sign: sign)
        }
        let r0 = g.labelRadius(fraction: fraction)
        if fits(r0) { return r0 }
        guard fraction == nil, g.outerRadius - g.innerRadius >= h + 2 * padding else { return nil }
        // Across the slice, the box's smaller side must fit its widest chord.
        let chord = g.span >= 180 ? 2 * g.outerRadius : 2 * g.outerRadius * sin(g.span / 2 * Double.pi / 180)
        guard min(w, h) + 2 * padding <= chord else { return nil }
        var step = 2.0
        while r0 - step > g.innerRadius || r0 + step < g.outerRadius {
            if r0 + step < g.outerRadius, fits(r0 + step) { return r0 + step }
            if r0 - step > g.innerRadius, fits(r0 - step) { return r0 - step }
            step += 2
        }
        return nil
    }

    /// Where an inside label of `text` is drawn on `g`: `radius`, or the default radius when
    /// it fits nowhere (a label that is drawn anyway fades, e.g. at a transition's end).
    public static func drawnRadius(_ text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                                   fraction: Double?) -> Double {
        radius(text, geometry: g, fontSize: fontSize, sign: sign, fraction: fraction) ?? g.labelRadius(fraction: fraction)
    }

    /// Where the label of `text` on slice `g` goes under `position`: `auto` inside when it
    /// fits, else outside; `inside` inside when it fits, else hidden; `outside` outside.
    public static func mode(_ position: LabelPosition, text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                            fraction: Double?) -> LabelMode {
        switch position {
        case .outside: return .outside
        case .none: return .hidden
        case .auto, .inside:
            if fitsInside(text, geometry: g, fontSize: fontSize, sign: sign, fraction: fraction) { return .inside }
            return position == .auto ? .outside : .hidden
        }
    }
}
