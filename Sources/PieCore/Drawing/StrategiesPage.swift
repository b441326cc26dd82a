import PieJSON

/// The generated part of docs/dev/motion.md: each drawing strategy `DrawingPlan.choose` picks
/// and the `Budgets` gates it reads (a staleness test keeps the page equal to this text).
public enum StrategiesPage {
    /// The text between the page's `<!-- strategies -->` and `<!-- /strategies -->` markers.
    public static var markdown: String {
        var s = "Generated from `Budgets` and `DrawingPlan` (`Sources/PieCore/Drawing/`); "
        s += "`piec build --explain` prints the plan chosen for each chart, one decision a line in this order.\n\n"
        s += "| decision | strategies | gates |\n|---|---|---|\n"
        let gatesOf: [String: [String]] = [
            "masks": ["rotatedDashes"],
            "wedges": ["rotatedDashes", "colourSector", "colourCircleElements"],
            "separators": ["bandRatio", "colourSector"],
            "keyframes": ["sharedKeyframeParts", "samplesPerWindow", "maxSamples"],
            "rest": ["minStrokedWedge"],
            "page": ["turningBoxes", "boxHold"],
            "pageReason": ["turningBoxes"],
        ]
        for name in DrawingPlan.decisionNames {
            let cases = DrawingPlan.values(of: name), gates = gatesOf[name] ?? []
            s += "| " + name + " | " + cases.map { "`" + $0 + "`" }.joined(separator: ", ") + " | "
            s += (gates.isEmpty ? "none" : gates.map { "`" + $0 + "`" }.joined(separator: ", ")) + " |\n"
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
