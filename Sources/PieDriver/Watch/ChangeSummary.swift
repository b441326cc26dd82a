import PieCore

/// What a rebuilt bundle shows, in a few words for the terminal ("+1 slice, 2 updated"), from
/// the compiler's `ChangeReport` (the one the manifest's `changes` member is written from).
public struct ChangeSummary: Sendable, Equatable {
    public var added = 0
    public var removed = 0
    public var updated = 0
    public var renamed = 0
    public var moved = 0
    /// Chart-level fields that changed (`innerRadius`, ...).
    public var chartFields: [String] = []
    /// Slices in the new chart.
    public var slices = 0
    /// True when the bundle plays its enter animation (there was no previous version).
    public var entering = false

    public init() {}

    /// "+1 slice, -2, 3 updated, chart innerRadius"; "5 slices" when entering;
    /// "no visible change" when nothing moved.
    public var text: String {
        if entering { return "\(slices) slice\(slices == 1 ? "" : "s")" }
        var parts: [String] = []
        if added > 0 { parts.append("+\(added) slice\(added == 1 ? "" : "s")") }
        if removed > 0 { parts.append("-\(removed) slice\(removed == 1 ? "" : "s")") }
        if updated > 0 { parts.append("\(updated) updated") }
        if renamed > 0 { parts.append("\(renamed) renamed") }
        if moved > 0 { parts.append("\(moved) moved") }
        if !chartFields.isEmpty { parts.append("chart " + chartFields.joined(separator: ", ")) }
        return parts.isEmpty ? "no visible change" : parts.joined(separator: ", ")
    }

    /// The summary of a compiled chart: its changes when it has a previous version, else the
    /// number of slices it enters with. Without a chart (a compile function that reports none)
    /// it says "0 slices".
    public init(chart: CompiledChart?) {
        guard let chart, let changes = chart.changes else {
            entering = true
            slices = chart?.layout.slices.count ?? 0
            return
        }
        slices = chart.layout.slices.count
        for change in changes.slices {
            if change.moved && change.kind != .move { moved += 1 }
            switch change.kind {
            case .insert: added += 1
            case .remove: removed += 1
            case .update: updated += 1
            case .rename: renamed += 1
            case .move: moved += 1
            case .merge, .split: continue
            }
        }
        chartFields = changes.chart.map(\.field)
    }
}
