import PieJSON
import Testing
@testable import PieCore

@Suite("Shared keyframes and their names")
struct SharedKeyframesTests {
    static func rotate(_ r: Double?, opacity: Double? = nil) -> MotionFrame {
        var f = MotionFrame()
        f.rotate = r
        f.opacity = opacity
        return f
    }

    /// `parts` through StyleWriter's two passes: keyframes grouped and each layer counted,
    /// then the names listed and written.
    static func css(_ parts: [StyleWriter.Part], literal: Bool = false) -> (frames: String, rules: String, names: String) {
        var shared = SharedKeyframes(literal: literal)
        var animationNames = AnimationNames()
        for p in parts { animationNames.count(p.layer, group: shared.add(p.frame)) }
        animationNames.settle(shared)
        for (k, p) in parts.enumerated() { animationNames.list(p, group: shared.group(of: k), shared) }
        var frames = ByteWriter(capacity: 64), rules = ByteWriter(capacity: 64), names = ByteWriter(capacity: 64)
        shared.writeKeyframes(scope: "s", into: &frames)
        for k in parts.indices where shared.hasOwnValues(k) {
            rules.raw(parts[k].selector.description + "{")
            shared.writeOwnValues(k, frame: parts[k].frame, first: true, into: &rules)
            rules.raw("}\n")
        }
        animationNames.write(scope: "s", into: &names)
        return (frames.string, rules.string, names.string)
    }

    @Test func valuesThatDifferAreTheElementsOwnAndEqualOnesStayInTheKeyframes() {
        let parts = [-90.0, -120, -200].map { StyleWriter.Part(selector: .init(ClassPrefix.separator, Int(-$0)), layer: .separators, frame: Self.rotate($0, opacity: 0)) }
        let css = Self.css(parts)
        #expect(css.frames == "@keyframes s-k0{from{rotate:var(--r);opacity:0}}\n")
        #expect(css.rules == ".p-b90{--r:-90deg}\n.p-b120{--r:-120deg}\n.p-b200{--r:-200deg}\n")
        #expect(css.names == ".p-sep>*{animation-name:s-k0}\n")
    }

    /// A large plan (`Budgets.sharedKeyframeParts`): no `var()`, which Chromium resolves on every frame;
    /// equal from-states still share one keyframes, and the layer is named with it.
    @Test func literalKeyframesAreSharedByEqualFromStatesOnly() {
        let parts = [-90.0, -120, -90, -90].enumerated().map { StyleWriter.Part(selector: .init(ClassPrefix.separator, $0.offset), layer: .separators, frame: Self.rotate($0.element, opacity: 0)) }
        let css = Self.css(parts, literal: true)
        #expect(css.frames == "@keyframes s-k0{from{rotate:-90deg;opacity:0}}\n@keyframes s-k1{from{rotate:-120deg;opacity:0}}\n")
        #expect(css.rules.isEmpty)
        #expect(css.names == ".p-sep>*{animation-name:s-k0}\n.p-b1{animation-name:s-k1}\n")
    }

    @Test func equalFromStatesShareOneLiteralKeyframes() {
        let parts = (0..<3).map { StyleWriter.Part(selector: .init(ClassPrefix.separator, $0), layer: .separators, frame: Self.rotate(-90)) }
        let css = Self.css(parts)
        #expect(css.frames == "@keyframes s-k0{from{rotate:-90deg}}\n" && css.rules.isEmpty)
    }

    /// The layer is named once with its most used keyframes; an element that runs other
    /// keyframes is named after it, with a selector of the same specificity. An element that
    /// does not move may run rotate keyframes without values (it stays where it is), but not
    /// keyframes that would fade it: it gets `none`.
    @Test func aLayerIsNamedOnceAndItsExceptionsAfterIt() {
        var parts = (0..<3).map { StyleWriter.Part(selector: .init(ClassPrefix.label, $0), layer: .labels, frame: Self.rotate(Double(-$0 - 1), opacity: 0)) }
        parts.append(StyleWriter.Part(selector: .init(ClassPrefix.label, 3), layer: .labels, frame: MotionFrame()))
        parts.append(StyleWriter.Part(selector: .init(ClassPrefix.label, 4), layer: .labels, frame: Self.rotate(-7)))
        let css = Self.css(parts)
        #expect(css.names == ".p-lb>*{animation-name:s-k0}\n.p-l3{animation-name:none}\n.p-l4{animation-name:s-k1}\n")
        let still = [StyleWriter.Part(selector: .init(ClassPrefix.separator, 0), layer: .separators, frame: MotionFrame())]
            + (1..<3).map { StyleWriter.Part(selector: .init(ClassPrefix.separator, $0), layer: .separators, frame: Self.rotate(Double(-$0))) }
        #expect(Self.css(still).names == ".p-sep>*{animation-name:s-k0}\n")
    }

    /// `.p-mo circle` outranks `.p-m3`: with exceptions the layer's selector is `:where()`d.
    @Test func theDashLayerGivesWayToItsExceptions() {
        var dash = MotionFrame()
        dash.dash = Scene.Dash(angle: 0, length: 0)
        dash.circumference = 100
        var colored = dash
        colored.dash?.color = .init(r: 1, g: 2, b: 3)
        let parts = [dash, dash, colored].enumerated().map { StyleWriter.Part(selector: .init(ClassPrefix.dash, $0.offset), layer: .dashes, frame: $0.element) }
        #expect(Self.css(parts).names == ":where(.p-mo circle){animation-name:s-k0}\n.p-m2{animation-name:s-k1}\n")
        #expect(Self.css(Array(parts.prefix(2))).names == ".p-mo circle{animation-name:s-k0}\n")
    }
}
