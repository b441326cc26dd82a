import PieDiagnostics
import PieYAML

/// `labels` as a list of label layers: lowering, and the checks that a list can be drawn.
/// Layers are matched between versions by their index in the list. A layer takes one of the
/// two places a label can have: inside its slice (`inside`) or beside the pie (`outside`, or a
/// `radius` above 1); `auto` takes both, so it shares a place with any other layer (E0357).
/// An empty list (E0356) and a layer that draws nothing (`position: none`, E0359) are refused;
/// so is, for now, a second layer that would be drawn (E0358: the layout, stage and writers
/// draw one layer).
extension Lowering {
    mutating func lowerLabelLayers(_ node: YAMLNode, _ table: KeyTable, into spec: inout ChartSpec) {
        guard case .sequence(let items, let range) = node else {
            lowerFields(node, table, path: "labels", into: &spec.labels)
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
        // The checks across label keys read `labels.KEY`: the first layer's locations under
        // that path too, so they point into the list.
        for f in locations.sections where f.section == "labels[0]" {
            var alias = f
            alias.section = "labels"
            locations.sections.append(alias)
        }
        spec.labels = layers[0]
        spec.labelLayers = layers
        validateLayers(layers, items: items)
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
        guard layers.count > 1 else { return }
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
        guard !refused else { return }
        error(SpecDiagnostics.labelLayersNotDrawn, "this piec draws one label layer; `labels` lists \(layers.count)", at: items[1].range,
              notes: ["the list is read, checked and kept in the canonical spec, but only one layer is laid out, animated and drawn"],
              help: "keep one layer, or put a second line under each label with `labels.detail`")
    }
}
