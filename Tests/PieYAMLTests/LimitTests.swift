import PieDiagnostics
import Testing
@testable import PieYAML

@Suite("limits on untrusted input")
struct LimitTests {
    static func nestedFlow(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth)
    }

    @Test func depthExactlyAtTheDefaultLimitParses() throws {
        let doc = parse(Self.nestedFlow(32))
        #expect(doc.diagnostics.isEmpty)
        var node = try #require(doc.root)
        var depth = 0
        while case .sequence(let items, _) = node, let first = items.first {
            depth += 1
            node = first
        }
        #expect(depth == 32)
    }

    @Test func oneLevelOverTheLimitStopsWithOneDiagnostic() throws {
        let doc = parse(Self.nestedFlow(33) + "\nthis: [is never read\n")
        #expect(doc.codes == ["E0113"])
        #expect(doc.diagnostics[0].range == span(1, 33, 1, 34))
        #expect(doc.diagnostics[0].message == "nesting is deeper than the limit of 32 levels")
        #expect(doc.root == nil)
    }

    @Test func depthCountsBlockAndFlowCollections() {
        let limits = YAMLLimits(maxDepth: 3)
        #expect(parse("a: {b: [c]}\n", limits: limits).diagnostics.isEmpty)
        let deep = parse("a: {b: [[c]]}\n", limits: limits)
        #expect(deep.codes == ["E0113"])
        #expect(deep.diagnostics[0].range?.start == at(1, 9))
        let block = parse("a:\n  b:\n    c:\n      - d\n", limits: limits)
        #expect(block.codes == ["E0113"])
        #expect(block.diagnostics[0].range?.start == at(4, 7))
    }

    @Test func nodeLimit() throws {
        let limits = YAMLLimits(maxNodes: 5)
        let atLimit = parse("[1, 2, 3, 4]", limits: limits)
        #expect(atLimit.diagnostics.isEmpty)
        #expect(atLimit.root?.nodeCount == 5)
        let over = parse("[1, 2, 3, 4, 5, 6, 7]", limits: limits)
        #expect(over.codes == ["E0114"])
        #expect(over.diagnostics[0].range == span(1, 14, 1, 15))
        #expect(over.root == nil)
    }

    @Test func scalarLengthLimit() throws {
        let limits = YAMLLimits(maxScalarBytes: 4)
        let doc = parse("a: hello\nb: hi\nlongkey: 1\nc: \"éé\"\n", limits: limits)
        #expect(doc.codes == ["E0115", "E0115"])
        #expect(doc.diagnostics[0].range == span(1, 4, 1, 9))
        #expect(doc.diagnostics[0].message == "value is 5 bytes long, more than the limit of 4 bytes")
        #expect(doc.diagnostics[1].range == span(3, 1, 3, 8))
        let root = try #require(doc.root)
        #expect(root.entries.map(\.key.value) == ["b", "c"])
    }

    @Test func largeDocumentParses() throws {
        let count = 100_000
        var text = "piec: 1\ntitle: Big\nslices:\n"
        text.reserveCapacity(count * 56)
        for i in 0..<count {
            text += "  - id: slice-\(i)\n    label: Slice number \(i)\n    value: \(i % 997).25\n"
        }
        let doc = parse(text)
        #expect(doc.diagnostics.isEmpty)
        let root = try #require(doc.root)
        let slices = try #require(root["slices"])
        #expect(slices.items.count == count)
        // root + 3 keys + 2 scalars + the sequence + 7 per slice (mapping, 3 keys, 3 values).
        #expect(root.nodeCount == 7 + 7 * count)
        let last = try #require(slices[count - 1])
        #expect(last["id"]?.scalar?.value == "slice-\(count - 1)")
        let lastValue = "\((count - 1) % 997).25"
        #expect(last["value"]?.scalar?.value == lastValue)
        #expect(last.range == span(3 + 3 * count - 2, 5, 3 + 3 * count, 12 + lastValue.count))
    }
}
