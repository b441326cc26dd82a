import PieDiagnostics
import PieSpec

/// Slices drawn each at its own alpha (`ChartSpec.sliceAlphaPath`) are exact where no two
/// slices' drawn shapes overlap at any instant. A transition's segments tile the sweep at
/// every instant, and a pie of translucent colours at either end is drawn with its wedges
/// apart (`DrawingPlan.Joins.apart`): each slice one dash of its own span whose colour and
/// alpha blend, neighbours only abutting. So slices that resize, enter, leave or change colour
/// animate exactly, and so does a reorder: a slice that changes place is planned without a
/// mover (`SliceDiff.withoutMoves`), its old place closing while its new place opens, each a
/// wedge over its own angles only. `chart.other` too: Other is planned on its members
/// (`OtherTransition`), each a part of its own span, and a member that joins it from
/// elsewhere closes its old place as its part opens (no mover), so a member's colour blends
/// to Other's (or back) over its own angles while Other's other parts resize. One case still
/// paints one slice over another, where both alphas would add up: rings (bridged bands, and
/// refused beside per-slice alphas anyway, E0371, so only a version without them meets this).
/// There the chart is drawn entering its new version instead (the changes from the previous
/// version kept), with the warning E0617 naming the case, at the new version's colour
/// (`piec history` warns once per version, naming it).
public enum SliceAlphas {
    public static let transition = DiagnosticCode("E0617")

    public static let catalog = [
        CodeInfo("E0617", "slices of their own alphas enter instead of animating from a previous version", """
            Slices of different alphas (or translucent beside opaque) are drawn each at its \
            own alpha, with the wedges apart so no two overlap. Between versions they animate \
            exactly while no slice is painted over another: slices resize, enter, leave, blend \
            their colours (alpha included) and change places (a moved slice's old place closes \
            while its new place opens, each a wedge of its own angles, instead of a copy turning \
            over the others), and Other (`chart.other`) takes or gives back members (a member's \
            part blends to Other's colour, or back, over its own angles; one that joins from \
            elsewhere closes its old place as its part of Other opens). Rings are bridged, where \
            both alphas would add up: when either version has rings the new version enters (its \
            `animation.enter`) instead of animating from the previous one, and this warning \
            names the case (`piec history` names the version too). Give every slice colour one \
            alpha (drawn as one translucent pie, `theme.opacity`), or use opaque colours to \
            animate the change.
            """),
    ]

    /// Whether `spec` draws each slice at its own alpha.
    public static func perSlice(_ spec: ChartSpec) -> Bool { spec.sliceAlphaPath != nil }

    /// Why `chart`, planned from `old` to `new`, cannot be drawn exactly with each slice at
    /// its own alpha (a phrase naming the case), nil when it can or neither version keeps
    /// per-slice alphas.
    static func simplification(_ chart: CompiledChart, old: ChartSpec, new: ChartSpec) -> String? {
        guard perSlice(new) || perSlice(old) else { return nil }
        if !new.rings.isEmpty || !old.rings.isEmpty { return "one version has rings" }
        if let mover = chart.plan.movers.first { return "slice `\(mover.id)` changes place" }
        return nil
    }

    /// E0617 (a warning) when `chart`, planned from `old`, was drawn entering because
    /// `simplified` says why, at `range` (`new`'s first colour of its own alpha, else `id`).
    public static func warning(_ chart: CompiledChart, new: ChartSpec, at range: SourceRange?) -> Diagnostic? {
        guard let why = chart.simplified else { return nil }
        let which = new.sliceAlphaPath.map { "`\($0)` keeps its own alpha" } ?? "the previous version's slices keep their own alphas"
        return .warning(transition, "\(which) and \(why), so the new version enters instead of animating from the previous one",
                        at: range, notes: [note], help: help)
    }

    /// E0617 for one step of `piec history`: `version` (e.g. "commit abc123") was drawn
    /// entering instead of animating from the version before it. Without a range: the
    /// version's spec is a blob of that commit, not the file on disk.
    public static func historyWarning(_ chart: CompiledChart, new: ChartSpec, version: String) -> Diagnostic? {
        guard let why = chart.simplified else { return nil }
        let which = new.sliceAlphaPath.map { "`\($0)` keeps its own alpha" } ?? "the version before keeps slices of their own alphas"
        return .warning(transition, "\(version): \(which) and \(why), so that version enters instead of animating from the one before",
                        at: nil, notes: [note], help: help)
    }

    static let note = "slices of their own alphas animate exactly while no slice is painted over another (a reorder and Other included): rings' bands would add both alphas"
    static let help = "give every slice colour the same alpha (drawn as one translucent pie), or use opaque colours, to animate the change"
}
