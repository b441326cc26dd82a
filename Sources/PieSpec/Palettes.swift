#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Built-in palettes. Colours are assigned per slice id (see `assign`), so a slice keeps
/// its colour when others are inserted or removed. `hue` is the exception: it spreads n
/// colours evenly around the hue wheel by position (the PieView seed), so it shifts with n.
/// A palette list is used in order on a first build (`inOrder`); across versions its
/// colours stay with the ids through pinning, like the named palettes.
public enum Palettes {
    public static let table: [(name: String, summary: String, colors: [Color])] = [
        ("default", "ten distinct colours, readable on light and dark backgrounds",
         hexes("#4e79a7 #f28e2b #e15759 #76b7b2 #59a14f #edc948 #b07aa1 #ff9da7 #9c755f #bab0ac")),
        ("okabe-ito", "Okabe & Ito's colour-blind-safe eight",
         hexes("#e69f00 #56b4e9 #009e73 #f0e442 #0072b2 #d55e00 #cc79a7 #000000")),
        ("tol-bright", "Paul Tol's colour-blind-safe bright scheme",
         hexes("#4477aa #ee6677 #228833 #ccbb44 #66ccee #aa3377 #bbbbbb")),
        ("tol-muted", "Paul Tol's colour-blind-safe muted scheme",
         hexes("#cc6677 #332288 #ddcc77 #117733 #88ccee #882255 #44aa99 #999933 #aa4499")),
        ("viridis", "perceptually uniform, colour-blind-safe sequential",
         hexes("#440154 #482878 #3e4989 #31688e #26828e #1f9e89 #35b779 #6ece58 #b5de2b #fde725")),
        ("grayscale", "print-friendly greys",
         hexes("#252525 #525252 #737373 #969696 #bdbdbd #d9d9d9")),
    ]

    /// Every name accepted by `theme.palette`, including `hue`.
    public static var names: [String] { table.map(\.name) + ["hue"] }

    public static func colors(named name: String) -> [Color]? {
        table.first { $0.name == name }?.colors
    }

    /// The colours for slices `ids` (in order) under `palette`; explicit per-slice colours are
    /// applied by the caller. Each id prefers `hash(id) % n`; collisions probe to the next free
    /// colour in spec order, so up to n slices always get distinct colours. `pinned` ids (the
    /// colours slices had in the previous version) keep their colour, and the others avoid
    /// the pinned colours while free ones remain. `hue` is positional and ignores `pinned`; a
    /// scale reads each slice's colour from its value (`values`, in the order of `ids`) or place.
    public static func assign(ids: [String], values: [Double] = [], palette: Palette, pinned: [String: Color] = [:]) -> [Color] {
        let colors: [Color]
        switch palette {
        case .named("hue"): return ids.indices.map { hue(index: $0, count: ids.count) }
        case .scale(var scale):
            if values.count != ids.count { scale.by = .order }
            return scale.colors(values: scale.by == .value ? values : ids.indices.map(Double.init))
        case .named(let name): colors = Palettes.colors(named: name) ?? table[0].colors
        case .list(let list) where !list.isEmpty: return inOrder(ids: ids, colors: list, pinned: pinned)
        case .list: colors = table[0].colors
        }
        var used = [Bool](repeating: false, count: colors.count)
        var usedCount = 0
        for id in ids {
            guard let color = pinned[id], let k = colors.firstIndex(of: color), !used[k] else { continue }
            used[k] = true
            usedCount += 1
        }
        var result: [Color] = []
        result.reserveCapacity(ids.count)
        for id in ids {
            if let color = pinned[id] {
                result.append(color)
                continue
            }
            var index = Int(fnv1a(id) % UInt64(colors.count))
            if usedCount < colors.count {
                while used[index] { index = (index + 1) % colors.count }
                used[index] = true
                usedCount += 1
            }
            result.append(colors[index])
        }
        return result
    }

    /// A palette list is a range in the data's order (Vega-Lite's `range`, ECharts' `color`,
    /// Chart.js' `backgroundColor`): slice i takes entry i, cycling past the end. With a
    /// previous version, slices keep their pinned colours and every other slice takes the
    /// first entry (in list order) that no slice uses yet, then cycles by position.
    static func inOrder(ids: [String], colors: [Color], pinned: [String: Color]) -> [Color] {
        var used = [Bool](repeating: false, count: colors.count)
        for id in ids {
            if let color = pinned[id], let k = colors.firstIndex(of: color) { used[k] = true }
        }
        var next = 0
        return ids.enumerated().map { i, id in
            if let color = pinned[id] { return color }
            while next < colors.count, used[next] { next += 1 }
            guard next < colors.count else { return colors[i % colors.count] }
            used[next] = true
            return colors[next]
        }
    }

    /// `hue` palette: evenly spaced hues from red, HSL saturation 65 %, lightness 55 %.
    public static func hue(index: Int, count: Int) -> Color {
        let h = Double(index) / Double(max(count, 1)) * 360
        return hsl(h: h, s: 0.65, l: 0.55)
    }

    static func hsl(h: Double, s: Double, l: Double) -> Color {
        let c = (1 - abs(2 * l - 1)) * s
        let hp = h / 60
        let x = c * (1 - abs(fmod(hp, 2) - 1))
        let (r1, g1, b1): (Double, Double, Double)
        switch hp {
        case ..<1: (r1, g1, b1) = (c, x, 0)
        case ..<2: (r1, g1, b1) = (x, c, 0)
        case ..<3: (r1, g1, b1) = (0, c, x)
        case ..<4: (r1, g1, b1) = (0, x, c)
        case ..<5: (r1, g1, b1) = (x, 0, c)
        default: (r1, g1, b1) = (c, 0, x)
        }
        let m = l - c / 2
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return Color(r: byte(r1), g: byte(g1), b: byte(b1))
    }

    /// FNV-1a 64-bit: stable across runs and machines (unlike `Hasher`).
    public static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }

    static func hexes(_ list: String) -> [Color] {
        list.split(separator: " ").compactMap { Color.parse(String($0)) }
    }
}
