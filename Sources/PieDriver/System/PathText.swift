// Path text without Foundation: the driver splits paths it was given or built, on UTF-8
// bytes (these run for every spec).

/// `path` without its last component ("a/b/" -> "a", "a" -> "", "/a" -> "/"), like
/// `NSString.deletingLastPathComponent`, which swift-corelibs-foundation traps on for a
/// one-character path such as "o".
func parentPath(_ path: String) -> String {
    // On UTF-8 bytes, as `lastPathComponent`: `/` is ASCII, so byte indices next to it are
    // character boundaries (counting characters cost ~12,000 instructions per spec).
    let u = path.utf8
    let slash = UInt8(ascii: "/")
    let start = u.startIndex
    var end = u.endIndex
    // Trailing slashes (all but a leading one) are not a component.
    while u.distance(from: start, to: end) > 1, u[u.index(before: end)] == slash { end = u.index(before: end) }
    guard let last = u[..<end].lastIndex(of: slash) else { return "" }
    if last == start { return "/" }
    var parentEnd = last
    while u.distance(from: start, to: parentEnd) > 1, u[u.index(before: parentEnd)] == slash { parentEnd = u.index(before: parentEnd) }
    return String(path[..<parentEnd])
}

/// The last component of `path` ("a/b.yaml" -> "b.yaml"), like `URL.lastPathComponent`.
func lastPathComponent(_ path: String) -> String {
    // On UTF-8 bytes: `/` is ASCII, so its byte indices are character boundaries (this runs for
    // every spec; counting characters made it cost thousands of instructions).
    let u = path.utf8
    let slash = UInt8(ascii: "/")
    guard !u.isEmpty else { return path }
    var end = u.endIndex
    while end > u.index(after: u.startIndex), u[u.index(before: end)] == slash { end = u.index(before: end) }
    guard let last = u[..<end].lastIndex(of: slash) else { return String(path[..<end]) }
    return String(path[u.index(after: last)..<end])
}
