import FuzzSupport

/// libFuzzer entry: any bytes, decoded into a valid spec and an edited second version of it
/// (`SpecBytes`), so inputs reach layout, the transition planner and codegen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecPair(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzOneInput.specPair(bytes)
    return 0
}
