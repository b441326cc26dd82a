import PieJSON

/// The dash of a motion element (`stroke-dasharray`, `stroke-dashoffset`, `stroke-width`,
/// `stroke`), written either as SVG presentation attributes (its final state) or as CSS
/// declarations (a keyframe's from-state): one writer for both, so they cannot drift apart.
///
/// A presentation attribute is the underlying value of the CSS property it maps to, so the
/// final dash as attributes is the implicit `to` keyframe of the element's CSS animation, whose
/// keyframes hold only the `from` state: one copy of the final state and no CSS rule (measured
/// in Chromium 156, Firefox 153 and WebKitGTK 2.50). `transform` is the exception: WebKit does
/// not map the attribute to the property, so the final rotation stays a CSS rule
/// (`StyleWriter.rule`).
enum PropertySyntax {
    /// ` name="value"`
    case attribute
    /// `name:value`, separated by `;`
    case declaration
}

extension ByteWriter {
    /// `first`: no declaration precedes these in their block (no leading `;`).
    mutating func dashProperties(_ d: Scene.Dash, circumference: Double, rotatesDashes: Bool, as syntax: PropertySyntax,
                                 first: Bool = false) {
        var first = first
        property("stroke-dasharray", syntax, &first)
        num(d.length)
        raw(" ")
        num(max(circumference - d.length, 0))
        endProperty(syntax)
        if !rotatesDashes {
            property("stroke-dashoffset", syntax, &first)
            num(Scene.dashOffset(d, circumference: circumference))
            endProperty(syntax)
        }
        if let width = d.width {
            property("stroke-width", syntax, &first)
            num(width)
            endProperty(syntax)
        }
        if let color = d.color {
            property("stroke", syntax, &first)
            hex(color)
            endProperty(syntax)
        }
    }

    private mutating func property(_ name: StaticString, _ syntax: PropertySyntax, _ first: inout Bool) {
        switch syntax {
        case .attribute:
            raw(" ")
            raw(name)
            raw("=\"")
        case .declaration:
            if !first { raw(";") }
            raw(name)
            raw(":")
        }
        first = false
    }

    private mutating func endProperty(_ syntax: PropertySyntax) {
        if syntax == .attribute { raw("\"") }
    }
}
