import Foundation
import PieCore
import PieDriver
import Testing

/// `-` as SPEC, `-o -`, `piec render` and its exit statuses, through the built binary.
@Suite struct CLIRenderTests {
    static let spec = "piec: 1\nslices:\n  - {label: North, value: 40}\n  - {label: South, value: 60}\n"
    static let older = "piec: 1\nslices:\n  - {label: North, value: 70}\n  - {label: South, value: 30}\n"

    func run(_ w: Workspace, _ arguments: [String], stdin: String? = nil) throws -> PiecRunner.Run {
        try PiecRunner.run(arguments, in: w.path, stdin: stdin.map { Array($0.utf8) })
    }

    @Test func buildReadsTheSpecFromStandardInput() throws {
        let w = try Workspace()
        let run = try run(w, ["build", "-", "-o", "out"], stdin: Self.spec)
        #expect(run.status == 0, "\(run.stderr)")
        // No `id:`: the bundle of a spec from standard input is `chart`.
        #expect(w.exists("out/chart/chart.svg") && w.exists("out/chart/manifest.json"))
    }

    @Test func checkNamesStandardInputInDiagnostics() throws {
        let w = try Workspace()
        let run = try run(w, ["check", "-"], stdin: "piec: 1\nslices:\n  - {label: A, valu: 1}\n")
        #expect(run.status == 1)
        #expect(run.stderr.contains("<stdin>:3:16: error[E0201]: unknown key `valu`"), "\(run.stderr)")
        #expect(try self.run(w, ["check", "-"], stdin: Self.spec).status == 0)
    }

    @Test func standardInputHasTheFileSizeLimit() throws {
        let w = try Workspace()
        let big = Self.spec + "# " + String(repeating: "x", count: 8 * 1024 * 1024) + "\n"
        let run = try run(w, ["check", "-"], stdin: big)
        #expect(run.status == 1)
        #expect(run.stderr.contains("E0503") && run.stderr.contains("<stdin>"), "\(run.stderr.prefix(300))")
    }

    @Test func dataFilesOfStandardInputAreReadFromTheWorkingDirectory() throws {
        let w = try Workspace()
        try w.write("langs.csv", "label,value\nSwift,3\nGo,1\n")
        let run = try run(w, ["render", "-", "-o", "-", "--format", "svg"], stdin: "piec: 1\ndata: {file: langs.csv}\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(">Swift<") || run.stdout.contains("Swift"), "\(run.stdout.prefix(400))")
    }

    @Test func renderDrawsAGridOfCharts() throws {
        let w = try Workspace()
        let grid = "piec: 1\ntitle: Grid\ncharts:\n  - id: a\n    title: East\n    slices: [{label: X, value: 1}]\n"
            + "  - id: b\n    title: West\n    slices: [{label: Y, value: 2}]\n"
        try w.write("grid.yaml", grid)
        let run = try run(w, ["render", "grid.yaml", "-o", "-", "--format", "svg"])
        #expect(run.status == 0, "\(run.stderr)")
        for title in [">Grid<", ">East<", ">West<"] { #expect(run.stdout.contains(title), "\(run.stdout.prefix(400))") }
        #expect(!run.stdout.contains("<style"))
        // `render --history` draws a grid's versions in git (Tests/vcs); outside git it has none.
        let history = try self.run(w, ["render", "grid.yaml", "--history", "-o", "grid.gif"])
        #expect(history.status == 64)
        #expect(history.stderr.contains("is not inside a git repository"), "\(history.stderr)")
        #expect(!history.stderr.contains("E0348"), "\(history.stderr)")
    }

    @Test func renderWritesAStaticSVGToStandardOutput() throws {
        let w = try Workspace()
        let run = try run(w, ["render", "-", "-o", "-", "--format", "svg"], stdin: Self.spec)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        for forbidden in ["<style", "@keyframes", "<script", "animation"] { #expect(!run.stdout.contains(forbidden)) }
        // The same spec from a file gives the same bytes; --width scales the image, not the viewBox.
        try w.write("a.yaml", Self.spec)
        let file = try self.run(w, ["render", "a.yaml", "-o", "a.svg", "--width", "640"])
        #expect(file.status == 0)
        let svg = try String(contentsOfFile: w.url("a.svg"), encoding: .utf8)
        let natural = try #require(run.stdout.split(separator: "\"").dropFirst(3).first)   // width="..." of the 1x image
        #expect(svg.contains("width=\"640\"") && svg.contains("viewBox=\"0 0 \(natural) "), "\(svg.prefix(200))")
    }

    @Test func renderAtAnInstantOfATransition() throws {
        let w = try Workspace()
        try w.write("new.yaml", Self.spec)
        try w.write("old.yaml", Self.older)
        let start = try run(w, ["render", "new.yaml", "--from", "old.yaml", "--at", "0%", "-o", "-", "--format", "svg"])
        let old = try run(w, ["render", "old.yaml", "-o", "-", "--format", "svg"])
        let end = try run(w, ["render", "new.yaml", "--from", "old.yaml", "--at", "100%", "-o", "-", "--format", "svg"])
        let new = try run(w, ["render", "new.yaml", "-o", "-", "--format", "svg"])
        #expect(start.status == 0 && end.status == 0)
        // The first frame draws the old chart's wedges, the last the new one's (both alone).
        func wedges(_ svg: String) -> [Substring] { svg.split(separator: "\n").filter { $0.hasPrefix("<path fill=\"#") } }
        #expect(wedges(start.stdout) == wedges(old.stdout))
        #expect(wedges(end.stdout) == wedges(new.stdout))
        let mid = try run(w, ["render", "new.yaml", "--from", "old.yaml", "--at", "400ms", "-o", "-", "--format", "svg"])
        #expect(wedges(mid.stdout) != wedges(start.stdout) && wedges(mid.stdout) != wedges(end.stdout))
    }

    @Test func renderUsageErrorsExit64() throws {
        let w = try Workspace()
        try w.write("a.yaml", Self.spec)
        for arguments in [["render", "a.yaml", "-o", "-"], ["render", "a.yaml", "-o", "x.bmp"], ["render", "a.yaml"],
                          ["render", "a.yaml", "-o", "x.svg", "--at", "soon"], ["render", "a.yaml", "-o", "x.gif", "--at", "10%"],
                          ["render", "a.yaml", "-o", "x.png", "--width", "100", "--scale", "2"], ["md"]] {
            let run = try run(w, arguments)
            #expect(run.status == 64, "\(arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.hasPrefix("piec: error: "))
        }
    }

    @Test func renderOfABrokenOrMissingSpec() throws {
        let w = try Workspace()
        try w.write("bad.yaml", "piec: 1\nslices: []\nbogus: 1\n")
        let bad = try run(w, ["render", "bad.yaml", "-o", "x.svg"])
        #expect(bad.status == 1 && bad.stderr.contains("bad.yaml:3:1"), "\(bad.stderr)")
        #expect(!w.exists("x.svg"))
        let missing = try run(w, ["render", "nope.yaml", "-o", "x.svg"])
        #expect(missing.status == 74 && missing.stderr.contains("E0500"))
    }

    @Test func renderRefusesToWriteThroughASymlink() throws {
        let w = try Workspace()
        try w.write("a.yaml", Self.spec)
        try w.write("target.svg", "keep")
        try FileManager.default.createSymbolicLink(atPath: w.url("link.svg"), withDestinationPath: w.url("target.svg"))
        let run = try run(w, ["render", "a.yaml", "-o", "link.svg"])
        #expect(run.status == 74 && run.stderr.contains("E0507"))
        #expect(try String(contentsOfFile: w.url("target.svg"), encoding: .utf8) == "keep")
    }

    @Test func rasterFormatsThroughPiecRender() throws {
        let w = try Workspace()
        try w.write("new.yaml", Self.spec)
        try w.write("old.yaml", Self.older)
        let magic: [String: [UInt8]] = ["png": [0x89, 0x50, 0x4E, 0x47], "pdf": Array("%PDF".utf8), "gif": Array("GIF89a".utf8),
                                        "webp": Array("RIFF".utf8)]
        for (format, bytes) in magic.sorted(by: { $0.key < $1.key }) {
            let run = try run(w, ["render", "new.yaml", "--from", "old.yaml", "-o", "-", "--format", format, "--fps", "10"])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            #expect(Array(run.stdoutBytes.prefix(bytes.count)) == bytes, "\(format)")
            let again = try self.run(w, ["render", "new.yaml", "--from", "old.yaml", "-o", "-", "--format", format, "--fps", "10"])
            #expect(again.stdoutBytes == run.stdoutBytes, "\(format) is not deterministic")
        }
    }

    @Test func mp4WithoutFFmpegNamesThePackage() throws {
        let w = try Workspace()
        try w.write("a.yaml", Self.spec)
        let run = try PiecRunner.run(["render", "a.yaml", "-o", "a.mp4"], in: w.path, environment: ["PIEC_FFMPEG": w.url("no-ffmpeg")])
        #expect(run.status == 74)
        #expect(run.stderr.contains("E0540") && run.stderr.contains("apt-get install ffmpeg"), "\(run.stderr)")
        #expect(!w.exists("a.mp4"))
    }

    static func bytes(_ w: Workspace, _ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: w.url(name)))) }

    /// The delays (cs) of a GIF's frames, read from its graphic control extensions.
    static func gifDelays(_ gif: [UInt8]) -> [Int] {
        var out: [Int] = []
        var i = 13 + (gif[10] & 0x80 != 0 ? 3 * (1 << (Int(gif[10] & 7) + 1)) : 0)
        while i < gif.count, gif[i] != 0x3B {
            if gif[i] == 0x21 {
                if gif[i + 1] == 0xF9 { out.append(Int(gif[i + 4]) | Int(gif[i + 5]) << 8) }
                i += 2
            } else {
                i += 11   // image descriptor and LZW code size
            }
            while gif[i] != 0 { i += Int(gif[i]) + 1 }
            i += 1
        }
        return out
    }

    @Test func renderOverItsFrameLimitPointsAtTheAnimationAndWritesNothing() throws {
        let w = try Workspace()
        try w.write("long.yaml", "piec: 1\nanimation: {duration: 2s}\nslices:\n  - {label: North, value: 40}\n  - {label: South, value: 60}\n")
        try w.write("a.gif", "keep")
        let over = try run(w, ["render", "long.yaml", "-o", "a.gif", "--max-frames", "20"])
        #expect(over.status == 1, "\(over.stderr)")
        #expect(over.stderr.contains("long.yaml:2:23: error[E0550]"), "\(over.stderr)")
        #expect(over.stderr.contains("--max-frames 61") && over.stderr.contains("lower --fps, --width or --scale"), "\(over.stderr)")
        #expect(try String(contentsOfFile: w.url("a.gif"), encoding: .utf8) == "keep")
        // Without a duration in the spec, the options are named; --max-frames raises the limit.
        try w.write("short.yaml", Self.spec)
        let options = try run(w, ["render", "short.yaml", "-o", "b.mp4", "--max-frames", "2", "--hold", "2s"])
        #expect(options.status == 1 && options.stderr.contains("short.yaml: error[E0550]"), "\(options.stderr)")
        #expect(options.stderr.contains("lower --fps, --hold, --width or --scale"), "\(options.stderr)")
        let raised = try run(w, ["render", "long.yaml", "-o", "a.gif", "--max-frames", "61", "--fps", "10"])
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(try Self.bytes(w, "a.gif").starts(with: Array("GIF89a".utf8)))
        #expect(try run(w, ["render", "long.yaml", "-o", "a.gif", "--max-frames", "0"]).status == 64)
    }

    @Test func aHoldPastGIFsSixteenBitDelayIsDrawnWhole() throws {
        let w = try Workspace()
        try w.write("a.yaml", Self.spec)
        let run = try run(w, ["render", "a.yaml", "-o", "a.gif", "--hold", "700s", "--fps", "10"])
        #expect(run.status == 0, "\(run.stderr)")
        let delays = Self.gifDelays(try Self.bytes(w, "a.gif"))
        #expect(delays.allSatisfy { $0 <= 65_535 })
        #expect(delays.suffix(2) == [35_000, 35_000], "\(delays)")
        let tooLong = try self.run(w, ["render", "a.yaml", "-o", "b.gif", "--hold", "3601s"])
        #expect(tooLong.status == 64 && tooLong.stderr.contains("--hold takes at most 1 hour"), "\(tooLong.stderr)")
    }

    @Test func renderReplacesTheOutputAtomicallyAndNeverThroughASymlink() throws {
        let w = try Workspace()
        try w.write("a.yaml", Self.spec)
        try w.write("a.gif", "old")
        #expect(try run(w, ["render", "a.yaml", "-o", "a.gif", "--fps", "10"]).status == 0)
        #expect(try Self.bytes(w, "a.gif").starts(with: Array("GIF89a".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.path).sorted() == ["a.gif", "a.yaml"])
        // A symlink at the output is refused, not followed, and the file it names is kept.
        try w.write("target.gif", "keep")
        try FileManager.default.createSymbolicLink(atPath: w.url("link.gif"), withDestinationPath: w.url("target.gif"))
        let link = try run(w, ["render", "a.yaml", "-o", "link.gif", "--fps", "10"])
        #expect(link.status == 74 && link.stderr.contains("E0507"), "\(link.stderr)")
        #expect(try String(contentsOfFile: w.url("target.gif"), encoding: .utf8) == "keep")
        // A render that fails midway (no ffmpeg) leaves the old file and no temporary file.
        try w.write("a.mp4", "old video")
        let failed = try PiecRunner.run(["render", "a.yaml", "-o", "a.mp4"], in: w.path, environment: ["PIEC_FFMPEG": w.url("no-ffmpeg")])
        #expect(failed.status == 74)
        #expect(try String(contentsOfFile: w.url("a.mp4"), encoding: .utf8) == "old video")
        #expect(try FileManager.default.contentsOfDirectory(atPath: w.path).filter { $0.hasPrefix(".") }.isEmpty)
    }
}
