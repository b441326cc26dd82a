import PieSpec

/// The centre text and the title of a stage: the old and new texts where they change, each
/// fading along the plan's easing.
extension Stage {
    /// One centre text element (`.p-ink`); `fromOpacity` -> `toOpacity` along the plan's easing.
    struct Center {
        var index: Int
        var text: CenterText
        var fromOpacity: Double
        var toOpacity: Double
    }

    /// Title lines that fade together (`SVGWriter.titleLayer`); `fromOpacity` -> `toOpacity`
    /// along the plan's easing.
    struct Title {
        var index: Int
        var lines: [TitleBlock.Line]
        var fromOpacity: Double
        var toOpacity: Double
    }

    /// The centre text: one element when it stays, else the old one fading out and the new
    /// one fading in (an entering chart fades its text in).
    static func centerItems(layout: ChartLayout, plan: TransitionPlan) -> [Center] {
        let animated = plan.kind == .update || plan.kind == .enterGrow
        let old = plan.kind == .update ? plan.from.center : nil
        var result: [Center] = []
        if let old, animated, old != layout.center {
            result.append(Center(index: 0, text: old, fromOpacity: 1, toOpacity: 0))
        }
        if let new = layout.center {
            let appears = animated && old != new
            result.append(Center(index: result.count, text: new, fromOpacity: appears ? 0 : 1, toOpacity: 1))
        }
        return result
    }

    /// A changed title: the old version's lines that are not in the new one fading out, and
    /// the new lines fading in; lines in both stay.
    static func titleItems(layout: ChartLayout, plan: TransitionPlan) -> [Title] {
        var titles: [Title] = []
        if plan.kind == .update, plan.from.title != layout.title {
            let old = plan.from.title?.lines ?? [], new = layout.title?.lines ?? []
            let leaving = old.filter { !new.contains($0) }, coming = new.filter { !old.contains($0) }
            if !leaving.isEmpty { titles.append(Title(index: 0, lines: leaving, fromOpacity: 1, toOpacity: 0)) }
            if !coming.isEmpty { titles.append(Title(index: titles.count, lines: coming, fromOpacity: 0, toOpacity: 1)) }
        }
        return titles
    }
}
