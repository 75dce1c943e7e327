import Foundation
import PhotoramaFuzzing

#if canImport(Glibc)
import Glibc
#endif

// photorama-fuzz --list                   names every target, one a line
// photorama-fuzz TARGET FILE…             runs the target on each file and prints broken properties
// Built by scripts/fuzz.sh with -sanitize=fuzzer,address, `PHOTORAMA_FUZZ_TARGET=TARGET photorama-fuzz
// [libFuzzer options] CORPUS…` hands the target to libFuzzer's driver (found at run time, so the normal
// build, which has no libFuzzer, still links).

typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
typealias RunDriver = @convention(c) (
    UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>, FuzzCallback
) -> Int32

/// libFuzzer calls back through a C function pointer, which cannot capture the target: one function per
/// target, chosen by name.
let callbacks: [String: FuzzCallback] = [
    "flickr-parser": { data, size in fuzzOne("flickr-parser", data, size) },
    "500px-parser": { data, size in fuzzOne("500px-parser", data, size) },
    "locations-parser": { data, size in fuzzOne("locations-parser", data, size) },
    "html-text": { data, size in fuzzOne("html-text", data, size) },
    "terminal-text": { data, size in fuzzOne("terminal-text", data, size) },
    "search-query": { data, size in fuzzOne("search-query", data, size) },
    "jpeg-decoder": { data, size in fuzzOne("jpeg-decoder", data, size) },
    "png-decoder": { data, size in fuzzOne("png-decoder", data, size) },
    "config-reader": { data, size in fuzzOne("config-reader", data, size) },
    "cache-record": { data, size in fuzzOne("cache-record", data, size) },
]

/// Runs one input; a broken property is a finding, reported to libFuzzer as a crash.
func fuzzOne(_ name: String, _ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let target = FuzzTargets.named(name) else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let broken = target.run(bytes)
    if !broken.isEmpty {
        FileHandle.standardError.write(Data(("property broken: " + broken.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--list" {
    for target in FuzzTargets.all { print(target.name) }
    exit(0)
}
if let name = ProcessInfo.processInfo.environment["PHOTORAMA_FUZZ_TARGET"] {
    guard let callback = callbacks[name] else { fail("no fuzz target named \(name); photorama-fuzz --list names them") }
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
        fail("this build has no libFuzzer: build it with scripts/fuzz.sh")
    }
    let driver = unsafeBitCast(symbol, to: RunDriver.self)
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(driver(&argc, &argv, callback))
}
guard arguments.count >= 3, let target = FuzzTargets.named(arguments[1]) else {
    fail("usage: photorama-fuzz --list | photorama-fuzz TARGET FILE…")
}
var brokenCount = 0
for path in arguments.dropFirst(2) {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    for broken in target.run(Array(data)) {
        print("\(path): \(broken)")
        brokenCount += 1
    }
}
exit(brokenCount == 0 ? 0 : 1)
