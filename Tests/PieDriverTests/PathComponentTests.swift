@testable import PieDriver
import Testing

/// `lastPathComponent` and `parentPath` work on bytes (it runs for every spec); these are the spellings it
/// must still read as people write paths.
struct PathComponentTests {
    @Test(arguments: [
        ("specs/a.yaml", "a.yaml"), ("a.yaml", "a.yaml"), ("dir/", "dir"), ("a//", "a"), ("/", ""), ("", ""),
        ("/abs/x/.piec.yaml", ".piec.yaml"), ("é/ünï.yaml", "ünï.yaml"), ("x/🍰.yaml", "🍰.yaml"),
    ])
    func lastComponent(_ path: String, _ expected: String) {
        #expect(lastPathComponent(path) == expected)
    }

    @Test(arguments: [
        ("a/b/", "a"), ("a", ""), ("/a", "/"), ("a/b", "a"), ("a//b", "a"), ("a/b//c", "a/b"), ("//a", "/"),
        ("/", "/"), ("//", "/"), ("", ""), ("o", ""), ("./x.yaml", "."), ("../x.yaml", ".."),
        ("é/ünï.yaml", "é"), ("x/🍰/y", "x/🍰"), ("🍰", ""),
    ])
    func parent(_ path: String, _ expected: String) {
        #expect(parentPath(path) == expected)
    }
}
