import PieJSON
import Testing
@testable import PieCore

@Suite("Shared keyframes")
struct SharedKeyframesTests {
    static func rotate(_ r: Double?, opacity: Double? = nil) -> MotionFrame {
        var f = MotionFrame()
        f.rotate = r
        f.opacity = opacity
        return f
    }

    static func css(_ parts: [StyleWriter.Part]) -> (frames: String, rules: String) {
        let shared = SharedKeyframes(parts.map(\.frame), rotatesDashes: true)
        var frames = ByteWriter(capacity: 64), rules = ByteWriter(capacity: 64)
        shared.writeKeyframes(scope: "s", into: &frames)
        for k in parts.indices where shared.hasOwnValues(k) {
            rules.raw(parts[k].selector + "{")
            shared.writeOwnValues(k, first: true, into: &rules)
            rules.raw("}\n")
        }
        return (frames.string, rules.string)
    }

    @Test func valuesThatDifferAreTheElementsOwnAndEqualOnesStayInTheKeyframes() {
        let parts = [-90.0, -120, -200].map { StyleWriter.Part(selector: ".p-b\(Int(-$0))", frame: Self.rotate($0, opacity: 0)) }
        let css = Self.css(parts)
        #expect(css.frames == "@keyframes s-k0{from{rotate:var(--r);opacity:0}}\n")
        #expect(css.rules == ".p-b90{--r:-90deg}\n.p-b120{--r:-120deg}\n.p-b200{--r:-200deg}\n")
    }

    @Test func equalFromStatesShareOneLiteralKeyframes() {
        let parts = (0..<3).map { StyleWriter.Part(selector: ".p-b\($0)", frame: Self.rotate(-90)) }
        let css = Self.css(parts)
        #expect(css.frames == "@keyframes s-k0{from{rotate:-90deg}}\n" && css.rules.isEmpty)
    }
}
