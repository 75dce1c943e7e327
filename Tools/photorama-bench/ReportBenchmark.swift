import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench report [NAME…]`: runs every benchmark (or those named), each as a child process of
/// this binary with its default options, and writes one Markdown table of their median lines, with the
/// machine and the date, to standard output. A benchmark that fails gets a row saying so; the others run.
enum ReportBenchmark {
    static func run(_ arguments: [String]) async throws {
        let names = arguments.isEmpty ? BenchmarkNames.inReport : arguments
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        var rows: [Row] = []
        for name in names {
            FileHandle.standardError.write(Data("report: running \(name)…\n".utf8))
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-report-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            let started = ContinuousClock.now
            let status = BenchShell.run("\(BenchShell.quote(me)) \(BenchShell.quote(name))", output: output.path)
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            let seconds = (ContinuousClock.now - started).components.seconds
            rows += Row.parse(benchmark: name, output: text)
            if status != 0 {
                let last = text.split(separator: "\n").last.map(String.init) ?? "no output"
                rows.append(Row(benchmark: name, measurement: "failed (exit \(status)) after \(seconds) s", result: last))
            }
        }
        print(markdown(rows))
    }

    struct Row: Equatable {
        var benchmark: String
        var measurement: String
        var result: String

        /// One row per line of output: what was measured, and the figures (from "median" on when the line
        /// has one, else after its last ": ").
        static func parse(benchmark: String, output: String) -> [Row] {
            output.split(separator: "\n").compactMap { line in
                let text = line.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { return nil }
                let split = text.range(of: "median")?.lowerBound ?? text.range(of: ": ", options: .backwards)?.upperBound
                guard let split else { return Row(benchmark: benchmark, measurement: text, result: "") }
                let measurement = text[..<split].trimmingCharacters(in: CharacterSet(charactersIn: " :,;-"))
                return Row(benchmark: benchmark, measurement: measurement, result: String(text[split...]))
            }
        }
    }

    static func markdown(_ rows: [Row]) -> String {
        var lines = [
            "# Photorama benchmarks", "",
            "Machine: \(machine()). Date: \(ISO8601DateFormatter().string(from: Date())).", "",
            "| Benchmark | Measurement | Result |", "|---|---|---|",
        ]
        for row in rows {
            lines.append("| \(cell(row.benchmark)) | \(cell(row.measurement)) | \(cell(row.result)) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// CPU model, cores and memory from /proc, and the kernel.
    static func machine() -> String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let kilobytes =
            meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        var system = utsname()
        uname(&system)
        let kernel = withUnsafeBytes(of: system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(kilobytes / 1024) MiB, Linux \(kernel)"
    }
}

/// The benchmarks the report runs, in order (all but the report itself).
enum BenchmarkNames {
    static let inReport = [
        "tui", "map", "feed-memory", "launch", "recent", "prefetch", "zoom", "server", "images", "thumbnails", "saved", "download", "cache",
        "terminal",
    ]
}
