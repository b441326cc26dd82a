import PieDiagnostics

/// A key path a static key table can hold (a literal such as `\ChartOptions.size` captures
/// nothing, so it is Sendable).
public typealias FieldPath<Root, Value> = WritableKeyPath<Root, Value> & Sendable

/// A value that a key table fills: `ChartSpec` (the top level), each section's options
/// (`ChartOptions`, `ThemeOptions`, ...) and `SliceSpec`. A table's bindings are typed by the
/// value of its own section, so a key path is one stored property (cheap to read and write:
/// the canonical spec reads every key of every spec).
protocol KeyRoot: Sendable {
    /// Every field at its default.
    static var defaults: Self { get }
    /// `key`'s binding to this type, nil when the key is bound to another type.
    static func binding(of key: KeySpec) -> KeyBinding<Self>?
    static func bound(_ binding: KeyBinding<Self>) -> KeySpec.Bound
}

extension KeySpec {
    /// The binding of a key, by the type of value its table fills.
    enum Bound: Sendable {
        case spec(KeyBinding<ChartSpec>)
        case chart(KeyBinding<ChartOptions>)
        case other(KeyBinding<OtherOptions>)
        case outline(KeyBinding<OutlineOptions>)
        case shadow(KeyBinding<ShadowOptions>)
        case grid(KeyBinding<GridOptions>)
        case labels(KeyBinding<LabelOptions>)
        case labelDetail(KeyBinding<LabelDetailOptions>)
        case labelBox(KeyBinding<LabelBoxOptions>)
        case format(KeyBinding<FormatOptions>)
        case legend(KeyBinding<LegendOptions>)
        case theme(KeyBinding<ThemeOptions>)
        case stroke(KeyBinding<StrokeOptions>)
        case animation(KeyBinding<AnimationOptions>)
        case slice(KeyBinding<SliceSpec>)
        case ring(KeyBinding<RingSpec>)
        case facet(KeyBinding<FacetSpec>)
        case facetLayout(KeyBinding<FacetLayout>)
        /// Read by a lowering of its own and not stored in the spec (`data:`, whose slices the
        /// canonical spec holds instead): no binding, never in the canonical spec or a report.
        case input
    }
}

extension ChartSpec: KeyRoot {
    static let defaults = ChartSpec(id: "")
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .spec(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .spec(b) }
}
extension ChartOptions: KeyRoot {
    static let defaults = ChartOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .chart(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .chart(b) }
}
extension OtherOptions: KeyRoot {
    static let defaults = OtherOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .other(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .other(b) }
}
extension OutlineOptions: KeyRoot {
    static let defaults = OutlineOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .outline(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .outline(b) }
}
extension ShadowOptions: KeyRoot {
    static let defaults = ShadowOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .shadow(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .shadow(b) }
}
extension GridOptions: KeyRoot {
    static let defaults = GridOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .grid(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .grid(b) }
}
extension LabelOptions: KeyRoot {
    static let defaults = LabelOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .labels(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .labels(b) }
}
extension LabelDetailOptions: KeyRoot {
    static let defaults = LabelDetailOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .labelDetail(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .labelDetail(b) }
}
extension LabelBoxOptions: KeyRoot {
    static let defaults = LabelBoxOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .labelBox(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .labelBox(b) }
}
extension FormatOptions: KeyRoot {
    static let defaults = FormatOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .format(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .format(b) }
}
extension LegendOptions: KeyRoot {
    static let defaults = LegendOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .legend(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .legend(b) }
}
extension ThemeOptions: KeyRoot {
    static let defaults = ThemeOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .theme(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .theme(b) }
}
extension StrokeOptions: KeyRoot {
    static let defaults = StrokeOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .stroke(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .stroke(b) }
}
extension AnimationOptions: KeyRoot {
    static let defaults = AnimationOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .animation(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .animation(b) }
}
extension SliceSpec: KeyRoot {
    static let defaults = SliceSpec(id: "", label: "", value: 0)
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .slice(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .slice(b) }
}

extension RingSpec: KeyRoot {
    static let defaults = RingSpec(id: "", label: "")
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .ring(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .ring(b) }
}

