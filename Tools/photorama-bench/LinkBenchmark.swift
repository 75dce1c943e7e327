import DemoServer
import Foundation
import PhotoramaSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench link [--rate 10mbit] [--pages 6] [--modes kitty,sixel,iterm2,blocks] [--quiet-ms 1000]
/// [--binary PATH]`: what crosses a slow link. The browser runs on a pseudo-terminal of 200×60 cells of
/// 10×20 pixels whose other side this benchmark reads at `rate` (bits a second, as a relay on an SSH link
/// would pass them; keys go the other way at the same rate), over its demo server with thumbnails and
/// `--images` forced. For each mode: bytes of the first screen, and for each PgDn the bytes written and
/// the time from the key to the last byte (a screen ends when nothing more arrives for `quiet-ms`);
/// medians over `pages` PgDn; then one PgUp, back to rows seen. Then `show` of a 4000×3000 JPEG at 80×40 in each mode on the same
/// pseudo-terminal, beside chafa's output in the same format (timg when installed).
enum LinkBenchmark {
    static let columns = 200
    static let rows = 60
    static let cell = (width: 10, height: 20)

    static func run(_ arguments: [String]) async throws {
        let binary = try BenchShell.photoramaBinary(arguments)
        let rate = try bitsPerSecond(ImagesBenchmark.value(arguments, "--rate", "10mbit"))
        let pages = max(1, Int(ImagesBenchmark.value(arguments, "--pages", "6")) ?? 6)
        let quiet = Duration.milliseconds(Int(ImagesBenchmark.value(arguments, "--quiet-ms", "1000")) ?? 1000)
        let modes = ImagesBenchmark.value(arguments, "--modes", "kitty,sixel,iterm2,blocks").split(separator: ",").map(String.init)
        print(
            "link at \(ImagesBenchmark.value(arguments, "--rate", "10mbit")) (\(rate) bit/s), \(columns)×\(rows) cells of 10×20 pixels, \(binary)"
        )
        for mode in modes {
            let result = try browse(binary: binary, mode: mode, rate: rate, pages: pages, quiet: quiet)
            print(
                String(
                    format:
                        "browse %@: first screen %@ (last byte %.2f s); each PgDn median %@, last byte %.2f s after the key (%d PgDn: %@); PgUp back %@ in %.2f s",
                    mode, megabytes(result.first), result.firstSeconds, megabytes(Int(Stats.median(result.pages.map { Double($0.bytes) }))),
                    Stats.median(result.pages.map(\.seconds)), result.pages.count,
                    result.pages.map { megabytes($0.bytes) }.joined(separator: ", "), megabytes(result.back.bytes), result.back.seconds))
        }
        try show(binary: binary, modes: modes, rate: rate, quiet: quiet)
    }

    // MARK: - Browsing
    struct Browse {
        var first = 0
        var firstSeconds = 0.0
        var pages: [(bytes: Int, seconds: Double)] = []
        /// PgUp after the PgDn: back to rows seen before.
        var back = (bytes: 0, seconds: 0.0)
    }

    static func browse(binary: String, mode: String, rate: Int, pages: Int, quiet: Duration) throws -> Browse {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-link-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let relay = try RateLimitedTerminal(
            binary: binary, arguments: ["--demo", "--seed", "7", "--thumbnails", "on", "--images", mode], environment: environment(folder),
            rate: rate)
        defer { relay.stop() }
        var result = Browse()
        let start = ContinuousClock.now
        let first = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        result.first = first.bytes
        result.firstSeconds = seconds(first.lastByte.map { $0 - start } ?? .zero)
        for _ in 0..<pages {
            let pressed = ContinuousClock.now
            relay.send(Array("\u{1B}[6~".utf8))
            let page = relay.readUntilQuiet(quiet, deadline: .seconds(120))
            result.pages.append((page.bytes, seconds(page.lastByte.map { $0 - pressed } ?? .zero)))
        }
        let pressed = ContinuousClock.now
        relay.send(Array("\u{1B}[5~".utf8))
        let back = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        result.back = (back.bytes, seconds(back.lastByte.map { $0 - pressed } ?? .zero))
        relay.send(Array("q".utf8))
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(20))
        return result
    }

    // MARK: - show
    static func show(binary: String, modes: [String], rate: Int, quiet: Duration) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-link-show-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/photo.jpg"
        guard FileManager.default.createFile(atPath: file, contents: Data(SampleImage.jpeg(width: 4000, height: 3000))) else {
            throw BenchmarkFailure("cannot write \(file)")
        }
        let chafaFormats = ["kitty": "kitty", "sixel": "sixels", "iterm2": "iterm", "blocks": "symbols"]
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let chafa = ExecutableSearch.locate("chafa", path: path)
        if ExecutableSearch.locate("timg", path: path) == nil { print("timg is not installed: no timg figures") }
        for mode in modes {
            var line = "show 4000×3000 at 80×40, \(mode): photorama "
            let ours = try measure(binary, ["show", file, "--images", mode, "--size", "80x40"], folder: folder, rate: rate, quiet: quiet)
            line += String(format: "%@ in %.2f s", megabytes(ours.bytes), ours.seconds)
            if let chafa, let format = chafaFormats[mode] {
                var options = ["-f", format, "-s", "80x40"]
                if mode == "blocks" { options += ["-c", "full", "--symbols", "vhalf"] }
                let theirs = try measure(chafa, options + [file], folder: folder, rate: rate, quiet: quiet)
                line += String(format: "; chafa -f %@ %@ in %.2f s", format, megabytes(theirs.bytes), theirs.seconds)
            }
            print(line)
        }
    }

    /// One program on the rate-limited terminal until it exits: bytes written and seconds to the last byte.
    static func measure(_ program: String, _ arguments: [String], folder: String, rate: Int, quiet: Duration) throws -> (
        bytes: Int, seconds: Double
    ) {
        let start = ContinuousClock.now
        let relay = try RateLimitedTerminal(binary: program, arguments: arguments, environment: environment(folder), rate: rate)
        defer { relay.stop() }
        let read = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        return (read.bytes, seconds(read.lastByte.map { $0 - start } ?? .zero))
    }

    // MARK: - Units
    static func environment(_ folder: String) -> [String: String] {
        [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin",
            "HOME": folder, "XDG_DATA_HOME": folder + "/data", "XDG_CACHE_HOME": folder + "/cache", "XDG_CONFIG_HOME": folder + "/config",
        ]
    }

    /// "10mbit", "512kbit", "2000000": bits a second.
    static func bitsPerSecond(_ text: String) throws -> Int {
        let lowered = text.lowercased()
        for (suffix, scale) in [("gbit", 1_000_000_000), ("mbit", 1_000_000), ("kbit", 1_000), ("bit", 1)] where lowered.hasSuffix(suffix) {
            if let value = Double(lowered.dropLast(suffix.count)), value > 0 { return Int(value * Double(scale)) }
        }
        if let value = Int(lowered), value > 0 { return value }
        throw BenchmarkFailure("--rate \(text): a rate such as 10mbit, 512kbit or 2000000")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.3f MB", Double(bytes) / 1_000_000) }
}

// MARK: - The relay
/// A program on a pseudo-terminal (200×60 cells of 10×20 pixels) whose output this side reads no faster
/// than `rate` bits a second: the program's writes block once the terminal's buffer is full, as over a
/// slow link. Keys written to it are paced the same way.
final class RateLimitedTerminal {
    let master: Int32
    let pid: pid_t
    let bytesPerSecond: Double
    private var exited = false

    init(binary: String, arguments: [String], environment: [String: String], rate: Int) throws {
        let pair: PseudoTerminalPair
        do {
            pair = try PseudoTerminalPair.open(
                rows: LinkBenchmark.rows, columns: LinkBenchmark.columns,
                pixels: (LinkBenchmark.columns * LinkBenchmark.cell.width, LinkBenchmark.rows * LinkBenchmark.cell.height))
        } catch {
            throw BenchmarkFailure(error.description)
        }
        let master = pair.master
        let slave = pair.slave
        let spawned = Spawn.start(
            .path(binary), argv: [binary] + arguments, environment: environment, stdin: .descriptor(slave), stdout: .descriptor(slave),
            stderr: .descriptor(slave), closeFromThree: true, signals: .defaultsRestored)
        close(slave)
        guard case .success(let pid) = spawned else {
            close(master)
            throw BenchmarkFailure("cannot start \(binary)")
        }
        self.master = master
        self.pid = pid
        bytesPerSecond = Double(rate) / 8
    }

    /// Writes `bytes` to the program at the link's rate.
    func send(_ bytes: [UInt8]) {
        let started = ContinuousClock.now
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        pace(bytes.count, since: started)
    }

    /// Reads at the link's rate until nothing arrives for `quiet` (or the program ends, or `deadline`
    /// passes): the bytes read and when the last of them arrived.
    func readUntilQuiet(_ quiet: Duration, deadline: Duration) -> (bytes: Int, lastByte: ContinuousClock.Instant?) {
        let end = ContinuousClock.now + deadline
        var total = 0
        var last: ContinuousClock.Instant?
        var lastActivity = ContinuousClock.now
        // At most a tenth of a second's worth a read, so the pacing stays smooth.
        var buffer = [UInt8](repeating: 0, count: max(64, min(1 << 20, Int(bytesPerSecond / 10))))
        // The quiet spell counts from the last byte: the first may take long (a big photo to decode).
        while ContinuousClock.now < end, last == nil || ContinuousClock.now - lastActivity < quiet {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10) > 0 else {
                if !exited, waitpid(pid, nil, WNOHANG) == pid { exited = true }
                if exited { break }
                continue
            }
            let started = ContinuousClock.now
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else {
                // The program has closed its side: nothing more will come.
                break
            }
            total += count
            pace(count, since: started)
            last = ContinuousClock.now
            lastActivity = ContinuousClock.now
        }
        return (total, last)
    }

    /// Sleeps until `count` bytes would have crossed the link since `started`.
    private func pace(_ count: Int, since started: ContinuousClock.Instant) {
        let due = started + .nanoseconds(Int64(Double(count) / bytesPerSecond * 1e9))
        let now = ContinuousClock.now
        if due > now {
            let wait = due - now
            usleep(UInt32(max(0, LinkBenchmark.seconds(wait) * 1e6)))
        }
    }

    func stop() {
        if !exited {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            let end = ContinuousClock.now + .seconds(5)
            while waitpid(pid, &status, WNOHANG) != pid {
                // Drain what it writes while leaving, so it is never blocked on a full terminal.
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 10) > 0 {
                    var buffer = [UInt8](repeating: 0, count: 65_536)
                    _ = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
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
