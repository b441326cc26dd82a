/// Values computed once per key, from any thread (two threads may both compute a missing one).
final class Memo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = Lock()
    private var table: [Key: Value] = [:]

    func value(_ key: Key, _ make: () -> Value) -> Value {
        if let known = lock.withLock({ table[key] }) { return known }
        let made = make()
        lock.withLock { table[key] = made }
        return made
    }
}
