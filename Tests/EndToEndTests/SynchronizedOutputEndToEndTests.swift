import Foundation
import PhotoramaLocking
import Testing

/// Synchronized output (mode 2026): the browser on a pseudo-terminal the test plays. A terminal that
/// answers DECRQM `?2026` as known gets every frame between `CSI ? 2026 h` and `l`; one that does not
/// answer gets no byte of it.
@Suite(.serialized) struct SynchronizedOutputEndToEndTests {
    static let begin = Array("\u{1B}[?2026h".utf8)
    static let end = Array("\u{1B}[?2026l".utf8)
    static let query = Array("\u{1B}[?2026$p".utf8)

    /// The session on a thread of its own: its waits block on the pty (poll), and on the cooperative pool
    /// they held one of its two threads, so the whole suite's async tests (servers in this process) starved.
    static func offPool(reply: String) async throws -> [UInt8] {
        try await OwnThread.run { () throws -> [UInt8] in try Self.session(reply: reply) }
    }

    /// The browser over its demo server, half blocks (no pixel protocol answered; `--symbols half`, since a
    /// terminal that names itself kitty would get sextants), until a thumbnail shows, then q.
    static func session(reply: String) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-sync-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin",
            "XDG_DATA_HOME": folder + "/data", "XDG_CACHE_HOME": folder + "/cache", "XDG_CONFIG_HOME": folder + "/config",
            "HOME": folder,
            // Over SSH, where whole frames matter most: the probe waits up to 1 s for the answers. With 120 ms a
            // loaded CI machine once answered too late, and the browser rightly took the terminal as silent.
            "SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22",
        ]
        let run = try PseudoTerminalRun(
            ["--demo", "--seed", "7", "--thumbnails", "on", "--symbols", "half"], environment: environment, reply: Array(reply.utf8))
        try run.waitFor("the grid") { PseudoTerminalRun.occurrences(of: Array("of 1,000".utf8), in: $0) > 0 }
        // Thumbnails arrive after the grid, each in a frame of its own: half blocks.
        let before = run.output.count
        try run.waitFor("a thumbnail") { PseudoTerminalRun.occurrences(of: Array("▀".utf8), in: Array($0[before...])) > 0 }
        run.send("q")
        let status = try run.waitForExit()
        #expect(status == 0)
        return run.output
    }

    /// The stream between entering the full screen (smcup) and leaving it (rmcup): the frames.
    static func frames(_ stream: [UInt8]) throws -> [UInt8] {
        let text = Data(stream)
        let enter = try #require(text.range(of: Data("\u{1B}[?1049h".utf8)))
        let leave = try #require(text.range(of: Data("\u{1B}[?1049l".utf8), in: enter.upperBound..<text.endIndex))
        return Array(text[enter.upperBound..<leave.lowerBound])
    }

    @Test func aTerminalThatKnowsMode2026GetsEveryFrameWrapped() async throws {
        // kitty's answers, as recorded, with its DECRPM for 2026 (reset: known, not set) before DA1.
        let stream = try await Self.offPool(reply: "\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?2026;2$y\u{1B}[?62;c")
        #expect(PseudoTerminalRun.occurrences(of: Self.query, in: stream) == 1)
        let frames = try Self.frames(stream)
        // Begin and end alternate, begin first, end last, and every byte of every frame is between them
        // (after the first begin: nothing outside a pair but the drag-reporting switch, written first).
        var inside = false
        var outside: [UInt8] = []
        var pairs = 0
        var index = 0
        while index < frames.count {
            if frames[index...].starts(with: Self.begin) {
                #expect(!inside, "a begin inside a frame at \(index)")
                inside = true
                index += Self.begin.count
            } else if frames[index...].starts(with: Self.end) {
                #expect(inside, "an end outside a frame at \(index)")
                inside = false
                pairs += 1
                index += Self.end.count
            } else {
                if !inside { outside.append(frames[index]) }
                index += 1
            }
        }
        #expect(!inside)
        #expect(pairs >= 3)
        // Outside the pairs only the modes ncurses sets on opening and resets on leaving: no cell of a frame.
        let text = String(decoding: outside, as: UTF8.self)
        #expect(!text.contains("of 1,000") && !text.contains("▀") && !text.contains("Recent"), "\(text.debugDescription)")
    }

    @Test func aTerminalThatDoesNotAnswerGetsNothingNew() async throws {
        // tmux 3.3a's answers: XTVERSION and DA1, nothing to DECRQM.
        let stream = try await Self.offPool(reply: "\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c")
        #expect(PseudoTerminalRun.occurrences(of: Self.query, in: stream) == 1)
        #expect(PseudoTerminalRun.occurrences(of: Self.begin, in: stream) == 0)
        #expect(PseudoTerminalRun.occurrences(of: Self.end, in: stream) == 0)
    }

    @Test func aTerminalThatAnswersUnknownGetsNothingNew() async throws {
        let stream = try await Self.offPool(reply: "\u{1B}[?2026;0$y\u{1B}[?62;c")
        #expect(PseudoTerminalRun.occurrences(of: Self.begin, in: stream) == 0)
    }
}
