import PieSpec

/// Where a dash goes while it moves, and how far behind that its circle starts: what the dash
/// starts of offset dashes (Codegen's `DashStarts.swift`) and the colour circles and separator
/// bands (`Strategies.ColourCircles`, `Strategies.SeparatorBands`) are placed by.
enum DashReach {
    /// How far before its dash's lowest place a circle starts (degrees). Engines place a
    /// dash along a circle with an error that grows with its distance from the start:
    /// measured at 500 slices, 0.06 degree in Chromium and 0.07 in WebKit with the start 1
    /// degree behind, 0.18 with it in the middle of the free arc (about half a turn away),
    /// 0.22 with it at 3 o'clock from the sweep start (main's); Firefox 0.27-0.31 in all three.
    static let startLead = 1.0

    /// The lowest and highest value of a quantity linear in the eased progress, `a` at 0 and
    /// `b` at 1, over the easing's range `ease` (`range(of:)`, overshoot included).
    static func reach(from a: Double, to b: Double, ease: ClosedRange<Double>) -> ClosedRange<Double> {
        let x = a + (b - a) * ease.lowerBound, y = a + (b - a) * ease.upperBound
        return min(a, b, x, y)...max(a, b, x, y)
    }

    /// The values an easing takes over progress 0...1 (beyond 0 and 1 when it overshoots).
    static func range(of easing: Easing) -> ClosedRange<Double> {
        var low = 0.0, high = 1.0
        for k in 1..<256 {
            let v = easing.value(at: Double(k) / 256)
            (low, high) = (min(low, v), max(high, v))
        }
        // Between two samples a cubic goes at most a little further than either.
        let margin = (high - 1) + (0 - low) > 0 ? 0.01 : 0
        return (low - (low < 0 ? margin : 0))...(high + (high > 1 ? margin : 0))
    }
}
