@testable import PieDriver
import Testing

/// The path logic of finding a spec's `.piec.yaml` files and data file.
struct SpecInputsReaderTests {
    @Test(arguments: [
        ("specs/../data/a.csv", "data/a.csv"), ("./a.csv", "a.csv"), ("../../x/./y/../z.csv", "../../x/z.csv"),
        ("/a/b/../../../c", "/c"), ("a/..", "."), ("/", "/"),
    ])
    func pathsNormalizeLexically(_ path: String, _ expected: String) {
        #expect(SpecInputsReader.normalized(path) == expected)
    }

    @Test func foldersGoFromTheSpecUpToTheRoot() {
        #expect(SpecInputsReader.lexicalParent("specs/a") == "specs")
        #expect(SpecInputsReader.lexicalParent("specs") == ".")
        #expect(SpecInputsReader.lexicalParent(".") == "..")
        #expect(SpecInputsReader.lexicalParent("..") == "../..")
        #expect(SpecInputsReader.folders(from: "specs/a", realDir: "/r/specs/a", root: "/r") == ["specs/a", "specs", "."])
        #expect(SpecInputsReader.folders(from: ".", realDir: "/r/specs", root: "/r") == [".", ".."])
        #expect(SpecInputsReader.folders(from: "x", realDir: "/r", root: "/r") == ["x"])
    }

    @Test func insideMeansTheRootOrBelowIt() {
        #expect(SpecInputsReader.isInside("/r/a.csv", "/r"))
        #expect(SpecInputsReader.isInside("/r", "/r"))
        #expect(!SpecInputsReader.isInside("/rx/a.csv", "/r"))
        #expect(!SpecInputsReader.isInside("/a.csv", "/r"))
    }

    @Test func gitPathsThatClimbAboveTheWorkTreeAreRefused() {
        #expect(SpecHistory.dataPath("data/a.csv", folder: "") == "data/a.csv")
        #expect(SpecHistory.dataPath("../data/a.csv", folder: "specs") == "data/a.csv")
        #expect(SpecHistory.dataPath("../data/a.csv", folder: "") == nil)
        #expect(SpecHistory.dataPath("a/../../b.csv", folder: "") == nil)
        #expect(SpecHistory.dataPath("/etc/a.csv", folder: "") == nil)
        #expect(SpecHistory.dataPath("a.txt", folder: "") == nil)
    }
}
