#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A mutual-exclusion lock over `pthread_mutex_t` (PieDriver and the executable do without
/// Foundation: it adds thousands of protocol conformances that every dynamic cast scans at
/// start-up).
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
