#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieJSON

/// Angles are degrees from 12 o'clock, positive clockwise on screen (the chart's own
/// direction; counterclockwise charts are mirrored as a whole). Points are relative to the
/// chart centre in SVG user space (y down).
enum Geometry {
    /// Spans at least this close to 360 degrees count as a full circle.
    static let fullEpsilon = 1e-9

    static func point(angle: Double, radius: Double) -> (x: Double, y: Double) {
        let radians = angle * Double.pi / 180
        return (radius * sin(radians), -radius * cos(radians))
    }

    /// Arc length of `degrees` on a circle of `radius`.
    static func arcLength(degrees: Double, radius: Double) -> Double {
        radius * degrees * Double.pi / 180
    }

    static func isFullCircle(_ span: Double) -> Bool { span >= 360 - fullEpsilon }
}

/// Writes exact wedge paths: explicit arc commands with large-arc flags, a full circle as two
/// arcs with no radial line, donut wedges with their inner arc.
extension ByteWriter {
    private mutating func pt(_ p: (x: Double, y: Double)) {
        num(p.x)
        spacedNum(p.y)
    }

    /// A path-data number after another: the separating space is left out before a minus
    /// sign (`0-108.75`), which the path grammar allows and every renderer reads.
    mutating func spacedNum(_ value: Double) {
        // `num` writes a minus sign exactly when the rounded value is not zero.
        if value >= 0 || NumberText.decimal(value, decimals: 3) == .zero { raw(" ") }
        num(value)
    }

    private mutating func arc(radius: Double, large: Bool, clockwise: Bool, to p: (x: Double, y: Double)) {
        raw("A")
        num(radius)
        raw(" ")
        num(radius)
        raw(large ? " 0 1 " : " 0 0 ")
        raw(clockwise ? "1" : "0")
        spacedNum(p.x)
        spacedNum(p.y)
    }

    /// Arc from the current point (at `from`) to `to` on `radius`; spans near 360 are split
    /// in two so the end point never coincides with the start (which would drop the arc).
    private mutating func arcs(radius: Double, from: Double, to: Double) {
        let span = abs(to - from)
        let clockwise = to >= from
        if span > 359 {
            let mid = (from + to) / 2
            arc(radius: radius, large: false, clockwise: clockwise, to: Geometry.point(angle: mid, radius: radius))
            arc(radius: radius, large: false, clockwise: clockwise, to: Geometry.point(angle: to, radius: radius))
        } else {
            arc(radius: radius, large: span > 180, clockwise: clockwise, to: Geometry.point(angle: to, radius: radius))
        }
    }

    /// A full circle as two half arcs from 12 o'clock, clockwise or not.
    private mutating func circle(radius: Double, clockwise: Bool) {
        raw("M")
        pt((0, -radius))
        arc(radius: radius, large: true, clockwise: clockwise, to: (0, radius))
        arc(radius: radius, large: true, clockwise: clockwise, to: (0, -radius))
        raw("Z")
    }

    /// The `d` of a wedge from `start` to `end` (degrees) between `inner` and `outer` radius.
    mutating func wedge(start: Double, end: Double, inner: Double, outer: Double) {
        if Geometry.isFullCircle(end - start) {
            circle(radius: outer, clockwise: true)
            if inner > 0 { circle(radius: inner, clockwise: false) }
            return
        }
        if inner > 0 {
            raw("M")
            pt(Geometry.point(angle: start, radius: outer))
            arcs(radius: outer, from: start, to: end)
            raw("L")
            pt(Geometry.point(angle: end, radius: inner))
            arcs(radius: inner, from: end, to: start)
        } else {
            raw("M0 0L")
            pt(Geometry.point(angle: start, radius: outer))
            arcs(radius: outer, from: start, to: end)
        }
        raw("Z")
    }

    /// A radial separator line along 12 o'clock from `inner` to `outer` (rotated into place).
    mutating func radial(inner: Double, outer: Double) {
        raw("M0")
        spacedNum(-inner)
        raw("V")
        num(-outer)
    }
}

/// The room the pie needs: the `size` square for a full sweep, else the bounding box of the
/// sector (outer arc, inner arc or centre, and the sweep's extreme points) plus the same
/// margin the square has. `centerX`/`centerY` locate the pie's centre inside the box.
struct PieBox: Equatable {
    var width: Double
    var height: Double
    var centerX: Double
    var centerY: Double

    static func fit(size: Double, outer: Double, inner: Double, start: Double, sweep: Double, sign: Double) -> PieBox {
        let square = PieBox(width: size, height: size, centerX: size / 2, centerY: size / 2)
        guard sweep < 360, sweep > 0 else { return square }
        let margin = size / 2 - outer
        var angles = [start, start + sweep]
        var quarter = (start / 90).rounded(.up) * 90
        while quarter < start + sweep {
            angles.append(quarter)
            quarter += 90
        }
        var xs: [Double] = [], ys: [Double] = []
        for a in angles {
            for r in [outer, inner] {
                let p = Geometry.point(angle: sign * a, radius: r)
                xs.append(p.x)
                ys.append(p.y)
            }
        }
        let minX = xs.min()! - margin, maxX = xs.max()! + margin
        let minY = ys.min()! - margin, maxY = ys.max()! + margin
        return PieBox(width: maxX - minX, height: maxY - minY, centerX: -minX, centerY: -minY)
    }
}
