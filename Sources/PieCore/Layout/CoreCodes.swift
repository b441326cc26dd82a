import PieDiagnostics

/// PieCore's diagnostic codes (E0600-E0649), declared in the lowest folder that reports
/// one (layout: `chart.minAngle`); `CoreDiagnostics.catalog` lists them for `piec explain`.
public enum CoreCodes {
    public static let brokenPrevious = DiagnosticCode("E0601")
    public static let minAngleTooLarge = DiagnosticCode("E0602")
    public static let gridAboveLargest = DiagnosticCode("E0611")

    public static let catalog: [CodeInfo] = [
        CodeInfo("E0601", "the previous version has errors", """
            `--from` (or the watcher) named a previous version of the spec that piec cannot \
            read, e.g. an old revision written for another version of piec. The new chart is \
            built as if it had no previous version: it plays its `enter` animation. The \
            previous version's first error is shown as a note.
            """),
        CodeInfo("E0602", "`chart.minAngle` does not fit", """
            `chart.minAngle` asks for every visible slice to be at least that many degrees \
            wide, but the slices share fewer degrees than `minAngle` times their number. piec \
            draws every visible slice equally wide instead (percentages keep the true values). \
            Lower `minAngle`, or group small slices with `chart.other`.
            """),
        CodeInfo("E0611", "a grid value above the largest value", """
            `chart.grid.circles` lists a value above the largest slice's value. The largest \
            value reaches the rose's outer radius, so a circle above it would lie outside the \
            chart: it is left out. Remove the value, or use `circles: auto`.
            """),
    ]
}
