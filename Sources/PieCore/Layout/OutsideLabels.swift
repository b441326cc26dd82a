#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieSpec

/// The room beside the pie where outside labels go, in pie coordinates (px from the pie's
/// centre, y down): the canvas around the pie minus the legend.
public struct LabelRoom: Sendable, Hashable {
    public var minX: Double
    public var maxX: Double
    public var minY: Double
    public var maxY: Double
}

/// Geometry of outside labels: which labels go outside (`auto`), the leader line (a radial
/// tick from the slice's outer edge, then an elbow to the label column) and the text anchor,
/// solved for one instant with `LabelPlacer`.
public enum OutsideLabels {
    /// Radial tick beyond the outer radius, then the elbow's horizontal reach, then the gap
    /// between the leader's end and the text (px).
    public static let tick = 8.0
    public static let elbow = 12.0
    public static let textGap = 4.0
    /// Outside label texts are cut (with an ellipsis) to this width.
    public static let maxWidth = 160.0

    /// Room reserved per estimated text width: `TextMetrics` uses Helvetica's widths, and
    /// common fallbacks of the font stack (DejaVu Sans on Linux) run up to ~20 % wider.
    public static let slack = 1.2

    /// Width reserved for `text` beside the pie.
    public static func reservedWidth(_ text: String, fontSize: Double) -> Double {
        TextLines.width(text, fontSize: fontSize) * slack
    }

    public static func lineHeight(_ fontSize: Double) -> Double { fontSize + 4 }

    /// x distance from the centre to the leader's end (the label column).
    public static func column(outer: Double) -> Double { outer + tick + elbow }

    /// One straight piece of a leader line: from (x, y), `length` px at `angle` degrees
    /// (screen, 0 = +x, clockwise as y points down). Drawn as a unit line `M0 0H1` with
    /// `translate(x y) rotate(angle) scale(length 1)`, so it animates without touching `d`.
    public struct Segment: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var angle: Double
        public var length: Double

        static func between(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Segment {
            let dx = b.x - a.x, dy = b.y - a.y
            return Segment(x: a.x, y: a.y, angle: atan2(dy, dx) * 180 / Double.pi, length: (dx * dx + dy * dy).squareRoot())
        }
    }

    /// A label at one instant: the text's anchor point (vertical centre), its side and its leader.
    public struct Pose: Sendable, Hashable {
        public var x: Double
        public var y: Double
        /// +1: right of the pie, `text-anchor: start`; -1: left, `end`.
        public var side: Double
        public var tick: Segment
        public var elbow: Segment
        public var opacity: Double = 1
    }

    /// A label that wants to go outside at one instant.
    public struct Input: Sendable, Hashable {
        public var index: Int
        /// The slice at that instant (chart angles).
        public var geometry: SegmentGeometry
        public var priority: Double
        /// Lines of the label's text.
        public var lines: Int = 1
    }

    /// Solves every input's pose for one instant. `outer` is the chart's outer radius (the
    /// label columns), `sign` the chart's screen sign.
    public static func place(_ inputs: [Input], room: LabelRoom, outer: Double, sign: Double, fontSize: Double) -> [Int: Pose] {
        let reach = outer + tick
        let candidates = inputs.map { input -> LabelPlacer.Candidate in
            let a = sign * (input.geometry.startAngle + input.geometry.endAngle) / 2
            let p = Geometry.point(angle: a, radius: reach)
            return LabelPlacer.Candidate(index: input.index, side: side(ofScreenAngle: a), naturalY: p.y, priority: input.priority,
                                         extra: Double(input.lines - 1) * TextLines.leading * fontSize)
        }
        let h = lineHeight(fontSize)
        let placed = LabelPlacer.solve(candidates, top: room.minY, bottom: room.maxY, lineHeight: h)
        let byIndex = Dictionary(inputs.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        var poses: [Int: Pose] = [:]
        for p in placed {
            guard let g = byIndex[p.index]?.geometry else { continue }
            let a = sign * (g.startAngle + g.endAngle) / 2
            let edge = Geometry.point(angle: a, radius: g.outerRadius)
            let bend = Geometry.point(angle: a, radius: reach)
            let end = (x: p.side * column(outer: outer), y: p.y)
            poses[p.index] = Pose(x: end.x + p.side * textGap, y: p.y, side: p.side,
                                  tick: .between(edge, bend), elbow: .between(bend, end))
        }
        return poses
    }

    /// Right of the pie (+1) when the screen angle (0 = 12 o'clock, clockwise) is in [0, 180).
    static func side(ofScreenAngle a: Double) -> Double {
        let n = (a.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return n < 180 - 1e-9 ? 1 : -1
    }

    /// Width (as measured by `TextMetrics`) the text of an outside label may take on either
    /// side of `room`, with `slack` to spare.
    public static func textWidth(room: LabelRoom, outer: Double) -> Double {
        let c = column(outer: outer) + textGap
        return max(min(room.maxX - c, -room.minX - c, maxWidth * slack), 0) / slack
    }

    /// `auto`: whether `text` fits inside its slice: all four corners of its text box (plus
    /// 2 px of padding), centred where inside labels sit, lie within the slice's ring sector.
    public static func fitsInside(_ text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                                  fraction: Double? = nil) -> Bool {
        guard g.span > 0, g.outerRadius > g.innerRadius else { return false }
        let r = g.labelRadius(fraction: fraction)
        let mid = (g.startAngle + g.endAngle) / 2
        let c = Geometry.point(angle: sign * mid, radius: r)
        let hw = TextLines.width(text, fontSize: fontSize) / 2 + 2, hh = TextLines.height(text, fontSize: fontSize) / 2 + 2
        for (dx, dy) in [(-hw, -hh), (hw, -hh), (-hw, hh), (hw, hh)] {
            let x = c.x + dx, y = c.y + dy
            let d = (x * x + y * y).squareRoot()
            if d > g.outerRadius || d < g.innerRadius { return false }
            if Geometry.isFullCircle(g.span) { continue }
            // Chart angle of the corner (0 = 12 o'clock, in the chart's direction).
            let screen = atan2(x, -y) * 180 / Double.pi
            var off = (sign * screen - mid).truncatingRemainder(dividingBy: 360)
            if off > 180 { off -= 360 }
            if off < -180 { off += 360 }
            if abs(off) > g.span / 2 { return false }
        }
        return true
    }

    /// Whether a label of `text` on slice `g` is drawn outside under `position`.
    static func isOutside(_ position: LabelPosition, text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                          fraction: Double?) -> Bool {
        switch position {
        case .outside: return true
        case .auto: return !fitsInside(text, geometry: g, fontSize: fontSize, sign: sign, fraction: fraction)
        case .inside, .none: return false
        }
    }

    /// The ink colour: dark grey on light backgrounds, near-white on dark ones, black or white
    /// when neither reaches a WCAG contrast of 4.5 (transparent = a white page).
    public static func ink(on background: Color?) -> Color {
        let bg = background ?? Color(r: 255, g: 255, b: 255)
        let dark = Color(r: 0x33, g: 0x33, b: 0x33), light = Color(r: 0xf5, g: 0xf5, b: 0xf5)
        let best = Color.contrast(dark, bg) >= Color.contrast(light, bg) ? dark : light
        if Color.contrast(best, bg) >= 4.5 { return best }
        return TextInk.on(bg)
    }
}
