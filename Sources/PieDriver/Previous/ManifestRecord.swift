#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore
import PieDiagnostics
import PieSpec

/// What a bundle's `manifest.json` says it was built from: its `spec` and the `previous` it
/// animates from (canonical specs), found in the layout piec writes without reading the rest
/// (a manifest of 100,000 slices is tens of MiB; these members come first).
///
/// piec writes pretty JSON indented by two spaces, so a line that starts with exactly two
/// spaces and a quote begins a member of the top-level object (strings never hold a raw line
/// break). Anything else is not a manifest this reader trusts (nil).
struct ManifestRecord: Sendable {
    /// Where the manifest was read (diagnostics name it) and its bytes (no line index: only
    /// an excerpt that is loaded becomes a `SourceFile`).
    var path: String
    var bytes: [UInt8]
    /// The bytes of the `spec` member's value.
    var spec: Range<Int>
    /// The bytes of `previous`'s value (`null`: the chart entered); nil when the manifest has no
    /// `previous` (written by a piec that did not record it).
    var previous: Range<Int>?
    /// The `specHash` member's text (`sha256:...`), when it is a plain string.
    var specHash: String?

    init?(_ file: SourceFile) {
        self.init(path: file.path, bytes: file.bytes)
    }

    init?(path: String, bytes: [UInt8]) {
        guard bytes.starts(with: Array("{\n".utf8)) else { return nil }
        var members: [(name: ArraySlice<UInt8>, value: Int, line: Int)] = []
        var lineStart = 2
        // Members up to the one after `previous` (or after `spec` in an older manifest).
        while lineStart < bytes.count {
            if bytes[lineStart] == 0x20, lineStart + 2 < bytes.count, bytes[lineStart + 1] == 0x20, bytes[lineStart + 2] == 0x22,
               let member = Self.member(bytes, at: lineStart + 3) {
                members.append((member.name, member.value, lineStart))
                if let s = members.firstIndex(where: { $0.name.elementsEqual("spec".utf8) }), members.count > s + 1,
                   !members[s + 1].name.elementsEqual("previous".utf8) || members.count > s + 2 { break }
            }
            guard let end = bytes[lineStart...].firstIndex(of: 0x0A) else { break }
            lineStart = end + 1
        }
        let names = members.map { String(decoding: $0.name, as: UTF8.self) }
        guard names.contains("manifestVersion"), let s = names.firstIndex(of: "spec"), s + 1 < members.count else { return nil }
        self.path = path
        self.bytes = bytes
        // A value ends before the `,` and line break that precede the next member.
        func value(_ i: Int) -> Range<Int>? {
            let end = members[i + 1].line - 2
            return end >= members[i].value && bytes[end] == 0x2C ? members[i].value..<end : nil
        }
        guard let spec = value(s) else { return nil }
        self.spec = spec
        if let h = members.firstIndex(where: { $0.name.elementsEqual("specHash".utf8) }), let range = value(h),
           range.count >= 2, bytes[range.lowerBound] == 0x22, bytes[range.upperBound - 1] == 0x22 {
            specHash = String(decoding: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)], as: UTF8.self)
        }
        if names[s + 1] == "previous" {
            guard s + 2 < members.count, let previous = value(s + 1) else { return nil }
            self.previous = previous
        }
    }

    /// `"name": ` at `start` (just after the opening quote): the name and where the value begins.
    private static func member(_ bytes: [UInt8], at start: Int) -> (name: ArraySlice<UInt8>, value: Int)? {
        var i = start
        while i < bytes.count, bytes[i] != 0x22, bytes[i] != 0x0A, bytes[i] != 0x5C { i += 1 }
        guard i + 2 < bytes.count, bytes[i] == 0x22, bytes[i + 1] == 0x3A, bytes[i + 2] == 0x20 else { return nil }
        return (bytes[start..<i], i + 3)
    }

    /// Reads `OUT/<id>/manifest.json` (not through a symlink); nil when it is missing,
    /// unreadable or not a piec manifest.
    static func read(outputDir: String, id: String) -> ManifestRecord? {
        let path = SpecDiscovery.join(SpecDiscovery.join(outputDir, id), ExistingBundle.manifestName)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard case .success(let bytes) = readAll(fd: fd, limit: ExistingBundle.readLimit) else { return nil }
        return ManifestRecord(path: path, bytes: bytes)
    }

    /// Whether the bundle was built from `specText` (`Manifest.memberText` of a spec).
    func isBuilt(from specText: [UInt8]) -> Bool {
        bytes[spec].elementsEqual(specText)
    }

    /// The `spec` member as a previous version.
    var specSource: PreviousSource { .canonical(excerpt(spec)) }

    /// What the manifest records as the previous version: `.some(nil)` when the chart entered,
    /// nil when it records nothing (an older manifest).
    var recordedPrevious: PreviousSource?? {
        guard let previous else { return nil }
        if bytes[previous].elementsEqual("null".utf8) { return .some(nil) }
        return .some(.canonical(excerpt(previous)))
    }

    /// A member's value as a file of its own whose lines and columns are the manifest's: the
    /// bytes before it become line breaks and spaces, so diagnostics point into the manifest.
    private func excerpt(_ range: Range<Int>) -> SourceFile {
        let lineStart = (bytes[..<range.lowerBound].lastIndex(of: 0x0A) ?? -1) + 1
        var text = [UInt8](repeating: 0x0A, count: bytes[..<lineStart].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) })
        text += [UInt8](repeating: 0x20, count: range.lowerBound - lineStart)
        text += bytes[range]
        return SourceFile(path: path, bytes: text)
    }
}
