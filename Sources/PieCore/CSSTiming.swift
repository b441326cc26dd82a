import PieDiagnostics
import PieSpec

/// The CSS text of animation timing, shared by every style writer (slices, geometry masks,
/// the ink layer), so all of them write the same numbers the same way.
enum CSSTiming {
    /// `cubic-bezier(x1,y1,x2,y2)` re-serialised from the easing's numbers (never from spec text).
    static func easing(_ e: Easing) -> String {
        "cubic-bezier(" + [e.x1, e.y1, e.x2, e.y2].map { formatNumber($0, decimals: 4) }.joined(separator: ",") + ")"
    }

    /// `duration easing delay backwards` for the `animation` shorthand running over `line`.
    static func shorthand(_ line: TimeWindow, easing: String) -> String {
        formatNumber(line.length) + "ms " + easing + " " + formatNumber(line.start) + "ms backwards"
    }

    /// The keyframe selector of instant `t` (ms) on `line`: `37.5%`.
    static func offset(_ t: Double, in line: TimeWindow) -> String {
        formatNumber(line.length > 0 ? (t - line.start) / line.length * 100 : 0, decimals: 3) + "%"
    }
}
