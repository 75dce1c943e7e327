import Foundation
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// The program on a pseudo-terminal the test plays: every byte it writes is kept, and each time it asks
/// DA1 (`ESC [ c`) the terminal writes `reply` (its answers to the probe's batch; nil never answers).
/// Reading happens while the test waits (`waitFor`), on the test's thread.
final class PseudoTerminalRun {
    let master: Int32
    let pid: pid_t
    private(set) var output: [UInt8] = []
    private let reply: [UInt8]?
    /// What the terminal does with everything written so far just before it answers DA1.
    private let beforeReply: (([UInt8]) -> Void)?
    /// How long after DA1's question the terminal answers (a link's round trip); answers not yet written.
    private let replyDelay: Duration
    private var dueReplies: [ContinuousClock.Instant] = []
    private var status: Int32?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `cell`: a cell's pixels, reported with the window's size (TIOCGWINSZ).
    init(
        _ arguments: [String], environment: [String: String], reply: [UInt8]?, columns: Int = 100, rows: Int = 30,
        cell: (width: Int, height: Int) = (10, 20), replyDelay: Duration = .zero, beforeReply: (([UInt8]) -> Void)? = nil
    ) throws {
        let pair: PseudoTerminalPair
        do {
            pair = try PseudoTerminalPair.open(rows: rows, columns: columns, pixels: (columns * cell.width, rows * cell.height))
        } catch {
            throw Failure(description: error.description)
        }
        let master = pair.master
        let slave = pair.slave
        let binary = ProductBinary.photorama
        let spawned = Spawn.start(
            .path(binary), argv: [binary] + arguments, environment: environment, stdin: .descriptor(slave), stdout: .descriptor(slave),
            stderr: .descriptor(slave), closeFromThree: true, signals: .defaultsRestored)
        close(slave)
        guard case .success(let pid) = spawned else {
            close(master)
            throw Failure(description: "cannot start \(binary)")
        }
        self.master = master
        self.pid = pid
        self.reply = reply
        self.beforeReply = beforeReply
        self.replyDelay = replyDelay
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var ignored: Int32 = 0
            _ = waitpid(pid, &ignored, 0)
        }
        close(master)
    }

    /// Types `bytes` into the program.
    func send(_ bytes: String) {
        _ = Array(bytes.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `condition` holds of everything written so far, failing after `deadline`.
    @discardableResult
    func waitFor(_ what: String, deadline: Duration = .seconds(60), _ condition: ([UInt8]) -> Bool) throws -> [UInt8] {
        let end = ContinuousClock.now + deadline
        while !condition(output) {
            guard ContinuousClock.now < end else {
                throw Failure(description: "waited \(deadline) for \(what) (\(output.count) bytes written)")
            }
            readAvailable(milliseconds: 20)
        }
        return output
    }

    /// Reads until the program has exited and its output is drained; its wait status.
    @discardableResult
    func waitForExit(deadline: Duration = .seconds(60)) throws -> Int32 {
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            if readAvailable(milliseconds: 20) { continue }
            if let status { return status }
            var value: Int32 = 0
            if waitpid(pid, &value, WNOHANG) == pid { status = value }
        }
        throw Failure(description: "the program did not exit within \(deadline)")
    }

    /// Reads everything the program has written so far (what the terminal holds now, no waiting). A side
    /// channel such as `--probe-report`, written after a frame's bytes, can be seen before they are read.
    func readPending() {
        while readAvailable(milliseconds: 0) {}
    }

    /// Whether anything was read.
    @discardableResult
    private func readAvailable(milliseconds: Int32) -> Bool {
        writeDueReplies()
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let untilReply = dueReplies.first.map { max(0, Int32(($0 - .now) / .milliseconds(1)) + 1) } ?? milliseconds
        guard poll(&poller, 1, min(milliseconds, untilReply)) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        // DA1's query may straddle two reads: look from two bytes before the new ones.
        let from = max(0, output.count - 2)
        output += buffer[..<count]
        if reply != nil {
            for _ in 0..<Self.occurrences(of: Array("\u{1B}[c".utf8), in: Array(output[from...])) {
                dueReplies.append(.now + replyDelay)
            }
            writeDueReplies()
        }
        return true
    }

    private func writeDueReplies() {
        guard let reply else { return }
        while let due = dueReplies.first, due <= .now {
            dueReplies.removeFirst()
            beforeReply?(output)
            _ = reply.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
    }

    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        var count = 0
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }
}
