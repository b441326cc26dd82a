#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)` (<malloc.h>, which the Glibc module does not import).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif

/// Gives the pages that freed memory leaves inside the heap back to the system. Loading a
/// large spec frees its YAML tree (many small blocks) just before code generation allocates
/// its large arrays, which the allocator maps apart: without this, the freed tree stays in
/// the process's resident memory until it exits (64 MB of a 100,000-slice chart's 272 MB
/// peak). Only worth its cost (a walk over the heap) after a large spec.
enum FreedMemory {
    /// Specs smaller than this (bytes) are not worth a trim.
    static let threshold = 1 << 20

    static func release(after sourceBytes: Int) {
        guard sourceBytes >= threshold else { return }
        #if os(Linux)
        _ = mallocTrim(0)
        #endif
    }
}
