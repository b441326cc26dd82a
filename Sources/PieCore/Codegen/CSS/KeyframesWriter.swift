import PieJSON
import PieSpec

/// The name of one `@keyframes`: `<scope>-<feature><index>` (`piec-x-k3`, `piec-x-fade`), so
/// every generated keyframes belongs to one chart and one feature (ARCHITECTURE: Names).
struct KeyframesName: Hashable {
    /// The chart's scope class (`piec-<id>`, with `_r<k>` for a ring).
    var scope: String
    /// What animates: `k` shared, `s` sampled, `fade`, a facet's `wait`, `show`, `hide`, `outline`, `theme.opacity`'s `op`, the boxes'
    /// `bon`, `bk`, `bq`, `bj`, the ink layer's `lf`, `qa`, `qb`, `lo` (and `ld`, its dark look), `cx`, `tt`, `chart.grid`'s `gc`, `gt`, `gk`, the ring edges' `re`, the separators' steps `bv`, history's `h`,
    /// the shadow's `sho`, `sh` (cross-fade) and `shv`, `shh`, `shr`, `sht`, `shd` (slide).
    var feature: String
    /// The element or group it belongs to; nil for one per chart.
    var index: Int?

    init(_ scope: String, _ feature: String, _ index: Int? = nil) {
        self.scope = scope
        self.feature = feature
        self.index = index
    }

    func write(into out: inout ByteWriter) {
        out.raw(scope)
        out.raw("-")
        out.raw(feature)
        if let index { out.int(index) }
    }
}

/// The one writer of `@keyframes` blocks and of the `animation` declarations that run them,
/// for every layer (motion, separators, labels, ink, outline, index.html's boxes, history).
/// The blocks go to the top level of the stylesheet (they cannot nest in a style rule); the
/// declarations into rules inside `prefers-reduced-motion: no-preference`, whose block is
/// written here only (`motion`, `openMotion`).
enum KeyframesWriter {
    /// `@media (prefers-reduced-motion:no-preference){`: the block every animation and
    /// transition rule sits in, so reduced motion shows the final state. The caller closes it
    /// (`}`); where the rules are written in one place, `motion` closes it.
    static func openMotion(into out: inout ByteWriter) {
        out.raw("@media (prefers-reduced-motion:no-preference){")
    }

    /// The reduced-motion block around `rules`: `openMotion`, a newline unless `newline` is
    /// false, the rules, `}` and a newline.
    static func motion(into out: inout ByteWriter, newline: Bool = true, _ rules: (inout ByteWriter) -> Void) {
        openMotion(into: &out)
        if newline { out.raw("\n") }
        rules(&out)
        out.raw("}\n")
    }

    /// One element that runs keyframes of its own: the element `.<prefix><index>` (nil: one
    /// per chart, `.<prefix>`) and its keyframes.
    struct Runner {
        var prefix: StaticString
        var index: Int? = nil
        var name: KeyframesName
    }

    /// The reduced-motion block with one rule per element, `.<prefix><index>{animation:<name>
    /// <timing>}` on a line each, in the order given, every one with the same `timing`;
    /// nothing when `elements` is empty.
    static func runners(_ elements: [Runner], into out: inout ByteWriter, timing: (inout ByteWriter) -> Void) {
        guard !elements.isEmpty else { return }
        motion(into: &out) { out in
            for e in elements {
                out.raw(".")
                out.raw(e.prefix)
                if let index = e.index { out.int(index) }
                out.raw("{")
                animation(e.name, into: &out, timing: timing)
                out.raw("}\n")
            }
        }
    }

    /// `@keyframes <name>{<keyframes>}` and a newline; `keyframes` writes each by `frame`.
    @inline(__always)
    static func block(_ name: KeyframesName, into out: inout ByteWriter, _ keyframes: (inout ByteWriter) -> Void) {
        out.raw("@keyframes ")
        name.write(into: &out)
        out.raw("{")
        keyframes(&out)
        out.raw("}\n")
    }

    /// One keyframe, `<selector>{<declarations>}`: `from`, `from,to`, `to`.
    @inline(__always)
    static func frame(_ selector: StaticString, into out: inout ByteWriter, _ declarations: (inout ByteWriter) -> Void) {
        out.raw(selector)
        out.raw("{")
        declarations(&out)
        out.raw("}")
    }

    /// One keyframe at an offset (`37.5%`, `CSSTiming.offset`).
    @inline(__always)
    static func frame(_ selector: String, into out: inout ByteWriter, _ declarations: (inout ByteWriter) -> Void) {
        out.raw(selector)
        out.raw("{")
        declarations(&out)
        out.raw("}")
    }

    /// `animation:<name> <duration> <easing>[ <delay>] backwards` over `line`, with `linear`
    /// or `easing` (`CSSTiming.shorthand`).
    static func animation(_ name: KeyframesName, over line: TimeWindow, easing: Easing, linear: Bool, into out: inout ByteWriter) {
        animation(name, into: &out) { CSSTiming.shorthand(line, easing: easing, linear: linear, into: &$0) }
    }

    /// `animation:<name> <timing>`, the timing written by `timing`.
    static func animation(_ name: KeyframesName, into out: inout ByteWriter, timing: (inout ByteWriter) -> Void) {
        out.raw("animation:")
        name.write(into: &out)
        out.raw(" ")
        timing(&out)
    }

    /// `animation-name:<name>`, for elements whose timing comes from their layer's longhands.
    static func animationName(_ name: KeyframesName, into out: inout ByteWriter) {
        out.raw("animation-name:")
        name.write(into: &out)
    }

    /// `animation-timing-function:<easing>` inside a keyframe: the easing up to the next one.
    static func frameEasing(_ easing: Easing, into out: inout ByteWriter) {
        out.raw("animation-timing-function:")
        CSSTiming.easing(easing, into: &out)
    }

    /// `;animation-timing-function:step-end` inside a keyframe: its value held up to the next one.
    static func stepEnd(into out: inout ByteWriter) {
        out.raw(";animation-timing-function:step-end")
    }

    /// `animation-name:none`: the element leaves its layer's keyframes.
    static func noAnimation(into out: inout ByteWriter) {
        out.raw("animation-name:none")
    }

    /// `animation:none`: the elements' own motion does not run (index.html's boxes draw it).
    static func stopped(into out: inout ByteWriter) {
        out.raw("animation:none")
    }

    /// The longhands of a layer whose elements are named their keyframes one by one:
    /// `animation-duration`, `-timing-function` (`linear` for nil), `-delay` (left out at 0,
    /// the default) and `-fill-mode:backwards` (no `;` after it).
    static func longhands(duration: Double, easing: Easing?, delay start: Double, into out: inout ByteWriter) {
        out.raw("animation-duration:")
        out.num(duration)
        out.raw("ms;animation-timing-function:")
        if let easing { CSSTiming.easing(easing, into: &out) } else { out.raw("linear") }
        out.raw(";")
        if NumberText.decimal(start, decimals: 3) != .zero {
            out.raw("animation-delay:")
            out.num(start)
            out.raw("ms;")
        }
        out.raw("animation-fill-mode:backwards")
    }
}
