#if canImport(Glibc)
    import Glibc
#endif

/// A program on a pseudo-terminal whose output this side reads no faster than `rate` bits a second: the
/// program's writes block once the terminal's buffer is full, as over a slow link (an SSH session). Keys
/// written to it are paced the same way. The link benchmark and the held-key tests share it. Used from
/// one thread.
public final class RateLimitedTerminal {
    public let master: Int32
    public let pid: pid_t
    public let bytesPerSecond: Double
    /// Everything read so far, when asked to keep it (`keep`).
    public private(set) var stream: [UInt8] = []
    /// When `stream`'s bytes arrived: each read's end offset in it and the instant, in order.
    public private(set) var arrivals: [(end: Int, at: ContinuousClock.Instant)] = []
    private let keep: Bool
    private var exited = false
    /// When the link from the program is free again: the end of the last read's time on it.
    private var outputFree: ContinuousClock.Instant?
    /// Plays the terminal's side: given each piece of output read, returns what the terminal writes back
    /// (answers to queries), written at once, not paced (answers are a few dozen bytes).
    public var respond: (([UInt8]) -> [UInt8])?

    /// Why the program could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `binary` with `arguments` on a new pseudo-terminal of `rows` × `columns` cells of `cell`
    /// pixels. `keep`: hold every byte read in `stream` (tests read the pictures back from it).
    public init(
        binary: String, arguments: [String], environment: [String: String], rate: Int, rows: Int, columns: Int,
        cell: (width: Int, height: Int), keep: Bool = false
    ) throws(Failure) {
        let pair: PseudoTerminalPair
        do {
            pair = try PseudoTerminalPair.open(rows: rows, columns: columns, pixels: (columns * cell.width, rows * cell.height))
        } catch {
            throw Failure(description: error.description)
        }
        let spawned = Spawn.start(
            .path(binary), argv: [binary] + arguments, environment: environment, stdin: .descriptor(pair.slave),
            stdout: .descriptor(pair.slave), stderr: .descriptor(pair.slave), closeFromThree: true, signals: .defaultsRestored)
        close(pair.slave)
        guard case .success(let pid) = spawned else {
            close(pair.master)
            throw Failure(description: "cannot start \(binary)")
        }
        master = pair.master
        self.pid = pid
        self.keep = keep
        bytesPerSecond = Double(max(1, rate)) / 8
    }

    /// Writes `bytes` to the program at the link's rate.
    public func send(_ bytes: [UInt8]) {
        let started = ContinuousClock.now
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        pace(bytes.count, since: started)
    }

    /// `key` held down: sent `perSecond` times a second for `duration` (a keyboard's repeat), reading at the
    /// link's rate in between. Returns when the last key was sent.
    @discardableResult
    public func hold(_ key: [UInt8], for duration: Duration, perSecond: Int) -> ContinuousClock.Instant {
        let start = ContinuousClock.now
        let gap = Duration.seconds(1) / max(1, perSecond)
        var last = start
        for index in 0..<max(1, Int(duration / gap)) {
            read(until: start + gap * index)
            send(key)
            last = ContinuousClock.now
        }
        return last
    }

    /// Reads at the link's rate until nothing arrives for `quiet` (or the program ends, or `deadline`
    /// passes): the bytes read and when the last of them arrived.
    public func readUntilQuiet(_ quiet: Duration, deadline: Duration) -> (bytes: Int, lastByte: ContinuousClock.Instant?) {
        let end = ContinuousClock.now + deadline
        var total = 0
        var last: ContinuousClock.Instant?
        // The quiet spell counts from the last byte: the first may take long (a big photo to decode).
        while ContinuousClock.now < end, last.map({ ContinuousClock.now - $0 < quiet }) ?? true {
            guard let count = readOnce(waitMilliseconds: 10) else { break }
            if count > 0 {
                total += count
                last = ContinuousClock.now
            }
        }
        return (total, last)
    }

    /// Reads at the link's rate until `instant`: the bytes read.
    @discardableResult
    public func read(until instant: ContinuousClock.Instant) -> Int {
        var total = 0
        while ContinuousClock.now < instant {
            let left = instant - ContinuousClock.now
            let milliseconds = Int32(clamping: left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard let count = readOnce(waitMilliseconds: max(0, min(10, milliseconds))) else { break }
            total += count
        }
        return total
    }

    /// One read of at most a tenth of a second's worth (so the pacing stays smooth), paced: the bytes read,
    /// 0 when none came within `waitMilliseconds`, nil when the program has ended.
    private func readOnce(waitMilliseconds: Int32) -> Int? {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, waitMilliseconds) > 0 else {
            if !exited, waitpid(pid, nil, WNOHANG) == pid { exited = true }
            return exited ? nil : 0
        }
        var buffer = [UInt8](repeating: 0, count: max(64, min(1 << 20, Int(bytesPerSecond / 10))))
        let started = ContinuousClock.now
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        // The program has closed its side: nothing more will come.
        guard count > 0 else { return nil }
        if keep {
            stream += buffer.prefix(count)
            arrivals.append((stream.count, ContinuousClock.now))
        }
        if let respond {
            let answer = respond(Array(buffer.prefix(count)))
            if !answer.isEmpty { _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
        }
        // Each read's time on the link follows the last one's when the link was busy, not the wake-up after
        // it: a sleep that wakes late (a few hundred microseconds, hundreds of reads a screen) would
        // otherwise slow the link by some 6 %.
        let busy = outputFree.map { started - $0 < Self.lateWake } ?? false
        outputFree = pace(count, since: busy ? outputFree ?? started : started)
        return count
    }

    /// How late a sleep may wake and the link still count as busy since the last read.
    static let lateWake = Duration.milliseconds(2)

    /// When byte `offset` of `stream` arrived (nil past the end).
    public func arrival(of offset: Int) -> ContinuousClock.Instant? {
        var low = 0
        var high = arrivals.count
        while low < high {
            let middle = (low + high) / 2
            if arrivals[middle].end > offset { high = middle } else { low = middle + 1 }
        }
        return low < arrivals.count ? arrivals[low].at : nil
    }

    /// Sleeps until `count` bytes would have crossed the link since `started`; returns that instant.
    @discardableResult
    private func pace(_ count: Int, since started: ContinuousClock.Instant) -> ContinuousClock.Instant {
        let due = started + .nanoseconds(Int64(Double(count) / bytesPerSecond * 1e9))
        let now = ContinuousClock.now
        if due > now {
            let wait = due - now
            usleep(UInt32(clamping: wait.components.seconds * 1_000_000 + wait.components.attoseconds / 1_000_000_000_000))
        }
        return due
    }

    /// Ends the program (SIGTERM, SIGKILL after 5 s) while draining what it writes, and closes the terminal.
    public func stop() {
        if !exited {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            let end = ContinuousClock.now + .seconds(5)
            while waitpid(pid, &status, WNOHANG) != pid {
                // Drain what it writes while leaving, so it is never blocked on a full terminal.
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 10) > 0 {
                    var buffer = [UInt8](repeating: 0, count: 65_536)
                    _ = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
                }
                if ContinuousClock.now > end {
                    kill(pid, SIGKILL)
                    _ = waitpid(pid, &status, 0)
                    break
                }
            }
            exited = true
        }
        close(master)
    }
}
