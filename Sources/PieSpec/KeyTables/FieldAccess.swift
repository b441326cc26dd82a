// UNSAFE, ON PURPOSE: the one place in PieSpec that reads and writes memory by offset.
//
// Why it exists. A key table binds each key to a stored property with a key path
// (`\ChartOptions.size`). Reading or writing through a `WritableKeyPath` goes through the key
// path runtime, which looks up generic metadata on every access; lowering writes every key of
// every spec and slice (100,000 slices are legitimate input) and the manifest's canonical spec
// reads every one of them back, so those lookups were most of the tables' cost. Reading a key
// through `root[keyPath:]` also copied the whole root first (a slice retains its strings: about
// 60 reference-count operations per slice per key).
//
// What measured it (commit messages; `bench/callgrind.sh --specs 100 -- -j 1` counts
// instructions, side by side with the build before):
// - 57d585e: canonical reads by offset instead of the key path runtime: 100 bench specs took
//   182.5M instructions, +3.6 % over the hand-written code the tables replaced (176.1M), where
//   the first version, through the key path runtime, was +8 %.
// - 67fc60a: lowering writes by offset too: `piec check` of 1,000 bench specs 90.9 -> 87.7 ms.
// - f4794e9: each binding reads only its own field through a pointer instead of copying the
//   slice or section: 175.2M -> 167.4M instructions.
//
// Why it is safe. `MemoryLayout<Root>.offset(of:)` is nil for anything but a stored property
// reachable by plain offset (computed properties, class properties, resilient layouts), and
// `FieldAccess.init` refuses nil, so a table cannot be built with a binding this code cannot
// honour. At that offset the memory is the property's own `Value` inside `Root`, so `load`,
// `assumingMemoryBound` and the in-place update are the same accesses the compiler makes for
// `root.field`. Every pointer handed in comes from `withUnsafePointer`/`withUnsafeMutablePointer`
// or from an array's buffer, and none escapes the call that received it.
//
// Nothing else in the key tables touches raw memory: a new binding gets its speed by using
// `FieldAccess`, never by adding another unsafe access.

/// Reads and writes the stored property a key path names, at its offset
/// (`MemoryLayout.offset(of:)`, taken once when the table is built). See the file's head for
/// why it exists and what measured it.
struct FieldAccess<Root, Value>: Sendable {
    let offset: Int
    init(_ p: FieldPath<Root, Value>) {
        guard let offset = MemoryLayout<Root>.offset(of: p) else {
            preconditionFailure("a key table binds a computed property: \(p)")
        }
        self.offset = offset
    }
    func callAsFunction(_ root: Root) -> Value {
        withUnsafePointer(to: root) { read($0) }
    }
    /// The property of the value at `p`: only the property is copied, not the whole value
    /// (copying a slice retains its strings; the canonical spec reads every key of every slice).
    func read(_ p: UnsafePointer<Root>) -> Value {
        UnsafeRawPointer(p).load(fromByteOffset: offset, as: Value.self)
    }
    /// Where the property of the value at `p` is (a section, written in place).
    func pointer(_ p: UnsafePointer<Root>) -> UnsafePointer<Value> {
        (UnsafeRawPointer(p) + offset).assumingMemoryBound(to: Value.self)
    }
    /// Runs `body` on the property in place (an assignment, or lowering into a section).
    func update<T>(_ root: inout Root, _ body: (inout Value) -> T) -> T {
        withUnsafeMutablePointer(to: &root) { pointer in
            body(&UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }
    func set(_ root: inout Root, _ value: Value) {
        update(&root) { $0 = value }
    }
}
