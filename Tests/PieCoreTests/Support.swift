import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// Builds specs and reads bundles for the tests.
enum Fixture {
    static func spec(_ values: [Double], id: String = "test", labels: [String]? = nil) -> ChartSpec {
        var spec = ChartSpec(id: id)
        spec.slices = values.enumerated().map { i, v in
            let label = labels?[i] ?? "S" + String(i)
            return SliceSpec(id: "s" + String(i), label: label, value: v)
        }
        return spec
    }

    /// `spec` with a colour of its own for every slice, from its id (`s<k>`: red k, any other
    /// id: 255), so no two slices share a circle of the motion layer (`ColourDashes.swift`).
    static func ownColours(_ spec: ChartSpec) -> ChartSpec {
        var spec = spec
        for k in spec.slices.indices {
            let id = spec.slices[k].id
            let n = id.hasPrefix("s") ? UInt8(id.dropFirst()).map { $0 } : nil
            spec.slices[k].color = Color(r: n ?? 255, g: 0x40, b: 0x80)
        }
        return spec
    }

    static func bundle(_ spec: ChartSpec, source: String = "piec: 1\n") -> Bundle {
        Compiler.compile(spec: spec, sourceBytes: Array(source.utf8))
    }

    static func text(_ bundle: Bundle, _ name: String) -> String {
        guard let file = bundle.files.first(where: { $0.name == name }) else { return "" }
        return String(decoding: file.bytes, as: UTF8.self)
    }

    static func svg(_ spec: ChartSpec) -> String { text(bundle(spec), "chart.svg") }

    /// The spec of YAML `text` (as `t.yaml`); records an issue and throws when it does not load.
    static func loaded(_ text: String) throws -> ChartSpec {
        let r = SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t")
        return try #require(r.spec, "\(r.diagnostics)")
    }
}

extension String {
    /// Number of non-overlapping occurrences of `needle`.
    func occurrences(of needle: String) -> Int {
        guard !needle.isEmpty else { return 0 }
        var count = 0
        var rest = self[...]
        while let r = rest.firstRange(of: needle) {
            count += 1
            rest = rest[r.upperBound...]
        }
        return count
    }

    /// The text between the first `start` and the next `end` after it.
    func between(_ start: String, _ end: String) -> String {
        guard let a = firstRange(of: start), let b = self[a.upperBound...].firstRange(of: end) else { return "" }
        return String(self[a.upperBound..<b.lowerBound])
    }

    /// The exact layer's wedges drawn as strokes (`RestStrokes`): each `<path stroke=` or
    /// `<circle stroke=` line, in order.
    var restStrokes: [String] {
        split(separator: "\n").filter { $0.hasPrefix("<path stroke=\"") || $0.hasPrefix("<circle stroke=\"") }.map(String.init)
    }

    /// The `d` attributes of every `<path` in order.
    var pathData: [String] {
        var out: [String] = []
        var rest = self[...]
        while let p = rest.firstRange(of: "<path") {
            rest = rest[p.upperBound...]
            guard let d = rest.firstRange(of: " d=\""), let q = rest[d.upperBound...].firstRange(of: "\"") else { break }
            out.append(String(rest[d.upperBound..<q.lowerBound]))
            rest = rest[q.upperBound...]
        }
        return out
    }
}

extension CompiledChart {
    /// A transition's plan, change report and new layout (tests only: a chart with a previous
    /// version always has a change report).
    var parts: (TransitionPlan, ChangeReport, ChartLayout) { (plan, changes!, layout) }
}
