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

/// The tile of a user hatch pattern: a square of `side` (16, 12 or 8 user units by density),
/// turned to the lines' angle, holding disjoint marks of fixed sizes (so no mark's ink covers
/// another's twice, and no mark is so thin that renderers anti-alias it apart): a line along
/// its top edge, a cross line down its left edge below it, a ring and a dot in the middle of
/// the rest. Marks are 1.5 wide, as the built-in grid's; a dot is 3 across.
enum HatchTile {
    static let sides = [16.0, 12, 8]
    static let line = 1.5
    static let dotRadius = 1.5
    /// The ring spans radii 2 to 3 from the middle: clear of the dot and, in the smallest
    /// tile (8), of the lines (the middle is 3.25 from them).
    static let ringRadius = 2.5
    static let ringWidth = 1.0

    static func side(_ h: Hatch) -> Double { sides[min(max(h.density, 1), sides.count) - 1] }
    /// The middle of the part of the tile the lines leave.
    static func middle(_ h: Hatch) -> Double { (side(h) + line) / 2 }
    /// The `patternTransform` rotation in degrees (SVG turns clockwise on screen, the angle
    /// counts counter-clockwise); 0 when the lines are horizontal or absent.
    static func rotation(_ h: Hatch) -> Double { h.lines.map { $0 == 0 ? 0 : -Double($0) } ?? 0 }
}
