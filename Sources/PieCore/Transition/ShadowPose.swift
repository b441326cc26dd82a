import PieSpec

/// `theme.shadow` at one end of a transition (`ChartPose.shadow`): its silhouette, blur,
/// offset and colour in both looks, resolved. A shadow that differs between the two ends
/// cross-fades (the first end's fades out as the last end's fades in, in the chart's eased
/// progress): a gradient's stops are not animatable alike in every engine, opacity is.
public struct ShadowPose: Sendable, Hashable {
    public var outer: Double
    public var inner: Double
    public var blur: Double
    public var dx: Double
    public var dy: Double
    /// The colour in the light look, alpha included.
    public var color: Color
    /// The colour in the dark look (`theme.dark: auto`): the written colour, or black at 50%.
    public var darkColor: Color
    /// Empty: the shadow is one circle. Else the pie has exploded slices and the shadow is
    /// these sectors of the circle, which tile it (`ShadowWedge.of`).
    public var wedges: [ShadowWedge] = []
    /// +1 clockwise, -1 counterclockwise (`ChartLayout.screenSign`): how the slices' chart
    /// angles turn into the sectors' screen angles while they slide (`Stage.Shadow`).
    public var sign: Double = 1

    /// The shadow of `layout` at rest, nil without one.
    init?(_ layout: ChartLayout) {
        guard let s = layout.shadow else { return nil }
        outer = s.outer
        inner = s.inner
        blur = s.blur
        dx = s.dx
        dy = s.dy
        color = s.color ?? Color(r: 0, g: 0, b: 0, a: ShadowLayout.lightAlpha)
        darkColor = s.color ?? Color(r: 0, g: 0, b: 0, a: ShadowLayout.darkAlpha)
        wedges = ShadowWedge.of(layout)
        sign = layout.screenSign
    }

    /// Radius of the shadow's circle: the silhouette's rim plus the blur.
    public var radius: Double { outer + blur }

    /// The radial gradient's stops: (offset as a fraction of `radius`, opacity), ascending.
    /// Each edge fades over `blur` px on both sides as a Gaussian of σ = blur / 2 (CSS's blur
    /// radius), sampled at seven points and normalised to end at exactly 0 and 1; the gradient
    /// draws straight lines between them, the same in every engine. A donut's opacity is the
    /// product of its hole's edge and its rim's.
    public var stops: [(offset: Double, opacity: Double)] {
        let r = radius
        guard r > 0 else { return [] }
        var radii: [Double] = [0, r]
        for edge in inner > 0 ? [inner, outer] : [outer] {
            for u in Self.profile.map(\.u) { radii.append(min(max(edge + blur * u, 0), r)) }
        }
        radii.sort()
        // A hard edge (blur 0) is two stops at one offset: the inside's then the outside's.
        guard blur > 0 else { return Self.hardStops(inner: inner / r) }
        var stops: [(offset: Double, opacity: Double)] = []
        for (k, rho) in radii.enumerated() where k == 0 || rho != radii[k - 1] {
            stops.append((rho / r, opacity(at: rho)))
        }
        return stops
    }

    /// The opacity at `rho` px from the shadow's centre (0 to 1, times the colour's alpha).
    func opacity(at rho: Double) -> Double {
        let rim = Self.fade((rho - outer) / blur)
        guard inner > 0 else { return rim }
        return rim * (1 - Self.fade((rho - inner) / blur))
    }

    /// 1 well inside an edge, 0 well outside, along the normalised Gaussian edge; `u` is the
    /// distance past the edge in blurs. Between samples, straight lines (as the gradient).
    static func fade(_ u: Double) -> Double {
        if u.isNaN { return 1 }
        if u <= profile[0].u { return 1 }
        if u >= profile[profile.count - 1].u { return 0 }
        for k in 1..<profile.count where u <= profile[k].u {
            let a = profile[k - 1], b = profile[k]
            return a.a + (b.a - a.a) * (u - a.u) / (b.u - a.u)
        }
        return 0
    }

    /// The edge's samples: distance past the edge in blurs, and 1 - Φ(2u) normalised to 1 at
    /// u = -1 and 0 at u = 1 (Φ the standard normal's distribution function).
    static let profile: [(u: Double, a: Double)] = {
        let phi: [Double] = [0.977250, 0.908789, 0.747507, 0.5, 0.252493, 0.091211, 0.022750]
        let us: [Double] = [-1, -2.0 / 3, -1.0 / 3, 0, 1.0 / 3, 2.0 / 3, 1]
        return zip(us, phi).map { ($0, ($1 - phi[6]) / (phi[0] - phi[6])) }
    }()

    /// Blur 0: opaque from the hole's edge (0 for a pie) to the rim, which is the circle's own.
    private static func hardStops(inner f: Double) -> [(offset: Double, opacity: Double)] {
        f > 0 ? [(0, 0), (f, 0), (f, 1), (1, 1)] : [(0, 1), (1, 1)]
    }
}
