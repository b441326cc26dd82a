/// Bundle ids name directories under the output directory, so they are restricted to
/// `[a-z0-9-]`, 1 to 64 characters, never starting or ending with `-`.
public enum BundleID {
    public static let maxLength = 64

    /// The default id of a spec: its file stem slugged. Lowercases ASCII letters, turns every
    /// run of other characters into one `-`, trims dashes and cuts to 64 characters.
    /// Returns "" when nothing is left (the caller reports E0505 unless the spec has an `id`).
    public static func slug(fromPath path: String) -> String {
        slug(stem(ofPath: path))
    }

    /// The file name without its directory and without its last extension
    /// (`specs/my.chart.yaml` -> `my.chart`; a leading dot is not an extension).
    public static func stem(ofPath path: String) -> String {
        // The last non-empty component, found from the end over UTF-8 (no array of every
        // component, no grapheme breaking: `/` and `.` are ASCII, so they never sit inside a
        // character and the byte indices are valid String indices).
        let u = path.utf8
        var end = u.endIndex
        while end > u.startIndex, u[u.index(before: end)] == UInt8(ascii: "/") { end = u.index(before: end) }
        let slash = u[..<end].lastIndex(of: UInt8(ascii: "/"))
        let start = slash.map { u.index(after: $0) } ?? u.startIndex
        guard let dot = u[start..<end].lastIndex(of: UInt8(ascii: ".")), dot != start else {
            return String(path[start..<end])
        }
        return String(path[start..<dot])
    }

    /// Slugs arbitrary text to `[a-z0-9-]`, at most `maxLength` characters.
    public static func slug(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let mapped: Unicode.Scalar?
            switch v {
            case 0x61...0x7A, 0x30...0x39: mapped = scalar
            case 0x41...0x5A: mapped = Unicode.Scalar(v + 0x20)
            default: mapped = nil
            }
            guard let mapped else { pendingDash = true; continue }
            if pendingDash && !out.isEmpty { out += "-" }
            pendingDash = false
            out.unicodeScalars.append(mapped)
            if out.unicodeScalars.count >= maxLength { break }
        }
        var cut = String(out.unicodeScalars.prefix(maxLength))
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut
    }

    /// True when `id` may name a bundle directory.
    public static func isValid(_ id: String) -> Bool {
        let scalars = Array(id.unicodeScalars)
        guard (1...maxLength).contains(scalars.count), scalars.first != "-", scalars.last != "-" else { return false }
        return scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// True when `name` may name a file inside a bundle directory: a plain, visible name.
    public static func isValidFileName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix(".") else { return false }
        return !name.unicodeScalars.contains { $0 == "/" || $0.value < 0x20 || $0.value == 0x7F }
    }
}
