@testable import PieCore
import PieJSON
import PieSpec
import Testing

/// `piec history` of a spec of `charts:` (`FacetHistoryWriter`): each step is the grid
/// `piec build --from` composes between two versions, delayed to its place on one timeline.
@Suite("Facet history")
struct FacetHistoryTests {
    static let v1 = FacetTests.two
    /// `a` changes; `b` is gone and `c`, new in its cell, waits for its fade.
    static let v2 = FacetTests.two.replacingOccurrences(of: "value: 3", with: "value: 9")
        .replacingOccurrences(of: "id: b", with: "id: c")

    static func versions() throws -> [HistoryVersion] {
        [HistoryVersion(spec: try Fixture.loaded(v1), commit: "1111", date: "2026-01-01", subject: "first"),
         HistoryVersion(spec: try Fixture.loaded(v2), commit: "2222", date: "2026-01-02", subject: "a grows, c for b")]
    }

    @Test func eachStepIsTheGridBuildFromComposesDelayedToItsPlace() throws {
        let versions = try Self.versions()
        let steps = FacetHistoryWriter.steps(versions, hold: 500)
        #expect(steps.count == 2)
        // The first version enters; the second starts `hold` after the first rests.
        #expect(steps[0].start == 0)
        #expect(steps[1].start == steps[0].at + 500)
        let start = steps[1].start
        // What `piec build --from` composes for the second version, moved by `start`.
        var scoped = versions[1].spec, previous = versions[0].spec
        scoped.id += "_h1"
        previous.id = scoped.id
        let built = FacetWriter.compose(scoped, previous: previous)
        let step = steps[1].composed
        #expect(step.facets.map(\.id) == ["a", "c"])
        #expect(step.leaving.map(\.id) == ["b"])
        #expect(step.facets[0].chart.layout.id == "f_h1_f0")
        #expect(step.facets[0].chart.plan.timeline.start == built.facets[0].chart.plan.timeline.start + start)
        #expect(step.facets[0].chart.changes != nil, "a animates from its previous version")
        #expect(step.facets[1].wait == built.facets[1].wait + start && built.facets[1].wait > 0)
        #expect(step.fade.start == built.fade.start + start)
        #expect(steps[1].at == FacetFrames.timeline(step).end && steps[1].at > start)
    }

    @Test func theBundleShowsEachStepFromItsStartWithItsCaption() throws {
        let versions = try Self.versions()
        let steps = FacetHistoryWriter.steps(versions, hold: 500)
        let bundle = FacetHistoryWriter.write(versions: versions, steps: steps, hold: 500, sourceBytes: [])
        let svg = Fixture.text(bundle, "chart.svg"), css = Fixture.text(bundle, "chart.css")
        #expect(svg.contains("<g class=\"p-step p-h0 piec-f_h0\" visibility=\"hidden\" opacity=\"0\">"))
        #expect(svg.contains("<g class=\"p-step p-h1 piec-f_h1\">"))
        #expect(svg.contains(">2026-01-02 \u{00B7} a grows, c for b</text>"))
        // The second step's c waits (hidden) until b's fade, delayed to the step, ends.
        let until = steps[1].composed.facets[1].wait
        #expect(css.contains(".piec-f_h1_f1{animation:piec-f_h1_f1-wait " + formatNumber(until) + "ms step-end both}"),
                "\(css)")
        #expect(css.contains("@keyframes piec-f-h1{"))
        let manifest = Fixture.text(bundle, "manifest.json")
        #expect(manifest.contains("\"history\": {"))
        #expect(manifest.contains("\"leaving\": [\n        \"b\"\n      ]") || manifest.contains("\"b\""))
    }
}
