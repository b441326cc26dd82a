import Testing

/// The markup and CSS checks the fuzzers rely on catch what they are meant to catch.
@Suite struct OutputInvariantsTests {
    static func svg(_ inner: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">\(inner)</svg>\n".utf8)
    }

    @Test(arguments: [
        ("<script>alert(1)</script>", "element <script>"),
        ("<g onload=\"x\"/>", "event attribute onload"),
        ("<g OnClick='x'/>", "event attribute OnClick"),
        ("<foreignObject/>", "element <foreignObject>"),
        ("<use href=\"#a\"/>", "element <use>"),
        ("<g xlink:href=\"x\"/>", "attribute xlink:href"),
        ("<path fill=\"url(#g)\"/>", "`url(` in the value of fill"),
        ("<path fill=\"url(#piec-a)x url(x)\"/>", "`url(` in the value of fill"),
        ("<path fill=\"url(#piec-a\"/>", "`url(` in the value of fill"),
        ("<path fill=\"url(#piec-A)\"/>", "`url(` in the value of fill"),
        ("<style>@import 'x';</style>", "`@import` in CSS"),
        ("<style>a{b:url(x)}</style>", "`url(` in CSS"),
        ("<style>a{}</sTyLe><script>x</script>", "element <script>"),
        ("<text>a < b</text>", "`<` that starts no tag"),
        ("<text>a & b</text>", "bare `&`"),
        ("<text>a &#0; b</text>", "reference &#0;"),
        ("<text>]]></text>", "`]]>` in text"),
        ("<g>", "end tag </svg> closes <g>"),
        ("<g a=b/>", "unquoted value"),
        ("<g a=\"1\"b=\"2\"/>", "no space before an attribute"),
        ("<!-- ok --><!DOCTYPE x>", "markup declaration"),
    ])
    func unsafeOrMalformedMarkupIsFound(inner: String, expected: String) {
        let problem = OutputInvariants.checkMarkup(Self.svg(inner), html: false)
        #expect(problem?.contains(expected) == true, "\(problem ?? "nil")")
    }

    @Test func escapedUserTextAndTextAttributesPass() {
        let inner = "<title>&lt;script&gt; url(x) onload=1 &amp; &#128512; &#x1F600;</title>"
            + "<g aria-label=\"url(x) &quot;q&quot;\" class=\"p-s0\"><text x=\"1\">\u{202E}😀</text></g>"
        #expect(OutputInvariants.checkMarkup(Self.svg(inner), html: false) == nil)
    }

    @Test func htmlVoidElementsMustBeSelfClosed() {
        let page = Array("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body></body></html>".utf8)
        #expect(OutputInvariants.checkMarkup(page, html: true)?.contains("void element <meta>") == true)
        let fixed = Array("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"/></head><body></body></html>".utf8)
        #expect(OutputInvariants.checkMarkup(fixed, html: true) == nil)
    }

    @Test func textChecks() {
        #expect(OutputInvariants.checkText([0x61, 0xFF]) == "invalid UTF-8")
        #expect(OutputInvariants.checkText(Array("a\u{1}b".utf8))?.contains("U+1") == true)
        #expect(OutputInvariants.checkCSS(Array("a{b:c}}".utf8)) == "unbalanced `}` in CSS")
        #expect(OutputInvariants.checkCSS(Array("a{content:\"\\3c\"}".utf8)) == "a backslash escape inside CSS")
        #expect(OutputInvariants.checkCSS(Array(".p-a{fill:#fff}@media (x){.b{c:d}}".utf8)) == nil)
    }
}
