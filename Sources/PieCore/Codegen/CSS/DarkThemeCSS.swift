import PieJSON
import PieSpec

extension DarkTheme {
    /// The chart's dark rules (chart.svg's `<style>` and chart.css), nested in the chart's
    /// scope block.
    /// `bands`: the motion layer draws the separators too (`DrawingPlan.separatorBands`).
    func chartCSS(into out: inout ByteWriter, bands: Bool = false) {
        rules(into: &out) { out in
            if paintsBackground { rule(".p-bg{fill:", background, into: &out) }
            rule(".p-ink,.p-ink text{fill:", ink, into: &out)
            rule(".p-ink path,.p-ink line,.p-ink polyline{stroke:", ink, into: &out)
            if let separator { rule(bands ? ".p-sep,.p-sl{stroke:" : ".p-sep{stroke:", separator, into: &out) }
            if let track { rule(".p-track{fill:", track, into: &out) }
        }
    }

    /// `body`'s rules in the dark look: inside `prefers-color-scheme: dark`, under the page's
    /// dark selector (a nested rule: `[data-theme=dark] &{...}` matches the chart inside it), or
    /// as they are when the dark look is forced (`piec md`'s dark images). A list of selectors
    /// (mdBook's `.coal,.navy,.ayu`) is wrapped in `:is()`: bare, `&` would follow its last one only.
    func rules(into out: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
        if forced { return body(&out) }
        if let selector {
            if selector.utf8.contains(UInt8(ascii: ",")) {
                out.raw(":is(")
                out.raw(selector)
                out.raw(")")
            } else {
                out.raw(selector)
            }
            out.raw(" &{\n")
        } else {
            out.raw("@media (prefers-color-scheme:dark){\n")
        }
        body(&out)
        out.raw("}\n")
    }

    /// `<head>#rrggbb}` and a newline: one rule with a single colour value.
    private func rule(_ head: StaticString, _ color: Color, into out: inout ByteWriter) {
        out.raw(head)
        out.hex(color)
        out.raw("}\n")
    }

    /// index.html's dark rules: the page, tooltips and focus rings.
    func pageCSS(sel: String, into out: inout ByteWriter) {
        out.raw("@media (prefers-color-scheme:dark){\nbody{color:")
        out.hex(ink)
        out.raw(";background:")
        out.hex(background)
        out.raw("}\n")
        out.raw(sel)
        out.raw(".p-t rect{fill:#f4f4f5}\n")
        out.raw(sel)
        out.raw(".p-tips{fill:#18181b}\n")
        out.raw(sel)
        out.raw(".p-w:focus-visible path,")
        out.raw(sel)
        out.raw(".p-li:focus-visible .p-hit{stroke:#fafafa}\n}\n")
    }
}
