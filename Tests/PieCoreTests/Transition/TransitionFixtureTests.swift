import Foundation
import GoldenFiles
@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// Diff fixtures: `Tests/Fixtures/diff/<case>/before.yaml` and `after.yaml`, with the change
/// report (`expected.txt`, `ChangeReport.text()`) and a plan summary (`expected.json`: every
/// segment's id, kind and from/to angles to 3 decimals, then the movers). Regenerate with
/// `PIEC_UPDATE_FIXTURES=1 swift test`; a missing expected file fails and prints what was
/// produced. Every case also checks the plan's invariants: at t = 0 the segments tile the old
/// layout, at t = 1 the new one, and every old and new slice is accounted for.
struct TransitionFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/diff").standardized

    static func caseNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The kinds of change the issue names, each of which must have its case.
    static let required = [
        "insert", "remove", "update", "rename", "reorder", "chart-inner-radius", "adjacent-removals",
        "first-and-last-removed", "insert-at-start", "reorder-plus-insert", "one-to-three",
        "pie-to-donut", "full-to-half", "every-slice-replaced",
    ]

    @Test func everyRequiredCaseIsThere() {
        let names = Set(Self.caseNames())
        for name in Self.required { #expect(names.contains(name), "missing diff fixture \(name)") }
    }

    static func load(_ name: String, _ file: String) throws -> ChartSpec {
        let url = directory.appendingPathComponent(name).appendingPathComponent(file)
        let bytes = Array(try Data(contentsOf: url))
        let result = SpecLoader.load(SourceFile(path: "diff/\(name)/\(file)", bytes: bytes), defaultID: "chart")
        guard let spec = result.spec else {
            throw FixtureError.invalid("diff/\(name)/\(file): \(result.diagnostics.map(\.message))")
        }
        return spec
    }

    enum FixtureError: Error { case invalid(String) }

    @Test(arguments: caseNames())
    func fixture(_ name: String) throws {
        let folder = Self.directory.appendingPathComponent(name)
        for file in ["before.yaml", "after.yaml"] {
            let present = FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path)
            #expect(present, "diff fixture \(name) has no \(file) (orphaned case folder?)")
            if !present { return }
        }
        let old = try Self.load(name, "before.yaml"), new = try Self.load(name, "after.yaml")
        let (plan, report, newLayout) = Transition.between(old: old, new: new).parts
        let oldLayout = Layout.layout(old)
        PlanInvariants.check(plan, report: report, old: oldLayout, new: newLayout, name: name)
        try Golden.check(report.text(), at: folder.appendingPathComponent("expected.txt"))
        try Golden.check(Self.summary(plan), at: folder.appendingPathComponent("expected.json"))
    }

    /// One line per segment and mover, angles rounded to 3 decimals.
    static func summary(_ plan: TransitionPlan) -> String {
        func n(_ x: Double) -> String { JSONValue.number(x, decimals: 3).serialized() }
        func line(_ s: Segment) -> String {
            "{\"id\": \(JSONValue.string(s.id).serialized()), \"kind\": \"\(s.kind.rawValue)\", "
                + "\"from\": [\(n(s.from.startAngle)), \(n(s.from.endAngle))], \"to\": [\(n(s.to.startAngle)), \(n(s.to.endAngle))]}"
        }
        func list(_ items: [Segment]) -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { "    " + line($0) }.joined(separator: ",\n") + "\n  ]"
        }
        return "{\n  \"segments\": \(list(plan.segments)),\n  \"movers\": \(list(plan.movers))\n}\n"
    }
}

/// What every transition plan must satisfy, whatever the change.
enum PlanInvariants {
    static let epsilon = 1e-9

    static func check(_ plan: TransitionPlan, report: ChangeReport, old: ChartLayout, new: ChartLayout, name: String) {
        // Old ids reach the plan under their new id when renamed.
        var renamedTo: [String: String] = [:]
        for c in report.slices where c.kind == .rename { renamedTo[c.oldID ?? ""] = c.id }

        // t = 0: the segments present before (everything but enters) are the old slices in order,
        // at the old angles, and enters have zero width; together they tile from the old start.
        let before = plan.segments.filter { $0.kind != .enter }
        #expect(before.map(\.id) == old.slices.map { renamedTo[$0.id] ?? $0.id }, "\(name): old slices at t=0")
        for (s, o) in zip(before, old.slices) {
            #expect(abs(s.from.startAngle - o.startAngle) < epsilon && abs(s.from.endAngle - o.endAngle) < epsilon,
                    "\(name): \(s.id) starts at \(s.from.startAngle)...\(s.from.endAngle), old layout \(o.startAngle)...\(o.endAngle)")
        }
        for s in plan.segments where s.kind == .enter {
            #expect(abs(s.from.span) < epsilon, "\(name): entering \(s.id) has width \(s.from.span) at t=0")
        }
        tiles(plan.segments.map(\.from), start: old.startAngle, name: name + " t=0")

        // t = 1: the segments still there at the end (everything but exits) are the new slices.
        let after = plan.segments.filter { $0.kind != .exit }
        #expect(after.map(\.id) == new.slices.map(\.id), "\(name): new slices at t=1")
        for (s, n) in zip(after, new.slices) {
            #expect(abs(s.to.startAngle - n.startAngle) < epsilon && abs(s.to.endAngle - n.endAngle) < epsilon,
                    "\(name): \(s.id) ends at \(s.to.startAngle)...\(s.to.endAngle), new layout \(n.startAngle)...\(n.endAngle)")
        }
        for s in plan.segments where s.kind == .exit {
            #expect(abs(s.to.span) < epsilon, "\(name): exiting \(s.id) has width \(s.to.span) at t=1")
        }
        tiles(plan.segments.map(\.to), start: new.startAngle, name: name + " t=1")

        // Every old and new id is accounted for: as a segment, or (old ids) through a rename.
        let ids = Set(plan.segments.map(\.id))
        for o in old.slices { #expect(ids.contains(renamedTo[o.id] ?? o.id), "\(name): old slice \(o.id) lost") }
        for n in new.slices { #expect(ids.contains(n.id), "\(name): new slice \(n.id) lost") }

        // Movers: exactly the moved slices, from their old place to their new one (mod 360).
        let moved = Set(report.slices.filter(\.moved).map(\.id))
        // One entry per slice.
        #expect(Set(report.slices.map(\.id)).count == report.slices.count, "\(name): a slice reported twice")
        #expect(Set(plan.movers.map(\.id)) == moved, "\(name): movers")
        for m in plan.movers {
            guard let n = new.slices.first(where: { $0.id == m.id }) else { continue }
            let shift = m.to.startAngle - n.startAngle
            #expect(abs(m.to.span - n.span) < epsilon && abs(shift.remainder(dividingBy: 360)) < epsilon, "\(name): mover \(m.id) lands off its place")
        }

        // The exact model agrees at both ends of the timeline.
        let timeline = plan.timeline
        let first = plan.frozen(at: timeline.start), last = plan.frozen(at: timeline.end)
        for (i, s) in plan.segments.enumerated() {
            #expect(abs(first.segments[i].from.startAngle - s.from.startAngle) < 1e-6
                    && abs(first.segments[i].from.endAngle - s.from.endAngle) < 1e-6, "\(name): frozen(start) \(s.id)")
            #expect(abs(last.segments[i].from.startAngle - s.to.startAngle) < 1e-6
                    && abs(last.segments[i].from.endAngle - s.to.endAngle) < 1e-6, "\(name): frozen(end) \(s.id)")
        }
    }

    /// The geometries follow one another without gap or overlap from `start`.
    static func tiles(_ geometries: [SegmentGeometry], start: Double, name: String) {
        var cursor = start
        for (k, g) in geometries.enumerated() {
            #expect(abs(g.startAngle - cursor) < epsilon, "\(name): segment \(k) starts at \(g.startAngle), expected \(cursor)")
            #expect(g.span >= -epsilon, "\(name): segment \(k) has negative width \(g.span)")
            cursor = g.endAngle
        }
    }
}
