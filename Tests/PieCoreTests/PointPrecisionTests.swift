import Foundation
import PieJSON
import Testing
@testable import PieCore

/// Wedge points are written with as few decimals as keep each point's angle within
/// `ByteWriter.pointAngleTolerance` (`decimals(radius:)`): read every written point back.
@Suite("wedge point precision")
struct PointPrecisionTests {
    /// The numbers of a path's data, in order.
    private func numbers(_ d: String) -> [Double] {
        var out: [Double] = [], current = ""
        func flush() { if let v = Double(current) { out.append(v) }; current = "" }
        for c in d {
            if c == "-" { flush(); current = "-" } else if c.isNumber || c == "." { current.append(c) } else { flush() }
        }
        flush()
        return out
    }

    @Test func decimalsShrinkWithTheRadiusButNeverPastTheTolerance() {
        #expect(ByteWriter.decimals(radius: 150) == 1)
        #expect(ByteWriter.decimals(radius: 60) == 2)
        #expect(ByteWriter.decimals(radius: 5) == 3)
        #expect(ByteWriter.decimals(radius: 0) == 3)
    }

    @Test func everyWrittenPointIsWithinTheToleranceOfItsAngle() {
        var worst = 0.0, checked = 0
        for outer in [10.0, 13.5, 40, 75, 135, 150, 400, 1000] {
            for inner in [0, outer * 0.37, outer * 0.5] {
                for step in 0..<97 {
                    let start = Double(step) * 3.71, end = start + 1 + Double(step % 13) * 17.3
                    var w = ByteWriter()
                    w.wedge(start: start, end: end, inner: inner, outer: outer)
                    let n = numbers(w.string)
                    // Pie: M0 0 L start(outer) A r r 0 f f end(outer). Donut: M start(outer)
                    // A r r 0 f f end(outer) L end(inner) A r r 0 f f start(inner).
                    var points: [(x: Double, y: Double, angle: Double, radius: Double)] = []
                    if inner > 0 {
                        points = [(n[0], n[1], start, outer), (n[7], n[8], end, outer), (n[9], n[10], end, inner), (n[16], n[17], start, inner)]
                    } else {
                        points = [(n[2], n[3], start, outer), (n[9], n[10], end, outer)]
                    }
                    for p in points {
                        // Angles clockwise from 12 o'clock, y down (Geometry.point).
                        let written = atan2(p.x, -p.y) * 180 / .pi
                        var error = abs(written - p.angle).truncatingRemainder(dividingBy: 360)
                        error = min(error, 360 - error)
                        worst = max(worst, error)
                        #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - p.radius) <= 0.08, "r \(p.radius) at \(p.angle)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 4000)
        #expect(worst <= ByteWriter.pointAngleTolerance, "worst \(worst) degree")
        #expect(worst > ByteWriter.pointAngleTolerance / 10, "the rounding is used: worst \(worst) degree")
    }
}
