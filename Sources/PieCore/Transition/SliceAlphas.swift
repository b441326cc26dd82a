import PieDiagnostics
import PieSpec

/// Slices drawn each at its own alpha (`ChartSpec.sliceAlphaPath`) are exact only where no two
/// slices' drawn shapes overlap at any instant: at rest and entering, whose wedges are drawn
/// apart. A transition from a previous version is not: a slice that changes place is painted
/// over the others while it turns, Other grows over its members, a leaving slice's wedge
/// shrinks under its neighbours' boundaries as they close. So a previous version is refused
/// when either version keeps per-slice alphas (E0617, at the new version's colour).
public enum SliceAlphas {
    public static let transition = DiagnosticCode("E0617")

    public static let catalog = [
        CodeInfo("E0617", "slices of their own alphas cannot animate from a previous version", """
            Slices of different alphas (or translucent beside opaque) are drawn each at its \
            own alpha, exact only where no two slices overlap: at rest and in the chart's \
            `enter` animation. A transition from a previous version paints slices over one \
            another (a slice that changes place turns over the others, Other grows over its \
            members), where each alpha would add up, so it is refused when either version has \
            them. Build without the previous version (`--from none`), give every slice colour \
            one alpha (drawn as one translucent pie, `theme.opacity`), or use opaque colours.
            """),
    ]

    /// Whether `spec` draws each slice at its own alpha.
    public static func perSlice(_ spec: ChartSpec) -> Bool { spec.sliceAlphaPath != nil }

    /// E0617 when `new` or its previous version `old` keeps per-slice alphas, at `range`
    /// (`new`'s first such colour, or its `id` when only `old` has them).
    public static func refusal(_ new: ChartSpec, previous old: ChartSpec, at range: SourceRange?) -> Diagnostic? {
        let path = new.sliceAlphaPath
        guard path != nil || old.sliceAlphaPath != nil else { return nil }
        let which = path.map { "`\($0)` keeps its own alpha" } ?? "the previous version's `\(old.sliceAlphaPath!)` keeps its own alpha"
        return .error(transition, "\(which), so the chart cannot animate from its previous version",
                      at: range,
                      notes: ["slices of their own alphas are drawn exactly at rest and entering only: in a transition a slice that changes place is painted over the others, where both alphas would add up"],
                      help: "build without the previous version (`--from none`), or give every slice colour the same alpha (drawn as one translucent pie)")
    }
}
