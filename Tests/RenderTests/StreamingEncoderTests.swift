import PieDriver
import PieRaster
import PieSpec
import Synchronization
import Testing
@testable import PieRender

/// The streamed encoders: frames made on demand a window at a time, the same bytes as when
/// every frame was held, and GIF delays past 16 bits split instead of wrapped.
@Suite struct StreamingEncoderTests {
    /// Frame k: a red square at x = 2k on white, `width` x 10 px.
    static func svg(_ k: Int, width: Int = 20) -> [UInt8] {
        Array("""
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="10" viewBox="0 0 \(width) 10">\
            <rect width="\(width)" height="10" fill="#ffffff"/><rect x="\(2 * k)" y="2" width="3" height="3" fill="#c80000"/></svg>
            """.utf8)
    }

    /// How many times a job was asked for a frame.
    final class Counter: Sendable {
        let value = Atomic(0)
        var count: Int { value.load(ordering: .relaxed) }
    }

    static func job(_ format: RenderFormat, durations: [Double], calls: Counter? = nil) -> RasterJob {
        RasterJob(format: format, durations: durations, width: 20, height: 10, loop: true, fps: 30,
                  page: Color(r: 255, g: 255, b: 255)) { k in
            calls?.value.add(1, ordering: .relaxed)
            return svg(k)
        }
    }

    @Test func streamedGIFAndWebPHaveTheBytesOfTheHeldFrames() throws {
        let durations: [Double] = [100, 100, 100, 100, 100, 1000]
        let held = try durations.indices.map { try SVGRasterizer.pixels(Self.svg($0), width: 20, height: 10, page: (255, 255, 255)) }
        let gif = RenderSink.memory()
        #expect(RasterEncoder.encode(Self.job(.gif, durations: durations), to: gif) == nil)
        #expect(gif.bytes == (try GIFEncoder.encode(held, durations: durations, loop: true)))
        let transparent = try durations.indices.map { try SVGRasterizer.pixels(Self.svg($0), width: 20, height: 10) }
        let webp = RenderSink.memory()
        #expect(RasterEncoder.encode(Self.job(.webp, durations: durations), to: webp) == nil)
        #expect(webp.bytes == (try WebPEncoder.encode(transparent, durations: durations, loop: true)))
    }

    @Test func gifDrawsEachFrameTwiceAndWebPOnce() throws {
        // The palette's first pass and the writing pass: a frame is made when asked, not kept.
        let calls = Counter()
        #expect(RasterEncoder.encode(Self.job(.gif, durations: Array(repeating: 100, count: 7), calls: calls), to: .memory()) == nil)
        #expect(calls.count == 14)
        let once = Counter()
        #expect(RasterEncoder.encode(Self.job(.webp, durations: Array(repeating: 100, count: 7), calls: once), to: .memory()) == nil)
        #expect(once.count == 7)
    }

    /// Counts live instances, to see how many frames a stream holds at once.
    final class Tracked: @unchecked Sendable {
        static let live = Atomic(0)
        init() { Self.live.add(1, ordering: .relaxed) }
        deinit { Self.live.subtract(1, ordering: .relaxed) }
    }

    @Test func aStreamHoldsOneWindowOfFramesWhateverItsLength() throws {
        var order: [Int] = [], most = 0
        try FrameStream.each(Array(0..<200), workers: 2, make: { _, _ in Tracked() }, consume: { k, frame in
            _ = frame
            order.append(k)
            most = max(most, Tracked.live.load(ordering: .relaxed))
        })
        #expect(order == Array(0..<200))
        #expect(most <= 4)   // the window being consumed and the next one being made
        #expect(Tracked.live.load(ordering: .relaxed) == 0)
    }

    @Test func aFailedFrameStopsTheStream() {
        var consumed = 0
        #expect(throws: RenderFailure.self) {
            try FrameStream.each(Array(0..<10), workers: 2, make: { _, k throws(RenderFailure) in
                if k == 5 { throw RenderFailure(message: "frame 5") }
                return k
            }, consume: { _, _ in consumed += 1 })
        }
        #expect(consumed == 5)   // frames before the failed one, in order
    }
}
