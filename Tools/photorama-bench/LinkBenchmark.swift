import DemoServer
import Foundation
import PhotoramaSpawn
import ScreenCapture

#if canImport(Glibc)
    import Glibc
#endif

/// `photorama-bench link [--rate 10mbit] [--pages 6] [--modes kitty,sixel,iterm2,blocks,kitty-local] [--quiet-ms 1000]
/// [--parts browse,held,show] [--binary PATH]`: what crosses a slow link. The browser runs on a pseudo-terminal of 200×60 cells of
/// 10×20 pixels whose other side this benchmark reads at `rate` (bits a second, as a relay on an SSH link
/// would pass them; keys go the other way at the same rate), over its demo server with thumbnails and
/// `--images` forced. For each mode: bytes of the first screen, and for each PgDn the bytes written and
/// the time from the key to a recognisable screen (kitty: every picture the screen ends with placed once,
/// a slow link's quarter-resolution first look or the full picture; sixel: every picture the screen ends
/// with shown once, as its half-block first look or its sixel; other modes send no first look, so it is
/// the last byte) and to the screen's last byte (the benchmark reads on until nothing arrives for `quiet-ms`,
/// the user's rest; in kitty the screen ends before the pictures then sent ahead of need, reported apart);
/// medians over `pages` PgDn; then one PgUp, back to rows seen. PgDn held for 2 s at 30 a second runs in a browser
/// of its own on a text search long enough for every key to move a page (`heldFeed`: the demo's Explore has 1,000
/// photos, 40 pages, and a hold from its top reached its end after 1.3 s, so the last keys moved nothing and the
/// time after the last key measured nothing). Then `show` of a 4000×3000 JPEG at 80×40 in each mode on the same
/// pseudo-terminal, beside chafa's output in the same format and timg's (`-p`, when installed; the relay answers its
/// background-colour question as a terminal would). `--parts browse,held,show`
/// runs some of the three (all by default). A browser that ends before it is told to stops the benchmark with
/// how it ended. `kitty-local` (browse only):
/// `auto` on a terminal that answers as kitty on this machine, which reads and removes the pictures handed
/// over by name (`LocalKittyRole`).
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
        let parts = Set(ImagesBenchmark.value(arguments, "--parts", "browse,held,show").split(separator: ",").map(String.init))
        for mode in modes {
            if parts.contains("browse") {
                let result = try browse(binary: binary, mode: mode, rate: rate, pages: pages, quiet: quiet)
                print(
                    String(
                        format:
                            "browse %@: first screen %@ (last byte %.2f s); each PgDn median %@, recognisable %.2f s, last byte %.2f s after the key (%d PgDn: %@; recognisable %@ s; last byte %@ s); PgUp back %@ in %.2f s; sent ahead while resting %@",
                        mode, megabytes(result.first), result.firstSeconds,
                        megabytes(Int(Stats.median(result.pages.map { Double($0.bytes) }))),
                        Stats.median(result.pages.map(\.recognisable)), Stats.median(result.pages.map(\.seconds)), result.pages.count,
                        result.pages.map { megabytes($0.bytes) }.joined(separator: ", "),
                        result.pages.map { String(format: "%.2f", $0.recognisable) }.joined(separator: ", "),
                        result.pages.map { String(format: "%.2f", $0.seconds) }.joined(separator: ", "),
                        megabytes(result.back.bytes), result.back.seconds, result.ahead.map { megabytes($0) }.joined(separator: ", ")))
            }
            if parts.contains("held"), mode != "kitty-local" {
                let held = try hold(binary: binary, mode: mode, rate: rate, quiet: quiet)
                print(
                    String(
                        format:
                            "held %@: PgDn held 2 s at 30/s (%d keys, selection %d → %d, %d cards a page), then first byte %@, recognisable %@, last byte %@ after the last key (%@ after it, %.2f s of link; then %@ sent ahead)",
                        mode, held.keys, held.selection.before, held.selection.after, held.cardsPerPage,
                        held.firstByte.map { String(format: "%.2f s", $0) } ?? "none",
                        held.recognisable.map { String(format: "%.2f s", $0) } ?? "never",
                        held.lastByte.map { String(format: "%.2f s", $0) } ?? "none",
                        megabytes(held.bytesAfter), Double(held.bytesAfter * 8) / Double(rate), megabytes(held.ahead)))
            }
        }
        if parts.contains("show") { try show(binary: binary, modes: modes.filter { $0 != "kitty-local" }, rate: rate, quiet: quiet) }
    }

    // MARK: - Browsing
    struct Browse {
        var first = 0
        var firstSeconds = 0.0
        /// Each PgDn: bytes, seconds from the key to a recognisable screen and to the last byte.
        var pages: [(bytes: Int, recognisable: Double, seconds: Double)] = []
        /// Bytes of kitty pictures sent ahead of need after each screen (first screen, then each PgDn).
        var ahead: [Int] = []
        /// PgUp after the PgDn: back to rows seen before.
        var back = (bytes: 0, seconds: 0.0)
    }

    static func browse(binary: String, mode: String, rate: Int, pages: Int, quiet: Duration) throws -> Browse {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-link-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // kitty-local: `auto` on a terminal that answers as a kitty on this machine (`LocalKittyRole`).
        let local = mode == "kitty-local"
        let relay = try terminal(
            binary, ["--demo", "--seed", "7", "--thumbnails", "on", "--images", local ? "auto" : mode],
            environment: environment(folder), rate: rate, keep: true)
        defer { relay.stop() }
        if local {
            var role = LocalKittyRole()
            relay.respond = { role.take($0) }
        }
        var result = Browse()
        let start = ContinuousClock.now
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        try ended(relay, "the first screen")
        let firstScreen = screen(relay, from: 0, pressed: start)
        (result.first, result.firstSeconds) = (firstScreen.bytes, firstScreen.seconds)
        result.ahead.append(firstScreen.ahead)
        for _ in 0..<pages {
            let pressed = ContinuousClock.now
            let start = relay.stream.count
            relay.send(Array("\u{1B}[6~".utf8))
            _ = relay.readUntilQuiet(quiet, deadline: .seconds(120))
            try ended(relay, "a PgDn")
            let page = screen(relay, from: start, pressed: pressed)
            result.pages.append((page.bytes, recognisable(relay, from: start, pressed: pressed) ?? page.seconds, page.seconds))
            result.ahead.append(page.ahead)
        }
        let pressed = ContinuousClock.now
        let backStart = relay.stream.count
        relay.send(Array("\u{1B}[5~".utf8))
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        try ended(relay, "the PgUp")
        let back = screen(relay, from: backStart, pressed: pressed)
        result.back = (back.bytes, back.seconds)
        relay.send(Array("q".utf8))
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(20))
        return result
    }

    /// The screen's own bytes in the stream since `start` (the key, or 0), the seconds from `pressed` to
    /// their last, and the bytes after them: kitty pictures sent ahead of need once the screen was whole
    /// and the user rested (`KittyPlacementScan.screenEnd`; none in other modes).
    static func screen(_ relay: RateLimitedTerminal, from start: Int, pressed: ContinuousClock.Instant) -> (
        bytes: Int, seconds: Double, ahead: Int
    ) {
        let end = KittyPlacementScan.screenEnd(relay.stream, from: start)
        let last = end > start ? relay.arrival(of: end - 1).map { max(0, seconds($0 - pressed)) } : nil
        return (end - start, last ?? 0, relay.stream.count - end)
    }

    /// A feed for the hold in which 2 s of PgDn at 30 a second never reach the end: the demo's text search
    /// for "city" has 2,290 photos, 60 keys from its top move 1,500 cards at 200×60.
    static let heldFeed = ["--text", "city"]

    /// PgDn held for 2 s at 30 a second from the first screen of `heldFeed`: seconds from the last key to a
    /// recognisable final page and to its last byte (nil: nothing came after the last key), the bytes after
    /// it, and the selection before and after (from `--frame-stats`), which shows every key moved a page.
    struct Held {
        var keys = 0
        var selection = (before: 0, after: 0)
        var cardsPerPage = 0
        var recognisable: Double?
        var firstByte: Double?
        var lastByte: Double?
        var bytesAfter = 0
        /// Bytes of kitty pictures sent ahead of need once the final page was whole.
        var ahead = 0
    }

    static func hold(binary: String, mode: String, rate: Int, quiet: Duration) throws -> Held {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-link-held-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stats = folder + "/frame-stats"
        let relay = try terminal(
            binary, ["--demo", "--seed", "7", "--thumbnails", "on", "--images", mode, "--frame-stats", stats] + heldFeed,
            environment: environment(folder), rate: rate, keep: true)
        defer { relay.stop() }
        func selection() -> Int? {
            let fields = ((try? String(contentsOfFile: stats, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
            return fields.count == 3 ? Int(fields[2]) : nil
        }
        var result = Held()
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        try ended(relay, "the first screen")
        result.selection.before = selection() ?? 0
        // One PgDn alone first, to learn a page's step.
        relay.send(Array("\u{1B}[6~".utf8))
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        try ended(relay, "a PgDn")
        result.cardsPerPage = (selection() ?? 0) - result.selection.before
        result.selection.before = selection() ?? 0
        // PgDn held as a keyboard repeats it.
        let gap = Duration.seconds(1) / 30
        result.keys = Int(Duration.seconds(2) / gap)
        let last = relay.hold(Array("\u{1B}[6~".utf8), for: .seconds(2), perSecond: 30)
        let atLastKey = relay.stream.count
        let settled = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        try ended(relay, "the hold")
        let final = screen(relay, from: atLastKey, pressed: last)
        result.lastByte = final.bytes > 0 ? final.seconds : nil
        result.firstByte = settled.bytes > 0 ? relay.arrival(of: atLastKey).map { max(0, seconds($0 - last)) } : nil
        result.bytesAfter = final.bytes
        result.ahead = final.ahead
        result.recognisable = recognisable(relay, from: atLastKey, pressed: last) ?? result.lastByte
        result.selection.after = selection() ?? 0
        relay.send(Array("q".utf8))
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(20))
        return result
    }

    /// Throws when the browser has ended on its own (a crash, an error) during `phase`: its figures would
    /// measure nothing. Looked at without reaping it (WNOWAIT), so the relay still ends it as before.
    static func ended(_ relay: RateLimitedTerminal, _ phase: String) throws {
        var info = siginfo_t()
        let ending: String
        if waitid(P_PID, id_t(relay.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == relay.pid {
            let status = info._sifields._sigchld.si_status
            ending = info.si_code == CLD_EXITED ? "exited with status \(status)" : "was killed by signal \(status)"
        } else if kill(relay.pid, 0) != 0, errno == ESRCH {
            ending = "ended"
        } else {
            return
        }
        let text = String(decoding: relay.stream.suffix(2_000), as: UTF8.self).filter {
            $0.isLetter || $0.isNumber || $0 == " " || $0 == ":"
        }
        throw BenchmarkFailure("the browser \(ending) during \(phase); the last letters it wrote: \(text.suffix(300))")
    }

    /// Seconds from `pressed` to the byte by which every kitty picture the stream now ends with was placed
    /// once since `start`, or every sixel picture shown once (`SixelPaintScan`); nil without either (other
    /// modes: the last byte).
    static func recognisable(_ relay: RateLimitedTerminal, from start: Int, pressed: ContinuousClock.Instant) -> Double? {
        guard
            let offset = KittyPlacementScan.recognisable(relay.stream, from: start)
                ?? SixelPaintScan.recognisable(relay.stream, from: start)
        else { return nil }
        guard offset > start, let arrived = relay.arrival(of: offset - 1) else { return 0 }
        return max(0, seconds(arrived - pressed))
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
        let timg = ExecutableSearch.locate("timg", path: path)
        if timg == nil { print("timg is not installed: no timg figures") }
        // timg's pixel modes (-p): kitty, iTerm2, and half blocks. Not sixel: Debian's timg (1.4.5) is built
        // without it and draws half blocks for `-p s`.
        let timgModes = ["kitty": "k", "iterm2": "i", "blocks": "h"]
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
            if let timg, let pixelMode = timgModes[mode] {
                let theirs = try measure(
                    timg, ["-p", pixelMode, "-g80x40", file], folder: folder, rate: rate, quiet: quiet, respond: answerBackground)
                line += String(format: "; timg -p %@ %@ in %.2f s", pixelMode, megabytes(theirs.bytes), theirs.seconds)
            }
            print(line)
        }
    }

    /// A terminal's answer to OSC 11 (the background colour), which timg asks and waits for before it draws.
    static func answerBackground(_ output: [UInt8]) -> [UInt8] {
        guard output.firstRange(of: Array("\u{1B}]11;?".utf8)) != nil else { return [] }
        return Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\".utf8)
    }

    /// One program on the rate-limited terminal until it exits: bytes written and seconds to the last byte.
    /// `respond`: the terminal's answers to what the program asks.
    static func measure(
        _ program: String, _ arguments: [String], folder: String, rate: Int, quiet: Duration, respond: (([UInt8]) -> [UInt8])? = nil
    ) throws -> (bytes: Int, seconds: Double) {
        let start = ContinuousClock.now
        let relay = try terminal(program, arguments, environment: environment(folder), rate: rate)
        relay.respond = respond
        defer { relay.stop() }
        let read = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        return (read.bytes, seconds(read.lastByte.map { $0 - start } ?? .zero))
    }

    /// `program` on the rate-limited pseudo-terminal of 200×60 cells of 10×20 pixels.
    static func terminal(
        _ program: String, _ arguments: [String], environment: [String: String], rate: Int, keep: Bool = false
    ) throws -> RateLimitedTerminal {
        do {
            return try RateLimitedTerminal(
                binary: program, arguments: arguments, environment: environment, rate: rate, rows: rows, columns: columns, cell: cell,
                keep: keep)
        } catch {
            throw BenchmarkFailure(error.description)
        }
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
