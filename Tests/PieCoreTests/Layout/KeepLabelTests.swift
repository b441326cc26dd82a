@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// A slice's `keepLabel` and `labels.priority`: a kept label is shown under `minPercent`, goes
/// outside with a leader when it fits nowhere inside (also with `position: inside`), and is
/// the last to go when not every label fits; the others go by priority (`value`: the smaller
/// first; `order`: the later written first). A kept label that still cannot be placed is a
/// located warning (E0351); `keepLabel` on a chart without labels is an error (E0350).
@Suite("Kept labels and label priority")
struct KeepLabelTests {
    static func diagnostics(_ text: String) -> [Diagnostic] {
        Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: text), defaultID: "t")).diagnostics
    }

    /// `n` slices of values n, n-1, ... 1 (written largest first unless `ascending`), the
    /// slices in `kept` keeping their labels.
    static func crowd(_ n: Int, kept: Set<Int> = [], labels: String, chart: String = "size: 160", ascending: Bool = false) -> String {
        var text = "piec: 1\nchart: {\(chart)}\nlegend: {position: none}\nlabels: {\(labels)}\nslices:\n"
        for i in 0..<n {
            let v = ascending ? i + 1 : n - i
            text += "  - {id: s\(i), label: Slice \(i), value: \(v)\(kept.contains(i) ? ", keepLabel: true" : "")}\n"
        }
        return text
    }

    static func layout(_ text: String) throws -> ChartLayout { Layout.layout(try Fixture.loaded(text)) }

    static func slice(_ l: ChartLayout, _ id: String) -> SliceLayout { l.slices.first { $0.id == id }! }

    @Test func aKeptLabelThatFitsNowhereInsideGoesOutsideWithALeader() throws {
        let text = """
            piec: 1
            legend: {position: none}
            labels: {position: inside, content: "{label}"}
            slices:
              - {id: big, label: Big, value: 97}
              - {id: tiny, label: Tiny slice, value: 1.5, keepLabel: true}
              - {id: lost, label: Lost slice, value: 1.5}

            """
        let l = try Self.layout(text)
        let tiny = Self.slice(l, "tiny"), lost = Self.slice(l, "lost")
        #expect(tiny.labelText == "Tiny slice" && tiny.labelOutside)
        #expect(lost.labelText == nil && !lost.labelOutside)
        // Under `minPercent` (3 by default) the kept label is shown; the other has none.
        #expect(lost.labelLeftOut == nil)
        #expect(l.labelRoom != nil)
        let svg = Fixture.svg(try Fixture.loaded(text))
        #expect(svg.contains(">Tiny slice</text>"))
        #expect(!svg.contains(">Lost slice</text>"))
        // Its leader line, in the ink layer.
        #expect(svg.contains("class=\"p-ink p-ll\""))
        #expect(Self.diagnostics(text).isEmpty)
    }

    @Test func aKeptLabelIsShownUnderMinPercentWithAuto() throws {
        let l = try Self.layout(Self.crowd(12, kept: [11], labels: "minPercent: 5"))
        // 12 + ... + 1 = 78: slice 11 (value 1) is 1.3 %.
        #expect(Self.slice(l, "s11").labelText != nil)
        #expect(Self.slice(l, "s10").labelText == nil)
    }

    /// Per side of the pie, every label left out ranks below every label placed.
    static func leftOutRankBelowPlaced(_ l: ChartLayout, rank: (SliceLayout) -> Double) {
        for side in [-1.0, 1.0] {
            let mine = l.slices.filter { OutsideLabels.side(ofScreenAngle: l.screenSign * $0.midAngle) == side && !$0.keepLabel }
            let placed = mine.filter { $0.labelText != nil }.map(rank), dropped = mine.filter { $0.labelLeftOut == .noRoom }.map(rank)
            if let low = placed.min(), let high = dropped.max() { #expect(high <= low, "side \(side)") }
        }
    }

    @Test func whenNotEveryLabelFitsTheSmallestGoFirstAndKeptLabelsLast() throws {
        let l = try Self.layout(Self.crowd(60, kept: [59, 58], labels: "position: outside, minPercent: 0"))
        #expect(l.slices.contains { $0.labelLeftOut == .noRoom })
        #expect(Self.slice(l, "s59").labelText != nil && Self.slice(l, "s58").labelText != nil)
        Self.leftOutRankBelowPlaced(l) { $0.value }
    }

    @Test func valuePriorityDropsTheSmallestEvenWhenTheyAreWrittenFirst() throws {
        // Ascending: the largest slices are written last; `value` still keeps theirs.
        let l = try Self.layout(Self.crowd(60, labels: "position: outside, minPercent: 0", ascending: true))
        #expect(l.slices.contains { $0.labelLeftOut == .noRoom })
        Self.leftOutRankBelowPlaced(l) { $0.value }
    }

    @Test func orderPriorityKeepsTheSlicesWrittenFirst() throws {
        let l = try Self.layout(Self.crowd(60, kept: [59], labels: "position: outside, minPercent: 0, priority: order", ascending: true))
        #expect(l.slices.contains { $0.labelLeftOut == .noRoom })
        #expect(Self.slice(l, "s59").labelText != nil)
        Self.leftOutRankBelowPlaced(l) { -Double($0.specIndex) }
        // The smallest slices (written first) keep theirs, so `value` would have dropped them.
        #expect(Self.slice(l, "s0").labelText != nil)
    }

    @Test func keptLabelsAtADistanceArePlacedFirst() throws {
        let l = try Self.layout(Self.crowd(60, kept: [59], labels: "radius: 1.3, minPercent: 0"))
        #expect(l.slices.contains { $0.labelLeftOut == .noRoom })
        #expect(Self.slice(l, "s59").labelText != nil)
    }

    @Test func theSolversRankKeptLabelsFirst() {
        // One line of room: the kept label of the lowest priority is the one placed.
        let cs = (0..<3).map { LabelPlacer.Candidate(index: $0, side: 1, naturalY: 0, priority: Double(10 - $0), kept: $0 == 2) }
        #expect(LabelPlacer.solve(cs, top: -8, bottom: 8, lineHeight: 16).map(\.index) == [2])
        #expect(LabelRank(kept: true, priority: 0, index: 5).precedes(LabelRank(kept: false, priority: 9, index: 0)))
        #expect(LabelRank(kept: false, priority: 2, index: 5).precedes(LabelRank(kept: false, priority: 1, index: 0)))
        #expect(LabelRank(kept: false, priority: 1, index: 0).precedes(LabelRank(kept: false, priority: 1, index: 1)))
    }

    @Test func tooManyKeptLabelsAreEachReportedAtTheirKeepLabel() throws {
        let text = Self.crowd(60, kept: Set(0..<60), labels: "position: outside, minPercent: 0")
        let d = Self.diagnostics(text)
        let kept = d.filter { $0.code == KeptLabelWarnings.notPlaced }
        #expect(!kept.isEmpty)
        #expect(!d.contains { $0.code == LabelWarnings.noRoom })
        #expect(kept.allSatisfy { $0.severity == .warning && $0.message.contains("does not fit beside the chart") })
        let l = try Self.layout(text)
        #expect(kept.count == l.slices.filter { $0.labelLeftOut == .noRoom }.count)
    }

    @Test func aKeptLabelOnARingThatDoesNotFitIsReported() {
        let text = """
            piec: 1
            rings:
              - label: In
                slices:
                  - {id: a, label: Alpha, value: 98}
                  - {id: b, label: A very long label, value: 2, keepLabel: true}

            """
        let d = Self.diagnostics(text).filter { $0.code == KeptLabelWarnings.notPlaced }
        #expect(d.count == 1)
        #expect(d.first?.message.contains("does not fit inside its slice of the ring") == true)
        #expect(d.first?.range?.start.line == 6)
        #expect(!Self.diagnostics(text).contains { $0.code == LabelWarnings.doesNotFit })
    }

    @Test func aKeptSliceGroupedIntoOtherOrOfValueZeroIsReported() {
        let text = """
            piec: 1
            chart: {other: {minPercent: 5}}
            slices:
              - {id: a, label: Alpha, value: 90}
              - {id: b, label: Beta, value: 8}
              - {id: c, label: Gamma, value: 2, keepLabel: true}
              - {id: d, label: Delta, value: 0, keepLabel: true}

            """
        let d = Self.diagnostics(text).filter { $0.code == KeptLabelWarnings.notPlaced }
        #expect(d.map { $0.range?.start.line } == [6, 7])
        #expect(d.first?.message.contains("groups it into Other") == true)
        #expect(d.last?.message.contains("not drawn") == true)
    }

    @Test func keepLabelWithoutLabelsIsAnError() {
        let d = Self.diagnostics("piec: 1\nlabels: {position: none}\nslices:\n  - {label: A, value: 1, keepLabel: true}\n")
        #expect(d.map(\.code) == [SpecDiagnostics.keepWithoutLabels])
        #expect(d.first?.severity == .error)
    }

    @Test func leaderKeysApplyToKeptLabelsWithPositionInside() {
        let slices = "slices:\n  - {label: A, value: 99}\n  - {label: B, value: 1, keepLabel: true}\n"
        #expect(Self.diagnostics("piec: 1\nlabels: {position: inside, leader: line}\n" + slices)
            .allSatisfy { $0.code != SpecDiagnostics.leaderInside })
        #expect(Self.diagnostics("piec: 1\nlabels: {position: inside, leader: line}\nslices:\n  - {label: A, value: 1}\n")
            .contains { $0.code == SpecDiagnostics.leaderInside })
    }

    @Test func keysRoundTripThroughTheCanonicalSpec() throws {
        let spec = try Fixture.loaded("piec: 1\nlabels: {priority: order}\nslices:\n  - {label: A, value: 1, keepLabel: true}\n  - {label: B, value: 2}\n")
        #expect(spec.labels.priority == .order)
        #expect(spec.slices.map(\.keepLabel) == [true, false])
    }
}
