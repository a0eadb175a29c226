import Foundation

// libFuzzer's entry points. libFuzzer supplies `main`; the target comes from IOSEC_FUZZ_TARGET because one binary
// serves every parser.

/// The target chosen for this process, checked once before the first input.
let selectedTarget: FuzzTargets.Run? = ProcessInfo.processInfo.environment["IOSEC_FUZZ_TARGET"].flatMap {
    FuzzTargets.all[$0]
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    if selectedTarget == nil {
        let names = FuzzTargets.all.keys.sorted().joined(separator: " ")
        FileHandle.standardError.write(Data("set IOSEC_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget?(bytes)
    return 0
}
