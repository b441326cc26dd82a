import Foundation
@testable import PieCore
import PieDiagnostics
import PieJSON
import PieSpec
import Testing

/// `piec history`'s core: the steps of a chart's versions on one timeline, and their bundle.
struct HistoryTests {
    static func spec(_ values: [(String, Double)], title: String = "Languages", delay: String? = nil) throws -> ChartSpec {
        var yaml = "piec: 1\nid: langs\ntitle: \(title)\nanimation: {duration: 600ms\(delay.map { ", delay: \($0)" } ?? "")}\nslices:\n"
        for (id, v) in values { yaml += "  - {id: \(id), label: \(id.uppercased()), value: \(v)}\n" }
        let r = SpecLoader.load(SourceFile(path: "t.yaml", text: yaml), defaultID: "t")
        return try #require(r.spec, "\(r.diagnostics)")
    }

    static func versions() throws -> [HistoryVersion] {
        [
            HistoryVersion(spec: try spec([("swift", 3), ("go", 1)]), commit: "a1", date: "2026-01-02", subject: "First chart"),
            HistoryVersion(spec: try spec([("swift", 3), ("go", 2), ("rust", 1)]), commit: "b2", date: "2026-02-03", subject: "Add Rust"),
            HistoryVersion(spec: try spec([("swift", 1), ("rust", 2)], title: "Languages 2026", delay: "100ms"),
                           commit: "c3", date: "2026-03-04", subject: "Drop Go"),
        ]
    }

    @Test func stepsFollowOneAnotherWithTheHoldBetween() throws {
        let steps = History.steps(try Self.versions(), hold: 500)
        #expect(steps.map(\.start) == [0, 1100, 2200])
        #expect(steps.map(\.at) == [600, 1700, 2900])
        // Each step is the transition --from would draw, delayed to its place.
        #expect(steps[1].chart.plan.kind == .update && steps[1].chart.plan.delay == 1100)
        #expect(steps[2].chart.plan.delay == 2300)
        #expect(steps[0].chart.plan.kind == .enterGrow)
        #expect(steps.map(\.chart.layout.id) == ["langs_h0", "langs_h1", "langs_h2"])
        // At its `at`, a step's plan rests at its version: the frozen state is the layout.
        for step in steps {
            let frozen = step.chart.plan.frozen(at: step.at)
            let drawn = frozen.segments.filter { $0.slice != nil }.map { [$0.from.startAngle, $0.from.endAngle] }
            #expect(drawn == step.chart.layout.slices.map { [$0.startAngle, $0.endAngle] })
        }
    }

    @Test func theBundleShowsOneStepAtATimeAndTheLastAtRest() throws {
        let versions = try Self.versions()
        let bundle = HistoryWriter.write(versions: versions, steps: History.steps(versions, hold: 500), hold: 500, sourceBytes: [])
        #expect(bundle.files.map(\.name) == Bundle.fileNames)
        let svg = String(decoding: bundle.files[0].bytes, as: UTF8.self)
        // Earlier steps are hidden at rest (static renderers, reduced motion); the last is not.
        #expect(svg.contains("<g class=\"p-step p-h0 piec-langs_h0\" visibility=\"hidden\" opacity=\"0\">"))
        #expect(svg.contains("<g class=\"p-step p-h2 piec-langs_h2\">"))
        #expect(svg.contains("@keyframes piec-langs-h1{0%{visibility:hidden;opacity:0}37.931%{visibility:visible;opacity:1}75.862%{visibility:hidden;opacity:0}}"))
        #expect(svg.contains(">2026-03-04 \u{00B7} Drop Go</text>"))
        // Each step's styles are its own scope's.
        #expect(svg.contains(".piec-langs_h1{") && svg.contains("@keyframes piec-langs_h1-"))
        #expect(!svg.contains("<script") && !svg.contains("foreignObject"))
        let manifest = try #require(JSONSerialization.jsonObject(with: Data(bundle.files[3].bytes)) as? [String: Any])
        let list = try #require(manifest["versions"] as? [[String: Any]])
        #expect(list.map { $0["commit"] as? String } == ["a1", "b2", "c3"])
        #expect(list.map { $0["at"] as? Double } == [600, 1700, 2900])
        let last = try #require(list.last?["slices"] as? [[String: Any]])
        #expect(last.map { $0["id"] as? String } == ["swift", "rust"])
    }
}
