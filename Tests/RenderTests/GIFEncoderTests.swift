import PieRaster
import Testing
@testable import PieRender

@Suite struct GIFEncoderTests {
    /// The delay (cs) and image rectangle of every frame of a GIF, read from its blocks.
    func frames(_ gif: [UInt8]) -> [(delay: Int, x: Int, y: Int, w: Int, h: Int)] {
        var out: [(Int, Int, Int, Int, Int)] = []
        var delay = 0
        let globalTable = gif[10] & 0x80 != 0 ? 3 * (1 << (Int(gif[10] & 7) + 1)) : 0
        var i = 13 + globalTable
        func u16(_ k: Int) -> Int { Int(gif[k]) | Int(gif[k + 1]) << 8 }
        while i < gif.count, gif[i] != 0x3B {
            if gif[i] == 0x21 {
                if gif[i + 1] == 0xF9 { delay = u16(i + 4) }
                i += 2
                while gif[i] != 0 { i += Int(gif[i]) + 1 }
                i += 1
            } else if gif[i] == 0x2C {
                out.append((delay, u16(i + 1), u16(i + 3), u16(i + 5), u16(i + 7)))
                i += 10 + 1
                while gif[i] != 0 { i += Int(gif[i]) + 1 }
                i += 1
            } else {
                break
            }
        }
        return out.map { (delay: $0.0, x: $0.1, y: $0.2, w: $0.3, h: $0.4) }
    }

    func square(_ k: Int) -> RGBAImage {
        var image = RGBAImage(width: 20, height: 10, red: 255, green: 255, blue: 255)
        for y in 2..<5 { for x in (2 * k)..<(2 * k + 3) { image.pixels.replaceSubrange((4 * (y * 20 + x))..<(4 * (y * 20 + x) + 3), with: [200, 0, 0]) } }
        return image
    }

    @Test func delaysAreWholeCentisecondsOfAtLeastTwoOnTheRunningTime() throws {
        let images = (0..<7).map(square)
        let gif = try GIFEncoder.encode(images, durations: [1000.0 / 60, 1000.0 / 60, 1000.0 / 60, 1000.0 / 60, 1000.0 / 60, 1000.0 / 60, 1000],
                                        loop: true)
        let read = frames(gif)
        #expect(read.allSatisfy { $0.delay >= 2 })
        #expect(read.reduce(0) { $0 + $1.delay } == 110)   // 100 ms of motion + the 1 s hold
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8))
        #expect(gif.contains(0x4E) && String(decoding: gif, as: UTF8.self).contains("NETSCAPE2.0"))
    }

    @Test func laterFramesStoreOnlyWhatChangedAndRepeatsAreFolded() throws {
        let images = [square(0), square(1), square(1), square(2)]
        let read = frames(try GIFEncoder.encode(images, durations: [100, 100, 100, 100], loop: false))
        #expect(read.count == 3)                       // the repeated frame is folded into a delay
        #expect(read.map(\.delay) == [10, 20, 10])
        #expect(read[0].w == 20 && read[0].h == 10)    // the first frame is whole
        #expect(read[1].x == 0 && read[1].w == 5 && read[1].y == 2 && read[1].h == 3)   // squares at 0..2 and 2..4
        #expect(read[2].x == 2 && read[2].w == 5)
        let once = try GIFEncoder.encode(images, durations: [100, 100, 100, 100], loop: false)
        #expect(!String(decoding: once, as: UTF8.self).contains("NETSCAPE2.0"))
    }

    @Test func aDelayPastSixteenBitsIsSplitNotWrapped() throws {
        // A 700 s hold is 70,000 cs: over GIF's 65,535, it once wrapped to 4,464 (44.6 s).
        let images = [square(0), square(1)]
        let read = frames(try GIFEncoder.encode(images, durations: [100, 700_000], loop: false))
        #expect(read.reduce(0) { $0 + $1.delay } == 70_010)
        #expect(read.allSatisfy { $0.delay <= GIFEncoder.maximumDelay })
        #expect(read.map(\.delay) == [10, 35_000, 35_000])
        #expect(read[2].w == 1 && read[2].h == 1)     // the rest of the hold changes nothing
        // Exactly the maximum stays one frame.
        let whole = frames(try GIFEncoder.encode(images, durations: [100, 655_350], loop: false))
        #expect(whole.map(\.delay) == [10, 65_535])
    }
}
