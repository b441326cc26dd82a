import Foundation
import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// A bundle is a function of its spec and the previous version its manifest records: the
/// recorded canonical spec reads back to the very spec the transition was built from.
struct RecordedPreviousTests {
    typealias Case = CompileFixtureTests.Case

    /// Every gallery spec and every previous version of a transition example.
    static func specs() -> [String] {
        CompileFixtureTests.cases().flatMap { [$0.spec] + ($0.previous.map { [$0] } ?? []) }
    }

    @Test(arguments: specs())
    func aCanonicalSpecReadBackIsAFixedPoint(_ path: String) throws {
        let loaded = SpecLoader.load(try CompileFixtureTests.read(path), defaultID: "x")
        let spec = try #require(loaded.spec, "\(path): \(loaded.diagnostics)")
        let once = PreviousSource.canonicalized(spec)
        #expect(Manifest.memberText(once) == Manifest.memberText(spec), "\(path): the canonical spec changed when read back")
        #expect(PreviousSource.canonicalized(once) == once, "\(path)")
    }

    @Test(arguments: CompileFixtureTests.cases().filter { $0.previous != nil })
    func aTransitionBuiltFromTheRecordedPreviousIsByteIdentical(_ c: Case) throws {
        let source = try CompileFixtureTests.read(c.spec)
        let first = Compiler.compile(CompileRequest(source: source, defaultID: c.name,
                                                    previous: .spec(try CompileFixtureTests.read(c.previous!))))
        let bundle = try #require(first.bundle)
        let manifest = String(decoding: bundle.files.first { $0.name == "manifest.json" }!.bytes, as: UTF8.self)
        // The `previous` member, cut out of the manifest as the driver reads it.
        let start = try #require(manifest.range(of: "\n  \"previous\": ")).upperBound
        let end = try #require(manifest.range(of: ",\n  \"chart\": ", range: start..<manifest.endIndex)).lowerBound
        let recorded = SourceFile(path: "manifest.json", bytes: Array(manifest[start..<end].utf8))
        let again = Compiler.compile(CompileRequest(source: source, defaultID: c.name, previous: .canonical(recorded)))
        #expect(again.diagnostics.isEmpty, "\(c.name): \(again.diagnostics)")
        #expect(again.bundle == bundle, "\(c.name): rebuilt from the recorded previous, the bundle differs")
    }
}
