import PieSpec

/// The shared legend of `charts:` with `legend.values` (`FacetWriter`): a table, one column
/// per chart (`heads`: their titles), each row's text in each (`cells[k]` for the legend's
/// slice `k`: that chart's value of the id as `legend.values` shows it, "—" where the chart
/// does not hold it).
public struct LegendTable: Sendable, Hashable {
    public var heads: [String]
    public var cells: [[String]]
    public init(heads: [String], cells: [[String]]) {
        self.heads = heads
        self.cells = cells
    }
}

/// Measures the legend with `TextMetrics` and places it beside the pie so nothing overlaps.
enum LegendPlacer {
    /// Rows shown at most; beyond that the last row reads "+ N more" (the HTML table lists all).
    static let maxItems = 50
    static let rowHeight = 20.0
    static let swatch = 12.0
    static let textX = 18.0
    static let columnGap = 12.0
    static let itemGap = 16.0
    static let pad = 16.0
    static let maxLabelWidth = 200.0
    /// A table legend's column head (a chart's title) is cut to this width, in bold.
    static let maxHeadWidth = 120.0

    struct Entry {
        var slice: Int?
        /// The other slices the row stands for (`LegendRows`).
        var also: [Int] = []
        var label: String
        var percent: String
        var labelWidth: Double
        var percentWidth: Double
        /// Its texts in a table legend's columns (`LegendTable`), and their widths.
        var cells: [String] = []
        var cellWidths: [Double] = []
    }

    struct Measured {
        var position: LegendPosition
        var entries: [Entry]
        var fontSize: Double
        /// `legend.title` (one line, cut to `maxLabelWidth`) and its width in bold.
        var title: String? = nil
        var titleWidth: Double = 0
        /// A table legend's column heads (cut to `maxHeadWidth`) and their widths in bold.
        var heads: [String] = []
        var headWidths: [Double] = []

        /// Height of the title row and of the heads' row (0 without them).
        var titleHeight: Double { (title == nil ? 0 : LegendPlacer.rowHeight) + (heads.isEmpty ? 0 : LegendPlacer.rowHeight) }
        /// Each table column's width: its head's or its widest text.
        var columnWidths: [Double] {
            headWidths.indices.map { j in entries.reduce(headWidths[j]) { j < $1.cellWidths.count ? max($0, $1.cellWidths[j]) : $0 } }
        }
    }

    struct Canvas {
        var width: Double
        var height: Double
        var pieX: Double
        var pieY: Double
        var legend: LegendLayout

        /// Moves the pie and the legend down by the title block's height, and widens the
        /// canvas (keeping them centred) when the title is wider.
        mutating func makeRoom(for title: TitleBlock) {
            let wide = (title.width + 2 * TitleBlock.pad).rounded(.up)
            let dx = max(0, wide - width) / 2
            width += 2 * dx
            pieX += dx
            legend.x += dx
            let dy = title.height.rounded(.up)
            height += dy
            pieY += dy
            legend.y += dy
        }
    }

    /// The rows (`LegendRows`: which slices each stands for, in `legend.order`) measured; a row
    /// standing for several slices shows their values one after the other (`40% / 25%`).
    static func measure(_ slices: [SliceLayout], rows: [[Int]], spec: ChartSpec, fontSize: Double, table: LegendTable? = nil) -> Measured {
        let position = slices.isEmpty ? .none : spec.legend.position
        guard position != .none else { return Measured(position: .none, entries: [], fontSize: fontSize) }
        let shown = rows.count > maxItems ? maxItems - 1 : rows.count
        var entries: [Entry] = []
        entries.reserveCapacity(shown + 1)
        for row in rows.prefix(shown) {
            let k = row[0]
            let label = TextMetrics.truncate(TextLines.joined(slices[k].label), maxWidth: maxLabelWidth, fontSize: fontSize)
            var percent = LegendPlacer.shown(slices[k], values: spec.legend.values, format: spec.format)
            for j in row.dropFirst() where !percent.isEmpty {
                percent += " / " + LegendPlacer.shown(slices[j], values: spec.legend.values, format: spec.format)
            }
            var entry = Entry(slice: k, also: Array(row.dropFirst()), label: label, percent: percent,
                              labelWidth: TextMetrics.width(label, fontSize: fontSize),
                              percentWidth: TextMetrics.width(percent, fontSize: fontSize))
            if let table, k < table.cells.count {
                entry.cells = table.cells[k]
                entry.cellWidths = table.cells[k].map { TextMetrics.width($0, fontSize: fontSize) }
            }
            entries.append(entry)
        }
        if shown < rows.count {
            let more = "+ " + String(rows.count - shown) + " more"
            entries.append(Entry(slice: nil, label: more, percent: "",
                                 labelWidth: TextMetrics.width(more, fontSize: fontSize), percentWidth: 0))
        }
        var measured = Measured(position: position, entries: entries, fontSize: fontSize)
        if let title = spec.legend.title, !title.isEmpty {
            let cut = TextMetrics.truncate(TextLines.joined(title), maxWidth: maxLabelWidth / TextMetrics.boldScale, fontSize: fontSize)
            measured.title = cut
            measured.titleWidth = TextMetrics.width(cut, fontSize: fontSize) * TextMetrics.boldScale
        }
        if let table {
            measured.heads = table.heads.map {
                TextMetrics.truncate(TextLines.joined($0), maxWidth: maxHeadWidth / TextMetrics.boldScale, fontSize: fontSize)
            }
            measured.headWidths = measured.heads.map { TextMetrics.width($0, fontSize: fontSize) * TextMetrics.boldScale }
        }
        return measured
    }

    /// What a row shows after its label (`legend.values`): nothing, the value as people read
    /// it (`format`), the percentage, or both (`42.5 (42.5%)`).
    static func shown(_ slice: SliceLayout, values: LegendValues, format: FormatOptions) -> String {
        switch values {
        case .none: return ""
        case .value: return Layout.shownValue(slice, format: format)
        case .percent: return format.locale.percent(plain: slice.percentText)
        case .both: return Layout.shownValue(slice, format: format) + " (" + format.locale.percent(plain: slice.percentText) + ")"
        }
    }

    static func place(_ m: Measured, box: PieBox) -> Canvas {
        switch m.position {
        case .none:
            return Canvas(width: box.width.rounded(.up), height: box.height.rounded(.up), pieX: 0, pieY: 0,
                          legend: .none)
        case .left, .right:
            return placeColumn(m, box: box)
        case .top, .bottom:
            return m.heads.isEmpty ? placeRows(m, box: box) : placeTable(m, box: box)
        }
    }

    /// The rows one under the other: the labels in a column, the percents (or a table's
    /// columns, `LegendTable`) right-aligned in columns after it.
    private static func stacked(_ m: Measured) -> (items: [LegendLayout.Item], heads: [LegendLayout.Head], rowsWidth: Double, width: Double, height: Double) {
        let labelColumn = m.entries.map(\.labelWidth).max() ?? 0
        let percentColumn = m.entries.map(\.percentWidth).max() ?? 0
        var rowsWidth = textX + labelColumn + (percentColumn > 0 ? columnGap + percentColumn : 0)
        var heads: [LegendLayout.Head] = []
        for (text, w) in zip(m.heads, m.columnWidths) {
            rowsWidth += columnGap + w
            heads.append(LegendLayout.Head(text: text, x: rowsWidth))
        }
        let width = max(rowsWidth, m.titleWidth)
        let height = m.titleHeight + Double(m.entries.count) * rowHeight - (rowHeight - swatch)
        let items = m.entries.enumerated().map { i, e in
            LegendLayout.Item(slice: e.slice, also: e.also, x: 0, y: m.titleHeight + Double(i) * rowHeight, label: e.label,
                              percent: e.percent, percentX: rowsWidth, cells: e.cells)
        }
        return (items, heads, rowsWidth, width, height)
    }

    /// A table legend (`LegendTable`) above or below the pie: its rows stacked as beside it,
    /// the block centred, the canvas as wide as the block at least.
    private static func placeTable(_ m: Measured, box: PieBox) -> Canvas {
        let (items, heads, rowsWidth, blockWidth, height) = stacked(m)
        let width = max(box.width, blockWidth + 2 * pad).rounded(.up)
        let canvasHeight = (box.height + height + pad).rounded(.up)
        let legendY = m.position == .top ? pad : canvasHeight - pad - height
        let pieY = m.position == .top ? canvasHeight - box.height : 0
        var legend = LegendLayout(position: m.position, x: (width - blockWidth) / 2, y: legendY,
                                  width: rowsWidth, height: height, items: items, alignEnd: true)
        legend.title = m.title
        legend.heads = heads
        return Canvas(width: width, height: canvasHeight, pieX: (width - box.width) / 2, pieY: pieY, legend: legend)
    }

    private static func placeColumn(_ m: Measured, box: PieBox) -> Canvas {
        let (items, heads, rowsWidth, width, height) = stacked(m)
        let canvasHeight = max(box.height, height + 2 * pad).rounded(.up)
        let canvasWidth = (box.width + width + pad).rounded(.up)
        let legendX = m.position == .right ? canvasWidth - pad - width : pad
        let pieX = m.position == .right ? 0 : canvasWidth - box.width
        var legend = LegendLayout(position: m.position, x: legendX, y: (canvasHeight - height) / 2,
                                  width: rowsWidth, height: height, items: items, alignEnd: true)
        legend.title = m.title
        legend.heads = heads
        return Canvas(width: canvasWidth, height: canvasHeight,
                      pieX: pieX, pieY: (canvasHeight - box.height) / 2, legend: legend)
    }

    private static func placeRows(_ m: Measured, box: PieBox) -> Canvas {
        let space = TextMetrics.width(" ", fontSize: m.fontSize)
        let itemWidths = m.entries.map { textX + $0.labelWidth + ($0.percent.isEmpty ? 0 : space + $0.percentWidth) }
        let available = max(box.width - 2 * pad, itemWidths.max() ?? 0)
        var items: [LegendLayout.Item] = []
        items.reserveCapacity(m.entries.count)
        var x = 0.0, y = m.titleHeight, blockWidth = m.titleWidth
        for (e, w) in zip(m.entries, itemWidths) {
            if x > 0, x + w > available {
                x = 0
                y += rowHeight
            }
            items.append(LegendLayout.Item(slice: e.slice, also: e.also, x: x, y: y, label: e.label, percent: e.percent,
                                           percentX: textX + e.labelWidth + space))
            blockWidth = max(blockWidth, x + w)
            x += w + itemGap
        }
        let height = y + swatch
        let width = max(box.width, blockWidth + 2 * pad).rounded(.up)
        let canvasHeight = (box.height + height + pad).rounded(.up)
        let legendY = m.position == .top ? pad : canvasHeight - pad - height
        let pieY = m.position == .top ? canvasHeight - box.height : 0
        var legend = LegendLayout(position: m.position, x: (width - blockWidth) / 2, y: legendY,
                                  width: blockWidth, height: height, items: items, alignEnd: false)
        legend.title = m.title
        return Canvas(width: width, height: canvasHeight, pieX: (width - box.width) / 2,
                      pieY: pieY, legend: legend)
    }
}
