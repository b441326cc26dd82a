import PieSpec

/// One output file of a bundle, by name inside `out/<id>/`.
public struct BundleFile: Sendable, Hashable {
    public var name: String
    public var bytes: [UInt8]
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// Everything `piec build` writes for one spec, in a fixed file order.
public struct Bundle: Sendable, Hashable {
    /// The files of a full bundle, in the order they are written.
    public static let fileNames = ["chart.svg", "chart.css", "index.html", "manifest.json"]

    public var id: String
    public var files: [BundleFile]
    public init(id: String, files: [BundleFile]) {
        self.id = id
        self.files = files
    }
}
