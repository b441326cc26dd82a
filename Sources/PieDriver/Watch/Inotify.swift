#if os(Linux)
import Glibc

/// A Linux inotify instance: watches on directories, and the records read back from it.
///
/// The descriptor is non-blocking; `readEvents` returns what is queued now. Records are parsed by
/// hand (`struct inotify_event` ends in a variable-length, NUL-padded name).
final class Inotify {
    let fd: Int32

    /// The events asked for on every watched directory.
    static let directoryMask: UInt32 = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)

    /// Opens an instance; nil with errno set when the system refuses (no inotify, limits reached).
    init?() {
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Adds (or refreshes) a watch on the directory `path`; returns the watch descriptor or the
    /// errno. `follow` allows `path` itself to be a symlink (a root the user named).
    func addWatch(_ path: String, follow: Bool = false) -> Result<Int32, Errno> {
        let mask = follow ? Self.directoryMask & ~UInt32(IN_DONT_FOLLOW) : Self.directoryMask
        let wd = inotify_add_watch(fd, path, mask)
        return wd >= 0 ? .success(wd) : .failure(Errno(code: errno))
    }

    /// Removes a watch (the kernel then queues IN_IGNORED for it).
    func removeWatch(_ wd: Int32) {
        _ = inotify_rm_watch(fd, wd)
    }

    /// Every record queued now (empty when none). Stops at EAGAIN.
    func readEvents() -> [InotifyRecord] {
        var records: [InotifyRecord] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            records += InotifyRecord.parse(buffer[0..<n])
        }
        return records
    }
}
#endif

/// One inotify record: the watch it came from, what happened, and the entry's name ("" for the
/// directory itself).
struct InotifyRecord: Sendable, Equatable {
    var wd: Int32
    var mask: UInt32
    var cookie: UInt32
    var name: String

    static let headerSize = 16

    /// Parses consecutive records (`wd` i32, `mask` u32, `cookie` u32, `len` u32, `name[len]`),
    /// in native byte order. A truncated trailing record is dropped.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyRecord] {
        var records: [InotifyRecord] = []
        var offset = bytes.startIndex
        while bytes.endIndex - offset >= headerSize {
            let wd = Int32(bitPattern: word(bytes, offset))
            let mask = word(bytes, offset + 4)
            let cookie = word(bytes, offset + 8)
            let length = Int(word(bytes, offset + 12))
            let nameStart = offset + headerSize
            guard bytes.endIndex - nameStart >= length else { break }
            let raw = bytes[nameStart..<(nameStart + length)]
            let name = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            records.append(InotifyRecord(wd: wd, mask: mask, cookie: cookie, name: name))
            offset = nameStart + length
        }
        return records
    }

    private static func word(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) { raw in
            for i in 0..<4 { raw[i] = bytes[at + i] }
        }
        return value
    }
}
