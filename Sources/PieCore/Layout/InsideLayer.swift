import PieSpec

/// The second label layer (`labels` as a list: names beside the pie, percentages inside):
/// its texts inside their slices, laid out with the main layer. The main layer is beside the
/// pie (`LowerLabelLayers`), so its labels and leader lines stand beyond the rim, and each of
/// this layer's labels stands inside its own slice's ring sector (`LabelFit`): the two never
/// overlap, and no two of this layer's labels do (their sectors are disjoint).
public struct InsideLayer: Sendable, Hashable {
    /// `labels[i].radius` (at most 1): where the texts sit across the ring; nil = the default.
    public var fraction: Double?
    /// `labels[i].size` over the chart's font size (1 without a size): the size its texts
    /// are drawn at (`LabelDetail.sized`), which moves between versions (`ChartPose.layerScale`).
    public var scale: Double = 1

    /// Fills each visible slice's `layerText` (at or above the layer's `minPercent`, or kept,
    /// and fitting inside its slice at the layer's `size`; else `layerLeftOut`) and
    /// `layerColor`, the layer's written colour. A `size` rides in the text
    /// (`LabelDetail.sized`), so every measure, move and writer of the label keeps it.
    static func place(_ layer: LabelOptions, slices: inout [SliceLayout], spec: ChartSpec, sign: Double, fontSize: Double) -> InsideLayer {
        let values = slices.map { max($0.value, 0) }
        let sum = values.reduce(0, +)
        let denominator = max(spec.chart.total ?? sum, sum)
        let written = layer.color.written
        for k in slices.indices where slices[k].isVisible {
            let share = denominator > 0 ? values[k] / denominator * 100 : 0
            guard share >= layer.minPercent || slices[k].keepLabel else { continue }
            let plain = Layout.render(layer.content, slice: slices[k], format: spec.format, total: sum)
            let text = layer.size.map { LabelDetail.sized(plain, scale: $0 / fontSize) } ?? plain
            guard LabelFit.fitsInside(text, geometry: slices[k].geometry, fontSize: fontSize, sign: sign,
                                      fraction: layer.insideFraction) else {
                slices[k].layerLeftOut = true
                continue
            }
            slices[k].layerText = text
            slices[k].layerColor = written
        }
        var result = InsideLayer(fraction: layer.insideFraction)
        if let size = layer.size { result.scale = size / fontSize }
        return result
    }
}

extension SliceLayout {
    /// The colour of the inside layer's text: the layer's written `color`, else black or
    /// white, whichever contrasts more with the slice (a slice's `labelColor` colours its
    /// label of the main layer).
    public var layerInk: Color { layerColor ?? TextInk.on(color) }
}
