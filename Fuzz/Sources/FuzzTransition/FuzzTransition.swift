import FuzzSupport

/// libFuzzer entry: a previous spec, a NUL byte, then the new spec (no NUL: one spec).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransition(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzOneInput.transition(bytes)
    return 0
}
