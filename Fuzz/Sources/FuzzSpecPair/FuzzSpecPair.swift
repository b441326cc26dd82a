import FuzzSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer entry: any bytes, decoded into a valid spec and an edited second version of it
/// (`SpecBytes`), so inputs reach layout, the transition planner and codegen.
/// With `PIEC_FUZZ_PRINT=1` it also prints the two YAML files an input stands for (to see what
/// a saved input means: `PIEC_FUZZ_PRINT=1 Fuzz/.build/release/FuzzSpecPair FILE`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecPair(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    if getenv("PIEC_FUZZ_PRINT") != nil {
        let pair = SpecBytes.pair(bytes)
        let text = Array("--- old.yaml\n\(pair.old)--- new.yaml\n\(pair.new)".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
    FuzzOneInput.specPair(bytes)
    return 0
}
