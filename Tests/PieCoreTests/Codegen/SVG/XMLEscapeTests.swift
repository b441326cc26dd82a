import Testing
@testable import PieCore

@Suite struct XMLEscapeTests {
    @Test func escapesBytewiseAndKeepsEveryAllowedCharacter() {
        let input = "é<b>&\"'\u{7F}\u{FFFD}\u{FFFE}\u{FFFF}😀\u{1F}\r\u{EFFF}end"
        #expect(XMLEscape.escape(input) == "é&lt;b&gt;&amp;&quot;&#39;\u{7F}\u{FFFD}😀&#13;\u{EFFF}end")
        for scalar in input.unicodeScalars where scalar.value > 0x7F {
            #expect(XMLEscape.escape(String(scalar)) == (XMLEscape.isAllowed(scalar) ? String(scalar) : ""))
        }
    }
}
