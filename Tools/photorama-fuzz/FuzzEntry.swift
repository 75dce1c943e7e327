import Foundation
import PhotoramaFuzzing

/// The target libFuzzer feeds, chosen once from PHOTORAMA_FUZZ_TARGET (immutable once read).
let selectedTarget: FuzzTarget? = ProcessInfo.processInfo.environment["PHOTORAMA_FUZZ_TARGET"].flatMap(FuzzTargets.named)

/// libFuzzer's entry point. A broken property is a finding: it is printed and the process aborts, which
/// libFuzzer reports as a crash and saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = selectedTarget else {
        FileHandle.standardError.write(
            Data("set PHOTORAMA_FUZZ_TARGET to one of: \(FuzzTargets.all.map(\.name).joined(separator: " "))\n".utf8))
        exit(2)
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let broken = target.run(bytes)
    if !broken.isEmpty {
        FileHandle.standardError.write(Data(("property broken: " + broken.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}
