#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieJSON
import PieSpec

/// Leaders that keep their place. A leader that moves is two unit lines placed by
/// `translate() rotate() scale()` (`InkWriter.unitLine`: `d` does not animate in Safari), so its
/// keyframes can move it; a leader that never moves (a chart at rest, a label that only fades
/// where it rests, `piec render`'s frames) is one path through its three points instead,
/// `.p-qa<index>` alone: the same lines in a third of the bytes (issue 27).
extension InkWriter {
    /// One leader (tick, then elbow) as one path in the plot's coordinates.
    static func stillLeader(_ index: Int, _ pose: OutsideLabels.Pose, stroke: Color?, into out: inout ByteWriter) {
        out.open("path", ClassPrefix.tick)
        out.int(index)
        out.raw("\"")
        leaderPaint(stroke: stroke, opacity: pose.opacity, into: &out)
        out.raw(" d=\"M")
        out.num(pose.tick.x)
        out.spacedNum(pose.tick.y)
        var at = (x: pose.tick.x, y: pose.tick.y)
        for s in [pose.tick, pose.elbow] where s.length > 0 {
            if !same(s.x, at.x) || !same(s.y, at.y) {
                out.raw("M")
                out.num(s.x)
                out.spacedNum(s.y)
            }
            let r = s.angle * Double.pi / 180
            let end = (x: s.x + s.length * cos(r), y: s.y + s.length * sin(r))
            if same(end.y, s.y) {
                out.raw("H")
                out.num(end.x)
            } else if same(end.x, s.x) {
                out.raw("V")
                out.num(end.y)
            } else {
                out.raw("L")
                out.num(end.x)
                out.spacedNum(end.y)
            }
            at = end
        }
        out.raw("\"/>\n")
    }

    /// Two coordinates that print alike (to the writer's three decimals).
    private static func same(_ a: Double, _ b: Double) -> Bool {
        formatNumber(a, decimals: 3) == formatNumber(b, decimals: 3)
    }
}
