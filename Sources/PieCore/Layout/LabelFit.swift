#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieSpec

/// Where a slice's label goes at one instant: inside the slice, outside beside the pie, or
/// nowhere (`inside` asked for, the text does not fit the slice, and the slice does not keep
/// its label).
public enum LabelMode: Sendable, Hashable {
    case inside, outside, hidden
}

/// Why a slice that should have a label shows none.
public enum LabelOmission: Sendable, Hashable {
    /// `inside` (or a ring): the text does not fit inside the slice.
    case doesNotFit
    /// `outside` or `auto`: more labels beside the chart than fit; the smallest slices' go.
    case noRoom
}

/// Whether a label's text fits inside its slice: its box (`TextMetrics` widths, the widest of
/// the metrics piec ships; a line box of `TextLines.leading` em per line), grown by `padding`,
/// centred on a spot the search finds (`spot`, LabelSpot.swift), lies in the slice's ring
/// sector (`SectorBox`: both radii, both rays, exactly).
public enum LabelFit {
    /// px kept between a label's box and its slice's edges.
    public static let padding = 2.0

    /// The box of `text` centred on its anchor: widest line by the lines' height.
    public static func size(_ text: String, fontSize: Double) -> (width: Double, height: Double) {
        (TextLines.width(text, fontSize: fontSize), TextLines.boxHeight(text, fontSize: fontSize))
    }

    /// Whether `text` fits inside `g`'s ring sector with `padding` to spare anywhere (`spot`).
    /// `box`: px a box behind the text reaches beyond it (`LabelBoxOptions.reach`).
    public static func fitsInside(_ text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                                  fraction: Double? = nil, orientation: LabelOrientation = .horizontal, box: Double = 0) -> Bool {
        spot(text, geometry: g, fontSize: fontSize, sign: sign, fraction: fraction, orientation: orientation, box: box) != nil
    }

    /// Where the label of `text` on slice `g` goes under `position`: `auto` inside when it
    /// fits, else outside; `inside` inside when it fits, else hidden (outside when the slice
    /// keeps its label, `keep`); `outside` outside.
    public static func mode(_ position: LabelPosition, text: String, geometry g: SegmentGeometry, fontSize: Double, sign: Double,
                            fraction: Double?, keep: Bool = false, orientation: LabelOrientation = .horizontal, box: Double = 0) -> LabelMode {
        switch position {
        case .outside: return .outside
        case .none: return .hidden
        case .auto, .inside:
            if fitsInside(text, geometry: g, fontSize: fontSize, sign: sign, fraction: fraction, orientation: orientation, box: box) {
                return .inside
            }
            return position == .auto || keep ? .outside : .hidden
        }
    }
}
