import PieDiagnostics

extension ChartSpec {
    /// The canonical spec: every field explicit (defaults filled), keys in table order, numbers
    /// in piec's fixed format. JSON is YAML, so piec re-parses it (`--from` a bundle folder).
    public func canonicalJSON() -> JSONValue {
        func num(_ v: Double) -> JSONValue { .number(v, decimals: 9) }
        var root: [(String, JSONValue)] = [("piec", .int(version)), ("id", .string(id))]
        if let title { root.append(("title", .string(title))) }
        if let subtitle { root.append(("subtitle", .string(subtitle))) }
        if let description { root.append(("description", .string(description))) }
        var c: [(String, JSONValue)] = [
            ("size", num(chart.size)), ("innerRadius", num(chart.innerRadius)), ("startAngle", num(chart.startAngle)),
            ("sweep", num(chart.sweep)), ("direction", .string(chart.direction.rawValue)),
        ]
        if let total = chart.total { c.append(("total", num(total))) }
        if let track = chart.track { c.append(("track", .string(track.hex))) }
        c.append(("sort", .string(chart.sort.rawValue)))
        if let center = chart.center { c.append(("center", .string(center.source))) }
        // Geometry keys appear only when used, so older canonical specs stay byte-identical.
        if chart.padAngle > 0 { c.append(("padAngle", num(chart.padAngle))) }
        if chart.cornerRadius > 0 { c.append(("cornerRadius", num(chart.cornerRadius))) }
        if let other = chart.other {
            var o: [(String, JSONValue)] = []
            if let m = other.maxSlices { o.append(("maxSlices", .int(m))) }
            o += [("minPercent", num(other.minPercent)), ("label", .string(other.label)), ("color", .string(other.color.hex))]
            c.append(("other", .object(o)))
        }
        c.append(("minAngle", num(chart.minAngle)))
        // Keys of issue 14 appear only when they differ from the default (older canonical
        // specs stay byte-identical).
        if !chart.showTitle { c.append(("showTitle", .bool(false))) }
        if chart.rose != .none { c.append(("rose", .string(chart.rose.rawValue))) }
        root.append(("chart", .object(c)))
        var l: [(String, JSONValue)] = [
            ("content", .string(labels.content.source)), ("position", .string(labels.position.rawValue)),
            ("minPercent", num(labels.minPercent)),
        ]
        if let radius = labels.radius { l.append(("radius", num(radius))) }
        root.append(("labels", .object(l)))
        root.append(("format", .object([("decimals", .int(format.decimals)), ("prefix", .string(format.prefix)), ("suffix", .string(format.suffix)),
                                          ("locale", .string(format.locale.code))])))
        var lg: [(String, JSONValue)] = [("position", .string(legend.position.rawValue))]
        if let title = legend.title { lg.append(("title", .string(title))) }
        if legend.values != .percent { lg.append(("values", .string(legend.values.rawValue))) }
        root.append(("legend", .object(lg)))
        let palette: JSONValue = switch theme.palette {
        case .named(let name): .string(name)
        case .list(let colors): .array(colors.map { .string($0.hex) })
        }
        var th: [(String, JSONValue)] = [
            ("palette", palette),
            ("stroke", .object([("color", .string(theme.stroke.color.hex)), ("width", num(theme.stroke.width))])),
            ("background", .string(theme.background?.hex ?? "transparent")),
            ("dark", .string(theme.dark.rawValue)),
        ]
        if let dark = theme.darkBackground { th.append(("darkBackground", .string(dark.hex))) }
        th.append(("patterns", .string(theme.patterns.rawValue)))
        root.append(("theme", .object(th)))
        root.append(("animation", .object([
            ("duration", .string(formatNumber(animation.duration, decimals: 3) + "ms")), ("easing", .string(animation.easing.css)),
            ("delay", .string(formatNumber(animation.delay, decimals: 3) + "ms")), ("enter", .string(animation.enter.rawValue)),
            ("stages", .string(animation.stages.rawValue)), ("stagger", .string(formatNumber(animation.stagger, decimals: 3) + "ms")),
        ])))
        root.append(("slices", .array(slices.map { s in
            var m: [(String, JSONValue)] = [("id", .string(s.id)), ("label", .string(s.label)), ("value", num(s.value))]
            if let color = s.color { m.append(("color", .string(color.hex))) }
            if let radius = s.radius { m.append(("radius", num(radius))) }
            if let explode = s.explode { m.append(("explode", num(explode))) }
            if let d = s.description { m.append(("description", .string(d))) }
            if !s.renamedFrom.isEmpty { m.append(("renamedFrom", .array(s.renamedFrom.map(JSONValue.string)))) }
            if let pattern = s.pattern { m.append(("pattern", .string(pattern.rawValue))) }
            return .object(m)
        })))
        return .object(root)
    }
}
