/// How the bytes of a build reach the disk before anyone can see them.
///
/// The invariant: **a name under `OUT/<id>/` only ever points at bytes that are already on
/// stable storage.** Every changed bundle is staged in a hidden directory, the staged bytes are
/// made durable, and only then is each staged directory swapped in by one atomic rename; one
/// fsync of `OUT` then makes the renames durable. So after a crash or a power loss at any
/// instant each bundle is its old or its new complete version, and the unchanged-rebuild fast
/// path (`UpToDate`), which trusts file times, never trusts a file whose bytes could be lost.
///
/// `batched` (Linux): staged files are written without a sync; one `syncfs` on the output's
/// file system before the first swap replaces one fsync per file and per staging directory
/// (5,001 for 1,000 bundles, each a journal commit). The price: `syncfs` also flushes other
/// programs' unwritten data on that file system, so a build next to a large concurrent writer
/// waits for it too. Elsewhere every staged file and staging directory is fsync'd (the old
/// per-file scheme), and the final directory sync is the same.
enum Durability {
    #if os(Linux)
    static let batched = true
    #else
    static let batched = false
    #endif
}
