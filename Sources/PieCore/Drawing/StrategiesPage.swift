import PieJSON

/// The generated part of docs/dev/motion.md: each drawing strategy `DrawingPlan.choose` picks
/// and the `Budgets` gates it reads (a staleness test keeps the page equal to this text).
public enum StrategiesPage {
    /// The text between the page's `<!-- strategies -->` and `<!-- /strategies -->` markers.
    public static var markdown: String {
        var s = "Generated from `Budgets` and `DrawingPlan` (`Sources/PieCore/Drawing/`); "
        s += "`piec build --explain` prints the plan chosen for each chart.\n\n"
        s += "| decision | strategies | gates |\n|---|---|---|\n"
        let rows: [(String, [String], [String])] = [
            ("wedges", DrawingPlan.Wedges.allCases.map(\.rawValue), ["rotatedDashes", "colourSector", "colourCircleElements"]),
            ("separators", DrawingPlan.Separators.allCases.map(\.rawValue), ["bandRatio", "colourSector"]),
            ("keyframes", DrawingPlan.Keyframes.allCases.map(\.rawValue), ["sharedKeyframeParts", "samplesPerWindow", "maxSamples"]),
            ("rest", DrawingPlan.Rest.allCases.map(\.rawValue), ["minStrokedWedge"]),
            ("page", DrawingPlan.Page.allCases.map(\.rawValue), ["turningBoxes", "boxHold"]),
        ]
        for (name, cases, gates) in rows {
            s += "| " + name + " | " + cases.map { "`" + $0 + "`" }.joined(separator: ", ") + " | "
            s += gates.map { "`" + $0 + "`" }.joined(separator: ", ") + " |\n"
        }
        s += "\nEach strategy other than a decision's first (which draws every chart) is one file in\n"
        s += "`Drawing/Strategies/`, asked whether it can draw the stage's tracks:\n\n"
        s += "| strategy | decision | gates |\n|---|---|---|\n"
        for t in Strategies.all {
            s += "| `" + t.name + "` | " + t.decision + " | " + t.gates.map { "`" + $0 + "`" }.joined(separator: ", ") + " |\n"
        }
        s += "\n| gate | value | unit | what it counts | measured |\n|---|---|---|---|---|\n"
        for e in Budgets.entries {
            s += "| `" + e.name + "` | " + formatNumber(e.value) + " | " + e.unit + " | " + e.counts + " | " + e.measured + " |\n"
        }
        return s
    }
}
