/// Hands the memory glibc holds free back to the system (`malloc_trim`), so that a large
/// chart's peak is what it holds at once, not what it held before. The executable maps blocks
/// of 1 MiB and more apart and never trims on its own (`piec`'s main.swift): the smaller blocks
/// compiling freed (at 100,000 slices the layout and plan's temporaries, then the scenes of
/// chart.svg and index.html) would otherwise stay resident while the next step generates its
/// file. A no-op elsewhere.
enum FreedMemory {
    /// Bytes dropped since the last trim before one is worth its walk over the heap.
    static let threshold = 8 << 20

    static func release() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)` (malloc.h, which Swift's Glibc does not import):
/// linked directly, like `mallopt` in `piec`'s main.swift.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
