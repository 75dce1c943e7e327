import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench recent [--runs N] [--limit 100] [--binary PATH]`: the whole process of
/// `photorama recent --demo --limit N`, from spawn to exit (program load, the embedded demo server,
/// the requests, printing), N times. Output goes to /dev/null; XDG folders are fresh temporary ones, so
/// nothing cached by earlier runs or by the person running it is used. Prints median and p90, and the
/// median as a multiple of `photorama --help`'s, measured between the runs.
enum RecentBenchmark {
    static func run(_ arguments: [String]) async throws {
        func value(_ name: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1])
            else { return fallback }
            return max(1, number)
        }
        let runs = value("--runs", 20)
        let limit = value("--limit", 100)
        let binary = try BenchShell.photoramaBinary(arguments)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-recent-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var times: [Double] = []
        var help: [Double] = []
        for run in 0..<runs {
            help.append(try HelpBaseline.measure(binary))
            let environment = [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_DATA_HOME": "\(folder)/data", "XDG_CACHE_HOME": "\(folder)/cache-\(run)",
                "XDG_CONFIG_HOME": "\(folder)/config",
            ]
            let start = ContinuousClock.now
            let status = BenchShell.spawnAndWait(binary, ["recent", "--demo", "--limit", String(limit)], environment: environment)
            let elapsed = ContinuousClock.now - start
            guard status == 0 else { throw BenchmarkFailure("run \(run + 1): photorama recent exited with status \(status)") }
            times.append(HelpBaseline.milliseconds(elapsed))
        }
        print(
            String(
                format:
                    "photorama recent --demo --limit %d, whole process (%d runs): median %.1f ms, p90 %.1f ms, min %.1f ms; --help %.1f ms: %.1fx",
                limit, runs, Stats.median(times), Stats.percentile(times, 0.9), times.min() ?? 0, Stats.median(help),
                Stats.median(times) / Stats.median(help)))
    }
}
