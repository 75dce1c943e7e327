// Benchmarks anyone can run with the project's own commands:
//   swift run -c release photorama-bench <name> [options]
// Each prints medians over repeated runs; see README.md "Benchmarks".
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let benchmarks: [String: @Sendable ([String]) async throws -> Void] = [
    "server": ServerBenchmark.run,
    "tui": TUIBenchmark.run,
    "map": MapBenchmark.run,
    "feed-memory": FeedMemoryBenchmark.run,
    "launch": LaunchBenchmark.run,
    "recent": RecentBenchmark.run,
    "prefetch": PrefetchBenchmark.run,
    "images": ImagesBenchmark.run,
    "thumbnails": ThumbnailsBenchmark.run,
    "saved": SavedBenchmark.run,
    "download": DownloadBenchmark.run,
    "cache": CacheBenchmark.run,
    "report": ReportBenchmark.run,
    "terminal": TerminalQueryBenchmark.run,
    "soak": SoakBenchmark.run,
    "zoom": ZoomBenchmark.run,
    "parse": ParseBenchmark.run,
    "link": LinkBenchmark.run,
]
guard let name = arguments.first, let run = benchmarks[name] else {
    let names = benchmarks.keys.sorted().joined(separator: "|")
    FileHandle.standardError.write(Data("usage: photorama-bench \(names) [options]\n".utf8))
    exit(2)
}
// No benchmark takes --help; without this check `soak --help` started a two-minute soak.
if arguments.contains("--help") || arguments.contains("-h") {
    print("photorama-bench \(name): its options are listed in README.md, \"Benchmarks\"")
    exit(0)
}
// Kept to the end: the sources handle Ctrl-C and SIGTERM for as long as they live.
let interruptSources = BenchInterrupt.install()
do {
    try await run(Array(arguments.dropFirst()))
} catch {
    BenchInterrupt.exit(1, saying: "photorama-bench: \(error)\n")
}
withExtendedLifetime(interruptSources) {}
