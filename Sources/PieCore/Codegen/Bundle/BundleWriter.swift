import PieDiagnostics
import PieSpec

/// Code generation of all bundle files from a layout and a plan.
public enum BundleWriter {
    /// `previous`: the previous version the chart animates from, recorded in the manifest;
    /// `warnings`: what the build reports for this spec, listed in the manifest.
    public static func write(spec: ChartSpec, sourceBytes: [UInt8], chart: CompiledChart, svgOnly: Bool = false,
                             previous: ChartSpec? = nil, warnings: [Diagnostic] = []) -> Bundle {
        files(spec: spec, sourceBytes: sourceBytes, chart: chart, svgOnly: svgOnly, previous: previous, warnings: warnings).bundle()
    }

    /// The same files generated on demand (`BundleFiles`): chart.svg, the style sheet and
    /// index.html in one step, the manifest in the next.
    public static func files(spec: ChartSpec, sourceBytes: [UInt8], chart: CompiledChart, svgOnly: Bool = false,
                             previous: ChartSpec? = nil, warnings: [Diagnostic] = []) -> BundleFiles {
        files(spec: spec, sourceBytes: sourceBytes, layout: chart.layout, plan: chart.plan, changes: chart.changes, svgOnly: svgOnly,
              rings: chart.rings, previous: previous, warnings: warnings)
    }

    /// `rings`: a chart of concentric rings is drawn ring by ring (`RingPart`); the whole
    /// chart's scene (still, drawing no plot) carries the legend, tooltips and interaction.
    public static func write(spec source: ChartSpec, sourceBytes: [UInt8], layout: ChartLayout, plan: TransitionPlan,
                             changes: ChangeReport?, svgOnly: Bool = false, rings: [RingPart] = [],
                             previous: ChartSpec? = nil, warnings: [Diagnostic] = []) -> Bundle {
        files(spec: source, sourceBytes: sourceBytes, layout: layout, plan: plan, changes: changes, svgOnly: svgOnly, rings: rings,
              previous: previous, warnings: warnings).bundle()
    }

    static func files(spec source: ChartSpec, sourceBytes: [UInt8], layout: ChartLayout, plan: TransitionPlan,
                      changes: ChangeReport?, svgOnly: Bool, rings: [RingPart],
                      previous: ChartSpec?, warnings: [Diagnostic]) -> BundleFiles {
        let spec = source.flattened
        // The scenes live in the first step only: freed before the manifest is written (a
        // chart of 100,000 slices holds 15 MB of motion items).
        let drawnStep = { () -> [BundleFile] in
            let drawn = drawn(spec: spec, layout: layout, plan: plan, changes: changes, svgOnly: svgOnly, rings: rings)
            guard let html = drawn.html else { return [drawn.svg] }
            return [drawn.svg, BundleFile(name: "chart.css", bytes: drawn.css), BundleFile(name: "index.html", writer: html)]
        }
        if svgOnly { return BundleFiles(id: spec.id, names: ["chart.svg"], steps: [drawnStep]) }
        return BundleFiles(id: spec.id, names: Bundle.fileNames, steps: [drawnStep, {
            [BundleFile(name: "manifest.json", writer: Manifest.writer(
                spec: source, previous: previous, sourceBytes: sourceBytes, layout: layout, plan: plan,
                changes: changes, files: Bundle.fileNames, warnings: warnings))]
        }])
    }

    /// chart.svg, the style sheet and index.html (nil for `svgOnly`).
    private static func drawn(spec: ChartSpec, layout: ChartLayout, plan: TransitionPlan, changes: ChangeReport?, svgOnly: Bool,
                              rings: [RingPart]) -> (svg: BundleFile, css: [UInt8], html: ByteWriter?) {
        let title = spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id
        // The change sentence ends the description; the enter sentence is index.html's caption
        // only, so chart.svg alone does not make it.
        let changeSentence = changes?.sentence(locale: spec.format.locale)
        let drawing = svgPass(spec: spec, layout: layout, plan: plan, svgOnly: svgOnly, rings: rings, title: title,
                              description: Summary.description(spec, layout: layout) + (changeSentence.map { " " + $0 } ?? ""))
        // Both files stay in the chunks they were written into: joining one into an array
        // freed its chunks into the allocator's arena, not to the system, and the join's copy
        // raised the peak of a 100,000-slice build by about 4 MB.
        let svgFile = BundleFile(name: "chart.svg", writer: drawing.svg)
        guard let page = drawing.page else { return (svgFile, drawing.css, nil) }
        // The scenes are freed by now: the data table is written in their memory.
        let html = HTMLPage.finish(page, spec: spec, layout: layout, title: title,
                                   sentence: changeSentence ?? Summary.enterSentence(layout), boxes: drawing.boxes)
        return (svgFile, drawing.css, html)
    }

    /// The scenes' one pass: chart.svg and the chart inside index.html (nil for `svgOnly`),
    /// written side by side, the style sheet, and index.html's compositor layer if any.
    private static func svgPass(spec: ChartSpec, layout: ChartLayout, plan: TransitionPlan, svgOnly: Bool, rings: [RingPart],
                                title: String, description: String) -> (svg: ByteWriter, css: [UInt8], page: ByteWriter?, boxes: BoxLayer?) {
        let (scene, ringScenes) = scenes(spec: spec, layout: layout, plan: plan, rings: rings, output: svgOnly ? .svg : .bundle)
        var css = StyleWriter.css(scene)
        for ring in ringScenes { css += StyleWriter.css(ring) }
        css += RingEdgeWriter.styles(chart: scene)
        css += HoverCenterCSS.css(scene)
        // index.html is begun first and its chart written straight into it (no second copy).
        // Slices moved by Chromium's compositor in index.html, where the plan says so.
        let boxes = scene.drawing.page == .boxes ? BoxLayer(scene) : nil
        let page = svgOnly ? nil : HTMLPage.start(spec: spec, scene: scene, chartCSS: css, title: title, boxes: boxes)
        var svg = SVGWriter(scene: scene, title: title, description: description, format: spec.format,
                            withInline: !svgOnly, rings: ringScenes, page: page)
        svg.write(style: css)
        return (svg.svg, css, svgOnly ? nil : svg.inline, boxes)
    }

    /// The scenes a bundle draws: the chart's (still when it has rings, each of which moves in
    /// its own scene) and each ring's.
    /// The plan of a chart of rings as a whole: still (its rings move in their own scenes),
    /// with the pie opacity's and every chart element's tracks carried from `plan`.
    static func ringsWhole(layout: ChartLayout, plan: TransitionPlan, animation: AnimationOptions) -> TransitionPlan {
        var still = Planner.enter(layout, animation: FacetWriter.still(animation))
        PieOpacityWriter.carry(plan, into: &still)
        ChartElements.carry(plan, into: &still)
        return still
    }

    /// `output`: `.bundle`, or `.svg` without index.html; each ring is drawn as a `.ring`.
    static func scenes(spec: ChartSpec, layout: ChartLayout, plan: TransitionPlan, rings: [RingPart],
                       output: DrawingPlan.Output = .bundle) -> (chart: Scene, rings: [Scene]) {
        let still = rings.isEmpty ? plan : ringsWhole(layout: layout, plan: plan, animation: spec.animation)
        let drawn = RingSeams.drawn(rings, chart: layout)
        // The whole chart's stage holds the separators between its rings.
        return (Scene(stage: Stage(layout: layout, plan: still, rings: drawn.map(\.plan)), shape: nil, output: output),
                drawn.map { Scene(layout: $0.layout, plan: $0.plan, output: .ring) })
    }

}
