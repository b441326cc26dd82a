import Dispatch
import PieDriver
import PieRaster

/// A job's frames made a window at a time and handed over in order, so a render holds a few
/// frames whatever the animation's length: each window is `workers` frames (one per core,
/// `defaultJobCount`), made at once (worker w makes the w-th frame of every window, so a
/// worker's own state, such as a palette mapper's table, carries across its frames). While
/// `consume` takes one window's frames in order on the calling thread, the next window is
/// being made, so the encoder and the drawing overlap: at most two windows of results are
/// alive at once (2 x `workers` frames), plus what `consume` keeps.
enum FrameStream {
    static var workers: Int { max(1, defaultJobCount) }

    /// `make(w, k)` for every frame k of `frames` (in order), its result given to `consume`.
    static func each<T>(_ frames: [Int], workers: Int = FrameStream.workers, make: @escaping @Sendable (Int, Int) throws(RenderFailure) -> T,
                        consume: (Int, T) throws -> Void) throws {
        let n = max(1, min(workers, frames.count))
        let windows = Swift.stride(from: 0, to: frames.count, by: n).map { Array(frames[$0..<min($0 + n, frames.count)]) }
        guard let first = windows.first else { return }
        var current = WindowSlots<T>(count: n)
        current.fill(first, make)
        for i in windows.indices {
            let this = current, group = DispatchGroup()
            var next: WindowSlots<T>?
            if i + 1 < windows.count {
                let slots = WindowSlots<T>(count: n), window = windows[i + 1]
                next = slots
                DispatchQueue.global().async(group: group) { slots.fill(window, make) }
            }
            defer {
                group.wait()
                this.release()
            }
            for (w, k) in windows[i].enumerated() {
                do { try consume(k, try this.take(w)) } catch {
                    group.wait()
                    next?.release()
                    throw error
                }
            }
            if let next { current = next }
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

    /// Makes the frames of `window`, worker w the w-th, on every core.
    func fill(_ window: [Int], _ make: @Sendable (Int, Int) throws(RenderFailure) -> T) {
        if window.count == 1 {
            set(0, window[0], make)
        } else {
            DispatchQueue.concurrentPerform(iterations: window.count) { w in set(w, window[w], make) }
        }
    }

    func set(_ w: Int, _ k: Int, _ make: (Int, Int) throws(RenderFailure) -> T) {
        do throws(RenderFailure) { slots[w] = .success(try make(w, k)) } catch { slots[w] = .failure(error) }
    }

    /// The slot's result (emptied).
    func take(_ w: Int) throws(RenderFailure) -> T {
        defer { slots[w] = nil }
        return try slots[w]!.get()
    }

    /// Frees the slots (once; later calls do nothing).
    func release() {
        guard !released else { return }
        released = true
        _ = slots.deinitialize()
        slots.deallocate()
    }
    private var released = false
}
