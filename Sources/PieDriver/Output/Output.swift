// Output: the durable write path, from compiled bundles to `OUT/<id>/`.
//
// The invariants every file here keeps (SECURITY.md tabulates what a crash, a power loss and a
// full disk leave):
//
// 1. A name under `OUT/<id>/` only ever points at bytes already on stable storage. Changed
//    bundles are staged unsynced in hidden folders `OUT/.piec-tmp-<id>-<pid>-<n>/`; once every
//    one is written they are made durable by one method chosen before staging (an fsync per
//    file and folder, or one `syncfs`: `Durability`); only then is each swapped in by one
//    atomic rename (`renameat2(RENAME_EXCHANGE)`), and one fsync of `OUT` makes the swaps
//    durable. After a crash at any instant each bundle is its old or its new complete version,
//    so the unchanged-rebuild fast path (`UpToDate`), which trusts file times, never trusts
//    bytes that could be lost.
// 2. On any error before the swaps the output tree is byte-identical to before: staged folders
//    are removed, and an output folder this run created is removed again.
// 3. Nothing is written outside `OUT` or through a symlink: every operation is relative to an
//    open directory (`DirectoryHandle`, `O_NOFOLLOW`), and ids and file names are checked
//    before they become names (`AtomicBundleWriter.validate`).
// 4. Only what piec wrote is replaced: a bundle folder holding a symlink or a file its
//    manifest does not list is refused, never overwritten (`ExistingBundle`).
// 5. Writes happen only when bytes changed: an identical bundle is compared, not rewritten
//    (its folder's ctime is refreshed so the next build trusts it).
// 6. A bundle's files are generated one step at a time as they are staged (`BundleFiles`):
//    each is compared or written, then dropped, before the next is generated, so a large
//    chart's files are never all in memory. While every file so far equals the one on disk
//    nothing is written; at the first that differs those are copied from the old bundle.
//
// The files: `AtomicBundleWriter` (the entry point: validate, stage, make durable, swap),
// `BundleStager` (one bundle: compare, stage, fsync, swap in, discard), `Durability` (which
// method, and why), `ExistingBundle` (what is on disk at `OUT/<id>`, and refusals),
// `OutputDirectory` (`OUT` opened, created and removed again when nothing was written),
// `FileChunks` (comparing and copying a file a chunk at a time),
// `DirectoryHandle` (descriptor-relative file operations and the sync calls), `AtomicRename`
// (rename and atomic exchange). Readers of `OUT` (`UpToDate`, `StaleCheck`, the watcher's
// `BundleRemover`) use `DirectoryHandle` and `ExistingBundle` too, and write nothing.
