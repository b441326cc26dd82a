import PieDiagnostics
import PieYAML

/// `labels`: the typing of `labels.color`, and the checks across its keys: a template that
/// shows nothing (E0322), leader keys where no label is outside (E0321: a kept label may be),
/// `color: slice` where every label is inside its own slice (E0323), and a slice's
/// `keepLabel` on a chart without labels (E0350).
extension Lowering {
    /// `auto`, `slice` or an opaque colour; nil after an error.
    mutating func labelColor(_ node: YAMLNode, path: String) -> LabelColor? {
        if case .scalar(let s) = node, s.value == "auto" || s.value == "slice" { return s.value == "auto" ? .auto : .slice }
        let before = diagnostics.count
        guard let c = color(node, path: path, opaque: true) else {
            // A word that is no colour: say which words there are.
            if diagnostics.count > before, case .scalar(let s) = node, let d = diagnostics.last,
               d.code == SpecDiagnostics.badColor, s.value.allSatisfy(\.isLetter) {
                diagnostics[diagnostics.count - 1].help = Suggestions.didYouMean(s.value, among: ["auto", "slice"] + CSSColorNames.names)
                    ?? "write `auto`, `slice` or a colour such as `#333333`"
            }
            return nil
        }
        return .color(c)
    }

    mutating func validateLabels(_ spec: ChartSpec) {
        for path in ["labels.content", "labels.detail.content"] {
            let template = path == "labels.content" ? spec.labels.content : spec.labels.detail?.content
            guard let template, Lowering.showsNothing(template), let range = locations.value(path) else { continue }
            error(SpecDiagnostics.emptyLabel, "`\(path)` shows nothing", at: range,
                  notes: ["an empty label would still be laid out: leader lines to no text, and room kept for it"],
                  help: path == "labels.content" ? "write `labels.position: none` to draw no labels, or a template such as `{label}`"
                      : "remove `labels.detail` to draw no second line, or write a template such as `{value}`")
        }
        if spec.labels.position == .none {
            let noLabels = locations.value("labels.position").map { [DiagnosticLabel(range: $0, message: "no labels drawn")] } ?? []
            for (i, s) in spec.flattened.slices.enumerated() where s.keepLabel {
                guard i < locations.slices.count, let range = locations.slices[i].field("keepLabel")?.value else { continue }
                error(SpecDiagnostics.keepWithoutLabels, "`keepLabel` keeps a label that `labels.position: none` never draws", at: range,
                      labels: noLabels, help: "remove `keepLabel`, or write `labels.position: auto` to draw labels")
            }
        }
        if spec.labels.orientation != .horizontal, let range = locations.value("labels.orientation") {
            let outside = spec.labels.position == .outside || spec.labels.position == .none
            if outside || spec.labels.distance != nil {
                let key = outside ? "labels.position" : "labels.radius"
                let why = outside ? (spec.labels.position == .none ? "no labels are drawn" : "every label is outside")
                    : "every label is outside at a distance"
                error(SpecDiagnostics.turnedOutside, "`labels.orientation: \(spec.labels.orientation.rawValue)` turns nothing: \(why)", at: range,
                      labels: locations.value(key).map { [DiagnosticLabel(range: $0, message: "\(why) here")] } ?? [],
                      notes: ["only labels inside their slices turn; outside labels stay horizontal beside their leader lines"],
                      help: outside ? "remove `orientation`, or write `position: inside` (or `auto`: the labels inside turn)"
                          : "remove `orientation`, or write a `radius` from 0 to 1 to keep the labels inside")
            }
        }
        // A bundle built by an earlier piec recorded these keys for inside labels too: its spec
        // stays readable as a previous version (they draw nothing there either way).
        guard !readsRecordedSpec, spec.labels.position == .inside else { return }
        // A kept label that does not fit inside its slice goes outside, with a leader line.
        let keeps = spec.rings.isEmpty && spec.slices.contains(where: \.keepLabel)
        let inside = locations.value("labels.position").map { [DiagnosticLabel(range: $0, message: "inside asked for here")] }
            ?? (!spec.rings.isEmpty ? locations.key("rings").map { [DiagnosticLabel(range: $0, message: "a ring's labels are inside its band")] } : nil)
            ?? []
        for key in ["leader", "leaderColor"] where !keeps {
            guard let range = locations.key("labels.\(key)") else { continue }
            error(SpecDiagnostics.leaderInside, "`labels.\(key)` draws nothing: every label is inside its slice", at: range, labels: inside,
                  notes: ["leader lines join outside labels to their slices"],
                  help: spec.rings.isEmpty ? "remove `\(key)`, or write `position: auto` (or `outside`) to draw labels beside the pie"
                      : "remove `\(key)`: a chart of rings draws its labels inside")
        }
        if spec.labels.color == .slice, let range = locations.value("labels.color") {
            error(SpecDiagnostics.sliceColorInside, "`labels.color: slice` would draw each label in its own slice's colour, on that slice",
                  at: range, labels: inside,
                  notes: ["`slice` colours outside labels; a label inside its slice would be invisible"],
                  help: "write an opaque colour or `auto` for inside labels, or `position: auto` (or `outside`)")
        }
    }

    /// A template without tokens whose text is empty or only spaces.
    static func showsNothing(_ t: LabelTemplate) -> Bool {
        t.parts.allSatisfy { part in
            if case .text(let s) = part { return s.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }
            return false
        }
    }
}
