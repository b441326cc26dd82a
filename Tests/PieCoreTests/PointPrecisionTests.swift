import Foundation
import PieJSON
import Testing
@testable import PieCore

/// Wedge arcs are written with as few decimals as keep the arc a renderer draws through the
/// rounded end points within `ByteWriter.pointAngleTolerance` worth of length of the exact
/// circle (`decimals(radius:from:to:)`): every written arc is drawn back here as SVG 2 (F.6.5)
/// draws it, sampled along its sweep.
@Suite("wedge arc precision")
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

    /// The largest distance from the exact circle (origin, `radius`) of the arc a renderer
    /// draws from `p` to `q` with these flags (F.6.5: centre from the end points, radius
    /// scaled up when they are too far apart), and the worst angle error of the two points.
    private func drawn(_ p: (Double, Double), _ q: (Double, Double), radius: Double, large: Bool, sweep: Bool,
                       angles: (Double, Double)) -> (radial: Double, angle: Double) {
        let hx = (p.0 - q.0) / 2, hy = (p.1 - q.1) / 2
        var r = radius
        let lambda = (hx * hx + hy * hy) / (r * r)
        if lambda > 1 { r *= lambda.squareRoot() }
        var k = (max(0, r * r * r * r - r * r * (hx * hx + hy * hy)) / (r * r * (hx * hx + hy * hy))).squareRoot()
        if large == sweep { k = -k }
        let cx = k * hy + (p.0 + q.0) / 2, cy = -k * hx + (p.1 + q.1) / 2
        let a0 = atan2(p.1 - cy, p.0 - cx), a1 = atan2(q.1 - cy, q.0 - cx)
        var turn = a1 - a0
        if sweep { while turn < 0 { turn += 2 * .pi } } else { while turn > 0 { turn -= 2 * .pi } }
        var radial = 0.0
        for i in 0...64 {
            let t = a0 + turn * Double(i) / 64
            radial = max(radial, abs(hypot(cx + r * cos(t), cy + r * sin(t)) - radius))
        }
        func off(_ x: Double, _ y: Double, _ degrees: Double) -> Double {
            let e = abs(atan2(x, -y) * 180 / .pi - degrees).truncatingRemainder(dividingBy: 360)
            return min(e, 360 - e)
        }
        return (radial, max(off(p.0, p.1, angles.0), off(q.0, q.1, angles.1)))
    }

    private func rounded(_ angle: Double, _ radius: Double) -> (Double, Double) {
        let p = Geometry.point(angle: angle, radius: radius)
        return ((p.x * 1000).rounded(.toNearestOrAwayFromZero) / 1000, (p.y * 1000).rounded(.toNearestOrAwayFromZero) / 1000)
    }

    @Test func aQuarterAtTheDefaultRadiusTakesOneDecimalNearlyAHalfTurnThree() {
        #expect(ByteWriter.decimals(radius: 150, from: 0, to: 90) == 1)
        #expect(ByteWriter.decimals(radius: 60, from: 10, to: 100) == 2)
        #expect(ByteWriter.decimals(radius: 5, from: 0, to: 90) == 3)
        // 179 degrees: one decimal would move the drawn arc's centre by 1.3 units, two by 0.18.
        #expect(ByteWriter.decimals(radius: 150, from: 0, to: 179) == 3)
        // test_rings' inner ring: two decimals drew this half turn 0.75 units inside its radius.
        #expect(ByteWriter.decimals(radius: 75.5, from: 67.5, to: 247.5) == 3)
        #expect(ByteWriter.drawnError(radius: 75.5, from: 67.5, to: 247.5, decimals: 2) > 0.7)
    }

    @Test func everyWrittenArcIsDrawnWithinTheToleranceOrAsBefore() {
        var checked = 0
        let spans = [0.4, 7.5, 45, 89, 90, 120, 135, 170, 179, 179.9, 180, 180.1, 181, 200, 270, 300, 350]
        for outer in [10.0, 13.5, 40, 75.5, 135, 150, 151, 400] {
            let tolerance = outer * ByteWriter.pointAngleTolerance * .pi / 180
            for start in stride(from: -180.0, to: 180, by: 15.7) {
                for span in spans {
                    let end = start + span
                    var w = ByteWriter()
                    w.wedge(start: start, end: end, inner: 0, outer: outer)
                    let text = w.string, n = numbers(text)
                    // M0 0 L x y A r r 0 large sweep x y Z
                    #expect(n.count == 11, "\(text)")
                    guard n.count == 11 else { continue }
                    let got = drawn((n[2], n[3]), (n[9], n[10]), radius: n[4], large: n[7] == 1, sweep: n[8] == 1, angles: (start, end))
                    let before = drawn(rounded(start, outer), rounded(end, outer), radius: outer, large: span > 180, sweep: true, angles: (start, end))
                    #expect(got.radial <= max(tolerance, before.radial + 1e-9), "\(text): \(got.radial) off the circle")
                    #expect(got.angle <= max(ByteWriter.pointAngleTolerance, before.angle + 1e-9), "\(text): \(got.angle) degree")
                    checked += 1
                }
            }
        }
        #expect(checked == 8 * 23 * 17)
    }

    @Test func donutWedgesRoundEachArcOnItsOwn() {
        var w = ByteWriter()
        w.wedge(start: 0, end: 90, inner: 75, outer: 150)
        // Outer arc at one decimal, the inner (radius 75) at two.
        #expect(w.string == "M0-150A150 150 0 0 1 150 0L75 0A75 75 0 0 0 0-75Z")
        var v = ByteWriter()
        v.wedge(start: 10, end: 100, inner: 75, outer: 150)
        #expect(v.string == "M26-147.7A150 150 0 0 1 147.7 26L73.86 13.02A75 75 0 0 0 13.02-73.86Z")
    }
}
