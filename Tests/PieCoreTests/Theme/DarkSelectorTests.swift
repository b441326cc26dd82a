import Foundation
import Testing
@testable import PieCore
import PieDiagnostics
import PieSpec

/// `--dark-selector`: the dark rules keyed to a page's theme selector, and only plain
/// selectors accepted (the text is written into the chart's CSS as is).
@Suite struct DarkSelectorTests {
    @Test func hostSelectorsAreAccepted() {
        for s in ["[data-md-color-scheme=slate]", "[data-md-color-scheme=\"slate\"]", ".coal", ".navy, .ayu",
                  "html.dark", "#dark-mode-only", "body > .theme-dark", ":root[data-theme=dark]"] {
            #expect(DarkSelector.problem(s) == nil, "\(s)")
        }
    }

    @Test func anythingThatCouldLeaveTheSelectorIsRefused() {
        for s in ["", "  ", "}body{x", ".a{", ".a;", "@media x", ".a &", "<style>", "[a=b", "a]", "[a=\"b]", ".a\\b",
                  "[a=b{c}]", ".a/*x*/", String(repeating: "a", count: DarkSelector.maxLength + 1)] {
            #expect(DarkSelector.problem(s) != nil, "\(s)")
        }
    }

    @Test func theDarkRulesNestUnderTheSelectorInsteadOfTheMediaQuery() throws {
        let source = SourceFile(path: "dark.yaml", bytes: Array("piec: 1\nid: d\ntheme: {dark: auto}\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n".utf8))
        var request = CompileRequest(source: source, defaultID: "d", svgOnly: true)
        let plain = try #require(Compiler.compile(request).bundle?.files.first.map { String(decoding: $0.bytes, as: UTF8.self) })
        request.darkSelector = ".coal"
        let keyed = try #require(Compiler.compile(request).bundle?.files.first.map { String(decoding: $0.bytes, as: UTF8.self) })
        #expect(plain.contains("@media (prefers-color-scheme:dark){") && !plain.contains(".coal &{"))
        #expect(keyed.contains(".coal &{") && !keyed.contains("prefers-color-scheme:dark"))
        // Only the dark block differs.
        #expect(keyed.replacingOccurrences(of: ".coal &{", with: "@media (prefers-color-scheme:dark){") == plain)
    }
}
