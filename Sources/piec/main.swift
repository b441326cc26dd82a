// The `piec` executable: the command line lives in `PiecCommand` (PiecCLI) and its subcommands;
// `piec watch --serve` hands over to `piec-preview` (the preview server is not linked here).
import PiecCLI

#if os(Linux)
/// glibc's `mallopt` (malloc.h is not part of the Glibc module).
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let M_TRIM_THRESHOLD: Int32 = -1, M_MMAP_THRESHOLD: Int32 = -3

// Large charts build output buffers of tens of MB, in chunks of 1 MiB (`ByteStorage`). Blocks
// of 1 MiB and more are mapped apart and unmapped when freed: served from the heap, a freed
// chunk was soon split by small blocks and the next chunk grew the heap instead (a
// 100,000-slice chart peaked 50 MB higher). Below that, freed memory stays in
// the process (no trim: a short-lived process, the memory goes back at exit), so small blocks
// reuse pages already mapped.
_ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
_ = mallopt(M_TRIM_THRESHOLD, 1 << 30)
#endif

PiecCommand<ExecPreview, ExecRaster>.main()
