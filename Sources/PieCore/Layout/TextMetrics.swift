/// Text width estimates for the default font stack
/// (`system-ui,Helvetica,Arial,sans-serif`: system-ui is San Francisco on Apple systems,
/// Segoe UI on Windows and DejaVu Sans on Linux desktops and headless browsers), used to lay
/// out every text without a font engine. Each character takes the wider of its advance in
/// Helvetica's AFM metrics (Arial's are the same; macOS, Windows) and in DejaVu Sans (digits
/// 14 % wider): printable ASCII from the two tables, Latin letters with diacritics as their
/// base letter (Æ, Œ, ß and the like by their own width), 1 em for CJK, emoji and the
/// ellipsis, 1.1 em for Hangul, nothing for combining marks, ~0.6 em for everything else.
public enum TextMetrics {
    /// The font stack written into the output.
    public static let fontFamily = "system-ui,Helvetica,Arial,sans-serif"

    /// Bold text (the title, the legend's title) runs up to 13 % wider than the regular
    /// widths: DejaVu Sans Bold against Book, measured in Chromium (Helvetica's is ~5 %).
    public static let boldScale = 1.13

    /// Estimated advance width of `text` at `fontSize` px: the wider of the two renderings.
    public static func width(_ text: String, fontSize: Double) -> Double {
        var units = 0
        for scalar in text.unicodeScalars { units += advance(scalar) }
        return Double(units) * fontSize / 1000
    }

    /// Advance of one scalar in 1/1000 em, the wider of Helvetica's and DejaVu Sans'.
    public static func advance(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 32, v <= 126 { return widestASCII[Int(v - 32)] }
        if v >= 0xC0, v <= 0x17F { return latin(v) }
        if v == 0x2026 { return 1000 }
        if isZeroWidth(v) { return 0 }
        if isHangul(v) { return 1100 }
        if isWide(v) { return 1000 }
        return 600
    }

    /// Hangul: 1.08 em in the font Firefox falls back to on Linux.
    private static func isHangul(_ v: UInt32) -> Bool {
        (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v) || (0xAC00...0xD7A3).contains(v)
    }

    /// Whether `text` holds a character of the wide scripts (CJK, Hangul, emoji), whose fonts
    /// stand taller than Latin ones (`TextLines.ascent`).
    static func hasWide(_ text: Substring) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x1100 && (isWide($0.value) || isHangul($0.value)) }
    }

    /// Latin-1 and Latin Extended-A letters: the base letter's advance (É as E), or their own.
    private static func latin(_ v: UInt32) -> Int {
        switch v {
        case 0xC6, 0xE6: return 1000            // Æ æ
        case 0x152, 0x153: return 1070          // Œ œ
        case 0xD7, 0xF7: return 838             // × ÷
        default: return widestASCII[Int(latinBase[Int(v - 0xC0)].value - 32)]
        }
    }

    /// The ASCII letter each of U+00C0...U+017F is drawn like (`?`: its own width, `latin`).
    private static let latinBase = Array((
        "AAAAAA?CEEEEIIIIDNOOOOO?OUUUUYPb" + "aaaaaa?ceeeeiiiionooooo?ouuuuypy" +       // U+00C0...U+00FF
        "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiNnJjKkkLlLlLlLlLlNnNnNnnNnOoOoOo??" +
        "RrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzf").unicodeScalars)

    private static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0...31, 127...159, 0x0300...0x036F, 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF,
             0x1F3FB...0x1F3FF, 0xE0000...0xE007F:
            return true
        default:
            return false
        }
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x2600...0x27BF, 0x1F000...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Helvetica (Adobe AFM) advance widths for U+0020...U+007E, in 1/1000 em.
    /// `'` is quotesingle (191) and `` ` `` is grave (333), as Unicode maps them.
    static let helvetica: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space ! " # $ % & ' ( ) * + , - . /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0-9 : ; < = > ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ A-O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P-Z [ \ ] ^ _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` a-o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p-z { | } ~
    ]

    /// DejaVu Sans (Book) advance widths for U+0020...U+007E, in 1/1000 em (its 2048-unit
    /// advances scaled, rounded).
    static let dejaVuSans: [Int] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, // space ! " # $ % & ' ( ) * + , - . /
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, // 0-9 : ; < = > ?
        1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, // @ A-O
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, // P-Z [ \ ] ^ _
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, // ` a-o
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838, // p-z { | } ~
    ]

    /// The wider of the two advances for U+0020...U+007E.
    static let widestASCII = zip(helvetica, dejaVuSans).map { max($0, $1) }

    /// `text` cut to at most `maxWidth` px at `fontSize`, ending in an ellipsis when cut.
    public static func truncate(_ text: String, maxWidth: Double, fontSize: Double) -> String {
        if width(text, fontSize: fontSize) <= maxWidth { return text }
        let budget = Int((maxWidth * 1000 / fontSize).rounded(.down)) - 1000
        var used = 0
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let a = advance(scalar)
            if used + a > budget { break }
            used += a
            out.append(scalar)
        }
        return String(out) + "\u{2026}"
    }
}
