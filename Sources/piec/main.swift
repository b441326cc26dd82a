// The `piec` executable: the command line lives in `PiecCommand` (PiecCLI) and its subcommands;
// `piec watch --serve` hands over to `piec-preview` (the preview server is not linked here).
import PiecCLI

#if os(Linux)
/// glibc's `mallopt` (malloc.h is not part of the Glibc module).
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let M_TRIM_THRESHOLD: Int32 = -1, M_MMAP_THRESHOLD: Int32 = -3

// Large charts build output buffers of tens of MB. glibc serves blocks above 32 MiB with a
// fresh mmap each time and unmaps them on free, so every such buffer faults in new zeroed
// pages. Serving them from the heap and keeping freed memory lets later buffers reuse pages
// already mapped (a short-lived process: the memory goes back at exit).
_ = mallopt(M_MMAP_THRESHOLD, 1 << 30)
_ = mallopt(M_TRIM_THRESHOLD, 1 << 30)
#endif

PiecCommand<ExecPreview, ExecRaster>.main()
