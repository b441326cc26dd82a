import PieDiagnostics
import PieSpec

/// One output file of a bundle, by name inside `out/<id>/`.
public struct BundleFile: Sendable, Hashable {
    public var name: String
    public var bytes: [UInt8]
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// Everything `piec build` writes for one spec, in a fixed file order.
public struct Bundle: Sendable, Hashable {
    public var id: String
    public var files: [BundleFile]
    public init(id: String, files: [BundleFile]) {
        self.id = id
        self.files = files
    }
}

/// What to compile. `defaultID` is the slug of the file stem (used when the spec has no `id`).
/// `svgOnly` makes a bundle of chart.svg alone; `validateOnly` (for `piec check`) loads and
/// validates the spec and the previous version but generates no bundle (the result's
/// `checked` can be handed to `Compiler.generate` later).
public struct CompileRequest: Sendable {
    public var source: SourceFile
    public var defaultID: String
    public var svgOnly: Bool
    public var validateOnly = false
    /// The previous version to animate from; nil = the chart plays its `enter` animation.
    public var previous: PreviousSource?
    /// The other files the spec reads (shared defaults, data file), as the driver read them.
    public var inputs = SpecInputs()
    /// With `validateOnly`: lay the chart out too and report what the layout finds (labels
    /// left out), as a build would (`piec check`).
    public var reportsLayout = false
    public init(source: SourceFile, defaultID: String, svgOnly: Bool = false, previous: PreviousSource? = nil) {
        self.source = source
        self.defaultID = defaultID
        self.svgOnly = svgOnly
        self.previous = previous
    }
}

/// What the compiler worked out for one checked chart, before any bytes: the layout, the plan
/// and what changed. Consumers (the bundle writer, the watcher's summary, `piec diff`) read
/// these values; none of them parses bytes another phase wrote.
public struct CompiledChart: Sendable {
    public var layout: ChartLayout
    public var plan: TransitionPlan
    /// What changed from the previous version; nil when the chart enters.
    public var changes: ChangeReport?
    /// Concentric rings: what is drawn, one part per ring (`RingTransition`); `plan` is then
    /// their segments together (ids `ring/slice`), for the manifest. Empty without rings.
    public var rings: [RingPart] = []
    public init(layout: ChartLayout, plan: TransitionPlan, changes: ChangeReport?) {
        self.layout = layout
        self.plan = plan
        self.changes = changes
    }
}

/// The result of compiling one spec: a bundle when there were no errors, and every diagnostic.
public struct CompileResult: Sendable {
    public var bundle: Bundle?
    public var spec: ChartSpec?
    public var diagnostics: [Diagnostic]
    /// The layout, plan and changes the bundle was written from (nil without a bundle).
    public var chart: CompiledChart?
    /// With `validateOnly` and no errors: what `Compiler.generate` needs to finish the job.
    public var checked: CheckedSpec?
    /// Diagnostics located in the other files the spec reads (`SpecLoadResult.related`).
    public var related: [FileDiagnostics] = []
    public init(bundle: Bundle?, spec: ChartSpec?, diagnostics: [Diagnostic], chart: CompiledChart? = nil) {
        self.bundle = bundle
        self.spec = spec
        self.diagnostics = diagnostics
        self.chart = chart
    }
}

/// A spec that loaded without errors, with its previous version, ready for codegen.
public struct CheckedSpec: Sendable {
    public var spec: ChartSpec
    public var previous: ChartSpec?
    /// Hashed into the manifest's `specHash`.
    public var sourceBytes: [UInt8]
    public var svgOnly: Bool
    /// Loading's warnings, kept in the generated result.
    public var diagnostics: [Diagnostic]
    /// Diagnostics located in the other files the spec reads (data file, `.piec.yaml`).
    public var related: [FileDiagnostics] = []
    /// Where the spec's slices are (the layout's warnings point at them).
    public var labelLocations = LabelWarnings.Locations()
}

/// The pure compiler: spec source -> checked spec -> layout -> transition plan -> bundle.
public enum Compiler {
    /// The bundle's files, in the order they are written.
    public static let fileNames = ["chart.svg", "chart.css", "index.html", "manifest.json"]

    /// Loads and checks `request.source`, then lays out, plans and generates the bundle.
    /// No bundle when the spec has errors or `validateOnly` is set; diagnostics are always returned.
    public static func compile(_ request: CompileRequest) -> CompileResult {
        var loaded = SpecLoader.load(request.source, defaultID: request.defaultID, inputs: request.inputs)
        guard let spec = loaded.spec, !loaded.diagnostics.hasErrors else {
            var result = CompileResult(bundle: nil, spec: loaded.spec, diagnostics: loaded.diagnostics)
            result.related = loaded.related
            return result
        }
        var diagnostics = loaded.diagnostics
        var previousSpec: ChartSpec?
        if let previous = request.previous {
            let old = previous.load(defaultID: spec.id)
            if let oldSpec = old.spec, !old.diagnostics.hasErrors {
                previousSpec = oldSpec
            } else {
                let first = old.diagnostics.first { $0.severity == .error }
                let position = first?.range.map { ":\($0.start)" } ?? ""
                diagnostics.append(.warning(CoreCodes.brokenPrevious, "the previous version has errors; the chart enters instead",
                                            at: nil, notes: first.map { ["\(previous.file.path)\(position): \($0.message)"] } ?? []))
            }
        }
        // A warning about a value of a `.piec.yaml` is reported in that file.
        if let warning = MinAngle.warning(spec, locations: loaded.locations).flatMap({ loaded.place($0) }) { diagnostics.append(warning) }
        var checked = CheckedSpec(spec: spec, previous: previousSpec, sourceBytes: request.inputs.hashedBytes(spec: request.source.bytes),
                                  svgOnly: request.svgOnly, diagnostics: diagnostics, related: loaded.related)
        checked.labelLocations = LabelWarnings.Locations(loaded.locations)
        guard !request.validateOnly else {
            if request.reportsLayout { diagnostics += LabelWarnings.make(Layout.layout(spec), locations: checked.labelLocations) }
            var result = CompileResult(bundle: nil, spec: spec, diagnostics: diagnostics)
            result.checked = checked
            result.related = loaded.related
            return result
        }
        return generate(checked)
    }

    /// The bundle of a checked spec, with the layout, plan and changes it was written from.
    /// Its warnings (loading's, and the layout's: labels left out) are listed in the manifest,
    /// so the driver's unchanged fast path, which never loads the spec, cannot hide them.
    public static func generate(_ checked: CheckedSpec) -> CompileResult {
        let compiled = chart(checked.spec, previous: checked.previous)
        let diagnostics = checked.diagnostics + LabelWarnings.make(compiled.layout, locations: checked.labelLocations)
        let warnings = (diagnostics + checked.related.flatMap(\.diagnostics)).filter { $0.severity == .warning }
        let bundle = BundleWriter.write(spec: checked.spec, sourceBytes: checked.sourceBytes, chart: compiled, svgOnly: checked.svgOnly,
                                        warnings: warnings)
        var result = CompileResult(bundle: bundle, spec: checked.spec, diagnostics: diagnostics, chart: compiled)
        result.related = checked.related
        return result
    }

    /// The bundle of a checked spec: the transition from `previous`, or the `enter` animation.
    /// `sourceBytes` are hashed into the manifest's `specHash`.
    public static func compile(spec: ChartSpec, sourceBytes: [UInt8], previous: ChartSpec? = nil, svgOnly: Bool = false) -> Bundle {
        BundleWriter.write(spec: spec, sourceBytes: sourceBytes, chart: chart(spec, previous: previous), svgOnly: svgOnly)
    }

    /// The layout, plan and changes of a checked spec: the transition from `previous`, or the
    /// `enter` animation.
    public static func chart(_ spec: ChartSpec, previous: ChartSpec?) -> CompiledChart {
        if !spec.rings.isEmpty || previous.map({ !$0.rings.isEmpty }) == true {
            return RingTransition.chart(spec, previous: previous)
        }
        guard let previous else {
            let layout = Layout.layout(spec)
            return CompiledChart(layout: layout, plan: Planner.enter(layout, animation: spec.animation), changes: nil)
        }
        let (plan, changes, layout) = transition(from: previous, to: spec)
        return CompiledChart(layout: layout, plan: plan, changes: changes)
    }

    /// The plan, the change report and the new layout between two checked specs.
    public static func transition(from old: ChartSpec, to new: ChartSpec) -> (TransitionPlan, ChangeReport, ChartLayout) {
        let oldLayout = Layout.layout(old)
        // The canvas holds every instant: a changing start angle, sweep or direction draws
        // partial pies of other shapes between the two versions.
        let turns = old.chart.startAngle != new.chart.startAngle || Layout.sweep(old.chart) != Layout.sweep(new.chart)
            || old.chart.direction != new.chart.direction
        let newLayout = Layout.layout(new, pinned: pinnedColors(old: old, oldLayout: oldLayout, new: new), wholeTurn: turns)
        func renames(_ layout: ChartLayout) -> [Int: [String]] {
            var renames: [Int: [String]] = [:]
            for (i, slice) in layout.slices.enumerated() where slice.specIndex < new.slices.count {
                let names = new.slices[slice.specIndex].renamedFrom
                if !names.isEmpty { renames[i] = names }
            }
            return renames
        }
        let diff = SliceDiff.compute(oldIDs: oldLayout.slices.map(\.id), newIDs: newLayout.slices.map(\.id), renames: renames(newLayout))
        let changes = ChangeReport.make(old: old, oldLayout: oldLayout, new: new, newLayout: newLayout, diff: diff)
        guard oldLayout.other != nil || newLayout.other != nil else {
            var plan = Planner.transition(from: oldLayout, to: newLayout, diff: diff, animation: new.animation)
            plan.centerFrom = oldLayout.center
            carryOver(&plan, old: oldLayout, new: newLayout)
            return (plan, changes, newLayout)
        }
        // `chart.other`: plan on layouts where Other is split into its members (OtherTransition).
        let oldX = OtherGrouping.expanded(oldLayout), newX = OtherGrouping.expanded(newLayout)
        let diffX = SliceDiff.compute(oldIDs: oldX.slices.map(\.id), newIDs: newX.slices.map(\.id), renames: renames(newX))
        var plan = Planner.transition(from: oldX, to: newX, diff: diffX, animation: new.animation)
        OtherTransition.adapt(&plan, diff: diffX, oldExpanded: oldX, newExpanded: newX, old: oldLayout, new: newLayout)
        plan.centerFrom = oldLayout.center
        carryOver(&plan, old: oldLayout, new: newLayout)
        return (plan, changes, newLayout)
    }

    /// What the plan takes from the old layout besides slices: the title (which cross-fades
    /// when it changes) and `labels.radius` (inside labels move across the ring when either
    /// version sets it).
    static func carryOver(_ plan: inout TransitionPlan, old: ChartLayout, new: ChartLayout) {
        plan.titleFrom = old.title
        guard old.labelFraction != nil || new.labelFraction != nil else { return }
        plan.labelFractionFrom = TransitionPlan.resolvedLabelFraction(old)
        plan.labelFractionTo = TransitionPlan.resolvedLabelFraction(new)
    }

    /// Colours the new version inherits: every slice that existed before (by id, or through
    /// `renamedFrom`) keeps the colour it had, unless the new spec gives one explicitly.
    static func pinnedColors(old: ChartSpec, oldLayout: ChartLayout, new: ChartSpec) -> [String: Color] {
        if case .named("hue") = new.theme.palette { return [:] }
        var oldColor: [String: Color] = [:]
        for s in oldLayout.slices { oldColor[s.id] = s.color }
        let newIDs = Set(new.slices.map(\.id))
        var pinned: [String: Color] = [:]
        for s in new.slices where s.color == nil {
            if let c = oldColor[s.id] {
                pinned[s.id] = c
            } else if let old = s.renamedFrom.first(where: { oldColor[$0] != nil && !newIDs.contains($0) }) {
                pinned[s.id] = oldColor[old]
            }
        }
        return pinned
    }
}

/// Code generation of all bundle files from a layout and a plan.
public enum BundleWriter {
    /// `warnings`: what the build reports for this spec, listed in the manifest.
    public static func write(spec: ChartSpec, sourceBytes: [UInt8], chart: CompiledChart, svgOnly: Bool = false,
                             warnings: [Diagnostic] = []) -> Bundle {
        write(spec: spec, sourceBytes: sourceBytes, layout: chart.layout, plan: chart.plan, changes: chart.changes, svgOnly: svgOnly,
              rings: chart.rings, warnings: warnings)
    }

    /// `rings`: a chart of concentric rings is drawn ring by ring (`RingPart`); the whole
    /// chart's scene (still, drawing no plot) carries the legend, tooltips and interaction.
    public static func write(spec source: ChartSpec, sourceBytes: [UInt8], layout: ChartLayout, plan: TransitionPlan,
                             changes: ChangeReport?, svgOnly: Bool = false, rings: [RingPart] = [], warnings: [Diagnostic] = []) -> Bundle {
        let spec = source.flattened
        var still = plan
        if !rings.isEmpty {
            var none = spec.animation
            none.enter = .none
            still = Planner.enter(layout, animation: none)
        }
        let scene = Scene(layout: layout, plan: still)
        let ringScenes = rings.map { Scene(layout: $0.layout, plan: $0.plan) }
        var css = StyleWriter.css(scene)
        for ring in ringScenes { css += StyleWriter.css(ring) }
        let title = spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id
        // The change sentence ends the description; the enter sentence is index.html's caption
        // only, so chart.svg alone does not make it.
        let changeSentence = changes?.sentence(locale: spec.format.locale)
        let description = Summary.description(spec, layout: layout) + (changeSentence.map { " " + $0 } ?? "")
        var svg = SVGWriter(scene: scene, title: title, description: description, format: spec.format,
                            withInline: !svgOnly, rings: ringScenes)
        svg.write(style: css)
        let svgFile = BundleFile(name: "chart.svg", bytes: svg.svg.bytes)
        guard let inline = svg.inline, !svgOnly else { return Bundle(id: spec.id, files: [svgFile]) }
        let html = HTMLPage.write(spec: spec, scene: scene, chartCSS: css, svg: inline, title: title,
                                  sentence: changeSentence ?? Summary.enterSentence(layout))
        let manifest = Manifest.bytes(spec: source, sourceBytes: sourceBytes, layout: layout, plan: plan,
                                      changes: changes, files: Compiler.fileNames, warnings: warnings)
        return Bundle(id: spec.id, files: [
            svgFile,
            BundleFile(name: "chart.css", bytes: css),
            BundleFile(name: "index.html", bytes: html),
            BundleFile(name: "manifest.json", bytes: manifest),
        ])
    }
}
