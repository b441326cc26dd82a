import PieJSON
import PieSpec

/// The bundle of `piec history`: every step of a chart's history (`History.steps`) drawn in
/// one SVG, each step in its own group scoped `piec-<id>_h<k>` with its own styles, shown
/// from the moment its transition starts until the next one starts, with a caption naming its
/// version. The steps' pies are aligned on one centre (each step group is moved so), so one
/// step ends exactly where the next begins. At rest (and for static renderers and
/// `prefers-reduced-motion: reduce`) only the last step is shown, at rest: the last version.
public enum HistoryWriter {
    /// What a history bundle's `specHash` covers before the spec's bytes: a history bundle is
    /// never taken for `piec build`'s bundle of the same spec (its fast path, `--check`, the
    /// previous version readers saw), though it has the same id and, at its end, the same spec.
    public static let hashMarker = Array("piec history\u{0}".utf8)

    public static func write(versions: [HistoryVersion], steps: [HistoryStep], hold: Double, sourceBytes: [UInt8]) -> Bundle {
        let final = versions[versions.count - 1].spec.flattened
        let id = final.id
        let scenes = steps.map(StepScene.init)
        // One centre for every step's pie, and a canvas holding every step around it.
        let canvas = HistoryCanvas(steps)
        let offsets = canvas.offsets, width = canvas.width, height = canvas.height
        let total = HistoryCanvas.duration(steps)
        let rootScope = "piec-" + id

        var css = ByteWriter(capacity: 4096)
        for scene in scenes { css.raw(scene.css) }
        stepRules(steps, total: total, scope: rootScope, into: &css)
        let title = final.title.flatMap { $0.isEmpty ? nil : $0 } ?? id
        let description = Self.description(versions, final: final, layout: steps[steps.count - 1].chart.layout)

        var svg = ByteWriter(capacity: 8192 + css.count)
        openRoot(scope: rootScope, width: width, height: height, title: title, description: description, fontSize: steps.last?.chart.layout.fontSize ?? 12, into: &svg)
        svg.raw("<style>\n")
        svg.raw(css)
        svg.raw("</style>\n")
        if let background = steps.last?.chart.layout.background {
            svg.open("rect", ClassPrefix.background)
            svg.raw("\" width=\"")
            svg.num(width)
            svg.raw("\" height=\"")
            svg.num(height)
            svg.raw("\" fill=\"")
            svg.hex(background)
            svg.raw("\"/>\n")
        }
        for (k, step) in scenes.enumerated() {
            let last = k == scenes.count - 1
            svg.open("g", ClassPrefix.historyStep, ClassPrefix.historyStepIndex)
            svg.int(k)
            svg.raw(" ")
            svg.raw(step.scene.scope)
            svg.raw(last ? "\">\n" : "\" visibility=\"hidden\" opacity=\"0\">\n")
            svg.raw("<g transform=\"translate(")
            svg.num(offsets[k].x)
            svg.raw(" ")
            svg.num(offsets[k].y)
            svg.raw(")\">\n")
            svg.raw(step.body)
            svg.raw("</g>\n")
            canvas.caption(versions[k], ink: DarkTheme.lightModeInk(steps[k].chart.layout), into: &svg)
            svg.raw("</g>\n")
        }
        svg.raw("</svg>\n")
        let svgBytes = svg.takeBytes()

        let html = page(title: title, description: description, css: css.bytes, svg: svgBytes, versions: versions, at: steps.map(\.at))
        let lastStep = steps[steps.count - 1]
        var drawn = lastStep.chart.layout
        drawn.id = id
        drawn.cx += offsets[offsets.count - 1].x
        drawn.cy += offsets[offsets.count - 1].y
        drawn.width = width
        drawn.height = height
        let versionList = JSONValue.array(zip(versions, steps).enumerated().map { k, pair in
            version(pair.0, step: pair.1, offset: offsets[k])
        })
        let manifest = Manifest.bytes(spec: versions[versions.count - 1].spec, previous: versions.count > 1 ? versions[versions.count - 2].spec : nil,
                                      sourceBytes: hashMarker + sourceBytes, layout: drawn,
                                      plan: lastStep.chart.plan, changes: lastStep.chart.changes, files: Bundle.fileNames,
                                      extra: [("history", .object([("hold", .number(hold, decimals: 3)), ("duration", .number(total, decimals: 3))])),
                                              ("versions", versionList)])
        return Bundle(id: id, files: [
            BundleFile(name: "chart.svg", bytes: svgBytes),
            BundleFile(name: "chart.css", bytes: css.bytes),
            BundleFile(name: "index.html", bytes: html),
            BundleFile(name: "manifest.json", bytes: manifest),
        ])
    }

    /// One step drawn: its scene (and its rings'), styles and body.
    struct StepScene {
        var scene: Scene
        var css: [UInt8]
        var body: ByteWriter

        init(_ step: HistoryStep) {
            let layout = step.chart.layout
            // As in a bundle of rings: the whole chart's scene is still; the rings move.
            let plan = step.chart.rings.isEmpty ? step.chart.plan
                : BundleWriter.ringsWhole(layout: layout, plan: step.chart.plan, animation: AnimationOptions())
            let drawn = RingSeams.drawn(step.chart.rings, chart: step.chart.layout)
            scene = Scene(stage: Stage(layout: layout, plan: plan, rings: drawn.map(\.plan)), shape: nil, output: .history)
            let rings = drawn.map { Scene(layout: $0.layout, plan: $0.plan, output: .history) }
            var css = StyleWriter.css(scene)
            for ring in rings { css += StyleWriter.css(ring) }
            css += RingEdgeWriter.styles(chart: scene)
            self.css = css
            var writer = SVGWriter(scene: scene, title: "", description: "", format: FormatOptions(), withInline: false, rings: rings)
            writer.writeBody()
            body = writer.svg
        }
    }

    /// Each step's group is shown from its start to the next step's start (the last one to
    /// the end); `step-end` holds each keyframe's value until the next.
    static func stepRules(_ steps: [HistoryStep], total: Double, scope: String, into out: inout ByteWriter) {
        stepRules(starts: steps.map(\.start), total: total, scope: scope, into: &out)
    }

    /// The same for steps starting at `starts` (ms after load; a history of `charts:`).
    static func stepRules(starts: [Double], total: Double, scope: String, into out: inout ByteWriter) {
        guard total > 0 else { return }
        let line = TimeWindow(start: 0, length: total)
        for (k, start) in starts.enumerated() {
            KeyframesWriter.block(KeyframesName(scope, "h", k), into: &out) {
                if start > 0 { KeyframesWriter.frame("0%", into: &$0) { $0.raw("visibility:hidden;opacity:0") } }
                KeyframesWriter.frame(CSSTiming.offset(start, in: line), into: &$0) { $0.raw("visibility:visible;opacity:1") }
                if k + 1 < starts.count {
                    KeyframesWriter.frame(CSSTiming.offset(starts[k + 1], in: line), into: &$0) { $0.raw("visibility:hidden;opacity:0") }
                }
            }
        }
        out.raw("." + scope + "{\n")
        let runners = starts.indices.map { KeyframesWriter.Runner(prefix: ClassPrefix.historyStepIndex, index: $0, name: KeyframesName(scope, "h", $0)) }
        KeyframesWriter.runners(runners, into: &out) {
            $0.num(total)
            $0.raw("ms step-end both")
        }
        out.raw("}\n")
    }

    static func openRoot(scope: String, width: Double, height: Double, title: String, description: String, fontSize: Double,
                         role: String = "img", into out: inout ByteWriter) {
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + scope + "\" width=\"")
        out.num(width)
        out.raw("\" height=\"")
        out.num(height)
        out.raw("\" viewBox=\"0 0 ")
        out.num(width)
        out.raw(" ")
        out.num(height)
        out.raw("\" role=\"" + role + "\" aria-labelledby=\"" + scope + "-title\" aria-describedby=\"" + scope + "-desc\" font-family=\"")
        out.text(TextMetrics.fontFamily)
        out.raw("\" font-size=\"")
        out.num(fontSize)
        out.raw("\">\n<title id=\"" + scope + "-title\">")
        out.text(title)
        out.raw("</title>\n<desc id=\"" + scope + "-desc\">")
        out.text(description)
        out.raw("</desc>\n")
    }

    static func description(_ versions: [HistoryVersion], final: ChartSpec, layout: ChartLayout) -> String {
        Summary.description(final, layout: layout) + versionsSentence(versions)
    }

    /// ` History: N versions, FIRST to LAST.` (the dates of the committed ones).
    static func versionsSentence(_ versions: [HistoryVersion]) -> String {
        let dated = versions.map(\.date).filter { !$0.isEmpty }
        var text = String(versions.count) + (versions.count == 1 ? " version" : " versions")
        if let first = dated.first, let last = dated.last { text += first == last ? " of " + first : ", " + first + " to " + last }
        return " History: " + text + "."
    }

    static func version(_ v: HistoryVersion, step: HistoryStep, offset: (x: Double, y: Double)) -> JSONValue {
        let layout = step.chart.layout
        func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }
        return .object([
            ("commit", .string(v.commit)), ("date", .string(v.date)), ("subject", .string(v.subject)),
            ("at", n(step.at)), ("start", n(step.start)),
            ("cx", n(layout.cx + offset.x)), ("cy", n(layout.cy + offset.y)),
            ("slices", .array(layout.slices.map { s in
                .object([("id", .string(s.id)), ("startAngle", n(s.startAngle)), ("endAngle", n(s.endAngle)),
                         ("outerRadius", n(s.outerRadius)), ("innerRadius", n(s.innerRadius)),
                         ("color", .string(ByteWriter.hexString(s.color)))])
            })),
        ])
    }

    /// index.html: the history inline (its styles in the page) and the list of versions.
    /// `at`: when each version is reached (ms after load).
    static func page(title: String, description: String, css: [UInt8], svg: [UInt8], versions: [HistoryVersion],
                     at: [Double]) -> [UInt8] {
        var out = ByteWriter(capacity: svg.count + css.count + 1024 + versions.count * 160)
        out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        out.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>")
        out.text(title)
        out.raw("</title>\n<style>\n")
        out.raw("body{font-family:system-ui,sans-serif;margin:2rem;color:#222}\nsvg{max-width:100%;height:auto}\n")
        out.raw("td,th{padding:0.2rem 0.6rem;text-align:left}\n")
        out.raw(css)
        out.raw("</style>\n</head>\n<body>\n<h1>")
        out.text(title)
        out.raw("</h1>\n<figure>\n")
        // The SVG without its own <style> (the page holds the same rules).
        out.raw(stripStyle(svg))
        out.raw("<figcaption>")
        out.text(description)
        out.raw("</figcaption>\n</figure>\n<table>\n<caption>Versions</caption>\n")
        out.raw("<thead><tr><th scope=\"col\">Date</th><th scope=\"col\">Commit</th><th scope=\"col\">Change</th><th scope=\"col\">Shown at</th></tr></thead>\n<tbody>\n")
        for (v, reached) in zip(versions, at) {
            out.raw("<tr><td>")
            out.text(v.date)
            out.raw("</td><td>")
            out.text(String(v.commit.prefix(12)))
            out.raw("</td><td>")
            out.text(TextLines.joined(v.subject))
            out.raw("</td><td>")
            out.num(reached / 1000, decimals: 2)
            out.raw(" s</td></tr>\n")
        }
        out.raw("</tbody>\n</table>\n</body>\n</html>\n")
        return out.takeBytes()
    }

    /// `svg` without its `<style>...</style>` element.
    static func stripStyle(_ svg: [UInt8]) -> [UInt8] {
        let open = Array("<style>\n".utf8), close = Array("</style>\n".utf8)
        guard let start = svg.firstRange(of: open), let end = svg[start.upperBound...].firstRange(of: close) else { return svg }
        return Array(svg[..<start.lowerBound]) + Array(svg[end.upperBound...])
    }
}
