import FuzzSupport

/// libFuzzer entry: the input is a spec file's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompile(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzOneInput.compile(bytes)
    return 0
}
