// Test support: Testing exists only where tests build, and `swift build -c release` (make
// gallery, make install) builds every target; there this target is empty.
#if canImport(Testing)
import Foundation
import Testing

/// Golden files of every test target: what a test produced is compared with the committed
/// file, or written over it when `PIEC_UPDATE_FIXTURES=1`. A missing golden fails and says what
/// was produced (the text, or the byte count for bundle files).
public enum Golden {
    public static var updating: Bool { ProcessInfo.processInfo.environment["PIEC_UPDATE_FIXTURES"] == "1" }

    /// A text golden; a failure shows the text produced.
    public static func check(_ actual: String, at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try check(Array(actual.utf8), at: url, shown: actual, sourceLocation)
    }

    /// A byte golden (a bundle file).
    public static func check(_ actual: [UInt8], at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try check(actual, at: url, shown: nil, sourceLocation)
    }

    /// A generated document (a reference page): a missing file fails and shows the whole text;
    /// a stale one names its first differing line, both ways, and `fix`, the command that
    /// rewrites it.
    public static func checkPage(_ actual: String, at url: URL, fix: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if updating { return try check(actual, at: url, sourceLocation: sourceLocation) }
        let name = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing \(name) (run `\(fix)`); it would be:\n\(actual)", sourceLocation: sourceLocation)
            return
        }
        let committed = String(decoding: data, as: UTF8.self)
        guard committed != actual else { return }
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        Issue.record("""
            \(name) is stale (run `\(fix)`); first difference at line \(first + 1):
            committed: \(first < old.count ? old[first] : "(end)")
            generated: \(first < new.count ? new[first] : "(end)")
            """, sourceLocation: sourceLocation)
    }

    private static func check(_ actual: [UInt8], at url: URL, shown: String?, _ location: Testing.SourceLocation) throws {
        let name = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
        if updating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual).write(to: url)
            return
        }
        let produced = shown.map { ":\n" + $0 } ?? " \(actual.count) bytes"
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden \(name); produced\(produced)\n(run PIEC_UPDATE_FIXTURES=1 swift test to write it)",
                         sourceLocation: location)
            return
        }
        #expect(Array(expected) == actual, "golden \(name) differs; produced\(produced)\n(review, then PIEC_UPDATE_FIXTURES=1 swift test)",
                sourceLocation: location)
    }
}
#endif
