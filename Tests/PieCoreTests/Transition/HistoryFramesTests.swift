import Foundation
@testable import PieCore
import PieSpec
import Testing

/// `FrameSource.history`: `piec render --history` draws what the history bundle shows at each
/// instant, placed by the same `HistoryCanvas`.
struct HistoryFramesTests {
    static func source() throws -> (FrameSource, PieCore.Bundle) {
        let versions = try HistoryTests.versions()
        let steps = History.steps(versions, hold: 500)
        return (FrameSource.history(versions: versions, steps: steps), HistoryWriter.write(versions: versions, steps: steps, hold: 500, sourceBytes: []))
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The first `translate(...)` after `marker` in `svg`.
    static func translate(after marker: String, in svg: String) throws -> Substring {
        let rest = try #require(svg.range(of: marker)).upperBound
        let open = try #require(svg.range(of: "translate(", range: rest..<svg.endIndex))
        let close = try #require(svg.range(of: ")", range: open.upperBound..<svg.endIndex))
        return svg[open.upperBound..<close.lowerBound]
    }

    @Test func theTimelineRunsUntilTheLastVersionRests() throws {
        let (source, _) = try Self.source()
        #expect(source.timeline.start == 0 && source.timeline.length == 2900)
    }

    @Test func eachInstantShowsTheStepStartedLastWithItsCaption() throws {
        let (source, _) = try Self.source()
        let captions = [(0.0, "First chart"), (600, "First chart"), (1099.9, "First chart"), (1100, "Add Rust"), (2199, "Add Rust"),
                        (2200, "Drop Go"), (2900, "Drop Go"), (10_000, "Drop Go")]
        for (t, subject) in captions {
            let svg = Self.text(source.svg(at: t))
            #expect(svg.contains(" \u{00B7} " + subject + "</text>"), "at \(t)")
            #expect(svg.components(separatedBy: "<text class=\"p-cap").count == 2, "one caption at \(t)")
            #expect(!svg.contains("<style") && !svg.contains("visibility"))
        }
        // At rest at a version, and after the end: the same image.
        #expect(source.svg(at: 2900) == source.svg(at: 10_000))
        #expect(source.svg(at: 1700) != source.svg(at: 2900))
    }

    @Test func theCanvasAndEachStepsOffsetAreTheBundles() throws {
        let (source, bundle) = try Self.source()
        let chart = Self.text(bundle.files[0].bytes)
        let frame = Self.text(source.svg(at: 2900))
        let viewBox = { (svg: String) in svg.components(separatedBy: "viewBox=\"")[1].prefix { $0 != "\"" } }
        #expect(viewBox(frame) == viewBox(chart))
        #expect(source.size.width == 2 * Double(try #require(frame.components(separatedBy: "<text class=\"p-cap p-ink\" x=\"")[1].split(separator: "\"").first.flatMap { Double($0) })))
        for (k, t) in [0.0, 1100, 2200].enumerated() {
            let svg = Self.text(source.svg(at: t))
            let bundleOffset = try Self.translate(after: "<g class=\"p-step p-h\(k) ", in: chart)
            let frameOffset = try Self.translate(after: "</title>\n", in: svg)
            #expect(frameOffset == bundleOffset, "step \(k)")
        }
    }

    @Test func theFirstInstantIsTheFirstVersionEnteringTheLastTheLastVersion() throws {
        let versions = try HistoryTests.versions()
        let (source, _) = try Self.source()
        // The last version's own frame (placed at its offset) is what the history ends on.
        let alone = FrameSource.chart(Transition.between(old: versions[1].spec, new: versions[2].spec), spec: versions[2].spec)
        let ownWedges = Self.text(alone.svg(at: 1_000_000)).components(separatedBy: "\n").filter { $0.hasPrefix("<path fill=\"#") }
        let lastWedges = Self.text(source.svg(at: 2900)).components(separatedBy: "\n").filter { $0.hasPrefix("<path fill=\"#") }
        #expect(!ownWedges.isEmpty && ownWedges == lastWedges)
        let firstAlone = FrameSource.chart(Transition.between(old: nil, new: versions[0].spec), spec: versions[0].spec)
        let enterWedges = Self.text(firstAlone.svg(at: 0)).components(separatedBy: "\n").filter { $0.hasPrefix("<path fill=\"#") }
        #expect(enterWedges == Self.text(source.svg(at: 0)).components(separatedBy: "\n").filter { $0.hasPrefix("<path fill=\"#") })
    }
}
