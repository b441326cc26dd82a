import PieDiagnostics
import PieJSON
import PieSpec
import Testing
@testable import PieCore

@Suite("Byte-level formatting matches the String formatters")
struct FastFormatTests {
    @Test func numbersMatchFormatNumber() {
        var values: [Double] = [0, -0.0, 1, -1, 0.0004, -0.0004, 0.0005, -0.0005, 1.23456, 150, -106.066017,
                                359.9999, 1e15, -2.5e16, 9.1e15 / 1000, .nan, .infinity, 0.1 + 0.2, 123_456_789.987]
        var x = 0.7
        for _ in 0..<2000 {
            x = (x * 9301 + 49297).truncatingRemainder(dividingBy: 233_280)
            values.append((x - 116_640) / 97.3)
        }
        for v in values {
            for decimals in [0, 1, 3, 4, 6, 9] {
                var w = ByteWriter()
                w.num(v, decimals: decimals)
                #expect(w.string == formatNumber(v, decimals: decimals), "\(v) at \(decimals)")
                #expect(formatNumber(v, decimals: decimals) == formatNumber(v, decimals: decimals), "\(v) at \(decimals)")
            }
        }
    }

    /// `NumberText.decimal` rounds without libm's `round`; it must be that rule exactly (half
    /// away from zero), at halves, just below them and near the exact-integer limit.
    @Test func roundingIsHalfAwayFromZero() {
        func reference(_ value: Double, _ decimals: Int) -> NumberText.Decimal {
            guard value.isFinite else { return .zero }
            var unit: UInt64 = 1
            for _ in 0..<decimals { unit &*= 10 }
            let scaled = (abs(value) * Double(unit)).rounded(.toNearestOrAwayFromZero)
            if scaled >= 9.0e15 { return .large }
            var n = UInt64(scaled), fraction = decimals
            if n == 0 { return .zero }
            while fraction > 0, n % 10 == 0 { n /= 10; fraction -= 1 }
            return .digits(n, fraction: fraction)
        }
        var values: [Double] = [0.5, 1.5, 2.5, -0.5, -2.5, 0.49999999999999994, 0.5000000000000001, 0.0005, 0.00049999999999999,
                                1.0005, 2.675, 4503599627370495.5, 4503599627370496.5, 8999999999999999.0, 8999999999999998.5,
                                9.0e15, 9.1e15, 1e300, .leastNonzeroMagnitude, .ulpOfOne]
        for k in 0..<1000 {
            let half = Double(k) + 0.5
            values += [half, half.nextDown, half.nextUp, half / 1000, (half / 1000).nextDown, -half / 1000]
        }
        for v in values {
            for decimals in 0...9 {
                #expect(NumberText.decimal(v, decimals: decimals) == reference(v, decimals), "\(v) at \(decimals)")
            }
        }
    }

    @Test func integersAndColours() {
        for i in [0, 7, -7, 10, 1_000_000, Int.max, Int.min] {
            var w = ByteWriter()
            w.int(i)
            #expect(w.string == String(i))
        }
        for (c, text) in [(Color(r: 0, g: 0, b: 0), "#000000"), (Color(r: 255, g: 16, b: 9), "#ff1009"),
                          (Color(r: 0xf0, g: 0x51, b: 0x38, a: 0x80), "#f0513880"), (Color(r: 0xab, g: 0xcd, b: 0xef, a: 255), "#abcdef")] {
            var w = ByteWriter()
            w.hex(c)
            #expect(w.string == text)
            #expect(c.hex == text)
        }
    }

    @Test func bytesCopyEverythingWrittenIncludingAfterGrowth() {
        var w = ByteWriter(capacity: 4)
        var expected: [UInt8] = []
        for k in 0..<300 {
            w.num(Double(k) * 1.5 - 20)
            expected += Array(formatNumber(Double(k) * 1.5 - 20).utf8)
        }
        #expect(w.bytes == expected)
        #expect(ByteWriter().bytes.isEmpty)
    }

    @Test func jsonIndentationIsTwoSpacesPerLevelAtAnyDepth() {
        var value = JSONValue.int(1)
        for _ in 0..<20 { value = .array([value]) }
        var w = ByteWriter()
        JSONWriter.write(value, pretty: true, into: &w)
        #expect(w.string == value.serialized(pretty: true))
    }

    @Test func jsonMatchesJSONValueSerialization() {
        let value = JSONValue.object([
            ("s", .string("a\"b\\c\n\r\t\u{1}\u{7F}\u{2028}\u{2029}é漢😀")), ("n", .number(-1.5, decimals: 3)),
            ("i", .int(-42)), ("b", .bool(true)), ("z", .null), ("e", .array([])), ("o", .object([])),
            ("a", .array([.int(1), .object([("k", .array([.string("x"), .number(2.25)]))])])),
        ])
        for pretty in [false, true] {
            var w = ByteWriter()
            JSONWriter.write(value, pretty: pretty, into: &w)
            #expect(w.string == value.serialized(pretty: pretty))
        }
    }

    /// The manifest contract as a JSONValue, built independently of the streaming writer.
    private func reference(_ spec: ChartSpec, source: [UInt8]) -> JSONValue {
        let layout = Layout.layout(spec)
        let plan = Planner.enter(layout, animation: spec.animation)
        func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }
        func geometry(_ g: SegmentGeometry) -> JSONValue {
            .object([("startAngle", n(g.startAngle)), ("endAngle", n(g.endAngle)), ("outerRadius", n(g.outerRadius)),
                     ("color", .string(g.color.hex))])
        }
        return .object([
            ("piec", .string(PiecVersion.string)), ("manifestVersion", .int(2)), ("id", .string(spec.id)),
            ("specHash", .string("sha256:" + SHA256.hex(source))), ("spec", spec.canonicalJSON()), ("previous", .null),
            ("chart", .object([
                ("width", n(layout.width)), ("height", n(layout.height)), ("cx", n(layout.cx)), ("cy", n(layout.cy)),
                ("outerRadius", n(150)), ("innerRadius", n(0)), ("startAngle", n(0)), ("sweep", n(360)),
                ("direction", .string("clockwise")), ("background", .null), ("track", .string("#e5e7eb")),
            ])),
            ("animation", .object([("duration", n(800)), ("delay", n(0)),
                                   ("easing", .array([0.42, 0, 0.58, 1].map { .number($0, decimals: 4) })),
                                   ("kind", .string("enter-grow"))])),
            ("slices", .array(layout.slices.map { s in
                .object([("id", .string(s.id)), ("label", .string(s.label)), ("value", .number(s.value, decimals: 6)),
                         ("percent", .string(s.percentText)), ("color", .string(s.color.hex)),
                         ("startAngle", n(s.startAngle)), ("endAngle", n(s.endAngle)),
                         ("outerRadius", n(s.outerRadius)), ("innerRadius", n(s.innerRadius))])
            })),
            ("transitions", .array(plan.segments.map { s in
                .object([("id", .string(s.id)), ("kind", .string("enter")), ("from", geometry(s.from)), ("to", geometry(s.to))])
            })),
            ("movers", .array([])),
            ("changes", .null),
            ("files", .array(Bundle.fileNames.map { .string($0) })),
        ])
    }

    @Test func manifestBytesAreThePrettySerializationPlusNewline() {
        var spec = Fixture.spec([3, 1, 2], labels: ["Ünïcode \"q\"\u{2028}", "b", "c"])
        spec.title = "T"
        spec.chart.track = Color(r: 0xe5, g: 0xe7, b: 0xeb)
        let bytes = Compiler.compile(spec: spec, sourceBytes: [1, 2]).files[3].bytes
        #expect(String(decoding: bytes, as: UTF8.self) == reference(spec, source: [1, 2]).serialized(pretty: true) + "\n")
    }
}
