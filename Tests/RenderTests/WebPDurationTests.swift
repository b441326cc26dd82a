import PieRaster
import Testing
@testable import PieRender

/// WebP's limits: a frame's duration is 24-bit milliseconds (4.6 hours), timestamps 32-bit.
/// `piec render --hold` takes at most an hour, so neither is reached from the command line.
@Suite struct WebPDurationTests {
    /// The duration (ms) of every ANMF frame of an animated WebP.
    func durations(_ webp: [UInt8]) -> [Int] {
        var out: [Int] = []
        var i = 12
        while i + 8 <= webp.count {
            let tag = String(decoding: webp[i..<(i + 4)], as: UTF8.self)
            let size = Int(webp[i + 4]) | Int(webp[i + 5]) << 8 | Int(webp[i + 6]) << 16 | Int(webp[i + 7]) << 24
            if tag == "ANMF" { out.append(Int(webp[i + 20]) | Int(webp[i + 21]) << 8 | Int(webp[i + 22]) << 16) }
            i += 8 + size + size % 2
        }
        return out
    }

    @Test func aHoldOfAnHourIsOneFrameAndOverAWebPFramesDurationIsRefused() throws {
        let a = RGBAImage(width: 4, height: 4, red: 200, green: 0, blue: 0), b = RGBAImage(width: 4, height: 4, red: 0, green: 0, blue: 200)
        let hour = durations(try WebPEncoder.encode([a, b], durations: [100, 3_600_000], loop: false))
        #expect(hour == [100, 3_600_000])
        // libwebp fails on a frame longer than its 24 bits: refused with a clear message first.
        #expect(throws: RenderFailure.self) { try WebPEncoder.encode([a, b], durations: [100, Double(1 << 24)], loop: false) }
    }

    @Test func timestampsPastThirtyTwoBitsAreRefused() {
        #expect(throws: RenderFailure.self) { try WebPEncoder.milliseconds(Double(Int32.max) + 1) }
        #expect((try? WebPEncoder.milliseconds(1000.4)) == 1000)
    }
}
