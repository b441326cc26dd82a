#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

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

    /// How far the middle of an arc of `degrees` on `radius` stands off its chord (sagitta).
    static func bulge(degrees: Double, radius: Double) -> Double {
        radius * (1 - cos(degrees * Double.pi / 360))
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

    /// The box with room added on each side (the pie's centre moves with the left and top).
    func grown(left: Double, right: Double, top: Double, bottom: Double) -> PieBox {
        PieBox(width: width + left + right, height: height + top + bottom, centerX: centerX + left, centerY: centerY + top)
    }

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
