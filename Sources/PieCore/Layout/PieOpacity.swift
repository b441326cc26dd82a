import PieSpec

/// `theme.opacity` placed on a layout: the opacity the pie's one group is drawn at, and the
/// ink of inside labels chosen against each slice's colour as it shows through, over the
/// light background (white when transparent) and, with a dark look, over the dark one.
/// Slice colours stay opaque: the group, not each slice, is translucent, so the dashes that
/// overlap in motion are composited once and never darken.
enum PieOpacity {
    static func apply(_ opacity: Double, to layout: inout ChartLayout) {
        layout.opacity = opacity
        guard opacity < 1 else { return }
        var grounds = [layout.background ?? Color(r: 255, g: 255, b: 255)]
        if let dark = layout.dark { grounds.append(dark.background) }
        let alpha = UInt8((opacity * 255).rounded())
        func ink(_ s: inout SliceLayout) {
            guard s.ownLabelColor == nil else { return }
            var seen = s.color
            seen.a = alpha
            s.textColor = TextInk.on(all: grounds.map { seen.flattened(over: $0) })
        }
        for i in layout.slices.indices { ink(&layout.slices[i]) }
        for r in layout.rings.indices {
            for i in layout.rings[r].slices.indices { ink(&layout.rings[r].slices[i]) }
        }
    }
}
