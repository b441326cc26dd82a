import Foundation
import PieCore
import PieDiagnostics
import PieSpec
import Testing
@testable import PieDriver

/// Bundles whose files are generated as the writer takes them (`BundleFiles`): each file is
/// staged before the next is generated, and the write stays all or nothing.
@Suite struct StreamedWriteTests {
    /// `makeBundle`'s files, one step per file; `before` runs before step k generates its file.
    func streamed(_ id: String, body: String, before: @escaping (Int) -> Void = { _ in }) -> BundleFiles {
        let bundle = makeBundle(id, body: body)
        let steps = bundle.files.enumerated().map { k, file in { () -> [BundleFile] in before(k); return [file] } }
        return BundleFiles(id: id, names: bundle.files.map(\.name), steps: steps)
    }

    /// The files staged so far for `id` under `out` (names in its temp directory).
    func staged(_ out: String, _ id: String) -> [String] {
        tempLeftovers(out).filter { $0.hasPrefix(".piec-tmp-\(id)-") }.flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: out + "/" + dir)) ?? []).sorted()
        }
    }

    @Test func eachFileIsStagedBeforeTheNextIsGenerated() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        let seen = Box<[[String]]>([])
        let files = streamed("pie", body: "v1") { _ in seen.value.append(staged(out, "pie")) }
        let report = AtomicBundleWriter(outputDir: out).write(files: [files])
        #expect(report.written == ["pie"])
        #expect(seen.value == [[], ["chart.svg"], ["chart.css", "chart.svg"], ["chart.css", "chart.svg", "index.html"]])
        #expect(snapshot(out) == snapshot(writtenEagerly(tmp, makeBundle("pie", body: "v1"))))
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func aFailureWritingTheThirdFileLeavesTheTreeByteIdentical() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        _ = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v1")])
        let before = snapshot(tmp.path)
        let identities = ["out/pie", "out/pie/chart.svg", "out/pie/index.html"].map { identity(tmp.url($0)) }
        // Just before index.html is generated, a file of that name appears in the staging
        // folder: creating it (O_EXCL) fails as a full disk or an I/O error would.
        let files = streamed("pie", body: "v2") { k in
            guard k == 2, let dir = tempLeftovers(out).first else { return }
            FileManager.default.createFile(atPath: out + "/" + dir + "/index.html", contents: Data("in the way".utf8))
        }
        let report = AtomicBundleWriter(outputDir: out).write(files: [files])
        #expect(!report.succeeded)
        #expect(report.failures.flatMap { $0.diagnostics.map(\.code) } == [DriverDiagnostics.writeFailed])
        #expect(report.written.isEmpty)
        #expect(snapshot(tmp.path) == before)
        #expect(["out/pie", "out/pie/chart.svg", "out/pie/index.html"].map { identity(tmp.url($0)) } == identities)
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func aFailureInANewOutputDirectoryRemovesIt() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        let files = streamed("pie", body: "v1") { k in
            guard k == 2, let dir = tempLeftovers(out).first else { return }
            FileManager.default.createFile(atPath: out + "/" + dir + "/index.html", contents: Data())
        }
        let report = AtomicBundleWriter(outputDir: out).write(files: [files])
        #expect(!report.succeeded)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func filesEqualSoFarAreCopiedWhenALaterOneDiffers() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        let writer = AtomicBundleWriter(outputDir: out)
        _ = writer.write([makeBundle("pie", body: "v1")])
        let oldDir = identity(tmp.url("out/pie"))
        // The same chart.svg, chart.css and index.html; only the manifest differs.
        var next = makeBundle("pie", body: "v1")
        next.files[3].bytes += Array(" ".utf8)
        let report = writer.write(files: [BundleFiles(next)])
        #expect(report.written == ["pie"])
        #expect(identity(tmp.url("out/pie")) != oldDir)
        #expect(snapshot(out) == snapshot(writtenEagerly(tmp, next)))
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func identicalStreamedFilesAreComparedNotRewritten() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        let writer = AtomicBundleWriter(outputDir: out)
        _ = writer.write([makeBundle("pie", body: "v1")])
        let paths = ["out", "out/pie", "out/pie/chart.svg", "out/pie/manifest.json"].map(tmp.url)
        let before = paths.map(identity)
        let report = writer.write(files: [streamed("pie", body: "v1")])
        #expect(report.unchanged == ["pie"])
        #expect(report.written.isEmpty)
        #expect(paths.map(identity) == before)
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func deferredFilesAreTheBundlesBytes() throws {
        let spec = try #require(SpecLoader.load(SourceFile(path: "d.yaml", text: """
            piec: 1
            id: d
            chart: { innerRadius: 0.5 }
            slices:
              - { label: A, value: 3 }
              - { label: B, value: 2 }
              - { label: C, value: 1 }
            """), defaultID: "d").spec)
        let old = try #require(SpecLoader.load(SourceFile(path: "d.yaml", text: """
            piec: 1
            id: d
            slices:
              - { label: A, value: 1 }
              - { label: C, value: 4 }
            """), defaultID: "d").spec)
        let chart = Transition.between(old: old, new: spec)
        for svgOnly in [false, true] {
            let eager = BundleWriter.write(spec: spec, sourceBytes: [1, 2], chart: chart, svgOnly: svgOnly, previous: old)
            let files = BundleWriter.files(spec: spec, sourceBytes: [1, 2], chart: chart, svgOnly: svgOnly, previous: old)
            #expect(files.names == eager.files.map { $0.name })
            #expect(files.bundle() == eager)
            #expect(files.next() == nil)
        }
    }

    /// The tree `bundle` leaves when written whole into a fresh folder.
    func writtenEagerly(_ tmp: TempDir, _ bundle: ChartBundle) -> String {
        let out = tmp.url("eager-\(UUID().uuidString)")
        _ = AtomicBundleWriter(outputDir: out).write([bundle])
        return out
    }
}

/// A mutable value the steps' closures record into (a test runs them on one thread).
final class Box<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}
