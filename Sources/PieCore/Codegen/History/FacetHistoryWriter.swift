import PieJSON
import PieSpec

/// The bundle of `piec history` for a spec of `charts:`: every version's grid on one
/// timeline, each step drawn as `piec build --from` draws it (`FacetWriter.compose`: each
/// facet animates from the previous version's facet of its id, a new one enters, a gone one
/// fades out of its cell), scoped `piec-<id>_h<k>` and delayed to its place, shown from its
/// start until the next step starts, with a caption naming its version. Every step's grid
/// sits at the canvas's top left (the canvas as large as the largest grid). At rest (static
/// renderers, `prefers-reduced-motion: reduce`) only the last step is shown, at rest.
public enum FacetHistoryWriter {
    /// One version's grid on the timeline: its motion starts at `start` ms; from `at` it
    /// rests at its version until the next step starts.
    public struct Step: Sendable {
        public var composed: FacetWriter.Composed
        public var start: Double
        public var at: Double
    }

    /// Each version's grid as it comes from the one before (the first enters), `hold` ms at
    /// each version.
    public static func steps(_ versions: [HistoryVersion], hold: Double) -> [Step] {
        var steps: [Step] = []
        var start = 0.0
        for (k, version) in versions.enumerated() {
            var spec = version.spec
            spec.id += "_h" + String(k)
            var previous = k > 0 ? versions[k - 1].spec : nil
            previous?.id = spec.id
            let composed = FacetWriter.compose(spec, previous: previous).delayed(by: start)
            let at = max(start, FacetFrames.timeline(composed).end)
            steps.append(Step(composed: composed, start: start, at: at))
            start = at + max(hold, 0)
        }
        return steps
    }

    /// The one canvas of every step's grid (each at its top left) and the caption line: the
    /// bundle's and its frames' (`FrameSource.facetHistory`).
    static func canvas(_ steps: [Step]) -> HistoryCanvas {
        HistoryCanvas(width: steps.map(\.composed.width).max() ?? 0,
                      height: (steps.map(\.composed.height).max() ?? 0) + HistoryCanvas.captionRoom, steps: steps.count)
    }

    /// Length of the timeline: until the last step rests at its version.
    static func duration(_ steps: [Step]) -> Double {
        steps.last.map { max($0.at, $0.start) } ?? 0
    }

    /// The step shown `t` ms after load: the last one started by then (each is shown from its
    /// start until the next one starts, as the bundle's step rules show it).
    static func step(at t: Double, in steps: [Step]) -> Int {
        steps.lastIndex { $0.start <= t } ?? 0
    }

    public static func write(versions: [HistoryVersion], steps: [Step], hold: Double, sourceBytes: [UInt8]) -> Bundle {
        let final = versions[versions.count - 1].spec
        let id = final.id
        let last = steps[steps.count - 1].composed
        let canvas = canvas(steps)
        let total = duration(steps)
        let rootScope = "piec-" + id
        let drawn = zip(versions, steps).map { FacetWriter.Drawn(spec: $0.spec, composed: $1.composed) }

        var css = ByteWriter(capacity: 4096)
        for d in drawn { css.raw(d.css) }
        HistoryWriter.stepRules(starts: steps.map(\.start), total: total, scope: rootScope, into: &css)
        let title = final.title.flatMap { $0.isEmpty ? nil : $0 } ?? id
        let description = FacetWriter.description(final, composed: last) + HistoryWriter.versionsSentence(versions)

        var svg = ByteWriter(capacity: 8192 + css.count)
        HistoryWriter.openRoot(scope: rootScope, width: canvas.width, height: canvas.height, title: title, description: description,
                               fontSize: last.frame.fontSize, into: &svg)
        svg.raw("<style>\n")
        svg.raw(css)
        svg.raw("</style>\n")
        FacetWriter.background(last.frame, width: canvas.width, height: canvas.height, into: &svg)
        for (k, d) in drawn.enumerated() {
            svg.open("g", ClassPrefix.historyStep, ClassPrefix.historyStepIndex)
            svg.int(k)
            svg.raw(" " + rootScope + "_h" + String(k))
            svg.raw(k == drawn.count - 1 ? "\">\n" : "\" visibility=\"hidden\" opacity=\"0\">\n")
            svg.raw(d.body)
            canvas.caption(versions[k], ink: DarkTheme.lightModeInk(steps[k].composed.frame), into: &svg)
            svg.raw("</g>\n")
        }
        svg.raw("</svg>\n")
        let svgBytes = svg.takeBytes()

        let html = HistoryWriter.page(title: title, description: description, css: css.bytes, svg: svgBytes, versions: versions,
                                      at: steps.map(\.at))
        var frame = last.frame
        frame.id = id
        frame.slices = []
        frame.width = canvas.width
        frame.height = canvas.height
        let versionList = JSONValue.array(zip(versions, steps).map { v, step in
            func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }
            return .object([
                ("commit", .string(v.commit)), ("date", .string(v.date)), ("subject", .string(v.subject)),
                ("at", n(step.at)), ("start", n(step.start)),
                ("charts", .array(step.composed.facets.map(FacetWriter.facetJSON))),
                ("leaving", .array(step.composed.leaving.map { .string($0.id) })),
            ])
        })
        let manifest = Manifest.bytes(spec: final, previous: versions.count > 1 ? versions[versions.count - 2].spec : nil,
                                      sourceBytes: HistoryWriter.hashMarker + sourceBytes, layout: frame,
                                      plan: Planner.enter(frame, animation: FacetWriter.still(final.animation)), changes: nil,
                                      files: Bundle.fileNames,
                                      extra: [("history", .object([("hold", .number(hold, decimals: 3)), ("duration", .number(total, decimals: 3))])),
                                              ("versions", versionList)])
        return Bundle(id: id, files: [
            BundleFile(name: "chart.svg", bytes: svgBytes),
            BundleFile(name: "chart.css", bytes: css.bytes),
            BundleFile(name: "index.html", bytes: html),
            BundleFile(name: "manifest.json", bytes: manifest),
        ])
    }
}

extension FacetWriter.Composed {
    /// The same grid moving `ms` later: every facet's plan (and its rings'), its wait, and
    /// the leaving facets' fade.
    func delayed(by ms: Double) -> Self {
        guard ms != 0 else { return self }
        var c = self
        for k in c.facets.indices {
            c.facets[k].chart.plan = c.facets[k].chart.plan.delayed(by: ms)
            for i in c.facets[k].chart.rings.indices { c.facets[k].chart.rings[i].plan = c.facets[k].chart.rings[i].plan.delayed(by: ms) }
            if c.facets[k].wait > 0 { c.facets[k].wait += ms }
        }
        c.fade.start += ms
        return c
    }
}
