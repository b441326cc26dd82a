import PieJSON
import PieSpec

/// What `piec render` draws frames of: one compiled chart (its transition or enter
/// animation), or a chart's history (`History.steps`: every version entering from the one
/// before, on one timeline). A history's frame at `t` is what its bundle shows at `t`: the
/// step shown then (`HistoryCanvas.step(at:in:)`), drawn at `t` and moved by its offset on the
/// one canvas, over the last version's background, with that step's version's caption. A
/// spec of `charts:` is its composed grid (`FacetWriter.compose`, drawn by `FacetFrames`), and
/// its history the grid of the step shown at `t` (`FacetHistoryWriter.steps`), drawn at `t` at
/// the canvas's top left, with that step's version's caption.
public enum FrameSource: Sendable {
    case chart(CompiledChart, spec: ChartSpec)
    case facets(FacetWriter.Composed, spec: ChartSpec)
    case history(versions: [HistoryVersion], steps: [HistoryStep])
    case facetHistory(versions: [HistoryVersion], steps: [FacetHistoryWriter.Step])

    /// When the chart moves (ms after load). A history's runs from load until the chart rests
    /// at its last version.
    public var timeline: TimeWindow {
        switch self {
        case .chart(let chart, _): Frames.timeline(chart)
        case .facets(let composed, _): FacetFrames.timeline(composed)
        case .history(_, let steps): TimeWindow(start: 0, length: HistoryCanvas.duration(steps))
        case .facetHistory(_, let steps): TimeWindow(start: 0, length: FacetHistoryWriter.duration(steps))
        }
    }

    /// The image's own size in px (the viewBox).
    public var size: (width: Double, height: Double) {
        switch self {
        case .chart(let chart, _): return Frames.size(chart)
        case .facets(let composed, _): return (composed.width, composed.height)
        case .history(_, let steps):
            let canvas = HistoryCanvas(steps)
            return (canvas.width, canvas.height)
        case .facetHistory(_, let steps):
            let canvas = FacetHistoryWriter.canvas(steps)
            return (canvas.width, canvas.height)
        }
    }

    /// The colour formats without transparency put behind a transparent chart.
    public func pageColor(theme: FrameTheme) -> Color {
        switch self {
        case .chart(let chart, _): Frames.pageColor(chart, theme: theme)
        case .facets(let composed, _): Frames.pageColor(composed.frame, theme: theme)
        case .history(_, let steps): Frames.pageColor(steps[steps.count - 1].chart, theme: theme)
        case .facetHistory(_, let steps): Frames.pageColor(steps[steps.count - 1].composed.frame, theme: theme)
        }
    }

    /// The static SVG at `t` ms after load.
    public func svg(at t: Double, options: FrameOptions = FrameOptions()) -> [UInt8] {
        switch self {
        case .chart(let chart, let spec): return Frames.svg(chart: chart, spec: spec, at: t, options: options)
        case .facets(let composed, let spec): return FacetFrames.svg(composed, spec: spec, at: t, options: options)
        case .history(let versions, let steps): return Self.history(versions, steps, at: t, options: options)
        case .facetHistory(let versions, let steps): return Self.facetHistory(versions, steps, at: t, options: options)
        }
    }

    private static func facetHistory(_ versions: [HistoryVersion], _ steps: [FacetHistoryWriter.Step], at t: Double,
                                     options: FrameOptions) -> [UInt8] {
        let canvas = FacetHistoryWriter.canvas(steps)
        let last = steps[steps.count - 1].composed.frame, final = versions[versions.count - 1].spec
        let title = final.title.flatMap { $0.isEmpty ? nil : $0 } ?? final.id
        let k = FacetHistoryWriter.step(at: t, in: steps)
        var out = ByteWriter(capacity: 4096 + steps[k].composed.facets.count * 8192)
        out.openFrame(width: canvas.width, height: canvas.height, fontSize: last.fontSize, title: title, options: options)
        // The canvas's background is the last version's, as in the bundle.
        let inks = FrameInks(last, theme: options.theme)
        if let background = inks.background { out.rect(width: canvas.width, height: canvas.height, fill: background) }
        FacetFrames.grid(steps[k].composed, spec: versions[k].spec, at: t, options: options, into: &out)
        canvas.caption(versions[k], ink: inks.text, into: &out)
        out.raw("</svg>\n")
        return out.bytes
    }

    private static func history(_ versions: [HistoryVersion], _ steps: [HistoryStep], at t: Double, options: FrameOptions) -> [UInt8] {
        let canvas = HistoryCanvas(steps)
        let last = steps[steps.count - 1].chart.layout, final = versions[versions.count - 1].spec
        let title = final.title.flatMap { $0.isEmpty ? nil : $0 } ?? final.id
        let k = HistoryCanvas.step(at: t, in: steps)
        let pose = FramePose.at(steps[k].chart, t: t)
        var writer = FrameWriter(out: ByteWriter(capacity: 8192), pose: pose, inks: FrameInks(pose.layout, theme: options.theme))
        writer.out.openFrame(width: canvas.width, height: canvas.height, fontSize: last.fontSize, title: title, options: options)
        // The canvas's background is the last version's, as in the bundle.
        if let background = FrameInks(last, theme: options.theme).background {
            writer.out.rect(width: canvas.width, height: canvas.height, fill: background)
        }
        writer.out.raw("<g transform=\"translate(")
        writer.out.num(canvas.offsets[k].x)
        writer.out.raw(" ")
        writer.out.num(canvas.offsets[k].y)
        writer.out.raw(")\">\n")
        writer.write(title: title, background: nil)
        writer.out.raw("</g>\n")
        canvas.caption(versions[k], ink: writer.inks.text, into: &writer.out)
        writer.out.raw("</svg>\n")
        return writer.out.bytes
    }
}
