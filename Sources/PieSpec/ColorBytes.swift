import PieJSON

extension ByteWriter {
    /// `#rrggbb`, or `#rrggbbaa` when not opaque (`Color.hex`), written as bytes.
    public mutating func hex(_ color: Color) {
        byte(0x23)
        hexByte(color.r)
        hexByte(color.g)
        hexByte(color.b)
        if !color.isOpaque { hexByte(color.a) }
    }

    /// Inside an SVG attribute value (`fill="`, `stroke="`, closed by the caller): `#rrggbb`,
    /// and when not opaque, the value closed and `opacity` (`fill-opacity`, `stroke-opacity`)
    /// opened with the alpha, which the caller's quote closes. CairoSVG and Inkscape draw
    /// `#rrggbbaa` opaque; every renderer reads the opacity attribute.
    public mutating func paint(_ color: Color, _ opacity: StaticString) {
        hex(Color(r: color.r, g: color.g, b: color.b))
        guard !color.isOpaque else { return }
        raw("\" ")
        raw(opacity)
        raw("=\"")
        num(Double(color.a) / 255)
    }

    /// The same text as a String (`Color.hex`).
    public static func hexString(_ color: Color) -> String {
        var w = ByteWriter(capacity: 16)
        w.hex(color)
        return w.string
    }

    @inline(__always) private mutating func hexByte(_ v: UInt8) {
        byte(ByteWriter.hexDigit(v >> 4))
        byte(ByteWriter.hexDigit(v & 15))
    }

    @inline(__always) private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }
}
