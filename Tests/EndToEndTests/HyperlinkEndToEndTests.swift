import Foundation
import Testing

/// `photorama info` on a terminal: the addresses in its table are OSC 8 links in the byte stream; with
/// TERM=linux or screen, or piped, the same table has none.
@Suite(.serialized) struct HyperlinkEndToEndTests {
    static let osc8 = Array("\u{1B}]8;;https://".utf8)

    func infoStream(term: String) async throws -> [UInt8] {
        let id = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "ids", "--limit", "1"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let log = try TerminalOutputLog()
        let tmux = try await TmuxSession.start(
            command: log.running("env TERM=\(term) \(ProductBinary.photorama) info \(id) --demo"), columns: 200, rows: 40)
        try await tmux.waitFor(text: "exit=0")
        return log.bytes()
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { Array(bytes[$0..<($0 + part.count)]) == part }
    }

    @Test func addressesAreLinksOnATerminal() async throws {
        let stream = try await infoStream(term: "xterm-256color")
        let text = String(decoding: stream, as: UTF8.self)
        // Each link's target is the address it shows, and it is closed.
        let link = try #require(text.firstRange(of: /\u{1B}\]8;;(https?:\/\/[!-~]+?)\u{1B}\\([^\u{1B}]*)\u{1B}\]8;;\u{1B}\\/))
        let match = try #require(text[link].wholeMatch(of: /\u{1B}\]8;;(https?:\/\/[!-~]+?)\u{1B}\\([^\u{1B}]*)\u{1B}\]8;;\u{1B}\\/))
        #expect(match.1 == match.2)
        #expect(Self.contains(stream, Self.osc8))
    }

    @Test func noLinksOnTheLinuxConsoleOrScreenOrAPipe() async throws {
        for term in ["linux", "screen-256color"] {
            let stream = try await infoStream(term: term)
            #expect(String(decoding: stream, as: UTF8.self).contains("https://"), "no address at all with \(term)")
            #expect(!Self.contains(stream, Array("\u{1B}]8;".utf8)), "a link with TERM=\(term)")
        }
        let id = try await CommandRun.run(ProductBinary.photorama, ["recent", "--demo", "--format", "ids", "--limit", "1"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let piped = try await CommandRun.run(ProductBinary.photorama, ["info", id, "--demo"])
        #expect(piped.stdout.contains("https://"))
        #expect(!piped.stdout.contains("\u{1B}]8;"))
    }
}
