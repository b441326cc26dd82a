import PieJSON
import PieSpec

/// What changed between two versions of a spec of `charts:`, chart by chart (`piec diff`):
/// the shared keys' changes (title, theme, layout, ...), then each chart of either version by
/// its id: added (every slice inserted), removed, or its own `ChangeReport` from the previous
/// version's chart of that id.
public struct FacetChanges: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable { case added, removed, changed, unchanged }
    public struct Facet: Sendable, Hashable {
        public var id: String
        public var status: Status
        /// The chart's slices and keys; nil for a removed chart.
        public var report: ChangeReport?
    }
    /// Changes of the keys every chart shares (its `slices` list is empty).
    public var shared: ChangeReport
    /// The new version's charts in order, then the removed ones in their old order.
    public var facets: [Facet]

    public var isEmpty: Bool { shared.isEmpty && facets.allSatisfy { $0.status == .unchanged } }

    /// The changes from `old` (nil: no previous version, every chart added) to `new`; either
    /// may be a spec of one chart (then it has no charts: all of the other's are added or removed).
    public static func between(old: ChartSpec?, new: ChartSpec) -> FacetChanges {
        func shell(_ spec: ChartSpec) -> ChartSpec {
            var s = spec
            s.charts = []
            s.slices = []
            s.rings = []
            return s
        }
        var shared = Transition.between(old: shell(old ?? new), new: shell(new)).changes ?? ChangeReport(slices: [], chart: [])
        shared.emptiness = nil
        var facets: [Facet] = []
        for (k, facet) in new.charts.enumerated() {
            let now = new.facet(k)
            if let old, let j = old.charts.firstIndex(where: { $0.id == facet.id }) {
                var before = old.facet(j)
                before.id = now.id
                let report = Transition.between(old: before, new: now).changes ?? ChangeReport(slices: [], chart: [])
                facets.append(Facet(id: facet.id, status: report.isEmpty ? .unchanged : .changed, report: report))
            } else {
                var empty = now
                empty.slices = []
                empty.rings = now.rings.map { ring in
                    var r = ring
                    r.slices = []
                    return r
                }
                var report = Transition.between(old: empty, new: now).changes
                report?.emptiness = nil
                facets.append(Facet(id: facet.id, status: .added, report: report))
            }
        }
        for facet in old?.charts ?? [] where !new.charts.contains(where: { $0.id == facet.id }) {
            facets.append(Facet(id: facet.id, status: .removed, report: nil))
        }
        return FacetChanges(shared: shared, facets: facets)
    }

    /// The shared changes as `ChangeReport.text` writes them (none: nothing), then for each
    /// chart `chart ID: added|removed|changed|no changes` and its report's lines indented.
    public func text() -> String {
        var out = shared.isEmpty ? "" : shared.text()
        for f in facets {
            out += "chart \(f.id): \(f.status == .unchanged ? "no changes" : f.status.rawValue)\n"
            guard let report = f.report, !report.isEmpty else { continue }
            for line in report.text().split(separator: "\n") { out += "  " + line + "\n" }
        }
        return out
    }

    /// `{"changed", "shared", "charts": [{"id", "status", "changes"}]}`.
    public func json() -> JSONValue {
        .object([
            ("changed", .bool(!isEmpty)),
            ("shared", shared.json()),
            ("charts", .array(facets.map { f in
                .object([("id", .string(f.id)), ("status", .string(f.status.rawValue)), ("changes", f.report?.json() ?? .null)])
            })),
        ])
    }
}
