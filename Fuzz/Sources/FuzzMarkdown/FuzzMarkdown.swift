import FuzzSupport

/// libFuzzer entry: the input is a Markdown document's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzOneInput.markdown(bytes)
    return 0
}
