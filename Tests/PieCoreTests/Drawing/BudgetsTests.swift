import Foundation
import PieJSON
import Testing
@testable import PieCore

/// `Budgets` is the one home of the gates: every strategy names gates that exist, every gate
/// is read by a strategy, and the prose documents (README.md, ARCHITECTURE.md,
/// bench/browser/README.md) point to docs/dev/motion.md instead of restating a gate.
@Suite("Budgets")
struct BudgetsTests {
    static let prose = ["README.md", "ARCHITECTURE.md", "bench/browser/README.md"]

    /// The words before a number that make it a limit ("at most 40 boxes").
    static let limitWords = ["up to", "at most", "more than", "above", "over", "beyond", "under", "below",
                             "fewer than", "at least", "gate of", "limit of", "budget of"]

    /// Each gate written as a limit in `text`: a limit word, the gate's value and its unit.
    static func restated(in text: String) -> [String] {
        var found: [String] = []
        let flat = text.replacingOccurrences(of: "\n", with: " ").lowercased()
        for e in Budgets.entries {
            for word in limitWords {
                let phrase = word + " " + formatNumber(e.value) + " " + e.unit.lowercased()
                if flat.contains(phrase) { found.append(e.name + ": \"" + phrase + "\"") }
            }
        }
        return found
    }

    @Test func noGateIsRestatedInProse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
        for name in Self.prose {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            #expect(Self.restated(in: text).isEmpty, "\(name) restates a gate of Budgets; point to docs/dev/motion.md: \(Self.restated(in: text))")
        }
    }

    @Test func theCheckFindsARestatedGate() {
        let text = "index.html turns at most \(formatNumber(Double(Budgets.turningBoxes))) boxes; at most\n"
            + "\(formatNumber(Budgets.boxHold)) ms later they go"
        #expect(Self.restated(in: text) == ["turningBoxes: \"at most 40 boxes\"", "boxHold: \"at most 200 ms\""])
        #expect(Self.restated(in: "64 slices, 40 of 60 frames").isEmpty)
    }

    @Test func everyStrategysGatesAreBudgetsAndEveryGateIsRead() {
        let names = Set(Budgets.entries.map(\.name))
        let read = Set(Strategies.all.flatMap { $0.gates })
        #expect(read.isSubset(of: names), "\(read.subtracting(names))")
        #expect(names == read, "gates no strategy reads: \(names.subtracting(read))")
        #expect(Budgets.entries.allSatisfy { !$0.unit.isEmpty && !$0.counts.isEmpty && !$0.measured.isEmpty })
    }

    @Test func eachStrategyAnswersADecisionOfThePlan() {
        let decisions = Set(DrawingPlan.strategyDecisions)
        #expect(decisions.isSubset(of: DrawingPlan.unchosen.decisions.map(\.name)))
        for s in Strategies.all {
            #expect(decisions.contains(s.decision), "\(s.name)")
        }
        #expect(Strategies.all.map { $0.name } == ["offsetDashes", "colourCircles", "bands", "sampled", "literal", "strokes", "boxes"])
    }
}
