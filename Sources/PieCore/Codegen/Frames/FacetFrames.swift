import PieJSON
import PieSpec

/// `piec render` of a spec of `charts:` (`FrameSource.facets`): what its chart.svg shows at
/// each instant. The frame's title and legend where `FacetWriter` places them, each facet's
/// `FramePose` at `t` moved to its cell (hidden until its `wait`), and each leaving facet at
/// its previous version in its old cell, at the opacity its fade has at `t` (the animation's
/// easing over `Composed.fade`, as chart.css runs it).
enum FacetFrames {
    /// From load to the end of the last facet's motion or of the leaving facets' fade.
    static func timeline(_ composed: FacetWriter.Composed) -> TimeWindow {
        var lines = composed.facets.map { FramePose.timeline($0.chart) }.filter { $0.length > 0 }
        if !composed.leaving.isEmpty { lines.append(composed.fade) }
        let waits = composed.facets.map(\.wait).filter { $0 > 0 }
        guard !lines.isEmpty || !waits.isEmpty else { return TimeWindow(start: 0, length: 0) }
        let start = waits.isEmpty ? lines.map(\.start).min() ?? 0 : 0
        let end = max(lines.map(\.end).max() ?? 0, waits.max() ?? 0)
        return TimeWindow(start: start, length: end - start)
    }

    /// A leaving facet's opacity at `t`: 1 before its fade, the eased fade, 0 after it.
    static func leavingOpacity(_ composed: FacetWriter.Composed, at t: Double) -> Double {
        let p = composed.fade.progress(at: t)
        return p >= 1 ? 0 : 1 - composed.easing.value(at: p)
    }

    /// The static SVG at `t` ms after load.
    static func svg(_ composed: FacetWriter.Composed, spec: ChartSpec, at t: Double, options: FrameOptions) -> [UInt8] {
        let frame = composed.frame
        let title = spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id
        var out = ByteWriter(capacity: 4096 + composed.facets.count * 8192)
        out.openFrame(width: composed.width, height: composed.height, fontSize: frame.fontSize, title: title, options: options)
        if let background = FrameInks(frame, theme: options.theme).background {
            out.rect(width: composed.width, height: composed.height, fill: background)
        }
        grid(composed, spec: spec, at: t, options: options, into: &out)
        out.raw("</svg>\n")
        return out.bytes
    }

    /// The grid at `t` without the frame's opening and background: its title, its legend and
    /// its facets, at the grid's own top left (a history's frame draws it on its canvas).
    static func grid(_ composed: FacetWriter.Composed, spec: ChartSpec, at t: Double, options: FrameOptions,
                     into out: inout ByteWriter) {
        let frame = composed.frame
        let title = spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id
        let inks = FrameInks(frame, theme: options.theme)
        // The title and the legend, by chart.svg's own writer, moved as chart.svg moves them.
        var parts = SVGWriter(scene: Scene(layout: frame, plan: Planner.enter(frame, animation: FacetWriter.still(spec.animation))),
                              title: title, description: "", format: FormatOptions(), withInline: false)
        shifted(composed.titleShift, into: &out) {
            if let lines = frame.title?.lines { parts.titleLines(lines, index: nil, ink: inks.text) }
            $0.raw(parts.out)
            parts.out.removeAll()
        }
        shifted(composed.legendShift, into: &out) {
            parts.legend(interactive: false, ink: inks.text)
            $0.raw(parts.out)
        }
        for (facet, k) in zip(spec.charts, composed.facets.indices) where t >= composed.facets[k].wait {
            placed(composed.facets[k], title: facet.title ?? facet.id, at: t, opacity: 1, options: options, into: &out)
        }
        let fading = leavingOpacity(composed, at: t)
        for gone in composed.leaving where fading > 0 {
            placed(gone, title: gone.id, at: t, opacity: fading, options: options, into: &out)
        }
    }

    /// One facet's pose at `t`, drawn in its own coordinates moved to its cell.
    private static func placed(_ p: FacetWriter.Placed, title: String, at t: Double, opacity: Double, options: FrameOptions,
                               into out: inout ByteWriter) {
        let pose = FramePose.at(p.chart, t: t)
        var writer = FrameWriter(out: ByteWriter(capacity: 8192), pose: pose, inks: FrameInks(pose.layout, theme: options.theme))
        writer.write(title: title, background: nil)
        out.raw("<g")
        if opacity < 1 {
            out.raw(" opacity=\"")
            out.num(opacity)
            out.raw("\"")
        }
        out.raw(" transform=\"translate(")
        out.num(p.x)
        out.raw(" ")
        out.num(p.y)
        out.raw(")\">\n")
        out.raw(writer.out.bytes)
        out.raw("</g>\n")
    }

    private static func shifted(_ shift: (x: Double, y: Double), into out: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
        out.raw("<g transform=\"translate(")
        out.num(shift.x)
        out.raw(" ")
        out.num(shift.y)
        out.raw(")\">\n")
        body(&out)
        out.raw("</g>\n")
    }
}
