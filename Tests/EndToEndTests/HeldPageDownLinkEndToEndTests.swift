import Foundation
import PhotoramaLocking
import PhotoramaSpawn
import Testing

/// Keys never wait behind pictures (issue 42, point 4): the browser in kitty mode behind a relay that
/// passes 10 Mbit/s (`RateLimitedTerminal`, the link benchmark's), PgDn held for 2 s at 30 a second. After
/// the last key no picture of a page left behind is sent but what was already under way (the pieces in
/// the terminal's buffer and the one begun), and what is placed once the link is quiet equals what a
/// fresh redraw (Ctrl-L) places. How soon after the last key that is, is the link benchmark's figure
/// (`photorama-bench link`, "PgDn held"): speed targets are never asserted by a timed test here.
@Suite(.serialized) struct HeldPageDownLinkEndToEndTests {
    static let rate = 10_000_000
    static let quiet = Duration.seconds(1)

    @Test func heldPageDownAt10MbitSendsNoPictureOfAPageLeftAfterTheLastKeyAndEndsAsAFreshRedraw() async throws {
        let result = try await OwnThread.run { () throws -> Session in try Self.session() }
        #expect(result.errors == [], "kitty commands the terminal could not follow")
        // The final page: every picture on screen placed (25 cards at 200×60 and the detail pane's picture).
        #expect(result.settled.count == 26, "placed after the hold: \(result.settled.count)")
        #expect(result.settled == result.redrawn)
        // Pictures of pages left, sent after the last key: at most what the pty's buffer (64 KB, a piece is
        // 20–60 KB) held and the piece begun.
        #expect(result.staleAfterLastKey <= 3, "\(result.staleAfterLastKey) pictures of pages left sent after the last key")
        print(
            "held PgDn at 10 Mbit/s: last byte \(result.settle) after the last key; \(result.heldBytes) bytes from the first key on;",
            "\(result.staleAfterLastKey) pictures of pages left after the last key")
    }

    struct Session: Sendable {
        /// Placements ("image/placement" → cursor) once the terminal is quiet after the hold, and after Ctrl-L.
        var settled: [String: String]
        var redrawn: [String: String]
        var settle: Duration
        var heldBytes: Int
        /// Transmissions after the last key of images the final page does not show.
        var staleAfterLastKey: Int
        var errors: [String]
    }

    static func session() throws -> Session {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-held-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin",
            "HOME": folder, "XDG_DATA_HOME": folder + "/data", "XDG_CACHE_HOME": folder + "/cache", "XDG_CONFIG_HOME": folder + "/config",
        ]
        let relay = try RateLimitedTerminal(
            binary: ProductBinary.photorama, arguments: ["--demo", "--seed", "7", "--thumbnails", "on", "--images", "kitty"],
            environment: environment, rate: rate, rows: 60, columns: 200, cell: (10, 20), keep: true)
        defer { relay.stop() }
        // The first screen, whole: nothing more comes.
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        let before = relay.stream.count
        let lastKey = relay.hold(Array("\u{1B}[6~".utf8), for: .seconds(2), perSecond: 30)
        let atLastKey = relay.stream.count
        let settled = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        let placed = placements(relay.stream)
        let shownImages = Set(placed.keys.compactMap { $0.split(separator: "/").first.map(String.init) })
        let stale = GraphicsCommands.kitty(Array(relay.stream[atLastKey...])).filter {
            // A chunk that goes on a transmission begun before has no i=: not counted.
            guard let id = $0.key("i") else { return false }
            return ["t", "T"].contains($0.key("a") ?? "t") && !shownImages.contains(id)
        }
        // A fresh redraw of the same page: Ctrl-L frees every image and sends and places again what it shows.
        relay.send([0x0C])
        _ = relay.readUntilQuiet(quiet, deadline: .seconds(120))
        var stream = KittyStream()
        stream.read(relay.stream)
        return Session(
            settled: placed, redrawn: placements(relay.stream), settle: settled.lastByte.map { $0 - lastKey } ?? .seconds(999),
            heldBytes: relay.stream.count - before, staleAfterLastKey: stale.count, errors: stream.errors)
    }

    /// The placements a kitty terminal shows after `stream`: "image/placement" → the cursor it was placed at.
    static func placements(_ stream: [UInt8]) -> [String: String] {
        var shown: [String: String] = [:]
        for command in GraphicsCommands.kitty(stream) {
            let id = command.key("i") ?? ""
            switch command.key("a") ?? "t" {
            case "p": shown["\(id)/\(command.key("p") ?? "0")"] = command.cursor ?? ""
            case "d":
                switch command.key("d") ?? "a" {
                case "i", "I":
                    if let placement = command.key("p") {
                        shown["\(id)/\(placement)"] = nil
                    } else {
                        shown = shown.filter { !$0.key.hasPrefix("\(id)/") }
                    }
                default: shown = [:]
                }
            default: break
            }
        }
        return shown
    }
}
