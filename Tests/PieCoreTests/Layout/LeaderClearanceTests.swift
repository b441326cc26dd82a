@testable import PieCore
import PieSpec
import Testing

/// No leader line through another label's text, and grid tick labels that give way (issue 40):
/// charts of the label judge's corpus (Tests/browser/piectest/labelcorpus.py, `distant()` and
/// `gridded()`) whose leaders crossed a neighbour's text or whose tick labels overlapped.
@Suite("Leaders clear the texts; tick labels give way")
struct LeaderClearanceTests {
    static let r020 = """
        piec: 1
        id: "r020"
        title: "Where the time goes in a long release cycle of the product"
        chart: {size: 160, innerRadius: 0.7, startAngle: -90, sweep: 180, center: "{label}"}
        labels: {content: "{value}", position: "auto", minPercent: 0, radius: 1.1, leader: "line"}
        format: {decimals: 0, locale: "hi-IN"}
        legend: {position: "bottom"}
        animation: {enter: "none"}
        slices:
          - {id: "s0", label: "Internationalization", value: 35.0}
          - {id: "s1", label: "Kraków", value: 0.86}
          - {id: "s2", label: "한국어 텍스트", value: 1.42}
          - {id: "s3", label: "Ångström", value: 33.2}
          - {id: "s4", label: "C", value: 0.98}
          - {id: "s5", label: "Java", value: 1.23}
          - {id: "s6", label: "QA", value: 23.3}
          - {id: "s7", label: "Ads", value: 1.97}
          - {id: "s8", label: "Line one\\nline two", value: 1.29}
          - {id: "s9", label: "東京\\n大阪", value: 39.6}
          - {id: "s10", label: "Docs", value: 1.73}
          - {id: "s11", label: "Ads 11", value: 0.49}
          - {id: "s12", label: "Øresund", value: 37.5}
          - {id: "s13", label: "Code\\nreview", value: 0.29}
          - {id: "s14", label: "Test", value: 1.43}
          - {id: "s15", label: "Customer success and support", value: 31.6}
          - {id: "s16", label: "Kubernetes operators", value: 1.21}
          - {id: "s17", label: "ひらがな", value: 1.64}
          - {id: "s18", label: "Café crème", value: 39.5}
          - {id: "s19", label: "Cloud\\nstorage\\ncosts", value: 0.93}
          - {id: "s20", label: "Café crème 20", value: 1.95}
          - {id: "s21", label: "Ærøskøbing", value: 25.6}
          - {id: "s22", label: "東京", value: 1.45}
          - {id: "s23", label: "Sales and marketing", value: 0.49}
          - {id: "s24", label: "Électricité", value: 26.5}
          - {id: "s25", label: "Kraków 25", value: 0.35}
          - {id: "s26", label: "Größenordnung", value: 1.22}
          - {id: "s27", label: "Kubernetes operators 27", value: 28.8}
          - {id: "s28", label: "上海浦东新区", value: 0.52}
          - {id: "s29", label: "東京 29", value: 0.55}
          - {id: "s30", label: "대한민국", value: 29.1}
          - {id: "s31", label: "São Paulo", value: 0.6}
          - {id: "s32", label: "日本語", value: 1.17}
          - {id: "s33", label: "Île-de-France", value: 30.3}
          - {id: "s34", label: "日本語 34", value: 0.71}
          - {id: "s35", label: "iOS", value: 1.58}
          - {id: "s36", label: "QA 36", value: 22.6}
          - {id: "s37", label: "日本語 37", value: 1.06}
          - {id: "s38", label: "Île-de-France 38", value: 1.85}
          - {id: "s39", label: "Java 39", value: 14.4}

        """

    static let r036 = """
        piec: 1
        id: "r036"
        title: "Anteile"
        subtitle: "Share of the total, in percent, rounded to one decimal"
        chart: {size: 320, innerRadius: 0.5, startAngle: 0, sort: "descending", center: "A rather long centre text"}
        labels: {content: "{label} {percent}", position: "auto", minPercent: 2, radius: 1.05, leader: "line", leaderColor: "slice"}
        format: {decimals: 1, locale: "en-US", suffix: " GB"}
        legend: {position: "bottom"}
        animation: {enter: "none"}
        slices:
          - {id: "s0", label: "Ångström", value: 9.7}
          - {id: "s1", label: "Ærøskøbing", value: 8.1}
          - {id: "s2", label: "Čeština", value: 6.6}
          - {id: "s3", label: "Zürich Straße", value: 8.8}
          - {id: "s4", label: "Čeština 4", value: 11.5}
          - {id: "s5", label: "São Paulo", value: 10.8}
          - {id: "s6", label: "Électricité", value: 7.0}
          - {id: "s7", label: "Øresund", value: 10.8}
          - {id: "s8", label: "Île-de-France", value: 7.3}
          - {id: "s9", label: "Kraków", value: 6.8}
          - {id: "s10", label: "Čeština 10", value: 7.7}
          - {id: "s11", label: "Čeština 11", value: 9.6}
          - {id: "s12", label: "Øresund 12", value: 10.9}
          - {id: "s13", label: "Größenordnung", value: 7.7}
          - {id: "s14", label: "Ærøskøbing 14", value: 6.5}
          - {id: "s15", label: "Größenordnung 15", value: 8.8}
          - {id: "s16", label: "Čeština 16", value: 5.0}
          - {id: "s17", label: "Øresund 17", value: 10.2}
          - {id: "s18", label: "Kraków 18", value: 6.1}
          - {id: "s19", label: "Ñandú", value: 10.2}
          - {id: "s20", label: "Électricité 20", value: 5.3}
          - {id: "s21", label: "Øresund 21", value: 5.8}
          - {id: "s22", label: "Île-de-France 22", value: 11.7}
          - {id: "s23", label: "Größenordnung 23", value: 6.1}

        """

    static let g019 = """
        piec: 1
        id: "g019"
        chart: {size: 200, startAngle: 0, sort: "ascending", rose: "radius", grid: {circles: "auto", labels: true}}
        labels: {content: "{label} {percent}", position: "auto", minPercent: 1}
        format: {decimals: 1, locale: "hi-IN"}
        legend: {position: "none"}
        animation: {enter: "none"}
        slices:
          - {id: "s0", label: "Test", value: 37.4}
          - {id: "s1", label: "Ads", value: 0.99}
          - {id: "s2", label: "HR", value: 1.46}
          - {id: "s3", label: "Docs", value: 32.2}
          - {id: "s4", label: "Test 4", value: 1.86}
          - {id: "s5", label: "QA", value: 0.83}
          - {id: "s6", label: "Misc", value: 18.8}
          - {id: "s7", label: "Web", value: 1.79}
          - {id: "s8", label: "C", value: 0.45}
          - {id: "s9", label: "Ads 9", value: 29.2}
          - {id: "s10", label: "Ops", value: 1.14}
          - {id: "s11", label: "API", value: 1.49}
          - {id: "s12", label: "HR 12", value: 36.2}
          - {id: "s13", label: "Go", value: 1.35}
          - {id: "s14", label: "Misc 14", value: 0.49}
          - {id: "s15", label: "C 15", value: 27.5}
          - {id: "s16", label: "Ops 16", value: 1.98}
          - {id: "s17", label: "Misc 17", value: 0.71}
          - {id: "s18", label: "Docs 18", value: 25.5}
          - {id: "s19", label: "iOS", value: 1.48}
          - {id: "s20", label: "Ads 20", value: 2.0}
          - {id: "s21", label: "Web 21", value: 16.4}
          - {id: "s22", label: "Go 22", value: 1.62}
          - {id: "s23", label: "API 23", value: 1.8}
          - {id: "s24", label: "Misc 24", value: 34.6}
          - {id: "s25", label: "Java", value: 0.93}
          - {id: "s26", label: "Test 26", value: 1.93}
          - {id: "s27", label: "Ops 27", value: 15.4}
          - {id: "s28", label: "Test 28", value: 1.15}
          - {id: "s29", label: "C 29", value: 1.06}
          - {id: "s30", label: "iOS 30", value: 12.2}
          - {id: "s31", label: "iOS 31", value: 1.11}
          - {id: "s32", label: "Docs 32", value: 0.99}
          - {id: "s33", label: "Rust", value: 33.7}
          - {id: "s34", label: "HR 34", value: 1.2}
          - {id: "s35", label: "Misc 35", value: 1.16}
          - {id: "s36", label: "Misc 36", value: 13.7}
          - {id: "s37", label: "Java 37", value: 1.57}
          - {id: "s38", label: "C 38", value: 1.74}
          - {id: "s39", label: "HR 39", value: 35.2}

        """

    static let g002 = """
        piec: 1
        id: "g002"
        title: "Spend by team"
        chart: {size: 160, startAngle: -90, rose: "area", grid: {circles: "auto", labels: true}}
        labels: {content: "{label} ({percent})", position: "inside", minPercent: 2, radius: 0.2}
        format: {decimals: 1, locale: "hi-IN", suffix: " €"}
        legend: {position: "left"}
        animation: {enter: "none"}
        slices:
          - {id: "s0", label: "人工知能の研究", value: 280.9}
          - {id: "s1", label: "北京市", value: 2.81}
          - {id: "s2", label: "ひらがな", value: 1.22}
          - {id: "s3", label: "人工知能の研究 3", value: 0.92}
          - {id: "s4", label: "東京", value: 0.36}
          - {id: "s5", label: "中文标签", value: 1.74}
          - {id: "s6", label: "人工知能の研究 6", value: 2.82}
          - {id: "s7", label: "上海浦东新区", value: 3.45}
          - {id: "s8", label: "東京 8", value: 2.22}
          - {id: "s9", label: "대한민국", value: 3.46}
          - {id: "s10", label: "データベース", value: 1.38}
          - {id: "s11", label: "ひらがな 11", value: 0.58}
          - {id: "s12", label: "東京 12", value: 3.87}
          - {id: "s13", label: "データベース 13", value: 2.39}
          - {id: "s14", label: "한국어 텍스트", value: 3.59}
          - {id: "s15", label: "データベース 15", value: 0.34}
          - {id: "s16", label: "データベース 16", value: 1.89}
          - {id: "s17", label: "人工知能の研究 17", value: 0.37}
          - {id: "s18", label: "대한민국 18", value: 1.42}
          - {id: "s19", label: "日本語", value: 2.65}
          - {id: "s20", label: "ひらがな 20", value: 0.66}
          - {id: "s21", label: "上海浦东新区 21", value: 1.84}
          - {id: "s22", label: "中文标签 22", value: 0.86}
          - {id: "s23", label: "上海浦东新区 23", value: 0.61}

        """

    static let g023 = """
        piec: 1
        id: "g023"
        chart: {size: 200, startAngle: 137, sort: "descending", rose: "radius", grid: {circles: "auto", labels: true}}
        labels: {content: "{id}", position: "auto", minPercent: 5, radius: 1.1}
        format: {decimals: 1, locale: "en-US"}
        legend: {position: "top"}
        animation: {enter: "none"}
        slices:
          - {id: "s0", label: "São Paulo", value: 28.23}
          - {id: "s1", label: "Größenordnung", value: 11.79}
          - {id: "s2", label: "Kraków", value: 18.41}
          - {id: "s3", label: "Ærøskøbing", value: 9.04}

        """

    /// The outside labels as the ink layer draws them at rest: text, pose and text box.
    static func drawn(_ spec: ChartSpec) throws -> (layout: ChartLayout, labels: [(text: String, pose: OutsideLabels.Pose, box: SectorBox)]) {
        let (plan, _, layout) = Transition.between(old: spec, new: spec).parts
        let scene = Scene(layout: layout, plan: plan)
        let room = try #require(layout.labelRoom)
        let width = OutsideLabels.textWidth(room: room, outer: layout.labelRim)
        let labels = scene.ink.tracks.compactMap { t in
            t.rest.map { (t.text, $0, LeaderClearance.box(t.text, $0, width: width, fontSize: layout.fontSize)) }
        }
        return (layout, labels)
    }

    /// "leader of A crosses B" for every drawn leader piece through another label's text box
    /// (grown by `LeaderClearance.margin`).
    static func crossings(_ yaml: String) throws -> [String] {
        let (layout, labels) = try drawn(try Fixture.loaded(yaml))
        guard layout.drawsLeaders else { return [] }
        var out: [String] = []
        for a in labels {
            for b in labels where b.text != a.text && LeaderClearance.crosses(LeaderClearance.pieces(a.pose), b.box) {
                out.append("leader of \(a.text) crosses \(b.text)")
            }
        }
        return out
    }

    @Test func aPieceCrossesABoxOnlyWhenItPassesThroughIt() {
        let box = SectorBox(minX: 10, minY: 10, maxX: 30, maxY: 20)
        func piece(_ a: (Double, Double), _ b: (Double, Double)) -> OutsideLabels.Segment { .between((a.0, a.1), (b.0, b.1)) }
        #expect(LeaderClearance.crosses(piece((0, 15), (40, 15)), box))
        #expect(LeaderClearance.crosses(piece((20, 0), (20, 12)), box))
        #expect(LeaderClearance.crosses(piece((20, 0), (20, 9)), box), "within the margin")
        #expect(!LeaderClearance.crosses(piece((20, 0), (20, 8)), box))
        #expect(!LeaderClearance.crosses(piece((0, 0), (40, 5)), box))
        #expect(!LeaderClearance.crosses(piece((5, 5), (5, 5)), box), "no length")
    }

    /// Labels at a distance with leaders: a label pushed outward keeps its leader off the
    /// labels placed nearer (r020, r036 crossed in every engine).
    @Test(arguments: [r020, r036])
    func leadersAtADistanceClearTheOtherTexts(_ yaml: String) throws {
        #expect(try Self.crossings(yaml) == [])
        #expect(try Self.drawn(try Fixture.loaded(yaml)).labels.count >= 10)
    }

    /// A rose's labels at their own rims: one whose leader would pass through another label's
    /// text (or whose text another leader passes through) stands in the column (g019).
    @Test func leadersFromTheirOwnRimsClearTheOtherTexts() throws {
        #expect(try Self.crossings(Self.g019) == [])
        let (layout, labels) = try Self.drawn(try Fixture.loaded(Self.g019))
        let room = try #require(layout.labelRoom)
        #expect(labels.contains { abs($0.pose.x) < room.column }, "some labels still stand at their own rim")
    }

    /// Close circles: taken from the outermost, a tick label that would meet one kept further
    /// out is left out (g002); the outermost stays; every circle stays.
    @Test func tickLabelsOfCloseCirclesGiveWay() throws {
        let layout = Layout.layout(try Fixture.loaded(Self.g002))
        let grid = try #require(layout.grid)
        let boxes = grid.circles.compactMap(GridLayout.tickBox)
        #expect(grid.circles.count == 5 && boxes.count < grid.circles.count && boxes.count >= 2, "\(grid.circles)")
        #expect(grid.circles.last?.text != nil, "the outermost keeps its tick label")
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.overlaps(b, by: GridLayout.gap), "\(a) \(b)") }
        }
    }

    /// A tick label that an outside label's text or a leader would meet is left out (g023:
    /// labels at their own distance over the tick labels; g019: leaders through them).
    @Test(arguments: [g023, g019])
    func tickLabelsGiveWayToOutsideLabels(_ yaml: String) throws {
        let (layout, labels) = try Self.drawn(try Fixture.loaded(yaml))
        let grid = try #require(layout.grid)
        let ticks = grid.circles.compactMap(GridLayout.tickBox)
        #expect(!ticks.isEmpty)
        for t in ticks {
            for l in labels {
                #expect(!t.overlaps(l.box, by: GridLayout.gap), "tick \(t) meets \(l.text)")
                if layout.drawsLeaders { #expect(!LeaderClearance.crosses(LeaderClearance.pieces(l.pose), t), "leader of \(l.text)") }
            }
        }
    }

    /// In a transition a tick label that gives way at the new end fades out over the first
    /// half of the chart's window (never popping out at the start), one that gives way at the
    /// old end fades in over the second half; at the end where it gives way it is gone.
    @Test func aTickLabelThatGivesWayAtOneEndFadesInStep() throws {
        let spec = try Fixture.loaded(Self.g002)
        let new = Layout.layout(spec)
        var old = new, grid = try #require(new.grid)
        grid.circles = grid.circles.map { var c = $0; c.text = "\($0.value)"; return c }
        old.grid = grid
        let gives = new.grid!.circles.map { $0.text == nil }
        #expect(gives.contains(true) && gives.contains(false), "\(gives)")
        for (a, b, backwards) in [(old, new, false), (new, old, true)] {
            let pairs = GridPose.pairs(GridPose(a), GridPose(b))
            let far = pairs.map { backwards ? $0.from : $0.to }, near = pairs.map { backwards ? $0.to : $0.from }
            #expect(far.map(\.textOpacity) == gives.map { $0 ? 0 : 1 })
            #expect(near.allSatisfy { $0.textOpacity == 1 } && pairs.allSatisfy { $0.to.text != nil }, "every tick label has its text")
            var plan = Transition.between(old: nil, new: spec).plan
            (plan.from.grid, plan.to.grid, plan.delay, plan.duration, plan.chartWindow) = (GridPose(a), GridPose(b), 0, 1000, nil)
            let track = try #require(Stage.Grid(plan))
            for t in stride(from: 0.0, through: 1000, by: 50) {
                let at = track.at(t), p = t / 1000
                for (k, c) in at.enumerated() {
                    guard gives[k] else {
                        #expect(c.textOpacity == 1, "a kept tick label stays at t \(t)")
                        continue
                    }
                    // Gone in the half next to the end where it gives way, shown at the other end.
                    if backwards ? p <= 0.5 : p >= 0.5 { #expect(c.textOpacity == 0, "t \(t): \(c)") }
                    if t == (backwards ? 1000 : 0) { #expect(c.textOpacity == 1, "shown at the end that keeps it") }
                }
            }
            // chart.svg draws the same: a 50% keyframe takes it out (or keeps it out).
            #expect(pairs.contains { GridPose.Circle.givesWay($0) })
        }
    }
}
