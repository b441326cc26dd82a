import Foundation
import PieJSON
import Testing
@testable import PieCore

/// `Budgets` is the one home of the gates: every gate it declares is an entry of the generated
/// page, every strategy names gates that exist, every gate is read by a strategy, and the prose
/// documents (README.md, ARCHITECTURE.md, bench/README.md, bench/browser/README.md,
/// Tests/browser/README.md) point to docs/dev/motion.md instead of restating a gate.
@Suite("Budgets")
struct BudgetsTests {
    static let prose = ["README.md", "ARCHITECTURE.md", "bench/README.md", "bench/browser/README.md", "Tests/browser/README.md"]

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
    }

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
        for name in Self.prose {
            let text = try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
            #expect(Self.restated(in: text).isEmpty, "\(name) restates a gate of Budgets; point to docs/dev/motion.md: \(Self.restated(in: text))")
        }
    }

    @Test func theCheckFindsARestatedGate() {
        let text = "index.html turns at most \(formatNumber(Double(Budgets.turningBoxes))) boxes; at most\n"
            + "\(formatNumber(Budgets.boxHold)) ms later they go"
        #expect(Self.restated(in: text) == ["turningBoxes: \"at most 40 boxes\"", "boxHold: \"at most 200 ms\"",
                                            "tickMinShown: \"at most 200 ms\""])
        #expect(Self.restated(in: "64 slices, 40 of 60 frames").isEmpty)
    }

    /// The names of the gates `Budgets.swift` declares (`static let NAME =`, `entries` aside).
    static func declared(in source: String) throws -> [String] {
        let pattern = try Regex("^    static let ([A-Za-z]+) *=", as: (Substring, Substring).self).anchorsMatchLineEndings()
        return source.matches(of: pattern).map { String($0.output.1) }.filter { $0 != "entries" }
    }

    /// A gate declared in `Budgets` but left out of `entries` would be missing from
    /// docs/dev/motion.md (generated from `entries`) and from the checks below.
    @Test func everyDeclaredGateIsAnEntry() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/PieCore/Drawing/Budgets.swift"), encoding: .utf8)
        let declared = try Self.declared(in: source)
        #expect(declared.count >= 10, "the scan of Budgets.swift found \(declared): is the pattern broken?")
        #expect(declared == Budgets.entries.map(\.name), "Budgets declares \(declared), its entries are \(Budgets.entries.map(\.name))")
        #expect(try Self.declared(in: "    static let rotatedDashes = 64\n    static let entries: [Entry] = []\n    static let newGate = 3\n")
                == ["rotatedDashes", "newGate"])
    }

    /// The guide tells users above how many moving slices gaps and corners are not drawn in
    /// motion (`rotatedDashes`): the number it prints is the gate's.
    @Test func theGuidesMaskLimitIsTheGate() throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/guide/shapes-rings-rose.md"), encoding: .utf8)
        let pattern = try Regex("Above ([0-9]+) moving slices", as: (Substring, Substring).self)
        let stated = guide.matches(of: pattern).map { Int($0.output.1) }
        #expect(stated == [Budgets.rotatedDashes], "docs/guide/shapes-rings-rose.md says above \(stated) moving slices")
    }

    @Test func everyStrategysGatesAreBudgetsAndEveryGateIsRead() {
        let names = Set(Budgets.entries.map(\.name))
        let read = Set(Strategies.all.flatMap { $0.gates })
        #expect(read.isSubset(of: names), "\(read.subtracting(names))")
        #expect(names == read.union(Budgets.stageGates), "gates no strategy reads: \(names.subtracting(read))")
        #expect(read.isDisjoint(with: Budgets.stageGates))
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
