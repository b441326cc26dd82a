/// Hands memory the allocator holds free back to the system, so that a large chart's peak is
/// what it holds at once, not everything it ever held. glibc keeps freed chunks in the middle
/// of its heap resident, and serves 1 MiB blocks (`ByteStorage`'s chunks of every output file)
/// from that heap once one was freed (its mmap threshold rises to the freed size): at 100,000
/// slices the manifest's chunks and their copy into one array would be resident together, and
/// chart.svg's and index.html's pages would still count while the manifest is generated.
/// A no-op elsewhere.
enum FreedMemory {
    /// Bytes dropped since the last trim before one is worth its walk over the heap.
    static let threshold = 8 << 20

    /// From now on blocks of 256 KiB or more are mapped on their own and unmapped when freed
    /// (glibc's `M_MMAP_THRESHOLD`, then fixed: no longer raised by frees).
    static func mapLargeBlocks() {
        #if os(Linux)
        _ = glibcMallopt(-3, 256 << 10)
        #endif
    }

    /// Returns the free pages of the heap (`malloc_trim`).
    static func release() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)` and `int mallopt(int param, int value)` (malloc.h,
/// which Swift's Glibc does not import): linked directly, like `sync_file_range` in
/// `DirectoryHandle`.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32

@_silgen_name("mallopt")
private func glibcMallopt(_ param: Int32, _ value: Int32) -> Int32
#endif
