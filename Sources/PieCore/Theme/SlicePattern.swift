import PieSpec

/// What is drawn over a slice's colour: nothing, a built-in pattern (`slices[].pattern`,
/// `theme.patterns: auto`) or a user hatch pattern (`theme.patterns` as a list or by id).
/// Both kinds are overlays of one ink (`Patterns.ink(on:)`) at `Patterns.opacity`.
public enum SlicePattern: Sendable, Hashable {
    case none
    case builtIn(PatternKind)
    case hatch(Hatch)

    /// A built-in kind (`.none` stays none).
    init(_ kind: PatternKind) { self = kind == .none ? .none : .builtIn(kind) }

    /// The name the pattern's `<pattern>` id carries: the built-in kind's, or for a hatch
    /// `h`, then `l<angle>` (lines), `x` (crosses), `d` (dots), `o` (circles), `n<density>`,
    /// so equal hatches share one definition ([a-z0-9] only: ids stay local references).
    var name: String {
        switch self {
        case .none: "none"
        case .builtIn(let kind): kind.rawValue
        case .hatch(let h):
            "h" + (h.lines.map { "l" + String($0) } ?? "") + (h.crosses ? "x" : "") + (h.dots ? "d" : "")
                + (h.circles ? "o" : "") + "n" + String(h.density)
        }
    }
}

/// The tile of a user hatch pattern: a square of `side` = 12 / density user units, turned to
/// the lines' angle, holding disjoint marks (so no mark's ink covers another's twice):
/// lines along its top and bottom edges, crosses along its left and right edges between
/// them, a ring and a dot in its middle. Every size is a fixed fraction of the side.
enum HatchTile {
    static let base = 12.0

    static func side(_ h: Hatch) -> Double { base / Double(h.density) }
    /// Half the width of a line (a line is `side / 4` wide, split over two edges).
    static func halfLine(_ h: Hatch) -> Double { side(h) / 8 }
    static func dotRadius(_ h: Hatch) -> Double { side(h) / 8 }
    /// The ring's middle radius and its width: it spans 0.2 to 0.3 of the side from the
    /// middle, clear of the dot (0.125) and of the lines (0.375 from the middle).
    static func ringRadius(_ h: Hatch) -> Double { side(h) / 4 }
    static func ringWidth(_ h: Hatch) -> Double { side(h) / 10 }
    /// The `patternTransform` rotation in degrees (SVG turns clockwise on screen, the angle
    /// counts counter-clockwise); 0 when the lines are horizontal or absent.
    static func rotation(_ h: Hatch) -> Double { h.lines.map { $0 == 0 ? 0 : -Double($0) } ?? 0 }
}
