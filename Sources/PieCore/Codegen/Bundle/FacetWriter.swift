import PieDiagnostics
import PieJSON
import PieSpec

/// The bundle of a spec of `charts:` (facets), composed over the one-chart pipeline: each
/// facet is its own chart (`ChartSpec.facet`), compiled by `Transition.between` from the
/// previous version's facet of the same id (none: it enters), drawn in its own group scoped
/// `piec-<id>_f<k>` with its own styles, and placed in a grid of `layout.columns`. The
/// frame (the spec's title, subtitle and the one legend) is a chart of its own scoped
/// `piec-<id>_fr`: one slice per slice id of the charts, in the order they first appear,
/// each in the colour every facet draws that id in, its rows in `legend.order` (`legendOrder`); its pie square holds the grid (centred),
/// so the title and the legend sit around the grid as they sit around a pie. Only its title
/// and legend are drawn.
public enum FacetWriter {
    /// One facet compiled: its chart, where its canvas sits on the bundle's, and its scope.
    public struct Placed: Sendable {
        public var id: String
        public var chart: CompiledChart
        public var x: Double
        public var y: Double
        /// Until when (ms after load) its group is hidden: a facet placed in the cell of a
        /// leaving facet waits for that fade (`Composed.fade`) and its own motion starts
        /// then; 0 for the others.
        public var wait: Double = 0
    }

    /// Every facet compiled and placed, and the frame around them.
    public struct Composed: Sendable {
        public var facets: [Placed]
        /// The previous version's facets whose id is gone, still at their previous version,
        /// each in the cell it had (by its place in the previous list), fading out.
        public var leaving: [Placed]
        /// When the leaving facets fade out: the first half of the animation's duration, so a
        /// facet placed in one's cell starts once the cell is free.
        public var fade: TimeWindow
        public var easing: Easing
        public var frame: ChartLayout
        /// The bundle's canvas: the frame's without the pie square's slack around the grid.
        public var width: Double
        public var height: Double
        /// How far the frame's title and its legend move once the slack is cut.
        public var titleShift: (x: Double, y: Double)
        public var legendShift: (x: Double, y: Double)
    }

    /// The colour of each slice id across `spec`'s facets: a colour written on a slice (the
    /// first written for the id), else the palette by id over all the facets' ids. With
    /// `chart.other`, the ids each facet draws: a slice every facet groups has no row, and
    /// the facets' Other slices one (`other`, in `chart.other.color`).
    static func colours(_ spec: ChartSpec) -> (ids: [String], labels: [String], colours: [String: Color]) {
        var ids: [String] = [], labels: [String] = [], written: [String: Color] = [:]
        var seen = Set<String>()
        for k in spec.charts.indices {
            let facet = spec.charts[k]
            var slices = facet.slices
            if spec.chart.other != nil {
                // In the spec's order, the grouped ones left out, then Other (drawn last).
                let grouped = OtherGrouping.group(spec.facet(k))
                if let members = grouped.group?.memberIDs, let other = grouped.spec.slices.last {
                    slices = slices.filter { !members.contains($0.id) } + [other]
                }
            }
            for s in slices + facet.rings.flatMap(\.slices) {
                if written[s.id] == nil, let c = s.color { written[s.id] = c }
                guard seen.insert(s.id).inserted else { continue }
                ids.append(s.id)
                labels.append(s.label)
            }
        }
        // Other is the legend's last row, as it is each chart's last slice.
        if spec.chart.other != nil, let i = ids.firstIndex(of: OtherOptions.id) {
            ids.append(ids.remove(at: i))
            labels.append(labels.remove(at: i))
        }
        var union = ChartSpec(id: spec.id)
        union.theme = spec.theme
        union.slices = zip(ids, labels).map { SliceSpec(id: $0, label: $1, value: 1) }
        for i in union.slices.indices { union.slices[i].color = written[ids[i]] }
        let assigned = Layout.colors(union)
        return (ids, labels, Dictionary(uniqueKeysWithValues: zip(ids, assigned)))
    }

    /// The shared legend's order as the frame's rows take it (one slice per id, `ids` in the
    /// order the charts first hold them), always given as a list of ids (the frame has no
    /// `chart.other`, so Other's row is put last here): `slices` is `ids`; `reverse` `ids`
    /// backwards; a list puts its ids first, the others after in `ids` order; `value` is by
    /// each id's sum over every slice of every chart that holds it (grouped slices counted for
    /// their own id, which has no row), largest first, ties in `ids` order (the frame's slices
    /// all weigh 1, so the order cannot be left to the frame).
    static func legendOrder(_ spec: ChartSpec, ids: [String]) -> LegendOrder {
        var ordered: [String]
        switch spec.legend.order {
        case .slices: ordered = ids
        case .reverse: ordered = ids.reversed()
        case .ids(let listed):
            let first = listed.filter(ids.contains)
            ordered = first + ids.filter { !first.contains($0) }
        case .value:
            var sums: [String: Double] = [:]
            for facet in spec.charts {
                for s in facet.slices + facet.rings.flatMap(\.slices) { sums[s.id, default: 0] += s.value }
            }
            let ranked = ids.indices.sorted { a, b in
                let sa = sums[ids[a]] ?? 0, sb = sums[ids[b]] ?? 0
                return sa != sb ? sa > sb : a < b
            }
            ordered = ranked.map { ids[$0] }
        }
        if spec.chart.other != nil, let i = ordered.firstIndex(of: OtherOptions.id) { ordered.append(ordered.remove(at: i)) }
        return .ids(ordered)
    }

    /// The shared legend with `legend.values` (`LegendTable`): a column per chart, headed by
    /// its title (else its id), in the charts' order; in it each id's row shows that chart's
    /// value of the id as `legend.values` asks (its value, its percent of that chart's total,
    /// or both, as the chart's data table and tooltips say them), "—" where the chart does not
    /// hold the id, and the values of an id held by several rings of the chart one after the
    /// other (`40% / 25%`, ring by ring, as a chart of rings' legend row). `layouts`: each
    /// chart's layout at rest.
    static func legendTable(_ spec: ChartSpec, ids: [String], layouts: [ChartLayout]) -> LegendTable {
        let own = layouts.map(FacetInteraction.specIDs)
        let cells = ids.map { id in
            layouts.indices.map { f in
                let shown = layouts[f].slices.indices.filter { own[f][$0].id == id }
                    .map { LegendPlacer.shown(layouts[f].slices[$0], values: spec.legend.values, format: spec.format) }
                return shown.isEmpty ? "\u{2014}" : shown.joined(separator: " / ")
            }
        }
        return LegendTable(heads: spec.charts.map { $0.title ?? $0.id }, cells: cells)
    }

    /// Facet `k` of `spec` with every slice in its shared colour (as written, alpha included),
    /// then its one alpha lifted into its own opacity (`ChartSpec.liftingOneAlpha`).
    static func pinned(_ spec: ChartSpec, _ k: Int, colours: [String: Color]) -> ChartSpec {
        var one = spec.facet(k, liftingAlpha: false)
        for i in one.slices.indices { one.slices[i].color = colours[one.slices[i].id] }
        for r in one.rings.indices {
            for i in one.rings[r].slices.indices { one.rings[r].slices[i].color = colours[one.rings[r].slices[i].id] }
        }
        return one.liftingOneAlpha()
    }

    /// Compiles and places every facet of `spec`, each from `previous`'s facet of its id.
    /// `darkSelector`: `--dark-selector` (`CompiledChart.keyingDark`), for every part.
    public static func compose(_ spec: ChartSpec, previous: ChartSpec?, darkSelector: String? = nil) -> Composed {
        var composed = compose(spec, previous: previous)
        guard let selector = darkSelector else { return composed }
        for k in composed.facets.indices { composed.facets[k].chart = composed.facets[k].chart.keyingDark(to: selector) }
        for k in composed.leaving.indices { composed.leaving[k].chart = composed.leaving[k].chart.keyingDark(to: selector) }
        let frame = CompiledChart(layout: composed.frame, plan: Planner.enter(composed.frame, animation: still(spec.animation)), changes: nil)
        composed.frame = frame.keyingDark(to: selector).layout
        return composed
    }

    static func compose(_ spec: ChartSpec, previous: ChartSpec?) -> Composed {
        let shared = colours(spec)
        let old = previous.map { colours($0).colours }
        let count = spec.charts.count
        let columns = max(1, min(spec.layout?.columns ?? FacetLayout().columns, count))
        let rows = (count + columns - 1) / columns
        let cells = rows * columns
        // The previous version's facets whose id is gone, each with the cell it had.
        let gone: [(j: Int, cell: Int)] = previous.map { previous in
            previous.charts.enumerated().filter { _, f in !spec.charts.contains(where: { $0.id == f.id }) }
                .map { (j: $0.offset, cell: min($0.offset, cells - 1)) }
        } ?? []
        let fade = TimeWindow(start: spec.animation.delay, length: spec.animation.duration / 2)
        var charts: [(id: String, chart: CompiledChart, wait: Double)] = []
        for (k, facet) in spec.charts.enumerated() {
            var new = pinned(spec, k, colours: shared.colours)
            // A facet in a leaving facet's cell waits for its fade: hidden, then its motion.
            let waits = gone.contains { $0.cell == k }
            if waits { new.animation.delay = fade.end }
            var from: ChartSpec?
            if let previous, let old, let j = previous.charts.firstIndex(where: { $0.id == facet.id }) {
                from = pinned(previous, j, colours: old)
                from?.id = new.id
                if waits { from?.animation.delay = fade.end }
            }
            charts.append((facet.id, Transition.between(old: from, new: new), waits ? fade.end : 0))
        }
        let cellW = charts.map(\.chart.layout.width).max() ?? 0, cellH = charts.map(\.chart.layout.height).max() ?? 0
        let gridW = cellW * Double(columns), gridH = cellH * Double(rows)
        // The frame: the spec's title and legend around a pie square as large as the grid.
        var frameSpec = spec
        frameSpec.id = spec.id + "_fr"
        frameSpec.charts = []
        frameSpec.layout = nil
        frameSpec.slices = zip(shared.ids, shared.labels).map { SliceSpec(id: $0, label: $1, value: 1) }
        for i in frameSpec.slices.indices { frameSpec.slices[i].color = shared.colours[shared.ids[i]] }
        frameSpec.chart = ChartOptions()
        frameSpec.chart.size = max(gridW, gridH)
        frameSpec.chart.showTitle = spec.chart.showTitle
        frameSpec.labels.position = .none
        frameSpec.legend.values = .none
        frameSpec.legend.order = legendOrder(spec, ids: shared.ids)
        let table = spec.legend.values == .none ? nil
            : legendTable(spec, ids: shared.ids, layouts: charts.map(\.chart.layout))
        let frame = Layout.layout(frameSpec, legendTable: table)
        // The square is cut to the grid: what is above or left of it stays, the grid moves by
        // the slack before it, what is below or right of it by both slacks.
        let sh = (frameSpec.chart.size - gridW) / 2, sv = (frameSpec.chart.size - gridH) / 2
        let gridX = frame.cx - gridW / 2 - sh, gridY = frame.cy - gridH / 2 - sv
        let legendShift: (x: Double, y: Double) = switch frameSpec.legend.position {
        case .right: (-2 * sh, -sv)
        case .left: (0, -sv)
        case .top, .none: (-sh, 0)
        case .bottom: (-sh, -2 * sv)
        }
        func placed(_ id: String, _ chart: CompiledChart, cell: Int, wait: Double = 0) -> Placed {
            Placed(id: id, chart: chart,
                   x: gridX + Double(cell % columns) * cellW + (cellW - chart.layout.width) / 2,
                   y: gridY + Double(cell / columns) * cellH + (cellH - chart.layout.height) / 2, wait: wait)
        }
        let facets = charts.enumerated().map { k, c in placed(c.id, c.chart, cell: k, wait: c.wait) }
        var leaving: [Placed] = []
        if let previous, let old {
            for (j, cell) in gone {
                var still = pinned(previous, j, colours: old)
                still.id = spec.id + "_fx" + String(j)
                still.animation = Self.still(still.animation)
                leaving.append(placed(previous.charts[j].id, Transition.between(old: nil, new: still), cell: cell))
            }
        }
        return Composed(facets: facets, leaving: leaving, fade: fade, easing: spec.animation.easing, frame: frame,
                        width: frame.width - 2 * sh, height: frame.height - 2 * sv, titleShift: (-sh, 0), legendShift: legendShift)
    }

    /// The bundle's files and its warnings (each facet's layout's, unlocated).
    public static func write(spec: ChartSpec, sourceBytes: [UInt8], previous: ChartSpec?, svgOnly: Bool,
                             warnings: [Diagnostic], darkSelector: String? = nil) -> (bundle: Bundle, composed: Composed, diagnostics: [Diagnostic]) {
        let composed = compose(spec, previous: previous, darkSelector: darkSelector)
        let layoutWarnings = composed.facets.flatMap { LabelWarnings.make($0.chart.layout, locations: LabelWarnings.Locations()) }
        let frame = composed.frame
        let parts = Drawn(spec: spec, composed: composed, interactive: !svgOnly)
        let css = parts.css
        let title = spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id
        let description = Self.description(spec, composed: composed)
        let scope = "piec-" + spec.id

        var svg = ByteWriter(capacity: 8192 + css.count)
        HistoryWriter.openRoot(scope: scope, width: composed.width, height: composed.height, title: title, description: description,
                               fontSize: frame.fontSize, into: &svg)
        svg.raw("<style>\n")
        svg.raw(css)
        svg.raw("</style>\n")
        background(frame, width: composed.width, height: composed.height, into: &svg)
        svg.raw(parts.body)
        svg.raw("</svg>\n")
        let svgBytes = svg.takeBytes()
        guard !svgOnly else {
            return (Bundle(id: spec.id, files: [BundleFile(name: "chart.svg", bytes: svgBytes)]), composed, layoutWarnings)
        }
        var inline = ByteWriter(capacity: svgBytes.count * 2)
        HistoryWriter.openRoot(scope: scope, width: composed.width, height: composed.height, title: title, description: description,
                               fontSize: frame.fontSize, role: "group", into: &inline)
        background(frame, width: composed.width, height: composed.height, into: &inline)
        inline.raw(parts.page ?? parts.body)
        inline.raw("</svg>\n")
        let html = page(spec: spec, composed: composed, title: title, description: description, css: css + parts.pageCSS,
                        svg: inline.takeBytes())
        var drawn = frame
        drawn.id = spec.id
        drawn.slices = []
        drawn.width = composed.width
        drawn.height = composed.height
        let all = (warnings + layoutWarnings).filter { $0.severity == .warning }
        let manifest = Manifest.bytes(spec: spec, previous: previous, sourceBytes: sourceBytes, layout: drawn,
                                      plan: Planner.enter(drawn, animation: still(spec.animation)), changes: nil,
                                      files: Bundle.fileNames, warnings: all,
                                      extra: [("charts", .array(composed.facets.map(facetJSON))), ("timeline", timelineJSON(composed))])
        return (Bundle(id: spec.id, files: [
            BundleFile(name: "chart.svg", bytes: svgBytes),
            BundleFile(name: "chart.css", bytes: css),
            BundleFile(name: "index.html", bytes: html),
            BundleFile(name: "manifest.json", bytes: manifest),
        ]), composed, layoutWarnings)
    }

    /// The frame's background rect over `width` x `height`, when it has one.
    static func background(_ frame: ChartLayout, width: Double, height: Double, into svg: inout ByteWriter) {
        guard let background = frame.background else { return }
        svg.open("rect", ClassPrefix.background)
        svg.raw("\" width=\"")
        svg.num(width)
        svg.raw("\" height=\"")
        svg.num(height)
        svg.raw("\" fill=\"")
        svg.hex(background)
        svg.raw("\"/>\n")
    }

    /// A composed grid drawn: the styles of its frame, facets and leaving facets (their fades
    /// and waits), and the groups of each, in the order chart.svg holds them. chart.svg of
    /// `charts:` is one of these; a history of `charts:` (`FacetHistoryWriter`) one per step.
    /// `interactive` (index.html): also the same groups with focusable slices, tooltips and
    /// legend rows (`page`), and the rules that drive them (`pageCSS`, `FacetInteraction`).
    struct Drawn {
        var css: [UInt8]
        var body: ByteWriter
        /// index.html's inline groups, when `interactive`.
        var page: ByteWriter?
        /// index.html's rules of tooltips, focus and the legend, when `interactive`.
        var pageCSS: [UInt8] = []

        init(spec: ChartSpec, composed: Composed, interactive: Bool = false) {
            let frame = composed.frame
            let frameScene = Scene(layout: frame, plan: Planner.enter(frame, animation: still(spec.animation)), output: .facet)
            let scenes = composed.facets.map { FacetScene($0.chart, format: spec.format, interactive: interactive) }
            var css = StyleWriter.css(frameScene)
            for s in scenes { css += s.css }
            let goneScenes = composed.leaving.map { FacetScene($0.chart) }
            for s in goneScenes { css += s.css }
            css += fadeRules(goneScenes.map(\.scene.scope), over: composed.fade, easing: composed.easing)
            css += waitRules(zip(composed.facets, scenes).filter { $0.0.wait > 0 }.map { ($0.1.scene.scope, $0.0.wait) })
            self.css = css

            var svg = ByteWriter(capacity: 8192)
            var page = ByteWriter(capacity: interactive ? 16384 : 0)
            let tips = interactive ? FacetInteraction.rowLabels(spec: spec, facets: composed.facets, ids: frame.slices.map(\.id),
                                                                      labels: frame.slices.map(\.label)) : nil
            var frameWriter = SVGWriter(scene: frameScene, title: "", description: "", format: spec.format, withInline: interactive,
                                        tooltips: tips)
            frameWriter.writeFrame(titleShift: composed.titleShift, legendShift: composed.legendShift)
            let frameHead = "<g class=\"" + frameScene.scope + "\">\n"
            Self.group(frameHead, at: nil, frameWriter.svg, into: &svg)
            if let inline = frameWriter.inline { Self.group(frameHead, at: nil, inline, into: &page) }
            for (placed, scene) in zip(composed.facets, scenes) {
                let head = "<g class=\"" + scene.scene.scope + "\" transform=\"translate("
                Self.group(head, at: (placed.x, placed.y), scene.body, into: &svg)
                if let inline = scene.page { Self.group(head, at: (placed.x, placed.y), inline, into: &page) }
            }
            for (placed, scene) in zip(composed.leaving, goneScenes) {
                // At rest (the final state) it is gone; the keyframes fade it out. Nothing in
                // it is interactive.
                let head = "<g class=\"" + scene.scene.scope + "\" visibility=\"hidden\" opacity=\"0\" transform=\"translate("
                Self.group(head, at: (placed.x, placed.y), scene.body, into: &svg)
                if interactive { Self.group(head, at: (placed.x, placed.y), scene.body, into: &page) }
            }
            body = svg
            guard interactive else { return }
            self.page = page
            pageCSS = FacetInteraction.css(scope: "piec-" + spec.id, frame: frameScene, facets: scenes.map(\.scene),
                                           rows: (tips ?? []).map { $0 != nil })
        }

        /// A group: `head` (ending in `translate(` when `at` is given, then the place), `body`, its end.
        private static func group(_ head: String, at p: (x: Double, y: Double)?, _ body: ByteWriter, into out: inout ByteWriter) {
            out.raw(head)
            if let p {
                out.num(p.x)
                out.raw(" ")
                out.num(p.y)
                out.raw(")\">\n")
            }
            out.raw(body)
            out.raw("</g>\n")
        }
    }

    /// The fade of each leaving facet's group (scoped `scopes[j]`): from shown to its base
    /// (hidden) over `window` (`Composed.fade`), only where motion is welcome.
    static func fadeRules(_ scopes: [String], over window: TimeWindow, easing: Easing) -> [UInt8] {
        guard !scopes.isEmpty else { return [] }
        var out = ByteWriter(capacity: 256 * scopes.count)
        for scope in scopes {
            KeyframesWriter.block(KeyframesName(scope, "fade"), into: &out) {
                KeyframesWriter.frame("0%", into: &$0) { $0.raw("visibility:visible;opacity:1") }
            }
        }
        KeyframesWriter.motion(into: &out) { out in
            for scope in scopes {
                out.raw("." + scope + "{")
                KeyframesWriter.animation(KeyframesName(scope, "fade"), over: window, easing: easing, linear: false, into: &out)
                out.raw("}\n")
            }
        }
        return out.takeBytes()
    }

    /// Each waiting facet's group (scope, until) transparent from load until `until` ms, while
    /// a leaving facet fades out of its cell; only where motion is welcome (reduced motion
    /// shows the final grid at once). Opacity, not visibility: in WebKitGTK (2.50.6) a
    /// descendant of a group whose animated `visibility` was `hidden` keeps a stale style
    /// when its own delayed animation is seeked past its end (a label's fade then reads its
    /// `from` opacity 0 at rest, Chromium and Firefox 1; `Tests/browser/test_label_layout.py`);
    /// an animated opacity hides the cell the same in every engine without that.
    static func waitRules(_ waits: [(scope: String, until: Double)]) -> [UInt8] {
        guard !waits.isEmpty else { return [] }
        var out = ByteWriter(capacity: 192 * waits.count)
        for w in waits {
            KeyframesWriter.block(KeyframesName(w.scope, "wait"), into: &out) {
                KeyframesWriter.frame("from", into: &$0) { $0.raw("opacity:0") }
                KeyframesWriter.frame("to", into: &$0) { $0.raw("opacity:1") }
            }
        }
        KeyframesWriter.motion(into: &out) { out in
            for w in waits {
                out.raw("." + w.scope + "{")
                // `step-end` holds `0` until the end, then `both` keeps `1`: shown at
                // `until` in every engine, whichever side of the end a seek lands on.
                KeyframesWriter.animation(KeyframesName(w.scope, "wait"), into: &out) {
                    $0.num(w.until)
                    $0.raw("ms step-end both")
                }
                out.raw("}\n")
            }
        }
        return out.takeBytes()
    }

    /// `animation` without an enter animation: the options of a plan that stands still (a
    /// chart of rings as a whole, `BundleWriter.ringsWhole`; a facet grid's frame).
    static func still(_ animation: AnimationOptions) -> AnimationOptions {
        var none = animation
        none.enter = .none
        return none
    }

    /// One facet drawn: its scene (and its rings'), styles and body (as a history step's);
    /// `interactive`: also its body for index.html (`page`: focusable slices, tooltips in
    /// `format`).
    struct FacetScene {
        var scene: Scene
        var css: [UInt8]
        var body: ByteWriter
        var page: ByteWriter?

        init(_ chart: CompiledChart, format: FormatOptions = FormatOptions(), interactive: Bool = false) {
            // As in a bundle of rings: the whole chart's scene is still; the rings move.
            let plan = chart.rings.isEmpty ? chart.plan
                : BundleWriter.ringsWhole(layout: chart.layout, plan: chart.plan, animation: AnimationOptions())
            let drawn = RingSeams.drawn(chart.rings, chart: chart.layout)
            scene = Scene(stage: Stage(layout: chart.layout, plan: plan, rings: drawn.map(\.plan)), shape: nil, output: .facet)
            let rings = drawn.map { Scene(layout: $0.layout, plan: $0.plan, output: .facet) }
            var css = StyleWriter.css(scene)
            for ring in rings { css += StyleWriter.css(ring) }
            css += RingEdgeWriter.styles(chart: scene)
            self.css = css
            var writer = SVGWriter(scene: scene, title: "", description: "", format: format, withInline: interactive, rings: rings)
            var defs = Patterns.defs(scene)
            for ring in rings { defs += Patterns.defs(ring) }
            writer.writeBody()
            var body = ByteWriter(capacity: 4096)
            body.raw(defs)
            body.raw(writer.svg)
            self.body = body
            if let inline = writer.inline {
                // A writer of its own (a ByteWriter shares its storage when copied).
                var page = ByteWriter(capacity: 4096)
                page.raw(defs)
                page.raw(inline)
                self.page = page
            }
        }
    }

    /// The spec's description (else one naming the charts), then each chart's change sentence.
    static func description(_ spec: ChartSpec, composed: Composed) -> String {
        var text = spec.description ?? (String(spec.charts.count) + " charts: "
            + spec.charts.map { $0.title ?? $0.id }.joined(separator: ", ") + ".")
        for (facet, placed) in zip(spec.charts, composed.facets) {
            guard let sentence = placed.chart.changes?.sentence(locale: spec.format.locale) else { continue }
            text += " " + (facet.title ?? facet.id) + ": " + sentence
        }
        return text
    }

    /// A facet in the manifest: its id and scope, where its canvas and its pie's centre are
    /// on the bundle's canvas, its radii, angles, how long it waits hidden (`Placed.wait`) and
    /// its slices at rest (label, value, angles, radii, colour).
    static func facetJSON(_ p: Placed) -> JSONValue {
        let l = p.chart.layout
        func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }
        return .object([
            ("id", .string(p.id)), ("scope", .string("piec-" + l.id)),
            ("x", n(p.x)), ("y", n(p.y)), ("cx", n(l.cx + p.x)), ("cy", n(l.cy + p.y)),
            ("outerRadius", n(l.outerRadius)), ("innerRadius", n(l.innerRadius)),
            ("startAngle", n(l.startAngle)), ("sweep", n(l.sweep)), ("direction", .string(l.direction.rawValue)),
            ("entered", .bool(p.chart.changes == nil)), ("wait", n(p.wait)),
            ("slices", .array(l.slices.map { s in
                .object([("id", .string(s.id)), ("label", .string(s.label)), ("value", n(s.value)),
                         ("startAngle", n(s.startAngle)), ("endAngle", n(s.endAngle)),
                         ("outerRadius", n(s.outerRadius)), ("innerRadius", n(s.innerRadius)),
                         ("color", .string(ByteWriter.hexString(s.color)))])
            })),
        ])
    }

    /// When the grid moves (`FacetFrames.timeline`: what `piec render` spans), in ms after load.
    static func timelineJSON(_ composed: Composed) -> JSONValue {
        let line = FacetFrames.timeline(composed)
        return .object([("start", .number(line.start, decimals: 3)), ("length", .number(line.length, decimals: 3))])
    }

    /// index.html: the charts inline (`svg`: their interactive groups, `Drawn.page`; their
    /// styles and the page's rules in `css`), the description and, for screen readers, each
    /// chart's data table (captioned with its title, else its id).
    static func page(spec: ChartSpec, composed: Composed, title: String, description: String, css: [UInt8], svg: [UInt8]) -> [UInt8] {
        var out = ByteWriter(capacity: svg.count + css.count + 1024)
        out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        out.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>")
        out.text(title)
        out.raw("</title>\n<style>\n")
        out.raw("body{font-family:system-ui,sans-serif;margin:2rem;color:#222}\nsvg{max-width:100%;height:auto}\n")
        out.raw(".sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;")
        out.raw("clip-path:inset(50%);white-space:nowrap;border:0}\n")
        out.raw(css)
        out.raw("</style>\n</head>\n<body>\n<figure>\n")
        out.raw(svg)
        out.raw("<figcaption>")
        out.text(description)
        out.raw("</figcaption>\n</figure>\n")
        for (facet, placed) in zip(spec.charts, composed.facets) {
            HTMLPage.table(spec: spec, layout: placed.chart.layout, title: facet.title ?? facet.id, into: &out)
        }
        out.raw("</body>\n</html>\n")
        return out.takeBytes()
    }
}
