import Foundation
import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// Replays every input the fuzzers ever saved (Tests/Fixtures/fuzz-regressions) through the
/// compiler: each must end (no crash, no hang) and keep every promise in `BundleInvariants`.
/// File names start with the target: `FuzzCompile-*` is one spec; `FuzzTransition-*` is a
/// previous spec and a new spec joined by a NUL byte; `FuzzSpecPair-*` is decoder bytes
/// (`SpecBytes`); `FuzzMarkdown-*` is a Markdown document (`MarkdownInvariants`).
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/fuzz-regressions").standardized

    static var inputs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("Fuzz") }.sorted()
    }

    @Test func theFolderHasInputs() {
        #expect(!Self.inputs.isEmpty, "no inputs in \(Self.folder.path)")
    }

    @Test(arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        if name.hasPrefix("FuzzMarkdown-") {
            #expect(MarkdownInvariants.problems(bytes) == [])
        } else if name.hasPrefix("FuzzSpecPair-") {
            // Decoder bytes: the pair they decode to must load, compile safely and end at the new layout.
            let pair = SpecBytes.pair(bytes)
            let previous = SourceFile(path: "old.yaml", text: pair.old), file = SourceFile(path: "new.yaml", text: pair.new)
            let old = SpecLoader.load(previous, defaultID: "fuzz"), new = SpecLoader.load(file, defaultID: "fuzz")
            #expect(!old.diagnostics.hasErrors && !new.diagnostics.hasErrors)
            let result = Compiler.compile(CompileRequest(source: file, defaultID: "fuzz", previous: .spec(previous)))
            #expect(BundleInvariants.problems(result, file: file) == [])
            if let o = old.spec, let n = new.spec { #expect(TransitionInvariants.finalStateProblems(old: o, new: n) == []) }
        } else if name.hasPrefix("FuzzTransition-") {
            let (previous, current) = FuzzInput.split(bytes)
            let file = SourceFile(path: "fuzz.yaml", bytes: current)
            let request = CompileRequest(source: file, defaultID: "fuzz",
                                         previous: previous.map { .spec(SourceFile(path: "old.yaml", bytes: $0)) })
            let result = Compiler.compile(request)
            #expect(BundleInvariants.problems(result, file: file) == [])
            #expect(BundleInvariants.manifestPreviousProblems(result, request: request) == [])
            #expect(Compiler.compile(request).bundle == result.bundle)
        } else {
            let file = SourceFile(path: "fuzz.yaml", bytes: bytes)
            let result = Compiler.compile(CompileRequest(source: file, defaultID: "fuzz"))
            #expect(BundleInvariants.problems(result, file: file) == [])
            #expect(Compiler.compile(CompileRequest(source: file, defaultID: "fuzz")).bundle == result.bundle)
        }
    }
}
