#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Dispatch

/// Maps `items` with up to `jobs` worker threads; results keep the order of `items`.
/// `progress` (if any) is called after each item with the number done so far, from any thread.
func parallelMap<T: Sendable, R: Sendable>(
    _ items: [T], jobs: Int, progress: (@Sendable (Int) -> Void)? = nil, _ transform: @Sendable (T) -> R
) -> [R] {
    let slots = ResultSlots<R>(count: items.count)
    let workers = max(1, min(jobs, items.count))
    if workers == 1 {
        for (i, item) in items.enumerated() {
            slots.store(transform(item), at: i)
            progress?(i + 1)
        }
    } else {
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = slots.claim() {
                slots.store(transform(items[i]), at: i)
                progress?(slots.finish())
            }
        }
    }
    return slots.results()
}

/// Thread-safe result storage for `parallelMap`: hands out indices and collects results.
private final class ResultSlots<R: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var values: [R?]
    private var next = 0
    private var done = 0

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.withLock {
            guard next < values.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ value: R, at index: Int) { lock.withLock { values[index] = value } }

    func finish() -> Int { lock.withLock { done += 1; return done } }

    func results() -> [R] { lock.withLock { values.map { $0! } } }
}

/// The default number of parallel jobs: every active core.
public var defaultJobCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
