import Foundation
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench terminal [--runs N] [--binary PATH]`: how long asking the terminal takes, from start to
/// decision, on a pseudo-terminal this benchmark plays: once answering as `xterm -ti vt340` does (its
/// recorded answers, written as soon as DA1's query has arrived), once never answering. Runs
/// `photorama terminal --format json` with the pty as its terminal and reads the probe's own time (queries
/// written to decision) from its report; also the whole process, spawn to exit. Prints medians and p90.
enum TerminalQueryBenchmark {
    /// `xterm -ti vt340`'s answers to the batch (Tests/PhotoramaImagesTests/Support/TerminalRecordings.swift).
    static let xtermAnswers = Array(
        "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}P1$r0;38:2::1:2:3m\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8)

    static func run(_ arguments: [String]) async throws {
        var runs = 20
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
            runs = max(1, value)
        }
        let binary = try BenchShell.photoramaBinary(arguments)
        for answering in [true, false] {
            var probe: [Double] = []
            var process: [Double] = []
            var protocols: Set<String> = []
            for run in 0..<runs {
                let result = try measure(binary: binary, answering: answering)
                guard let milliseconds = result.report["milliseconds"] as? Double else {
                    throw BenchmarkFailure("run \(run + 1): the report has no probe time")
                }
                probe.append(milliseconds)
                process.append(result.process)
                protocols.insert(result.report["protocol"] as? String ?? "?")
            }
            print(
                String(
                    format:
                        "terminal query, %@ (%d runs, chose %@): median %.2f ms queries to decision (p90 %.2f), %.1f ms spawn to exit (p90 %.1f)",
                    answering ? "pty answering like xterm -ti vt340" : "pty that never answers", runs,
                    protocols.sorted().joined(separator: "/"),
                    Stats.median(probe), Stats.percentile(probe, 0.9), Stats.median(process), Stats.percentile(process, 0.9)))
        }
    }

    /// One `photorama terminal --format json` on a fresh pty: its report and its time from spawn to exit.
    static func measure(binary: String, answering: Bool) throws -> (report: [String: Any], process: Double) {
        let pty = try PseudoTerminal()
        defer { pty.closeMaster() }
        var environment = ["TERM": "xterm", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        environment["HOME"] = ProcessInfo.processInfo.environment["HOME"]
        let started = ContinuousClock.now
        let spawned = Spawn.start(
            .path(binary), argv: [binary, "terminal", "--format", "json"], environment: environment,
            stdin: .descriptor(pty.slave), stdout: .descriptor(pty.slave), stderr: .descriptor(pty.slave), closeFromThree: true,
            signals: .defaultsRestored)
        pty.closeSlave()
        guard case .success(let pid) = spawned else { throw BenchmarkFailure("cannot start \(binary)") }
        var output: [UInt8] = []
        var answered = false
        var status: Int32 = 0
        var exited: Duration?
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(20)
        // Read the pty until the program has exited and its output is drained.
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 5) > 0 {
                let count = buffer.withUnsafeMutableBytes { read(pty.master, $0.baseAddress, $0.count) }
                if count > 0 {
                    output += buffer[..<count]
                    if answering, !answered, contains(output, Array("\u{1B}[c".utf8)) {
                        answered = true
                        _ = xtermAnswers.withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
                    }
                    continue
                }
            }
            if exited != nil { break }
            if waitpid(pid, &status, WNOHANG) == pid { exited = ContinuousClock.now - started }
        }
        guard let exited else {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            throw BenchmarkFailure("photorama terminal did not exit within 20 s")
        }
        // The report is the JSON object after the queries.
        guard let open = output.firstIndex(of: UInt8(ascii: "{")), let close = output.lastIndex(of: UInt8(ascii: "}")),
            let report = try? JSONSerialization.jsonObject(with: Data(output[open...close])) as? [String: Any]
        else {
            throw BenchmarkFailure("no JSON report in: \(String(decoding: output, as: UTF8.self).debugDescription)")
        }
        return (report, Double(exited.components.seconds) * 1000 + Double(exited.components.attoseconds) / 1e15)
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// A pseudo-terminal pair with an xterm's window (80×24 cells, 6×13 pixels each, so no CSI 14t/16t).
    final class PseudoTerminal {
        let master: Int32
        let slave: Int32

        init() throws {
            let pair: PseudoTerminalPair
            do {
                pair = try PseudoTerminalPair.open(rows: 24, columns: 80, pixels: (484, 316))
            } catch {
                throw BenchmarkFailure(error.description)
            }
            master = pair.master
            slave = pair.slave
        }

        func closeSlave() { close(slave) }
        func closeMaster() { close(master) }
    }
}
