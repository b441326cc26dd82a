import PieJSON
import PieSpec

/// One output file of a bundle, by name inside `out/<id>/`: its bytes in one array, or, for a
/// large file the driver writes as soon as it exists (the manifest), in the chunks it was
/// written into, so that it is never copied into one array beside them (`forEachBuffer`).
public struct BundleFile: Sendable, Hashable {
    public var name: String
    private var array: [UInt8]
    private var chunks: Chunks?

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.array = bytes
    }

    /// A file made of `writer`'s chunks, which it owns from now on (nothing else may write
    /// into `writer`).
    public init(name: String, writer: ByteWriter) {
        self.name = name
        self.array = []
        self.chunks = Chunks(writer: writer)
    }

    /// The bytes in one array (a copy when the file is chunked).
    public var bytes: [UInt8] {
        get { chunks?.writer.bytes ?? array }
        set {
            array = newValue
            chunks = nil
        }
    }

    public var count: Int { chunks?.writer.count ?? array.count }

    /// The bytes in order, one buffer at a time, without copying them.
    public func forEachBuffer(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if let chunks {
            chunks.writer.storage.forEachChunk(body)
        } else {
            array.withUnsafeBufferPointer(body)
        }
    }

    public static func == (a: BundleFile, b: BundleFile) -> Bool { a.name == b.name && a.bytes == b.bytes }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bytes)
    }

    /// A finished writer: it is only read from here on (by one consumer at a time).
    private final class Chunks: @unchecked Sendable {
        let writer: ByteWriter
        init(writer: ByteWriter) { self.writer = writer }
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
