import Foundation
import Testing
@testable import PieDriver

@Suite struct DiscoveryTests {
    @Test func directoryIsRecursiveSortedAndFiltered() throws {
        let tmp = try TempDir()
        for file in ["specs/b.yaml", "specs/a.yml", "specs/sub/c.yaml", "specs/a/z.yaml", "specs/UP.YAML",
                     "specs/.hidden/d.yaml", "specs/.e.yaml", "specs/notes.txt", "specs/out/x.yaml", "specs/yaml"] {
            try tmp.write(file, "x")
        }
        try tmp.symlink("specs/loop", to: tmp.url("specs"))
        try tmp.symlink("specs/linked.yaml", to: tmp.url("specs/b.yaml"))
        let root = tmp.url("specs")
        let found = SpecDiscovery.discover(inputs: [root], outputDir: tmp.url("specs/out"))
        #expect(found.problems.isEmpty)
        // Byte order: "UP.YAML" < "a.yml" < "a/z.yaml" ('.' < '/'); the link to b.yaml is the same file.
        #expect(found.inputs.map(\.path) == ["UP.YAML", "a.yml", "a/z.yaml", "b.yaml", "sub/c.yaml"].map { root + "/" + $0 })
    }

    @Test func outputDirectoryIsOnlySkippedWhenItIsTheOutput() throws {
        let tmp = try TempDir()
        try tmp.write("specs/out/x.yaml", "x")
        let found = SpecDiscovery.discover(inputs: [tmp.url("specs")], outputDir: tmp.url("elsewhere"))
        #expect(found.inputs.map(\.path) == [tmp.url("specs/out/x.yaml")])
    }

    @Test func explicitFilesAnyExtensionSortedAndDeduplicated() throws {
        let tmp = try TempDir()
        try tmp.write("z.txt", "x")
        try tmp.write("d/a.yaml", "x")
        let found = SpecDiscovery.discover(inputs: [tmp.url("z.txt"), tmp.url("d/"), tmp.url("d/a.yaml")], outputDir: nil)
        #expect(found.problems.isEmpty)
        #expect(found.inputs.map(\.path) == [tmp.url("d/a.yaml"), tmp.url("z.txt")])
    }

    @Test func missingPathAndEmptyDirectoryAreReported() throws {
        let tmp = try TempDir()
        try tmp.mkdir("empty/.git")
        try tmp.write("empty/.git/x.yaml", "x")
        let found = SpecDiscovery.discover(inputs: [tmp.url("nope.yaml"), tmp.url("empty")], outputDir: nil)
        #expect(found.inputs.isEmpty)
        #expect(found.problems.map { $0.diagnostics.map(\.code) } == [[DriverDiagnostics.fileNotFound], [DriverDiagnostics.noSpecs]])
        #expect(found.problems.map(\.path) == [tmp.url("nope.yaml"), tmp.url("empty")])
    }

    @Test func pathsBelowTheCurrentDirectoryHaveNoDotPrefix() {
        #expect(SpecDiscovery.join(".", "a.yaml") == "a.yaml")
        #expect(SpecDiscovery.join("specs", "a.yaml") == "specs/a.yaml")
        #expect(SpecDiscovery.join("/", "a.yaml") == "/a.yaml")
        #expect(SpecDiscovery.trimmed("specs//") == "specs")
        #expect(SpecDiscovery.trimmed("/") == "/")
    }

    @Test func specNamesAreYamlOrYmlCaseInsensitively() {
        #expect(SpecDiscovery.isSpecName("a.yaml"))
        #expect(SpecDiscovery.isSpecName("a.YML"))
        #expect(!SpecDiscovery.isSpecName("yaml"))
        #expect(!SpecDiscovery.isSpecName("a.yaml.bak"))
        #expect(!SpecDiscovery.isSpecName("a.json"))
    }
}
