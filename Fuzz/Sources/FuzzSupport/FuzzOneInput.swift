// Foundation: BundleInvariants (shared with SafetyTests, which imports it elsewhere) uses
// String.range(of:); without it the fuzz package no longer builds.
import Foundation
import PieCore
import PieDiagnostics
import PieSpec

/// What each fuzz target does with one input: compile it twice, check every promise piec makes
/// about any input (`BundleInvariants`) and that both compiles agree. A broken promise traps,
/// so libFuzzer saves the input.
public enum FuzzOneInput {
    /// Compiles `bytes` as a spec with no previous version.
    public static func compile(_ bytes: [UInt8]) {
        let file = SourceFile(path: "fuzz.yaml", bytes: bytes)
        let request = CompileRequest(source: file, defaultID: "fuzz")
        let first = Compiler.compile(request)
        require(BundleInvariants.problems(first, file: file))
        let second = Compiler.compile(request)
        if first.bundle != second.bundle { fail("two compiles of the same input gave different bundles") }
        if first.diagnostics != second.diagnostics { fail("two compiles of the same input gave different diagnostics") }
    }

    /// Splits `bytes` at the first NUL into a previous spec and a new one, compiles the new one
    /// with the previous as `previous`, and checks the result, determinism, and that animating
    /// from the previous spec's own bundle manifest gives the same bundle (one input in four).
    public static func transition(_ bytes: [UInt8]) {
        let (previousBytes, current) = FuzzInput.split(bytes)
        guard let previousBytes else { return compile(bytes) }
        let previous = SourceFile(path: "old.yaml", bytes: previousBytes)
        let file = SourceFile(path: "fuzz.yaml", bytes: current)
        let request = CompileRequest(source: file, defaultID: "fuzz", previous: .spec(previous))
        let first = Compiler.compile(request)
        require(BundleInvariants.problems(first, file: file))
        let second = Compiler.compile(request)
        if first.bundle != second.bundle { fail("two compiles of the same pair gave different bundles") }
        if first.diagnostics != second.diagnostics { fail("two compiles of the same pair gave different diagnostics") }
        // Two more compiles: only for one input in four (chosen by its bytes, so a saved input
        // replays the same way), to keep the target fast enough for the 2 s timeout.
        if bytes.reduce(0, { $0 &+ Int($1) }) % 4 == 0 {
            require(BundleInvariants.manifestPreviousProblems(first, request: request))
        }
    }

    /// Decodes `bytes` into a valid spec and an edited second version (`SpecBytes`), and checks
    /// that both load without errors, that the pair compiles to a safe, deterministic bundle, and
    /// that the plan's final state is the new spec's layout (`TransitionInvariants`).
    public static func specPair(_ bytes: [UInt8]) {
        let pair = SpecBytes.pair(bytes)
        let previous = SourceFile(path: "old.yaml", text: pair.old)
        let file = SourceFile(path: "new.yaml", text: pair.new)
        let old = SpecLoader.load(previous, defaultID: "fuzz"), new = SpecLoader.load(file, defaultID: "fuzz")
        for (name, result) in [("old", old), ("new", new)] where result.diagnostics.hasErrors {
            fail("the generated \(name) spec does not load: \(result.diagnostics.first?.message ?? "")")
        }
        let request = CompileRequest(source: file, defaultID: "fuzz", previous: .spec(previous))
        let first = Compiler.compile(request)
        require(BundleInvariants.problems(first, file: file))
        if first.bundle != Compiler.compile(request).bundle { fail("two compiles of the same pair gave different bundles") }
        if let o = old.spec, let n = new.spec { require(TransitionInvariants.finalStateProblems(old: o, new: n)) }
    }

    /// Finds the ```piec blocks of `bytes` as a Markdown document and rewrites their image
    /// references (`MarkdownInvariants`).
    public static func markdown(_ bytes: [UInt8]) {
        require(MarkdownInvariants.problems(bytes))
    }

    static func require(_ problems: [String]) {
        if !problems.isEmpty { fail(problems.joined(separator: "; ")) }
    }

    static func fail(_ message: String) -> Never {
        fatalError("piec fuzz invariant broken: " + message)
    }
}
