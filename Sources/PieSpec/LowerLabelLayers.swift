import PieDiagnostics
import PieYAML

/// `labels` as a list of label layers: lowering, and the checks that a list can be drawn.
/// Layers are matched between versions by their index in the list. A layer takes one of the
/// two places a label can have: inside its slice (`inside`) or beside the pie (`outside`, or a
/// `radius` above 1); `auto` takes both, so it shares a place with any other layer (E0357).
/// An empty list (E0356) and a layer that draws nothing (`position: none`, E0359) are refused.
/// Two layers that pass are one beside the pie and one inside the slices: the one beside the
/// pie is the chart's `labels` (every label key applies to it as to a mapping), the one
/// inside is `ChartSpec.insideLayer`, which draws its content, `minPercent`, `radius`, `size`
/// and `color`; its other keys are refused (E0358: not drawn on a second layer yet), and
/// `size` anywhere else (E0363: outside labels are laid out at the chart's font size).
extension Lowering {
    mutating func lowerLabelLayers(_ node: YAMLNode, _ table: KeyTable, into spec: inout ChartSpec) {
        guard case .sequence(let items, let range) = node else {
            lowerFields(node, table, path: "labels", into: &spec.labels)
            refuseSize("labels", inside: nil)
            return
        }
        guard !items.isEmpty else {
            error(SpecDiagnostics.noLabelLayers, "`labels` lists no label layer", at: range,
                  notes: ["`labels` is one mapping of label keys, or a list of label layers, each such a mapping"],
                  help: "write `labels: { position: none }` to draw no labels, or list at least one layer such as `- { content: '{label}' }`")
            return
        }
        var layers: [LabelOptions] = []
        for (i, item) in items.enumerated() {
            var layer = LabelOptions()
            guard lowerFields(item, table, path: "labels[\(i)]", into: &layer) else { return }
            layers.append(layer)
        }
        // The main layer: the one beside the pie of two (names outside, percentages inside),
        // else the first.
        let main = layers.count == 2 ? layers.firstIndex(where: { Self.places($0) == (false, true) }) ?? 0 : 0
        // The checks across label keys read `labels.KEY`: the main layer's locations under
        // that path too, so they point into the list.
        for f in locations.sections where f.section == "labels[\(main)]" {
            var alias = f
            alias.section = "labels"
            locations.sections.append(alias)
        }
        spec.labels = layers[main]
        spec.labelLayers = layers
        validateLayers(layers, items: items)
    }

    /// The keys a second (inside) layer does not draw yet, each refused where it is written
    /// (E0358): its box, detail line, turn, leader lines and priority, and `color: slice`
    /// (a label inside its slice in that slice's colour would not show).
    static let keysNotDrawnOnALayer = ["box", "detail", "orientation", "leader", "leaderColor", "priority"]

    /// `size` where it is not drawn (E0363): on a single `labels` mapping, or on the layer
    /// beside the pie of two (`inside`: the index of the inside layer, which draws it).
    private mutating func refuseSize(_ path: String, inside: Int?) {
        guard let range = locations.key("\(path).size") else { return }
        error(SpecDiagnostics.labelSizeNotDrawn, "`\(path).size` is not drawn: only the inside label layer has its own size", at: range,
              notes: ["labels beside the pie and a single `labels` mapping are laid out at the chart's font size (12 px)",
                      "this key would be accepted and not drawn"],
              help: inside.map { "remove `size` here, or move it to the inside layer (`labels[\($0)]`)" }
                  ?? "remove `size`, or list two layers (names `outside`, percentages `inside`) and give the inside one its `size`")
    }

    /// The place a layer's labels take: inside their slices, beside the pie, or both (`auto`).
    private static func places(_ l: LabelOptions) -> (inside: Bool, outside: Bool) {
        switch l.position {
        case .none: (false, false)
        case .inside: (l.distance == nil, l.distance != nil)
        case .outside: (false, true)
        case .auto: (l.distance == nil, true)
        }
    }

    private mutating func validateLayers(_ layers: [LabelOptions], items: [YAMLNode]) {
        guard layers.count > 1 else { return refuseSize("labels[0]", inside: nil) }
        func at(_ i: Int, _ key: String) -> SourceRange? { locations.value("labels[\(i)].\(key)") }
        var refused = false
        for (i, layer) in layers.enumerated() where layer.position == .none {
            refused = true
            error(SpecDiagnostics.silentLabelLayer, "label layer \(i) draws nothing: its `position` is `none`", at: at(i, "position") ?? items[i].range,
                  notes: ["a layer of a list is drawn with the others; one that draws nothing would be accepted and ignored"],
                  help: "remove this layer from the list")
        }
        for j in layers.indices.dropFirst() where layers[j].position != .none {
            let b = Self.places(layers[j])
            guard let i = (0..<j).first(where: {
                let a = Self.places(layers[$0])
                return (a.inside && b.inside) || (a.outside && b.outside)
            }) else { continue }
            refused = true
            let a = Self.places(layers[i])
            let place = a.outside && b.outside ? "beside the pie" : "inside the slices"
            let word = { (k: Int) in layers[k].distance != nil && layers[k].position != .auto ? "`radius: \(layers[k].radius!)`" : "`position: \(layers[k].position.rawValue)`" }
            error(SpecDiagnostics.labelLayersCollide, "label layers \(i) and \(j) both put labels \(place), where they would overlap",
                  at: at(j, "position") ?? at(j, "radius") ?? items[j].range,
                  labels: [DiagnosticLabel(range: at(i, "position") ?? at(i, "radius") ?? items[i].range, message: "layer \(i) puts its labels \(place) (\(word(i)))")],
                  notes: ["each layer takes one place: `inside` its slices, or beside the pie (`outside`, or a `radius` above 1); `auto` takes both",
                          "the default position is `auto`"],
                  help: "give one layer `position: inside` and the other `position: outside` (e.g. names outside, percentages inside)")
        }
        guard !refused, let i = layers.indices.first(where: { Self.places(layers[$0]) == (true, false) }) else { return }
        let main = 1 - i
        refuseSize("labels[\(main)]", inside: i)
        var written = Self.keysNotDrawnOnALayer.compactMap { key in locations.key("labels[\(i)].\(key)").map { (key, $0) } }
        if layers[i].color == .slice, let range = at(i, "color") { written.append(("color: slice", range)) }
        for (key, range) in written {
            error(SpecDiagnostics.labelLayersNotDrawn, "`\(key)` is not drawn on the inside label layer (`labels[\(i)]`)", at: range,
                  labels: [DiagnosticLabel(range: at(main, "position") ?? at(main, "radius") ?? items[main].range, message: "the layer beside the pie draws every label key")],
                  notes: ["a second label layer draws its `content`, `minPercent`, `radius`, `size` and `color` (`auto` or a colour)",
                          key == "color: slice" ? "a label inside its slice in that slice's colour would not show" : "this key would be accepted and not drawn"],
                  help: "remove `\(key.split(separator: ":")[0])` from this layer, or use it on the layer beside the pie (`labels[\(main)]`)")
        }
        if Self.showsNothing(layers[i].content), let range = at(i, "content") {
            error(SpecDiagnostics.emptyLabel, "`labels[\(i)].content` shows nothing", at: range,
                  notes: ["an empty label would still be laid out"],
                  help: "remove this layer, or write a template such as `{percent}`")
        }
    }
}
