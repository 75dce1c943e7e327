import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `photorama-bench launch [--runs N] [--binary PATH]`: launch to the first grid of photos, for real.
///
/// Runs the `photorama` binary (built next to this one) in a detached tmux session, as a person would,
/// with `--demo` (it starts its own demo server) and the hidden `--first-grid-report FILE`, which writes
/// the milliseconds from `main` to the first frame that shows photos and quits. Prints the median.
enum LaunchBenchmark {
    static func run(_ arguments: [String]) async throws {
        var runs = 15
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
            runs = max(1, value)
        }
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var binary = directory.appendingPathComponent("photorama").path
        if let index = arguments.firstIndex(of: "--binary"), index + 1 < arguments.count { binary = arguments[index + 1] }
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchmarkFailure("no photorama binary at \(binary): build it first (swift build -c release)")
        }
        var fromMain: [Double] = []
        var external: [Double] = []
        for run in 0..<runs {
            let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-launch-\(getpid())-\(run)").path
            try? FileManager.default.removeItem(atPath: report)
            let socket = "photorama-bench-\(getpid())-\(run)"
            let command = "env LANG=C.UTF-8 TERM=xterm-256color \(binary) --demo --first-grid-report \(report)"
            let start = ContinuousClock.now
            let started = shell("tmux -L \(socket) -f /dev/null new-session -d -x 120 -y 40 '\(command)'")
            guard started == 0 else {
                throw BenchmarkFailure("tmux could not start (status \(started); is it installed?)")
            }
            let deadline = start + .seconds(20)
            var text: String?
            while ContinuousClock.now < deadline {
                if let value = try? String(contentsOfFile: report, encoding: .utf8), value.hasSuffix("\n") {
                    text = value
                    break
                }
                usleep(1_000)
            }
            let wall = ContinuousClock.now - start
            _ = shell("tmux -L \(socket) kill-server")
            try? FileManager.default.removeItem(atPath: report)
            guard let text, let milliseconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchmarkFailure("run \(run + 1): no first grid within 20 s")
            }
            fromMain.append(milliseconds)
            external.append(Double(wall.components.seconds) * 1000 + Double(wall.components.attoseconds) / 1e15)
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        print(String(format: "launch to first grid (--demo, 120x40, %d runs): median %.1f ms from main, min %.1f, max %.1f", runs, median(fromMain), fromMain.min() ?? 0, fromMain.max() ?? 0))
        print(String(format: "including tmux and process start (seen from outside): median %.1f ms", median(external)))
    }

    private static func shell(_ line: String) -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(line + " </dev/null >/dev/null 2>&1"), nil]
        defer { for pointer in argv { free(pointer) } }
        // Threads of Swift's concurrency pool block signals, and a spawned child inherits that mask: tmux's
        // server then cannot see SIGCHLD and dies ("server exited unexpectedly"). Start it with a clean mask.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        // Signals this process ignores (SIGPIPE for the network stack) go back to their defaults too.
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -2 }
        }
        return (status >> 8) & 0xFF
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
