import Testing
@testable import PieCore

/// Every value of every `DrawingPlan` decision is drawn by at least one golden bundle
/// (`CompileFixtureTests`), so a change to any strategy's bytes shows in a golden diff.
/// The plans are the ones `piec build --explain` prints for each golden's spec (and its
/// previous version), every part of it (the chart and each ring).
@Suite("Strategy goldens")
struct StrategyGoldensTests {
    /// Per decision (`wedges`, `separators`, ...), the values the goldens' plans take, and
    /// for each value the first golden that takes it.
    static func covered() throws -> [String: [String: String]] {
        var seen: [String: [String: String]] = [:]
        for c in CompileFixtureTests.cases() {
            let source = try CompileFixtureTests.read(c.spec)
            let previous = try c.previous.map { PreviousSource.spec(try CompileFixtureTests.read($0)) }
            let result = Compiler.compile(CompileRequest(source: source, defaultID: c.name, previous: previous))
            let spec = try #require(result.spec, "\(c.name) did not compile")
            // A spec of `charts` compiles each chart on its own (FacetTests); no one plan.
            if !spec.charts.isEmpty { continue }
            let chart = try #require(result.chart, "\(c.name) did not compile")
            for part in DrawingExplanation.of(chart, spec: spec, svgOnly: false) {
                for d in part.decisions where seen[d.name]?[d.value] == nil {
                    seen[d.name, default: [:]][d.value] = c.name
                }
            }
        }
        return seen
    }

    /// The values each strategy decision can take, by the names `piec build --explain` prints
    /// (the other decisions, what the output and the stage decide and why index.html moves as
    /// it does, are pinned by `DrawingPlanTests`).
    static let strategies: [String: [String]] = Dictionary(uniqueKeysWithValues: DrawingPlan.strategyDecisions.map {
        ($0, DrawingPlan.values(of: $0))
    })

    @Test func everyStrategyHasAGolden() throws {
        let seen = try Self.covered()
        #expect(Set(DrawingPlan.decisionNames) == Set(seen.keys), "decisions: \(seen.keys.sorted())")
        #expect(Set(Self.strategies.keys).isSubset(of: seen.keys))
        for (decision, values) in Self.strategies.sorted(by: { $0.key < $1.key }) {
            let missing = values.filter { seen[decision]?[$0] == nil }
            #expect(missing.isEmpty, "\(decision) \(missing) drawn by no golden: add a spec under specs/transitions/ that takes it")
        }
    }
}
