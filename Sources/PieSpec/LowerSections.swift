import PieDiagnostics
import PieYAML

/// Lowering of each section of the spec, top to bottom.
extension Lowering {
    mutating func lower(_ root: YAMLNode) -> ChartSpec {
        var spec = ChartSpec(id: defaultID)
        guard let e = entries(root, table: Keys.root, path: "") else { return spec }
        let k = Keys.root
        if let v = e["piec"], let version = integer(v.value, k.key("piec")!, path: "piec") {
            if version != 1 {
                // As written: a version too large for Int (say 10^21) must not print as Int.max.
                let written = if case .scalar(let s) = v.value { s.value } else { String(version) }
                error(SpecDiagnostics.badVersion, "unsupported spec version \(written)", at: v.value.range,
                      notes: ["this piec reads spec format version 1"], help: "write `piec: 1`, or upgrade piec")
            }
        }
        if let v = e["id"], let id = identifier(v.value, k.key("id")!, path: "id") { spec.id = id }
        if let v = e["title"] { spec.title = text(v.value, k.key("title")!, path: "title") }
        if let v = e["subtitle"] { spec.subtitle = text(v.value, k.key("subtitle")!, path: "subtitle") }
        if let v = e["description"] { spec.description = text(v.value, k.key("description")!, path: "description") }
        if let v = e["chart"] { spec.chart = lowerChart(v.value) }
        if let v = e["labels"] { spec.labels = lowerLabels(v.value) }
        if let v = e["format"] { spec.format = lowerFormat(v.value) }
        if let v = e["legend"] { spec.legend = lowerLegend(v.value) }
        if let v = e["theme"] { spec.theme = lowerTheme(v.value) }
        if let v = e["animation"] { spec.animation = lowerAnimation(v.value) }
        if let v = e["slices"] { spec.slices = lowerSlices(v.value) }
        if let slices = lowerSliceSource(e, root: root) { spec.slices = slices }
        validate(spec, slicesEntry: e["slices"] ?? e["data"])
        return spec
    }

    mutating func lowerChart(_ node: YAMLNode) -> ChartOptions {
        var c = ChartOptions()
        let t = Keys.chart
        guard let e = entries(node, table: t, path: "chart") else { return c }
        func p(_ k: String) -> String { "chart.\(k)" }
        if let v = e["size"], let x = number(v.value, t.key("size")!, path: p("size")) { c.size = x }
        if let v = e["innerRadius"], let x = number(v.value, t.key("innerRadius")!, path: p("innerRadius")) { c.innerRadius = x }
        if let v = e["startAngle"], let x = number(v.value, t.key("startAngle")!, path: p("startAngle")) { c.startAngle = x }
        if let v = e["sweep"], let x = number(v.value, t.key("sweep")!, path: p("sweep")) { c.sweep = x }
        if let v = e["direction"], let x = choice(v.value, t.key("direction")!, path: p("direction")) { c.direction = Direction(rawValue: x)! }
        if let v = e["total"], let x = number(v.value, t.key("total")!, path: p("total")) { c.total = x }
        if let v = e["track"] { c.track = color(v.value, path: p("track")) }
        if let v = e["sort"], let x = choice(v.value, t.key("sort")!, path: p("sort")) { c.sort = SortOrder(rawValue: x)! }
        if let v = e["center"] { c.center = template(v.value, path: p("center")) }
        if let v = e["padAngle"], let x = number(v.value, t.key("padAngle")!, path: p("padAngle")) { c.padAngle = x }
        if let v = e["cornerRadius"], let x = number(v.value, t.key("cornerRadius")!, path: p("cornerRadius")) { c.cornerRadius = x }
        if let v = e["other"] { c.other = lowerOther(v.value) }
        if let v = e["minAngle"], let x = number(v.value, t.key("minAngle")!, path: p("minAngle")) { c.minAngle = x }
        if let v = e["showTitle"], let x = boolean(v.value, path: p("showTitle")) { c.showTitle = x }
        return c
    }

    mutating func lowerLabels(_ node: YAMLNode) -> LabelOptions {
        var l = LabelOptions()
        let t = Keys.labels
        guard let e = entries(node, table: t, path: "labels") else { return l }
        if let v = e["content"], let template = template(v.value, path: "labels.content") { l.content = template }
        if let v = e["position"], let x = choice(v.value, t.key("position")!, path: "labels.position") { l.position = LabelPosition(rawValue: x)! }
        if let v = e["minPercent"], let x = number(v.value, t.key("minPercent")!, path: "labels.minPercent") { l.minPercent = x }
        if let v = e["radius"], let x = number(v.value, t.key("radius")!, path: "labels.radius") { l.radius = x }
        return l
    }

    mutating func lowerLegend(_ node: YAMLNode) -> LegendOptions {
        var l = LegendOptions()
        let t = Keys.legend
        guard let e = entries(node, table: t, path: "legend") else { return l }
        if let v = e["position"], let x = choice(v.value, t.key("position")!, path: "legend.position") { l.position = LegendPosition(rawValue: x)! }
        if let v = e["title"] { l.title = text(v.value, t.key("title")!, path: "legend.title") }
        if let v = e["values"], let x = choice(v.value, t.key("values")!, path: "legend.values") { l.values = LegendValues(rawValue: x)! }
        return l
    }

    /// A label template (`labels.content`, `chart.center`); nil after an error.
    mutating func template(_ node: YAMLNode, path: String) -> LabelTemplate? {
        guard let s = scalar(node, expected: "a label template", path: path),
              let text = checkedText(s, maxLength: 200, path: path) else { return nil }
        switch LabelTemplate.parse(text) {
        case .success(let template): return template
        case .failure(let failure):
            let token = Suggestions.closest(to: failure.name, among: LabelTemplate.Token.allCases.map(\.rawValue), limit: 1).first
            let help = failure.name == "{" ? "close the brace, or remove it" : token.map { "did you mean `{\($0)}`?" }
            let what = failure.name == "{" ? "an unclosed `{`" : "the unknown token `{\(sanitized(failure.name))}`"
            error(SpecDiagnostics.badTemplate, "`\(path)` has \(what)", at: s.range,
                  notes: ["tokens: {label} {value} {percent} {id} {total}"], help: help)
            return nil
        }
    }

    mutating func lowerFormat(_ node: YAMLNode) -> FormatOptions {
        var f = FormatOptions()
        let t = Keys.format
        guard let e = entries(node, table: t, path: "format") else { return f }
        if let v = e["decimals"], let x = integer(v.value, t.key("decimals")!, path: "format.decimals") { f.decimals = x }
        if let v = e["prefix"], let x = text(v.value, t.key("prefix")!, path: "format.prefix") { f.prefix = x }
        if let v = e["suffix"], let x = text(v.value, t.key("suffix")!, path: "format.suffix") { f.suffix = x }
        if let v = e["locale"], let x = choice(v.value, t.key("locale")!, path: "format.locale") { f.locale = NumberLocale.named(x)! }
        return f
    }

    mutating func lowerTheme(_ node: YAMLNode) -> ThemeOptions {
        var th = ThemeOptions()
        guard let e = entries(node, table: Keys.theme, path: "theme") else { return th }
        if let v = e["palette"], let p = palette(v.value) { th.palette = p }
        if let v = e["stroke"], let s = entries(v.value, table: Keys.stroke, path: "theme.stroke") {
            if let c = s["color"], let x = color(c.value, path: "theme.stroke.color") { th.stroke.color = x }
            if let w = s["width"], let x = number(w.value, Keys.stroke.key("width")!, path: "theme.stroke.width") { th.stroke.width = x }
        }
        if let v = e["background"], let c = color(v.value, path: "theme.background") { th.background = c.a == 0 ? nil : c }
        lowerThemeModes(e, into: &th)
        return th
    }

    mutating func palette(_ node: YAMLNode) -> Palette? {
        if case .sequence(let items, let range) = node {
            guard !items.isEmpty else {
                error(SpecDiagnostics.wrongType, "`theme.palette` must list at least one colour", at: range)
                return nil
            }
            var colors: [Color] = []
            for (i, item) in items.enumerated() {
                if let c = color(item, path: "theme.palette[\(i)]", opaque: true) { colors.append(c) }
            }
            return colors.count == items.count ? .list(colors) : nil
        }
        guard let s = scalar(node, expected: "a palette name or a list of colours", path: "theme.palette") else { return nil }
        guard Palettes.names.contains(s.value) else {
            error(SpecDiagnostics.unknownPalette, "unknown palette `\(sanitized(s.value))`", at: s.range,
                  help: Suggestions.didYouMean(s.value, among: Palettes.names) ?? "known palettes: \(Palettes.names.joined(separator: ", "))")
            return nil
        }
        return .named(s.value)
    }

    mutating func lowerAnimation(_ node: YAMLNode) -> AnimationOptions {
        var a = AnimationOptions()
        let t = Keys.animation
        guard let e = entries(node, table: t, path: "animation") else { return a }
        if let v = e["duration"], let x = duration(v.value, t.key("duration")!, path: "animation.duration") { a.duration = x }
        if let v = e["easing"], let x = easing(v.value, path: "animation.easing") { a.easing = x }
        if let v = e["delay"], let x = duration(v.value, t.key("delay")!, path: "animation.delay") { a.delay = x }
        if let v = e["enter"], let x = choice(v.value, t.key("enter")!, path: "animation.enter") { a.enter = EnterAnimation(rawValue: x)! }
        if let v = e["stages"], let x = choice(v.value, t.key("stages")!, path: "animation.stages") { a.stages = AnimationStages(rawValue: x)! }
        if let v = e["stagger"], let x = duration(v.value, t.key("stagger")!, path: "animation.stagger") { a.stagger = x }
        return a
    }
}
