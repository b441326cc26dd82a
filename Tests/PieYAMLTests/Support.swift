import PieDiagnostics
import Testing
@testable import PieYAML

func parse(_ text: String, limits: YAMLLimits = YAMLLimits()) -> YAMLDocument {
    YAMLParser.parse(SourceFile(path: "test.yaml", text: text), limits: limits)
}

func parse(bytes: [UInt8], limits: YAMLLimits = YAMLLimits()) -> YAMLDocument {
    YAMLParser.parse(SourceFile(path: "test.yaml", bytes: bytes), limits: limits)
}

/// `line:col-line:col` with 1-based numbers.
func span(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> SourceRange {
    SourceRange(start: PieDiagnostics.SourceLocation(line: l1, column: c1), end: PieDiagnostics.SourceLocation(line: l2, column: c2))
}

func at(_ line: Int, _ column: Int) -> PieDiagnostics.SourceLocation { PieDiagnostics.SourceLocation(line: line, column: column) }

extension YAMLDocument {
    var codes: [String] { diagnostics.map(\.code.rawValue) }
}

extension YAMLNode {
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key.value == key }?.value
    }

    subscript(index: Int) -> YAMLNode? {
        guard case .sequence(let items, _) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    var entries: [YAMLEntry] {
        if case .mapping(let entries, _) = self { return entries }
        return []
    }

    var items: [YAMLNode] {
        if case .sequence(let items, _) = self { return items }
        return []
    }

    var scalar: YAMLScalar? {
        if case .scalar(let s) = self { return s }
        return nil
    }

    /// Nodes in the tree, keys included (what `YAMLLimits.maxNodes` counts).
    var nodeCount: Int {
        var count = 0
        var pending: [YAMLNode] = [self]
        while let node = pending.popLast() {
            count += 1
            switch node {
            case .scalar: break
            case .sequence(let items, _): pending.append(contentsOf: items)
            case .mapping(let entries, _):
                count += entries.count
                pending.append(contentsOf: entries.map(\.value))
            }
        }
        return count
    }
}
