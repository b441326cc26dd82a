import Foundation
import PieJSON
import PieSpec
import Testing
@testable import PieCore

/// `KeyframesWriter`, the one writer of `@keyframes` and `animation` declarations.
@Suite("Keyframes writer")
struct KeyframesWriterTests {
    static func written(_ body: (inout ByteWriter) -> Void) -> String {
        var out = ByteWriter(capacity: 64)
        body(&out)
        return out.string
    }

    @Test func aBlockIsNamedByScopeFeatureAndIndex() {
        let css = Self.written { out in
            KeyframesWriter.block(KeyframesName("piec-x", "lo", 3), into: &out) {
                KeyframesWriter.frame("from", into: &$0) { $0.raw("opacity:0") }
                KeyframesWriter.frame("37.5%", into: &$0) { $0.raw("opacity:0.5") }
            }
            KeyframesWriter.block(KeyframesName("piec-x", "fade"), into: &out) { KeyframesWriter.frame("from,to", into: &$0) { _ in } }
        }
        #expect(css == "@keyframes piec-x-lo3{from{opacity:0}37.5%{opacity:0.5}}\n@keyframes piec-x-fade{from,to{}}\n")
    }

    @Test func declarationsRunTheNamedKeyframes() {
        let line = TimeWindow(start: 250, length: 1000)
        let linear = Self.written {
            KeyframesWriter.animation(KeyframesName("piec-x", "show"), over: line, easing: AnimationOptions().easing, linear: true, into: &$0)
        }
        #expect(linear == "animation:piec-x-show 1000ms linear 250ms backwards")
        let named = Self.written { KeyframesWriter.animationName(KeyframesName("piec-x", "k", 0), into: &$0) }
        #expect(named == "animation-name:piec-x-k0")
        let longhands = Self.written { KeyframesWriter.longhands(duration: 800, easing: nil, delay: 0, into: &$0) }
        #expect(longhands == "animation-duration:800ms;animation-timing-function:linear;animation-fill-mode:backwards")
        let delayed = Self.written { KeyframesWriter.longhands(duration: 800, easing: nil, delay: 100, into: &$0) }
        #expect(delayed.contains(";animation-delay:100ms;animation-fill-mode"))
    }

    /// The reduced-motion block and a rule per element that runs its own keyframes.
    @Test func rulesSitInTheReducedMotionBlock() {
        let block = Self.written { KeyframesWriter.motion(into: &$0) { $0.raw(".p-a{x:1}\n") } }
        #expect(block == "@media (prefers-reduced-motion:no-preference){\n.p-a{x:1}\n}\n")
        let inline = Self.written { KeyframesWriter.motion(into: &$0, newline: false) { $0.raw(".p-a{x:1}") } }
        #expect(inline == "@media (prefers-reduced-motion:no-preference){.p-a{x:1}}\n")
        let runners = [KeyframesWriter.Runner(prefix: "p-gc", index: 0, name: KeyframesName("piec-x", "gc", 0)),
                       KeyframesWriter.Runner(prefix: "p-outline", name: KeyframesName("piec-x", "outline"))]
        let rules = Self.written { KeyframesWriter.runners(runners, into: &$0) { $0.raw("800ms linear") } }
        #expect(rules == "@media (prefers-reduced-motion:no-preference){\n.p-gc0{animation:piec-x-gc0 800ms linear}\n"
                + ".p-outline{animation:piec-x-outline 800ms linear}\n}\n")
        #expect(Self.written { KeyframesWriter.runners([], into: &$0) { $0.raw("800ms") } }.isEmpty)
    }

    /// No other source file of PieCore spells a keyframes block, an animation declaration or
    /// the reduced-motion block: a new animated feature goes through `KeyframesWriter` (or
    /// this test names the file).
    @Test func noOtherFileWritesKeyframesOrAnimationDeclarations() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Sources/PieCore").standardized
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        var offenders: [String] = []
        for file in files where !file.hasSuffix("/KeyframesWriter.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                // Only inside string literals: the text between quotes.
                let literals = code.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                if literals.contains(where: { $0.contains("@keyframes") || $0.contains("animation:") || $0.contains("animation-")
                    || $0.contains("prefers-reduced-motion") }) {
                    offenders.append("\(file):\(n + 1)")
                }
            }
        }
        #expect(offenders.isEmpty, "keyframes, animation declarations or reduced-motion blocks written outside KeyframesWriter: \(offenders)")
    }
}
