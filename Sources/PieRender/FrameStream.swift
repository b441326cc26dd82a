import Dispatch
import PieDriver
import PieRaster

/// A job's frames made a window at a time and handed over in order, so a render holds a few
/// frames whatever the animation's length: each window is `workers` frames (one per core,
/// `defaultJobCount`), made at once (worker w makes the w-th frame of every window, so a
/// worker's own state, such as a palette mapper's table, carries across its frames), then
/// given to `consume` in frame order before the next window starts. At most `workers` results
/// are alive at once, plus what `consume` keeps.
enum FrameStream {
    static var workers: Int { max(1, defaultJobCount) }

    /// `make(w, k)` for every frame k of `frames` (in order), its result given to `consume`.
    static func each<T>(_ frames: [Int], workers: Int = FrameStream.workers, make: @escaping @Sendable (Int, Int) throws(RenderFailure) -> T,
                        consume: (Int, T) throws -> Void) throws {
        let n = max(1, min(workers, frames.count))
        let slots = WindowSlots<T>(count: n)
        defer { slots.release() }
        var start = 0
        while start < frames.count {
            let window = Array(frames[start..<min(start + n, frames.count)])
            if window.count == 1 {
                slots.set(0, window[0], make)
            } else {
                DispatchQueue.concurrentPerform(iterations: window.count) { w in slots.set(w, window[w], make) }
            }
            for (w, k) in window.enumerated() { try consume(k, try slots.take(w)) }
            start += window.count
        }
    }

    /// SVG frame k of `job` as pixels, on `page` when given.
    static func pixels(_ job: RasterJob, _ k: Int, page: (UInt8, UInt8, UInt8)?) throws(RenderFailure) -> RGBAImage {
        try SVGRasterizer.pixels(job.svg(k), width: job.width, height: job.height, page: page)
    }
}

/// One slot per worker of a window, each written by its worker only (no two threads touch one
/// slot; the buffer itself never moves while they run).
final class WindowSlots<T>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<T, RenderFailure>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    func set(_ w: Int, _ k: Int, _ make: (Int, Int) throws(RenderFailure) -> T) {
        do throws(RenderFailure) { slots[w] = .success(try make(w, k)) } catch { slots[w] = .failure(error) }
    }

    /// The slot's result (emptied).
    func take(_ w: Int) throws(RenderFailure) -> T {
        defer { slots[w] = nil }
        return try slots[w]!.get()
    }

    func release() {
        slots.deinitialize()
        slots.deallocate()
    }
}
