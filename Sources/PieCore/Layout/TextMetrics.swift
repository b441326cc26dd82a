/// Text width estimates for the default font stack
/// (`system-ui,Helvetica,Arial,sans-serif`: system-ui is San Francisco on Apple systems,
/// Segoe UI on Windows and DejaVu Sans on Linux desktops and headless browsers), used to lay
/// out every text without a font engine. Each character takes the wider of its advance in
/// Helvetica's AFM metrics (Arial's and Liberation Sans' are the same; macOS, Windows) and in
/// DejaVu Sans (digits 14 % wider): printable ASCII from the two tables, Latin letters with
/// diacritics as their base letter (Æ, Œ, ß and the like by their own width), the symbol blocks
/// labels meet (punctuation, currency, arrows, ...) as measured (TextMetrics+Symbols.swift),
/// 1 em for CJK and the ellipsis, 1.1 em for Hangul, 1.2 em for emoji, nothing for combining
/// marks, ~0.6 em for everything else.
///
/// Two renderings bound what readers see, and a text takes the wider (issue 38, measured with
/// DejaVu alone and with the fonts of scripts/dependencies.txt, Tests/browser/test_label_layout.py):
/// - WebKitGTK rounds the font size to whole pixels and then every glyph's advance (hinted
///   metrics): `i` at 10 px is 3 px, not 2.78, and `m` at 10.5 px is 11 px, not 10.2, so small
///   and fractional sizes add up to 20 % (`Run.hinted`).
/// - A reader with no CJK font sees Firefox's hex boxes: at least 13 px wide each, whatever the
///   size (`missingGlyphBox`); Chromium and WebKit draw 0.6 em boxes.
public enum TextMetrics {
    /// The font stack written into the output.
    public static let fontFamily = "system-ui,Helvetica,Arial,sans-serif"

    /// Bold text (the title, the legend's title) runs up to 13 % wider than the regular
    /// widths: DejaVu Sans Bold against Book, measured in Chromium (Helvetica's is ~5 %).
    public static let boldScale = 1.13

    /// The least width of a wide character's box where no font has the glyph (Firefox's hex
    /// box, 13 px up to a 21 px font).
    static let missingGlyphBox = 13.0

    /// Estimated advance width of `text` at `fontSize` px: the widest of the renderings.
    public static func width(_ text: String, fontSize: Double) -> Double {
        var run = Run(fontSize: fontSize)
        for scalar in text.unicodeScalars { run.add(scalar) }
        return run.width
    }

    /// A text's width as it grows scalar by scalar: the exact sum and the whole-pixel sum.
    struct Run {
        let fontSize: Double
        /// The size WebKitGTK draws at: whole pixels, a tie up.
        let hintedSize: Double
        var exact = 0.0
        var hinted = 0.0

        init(fontSize: Double) {
            self.fontSize = fontSize
            hintedSize = (fontSize + 0.5).rounded(.down)
        }

        var width: Double { Swift.max(exact, hinted) }

        /// The scalar's advance in px at the font size and in whole pixels at the hinted size
        /// (a tie up: WebKitGTK draws 3.498 px as 4), each the wider of the font tables and a
        /// missing glyph's box; its advance is looked up once.
        func advances(_ scalar: Unicode.Scalar) -> (exact: Double, whole: Double) {
            let units = Double(advance(scalar))
            let boxed = isBoxed(scalar.value)
            func pixels(at size: Double) -> Double {
                let px = units * size / 1000
                return boxed ? Swift.max(px, missingGlyphBox) : px
            }
            return (pixels(at: fontSize), (pixels(at: hintedSize) + 0.52).rounded(.down))
        }

        mutating func add(_ advances: (exact: Double, whole: Double)) {
            exact += advances.exact
            hinted += advances.whole
        }

        mutating func add(_ scalar: Unicode.Scalar) { add(advances(scalar)) }
    }

    /// Characters a reader may have no font for, drawn as boxes: CJK, Hangul.
    private static func isBoxed(_ v: UInt32) -> Bool {
        v >= 0x1100 && (isHangul(v) || (isWide(v) && !isEmoji(v)))
    }

    /// Advance of one scalar in 1/1000 em, the wider of Helvetica's and DejaVu Sans'.
    public static func advance(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v >= 32, v <= 126 { return widestASCII[Int(v - 32)] }
        if v >= 0xC0, v <= 0x17F { return latin(v) }
        if v == 0x2026 { return 1000 }
        if isZeroWidth(v) { return 0 }
        if let measured = symbol(v) { return measured }
        if isHangul(v) { return 1100 }
        if isEmoji(v) { return v == 0x1F634 ? 1605 : 1200 }
        if isWide(v) { return 1000 }
        return 600
    }

    /// The measured advance of a scalar in one of the symbol blocks.
    private static func symbol(_ v: UInt32) -> Int? {
        guard v >= 0xA0, v < 0x2600 else { return nil }
        for block in symbolBlocks where v >= block.first && v < block.first + UInt32(block.advances.count) {
            return block.advances[Int(v - block.first)]
        }
        return nil
    }

    /// Emoji and pictographs: 1.04 em where no emoji font has them (the missing-glyph box),
    /// up to 1.18 em in DejaVu Sans' own few (1.6 em for U+1F634).
    private static func isEmoji(_ v: UInt32) -> Bool {
        (0x1F000...0x1FAFF).contains(v)
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
        var run = Run(fontSize: fontSize)
        let ellipsis = run.advances("\u{2026}")
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            var next = run
            next.add(scalar)
            var cut = next
            cut.add(ellipsis)
            if cut.width > maxWidth { break }
            run = next
            out.append(scalar)
        }
        return String(out) + "\u{2026}"
    }
}
