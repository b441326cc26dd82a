import Testing
@testable import PiePreview

/// The preview's own pages escape user text with the bundles' escaper: markup characters become
/// references and control characters (which XML forbids and a terminal would act on) are gone.
@Suite struct PreviewPagesTests {
    static let hostile = "specs/<b>&\"x'\u{1}\u{1B}[31m.yaml"

    @Test func specPathsSummariesAndDiagnosticsAreEscapedWithoutControlCharacters() {
        let chart = PreviewStore.Chart(id: "a", specPath: Self.hostile, files: ["chart.svg": []], version: 1,
                                       summary: "+1 <slice>", problem: "error\u{7}: `<script>`\nline two")
        let broken = PreviewStore.BrokenSpec(specPath: Self.hostile, problem: "E0201 \u{0}<x>")
        for page in [PreviewPages.index((charts: [chart], broken: [broken])), PreviewPages.chart(chart)] {
            #expect(page.contains("specs/&lt;b&gt;&amp;&quot;x&#39;[31m.yaml"), "\(page)")
            #expect(page.contains("&lt;script&gt;") || page.contains("&lt;x&gt;"))
            #expect(!page.contains("<b>") && !page.contains("<script>`") && !page.contains("<slice>"))
            let controls = page.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }
            #expect(controls.isEmpty, "control characters \(controls.map(\.value)) in the page")
        }
        #expect(PreviewPages.chart(chart).contains("error: `&lt;script&gt;`&#10;line two"))
    }
}
