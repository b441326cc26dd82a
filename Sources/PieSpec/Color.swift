#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieJSON

/// A validated colour, re-serialised on output (user text never reaches CSS verbatim).
public struct Color: Sendable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8
    /// 0...255; 255 = opaque.
    public var a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public var isOpaque: Bool { a == 255 }

    /// `a` blended towards `b` at `t`, per sRGB channel, rounded to the nearest byte (opaque:
    /// alpha is not mixed); a `t` outside 0...1 (an easing that overshoots) is clamped per
    /// channel, as CSS clamps an interpolated colour. The one colour mix: transitions
    /// (`DarkTheme.mix`) and palette scales (`PaletteScale.color`) both use it.
    public static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func c(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(min(max((Double(x) + (Double(y) - Double(x)) * t).rounded(), 0), 255)) }
        return Color(r: c(a.r, b.r), g: c(a.g, b.g), b: c(a.b, b.b))
    }

    /// `#rrggbb` when opaque, `#rrggbbaa` otherwise (lowercase).
    public var hex: String { ByteWriter.hexString(self) }

    /// Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a CSS colour keyword, or `rgb()`,
    /// `rgba()`, `hsl()`, `hsla()` (`CSSColorFunctions`).
    public static func parse(_ text: String) -> Color? {
        if let ascii = parseASCIIHex(text) { return ascii }
        if let function = CSSColorFunctions.parse(text) { return try? function.get() }
        if text.hasPrefix("#") {
            let digits = text.dropFirst().map { $0.hexDigitValue }
            guard digits.allSatisfy({ $0 != nil }) else { return nil }
            let d = digits.map { UInt8($0!) }
            switch d.count {
            case 3: return Color(r: d[0] * 17, g: d[1] * 17, b: d[2] * 17)
            case 4: return Color(r: d[0] * 17, g: d[1] * 17, b: d[2] * 17, a: d[3] * 17)
            case 6: return Color(r: d[0] << 4 | d[1], g: d[2] << 4 | d[3], b: d[4] << 4 | d[5])
            case 8: return Color(r: d[0] << 4 | d[1], g: d[2] << 4 | d[3], b: d[4] << 4 | d[5], a: d[6] << 4 | d[7])
            default: return nil
            }
        }
        return CSSColorNames.lookup(text.lowercased())
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` in ASCII hex digits, straight from the UTF-8
    /// bytes (the `Character` path above costs thousands of instructions per colour: start-up
    /// parses every palette). nil for anything else, which then takes the general path.
    private static func parseASCIIHex(_ text: String) -> Color? {
        let bytes = text.utf8
        guard bytes.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(bytes.count) else { return nil }
        var d: [UInt8] = []
        d.reserveCapacity(8)
        for b in bytes.dropFirst() {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d.append(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d.append(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d.append(b - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch d.count {
        case 3: return Color(r: d[0] * 17, g: d[1] * 17, b: d[2] * 17)
        case 4: return Color(r: d[0] * 17, g: d[1] * 17, b: d[2] * 17, a: d[3] * 17)
        case 6: return Color(r: d[0] << 4 | d[1], g: d[2] << 4 | d[3], b: d[4] << 4 | d[5])
        default: return Color(r: d[0] << 4 | d[1], g: d[2] << 4 | d[3], b: d[4] << 4 | d[5], a: d[6] << 4 | d[7])
        }
    }

    /// WCAG relative luminance, 0...1.
    public var luminance: Double {
        func channel(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// WCAG contrast ratio between two opaque colours, 1...21.
    public static func contrast(_ a: Color, _ b: Color) -> Double {
        let la = a.luminance, lb = b.luminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}

