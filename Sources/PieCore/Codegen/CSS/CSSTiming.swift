import PieDiagnostics
import PieSpec

/// The CSS text of animation timing, shared by every style writer (slices, geometry masks,
/// the ink layer), so all of them write the same numbers the same way.
enum CSSTiming {
    /// `cubic-bezier(x1,y1,x2,y2)` re-serialised from the easing's numbers (never from spec
    /// text), or CSS's keyword when the four numbers are exactly one's
    /// (`ease-in-out` is by definition `cubic-bezier(0.42,0,0.58,1)`: same curve, fewer bytes).
    static func easing(_ e: Easing, into out: inout ByteWriter) {
        if let keyword = Easing.named.first(where: { $0.1.x1 == e.x1 && $0.1.y1 == e.y1 && $0.1.x2 == e.x2 && $0.1.y2 == e.y2 }) {
            out.raw(keyword.0)
            return
        }
        out.raw("cubic-bezier(")
        out.num(e.x1, decimals: 4)
        out.raw(",")
        out.num(e.y1, decimals: 4)
        out.raw(",")
        out.num(e.x2, decimals: 4)
        out.raw(",")
        out.num(e.y2, decimals: 4)
        out.raw(")")
    }

    /// `duration easing delay backwards` for the `animation` shorthand running over `line`,
    /// with `linear` or the plan's `easing`; a delay of 0 (the default) is left out.
    static func shorthand(_ line: TimeWindow, easing: Easing, linear: Bool, into out: inout ByteWriter) {
        out.num(line.length)
        out.raw("ms ")
        if linear { out.raw("linear") } else { self.easing(easing, into: &out) }
        delay(line.start, into: &out)
        out.raw(" backwards")
    }

    /// ` <start>ms`, or nothing for a delay that rounds to 0 (the default).
    static func delay(_ start: Double, into out: inout ByteWriter) {
        guard NumberText.decimal(start, decimals: 3) != .zero else { return }
        out.raw(" ")
        out.num(start)
        out.raw("ms")
    }

    /// The keyframe selector of instant `t` (ms) on `line`: `37.5%`.
    static func offset(_ t: Double, in line: TimeWindow) -> String {
        formatNumber(line.length > 0 ? (t - line.start) / line.length * 100 : 0, decimals: 3) + "%"
    }
}
