import Foundation
import PhotoramaFuzzing

// photorama-fuzz --list                   names every target, one a line
// photorama-fuzz TARGET FILE…             runs the target on each file and prints broken properties
// Built by scripts/fuzz.sh with -sanitize=fuzzer,address, `PHOTORAMA_FUZZ_TARGET=TARGET photorama-fuzz
// [libFuzzer options] CORPUS…` hands LLVMFuzzerTestOneInput (FuzzEntry.swift) to libFuzzer's driver,
// found at run time so the normal build, which has no libFuzzer, still links.

typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
typealias RunDriver =
    @convention(c) (
        UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>, FuzzCallback
    ) -> Int32

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--list" {
    for target in FuzzTargets.all { print(target.name) }
    exit(0)
}
if ProcessInfo.processInfo.environment["PHOTORAMA_FUZZ_TARGET"] != nil {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
        fail("this build has no libFuzzer: build it with scripts/fuzz.sh")
    }
    let driver = unsafeBitCast(symbol, to: RunDriver.self)
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(driver(&argc, &argv, { data, size in fuzzTestOneInput(data, size) }))
}
guard arguments.count >= 3, let target = FuzzTargets.named(arguments[1]) else {
    fail("usage: photorama-fuzz --list | photorama-fuzz TARGET FILE…")
}
/// Runs `target` on each file and prints every broken property; the count of them.
func replay(_ target: FuzzTarget, _ paths: some Sequence<String>) -> Int {
    var brokenCount = 0
    for path in paths {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        for broken in target.run(Array(data)) {
            print("\(path): \(broken)")
            brokenCount += 1
        }
    }
    return brokenCount
}
exit(replay(target, arguments.dropFirst(2)) == 0 ? 0 : 1)
