import Foundation
import TestProcesses
import Testing

@testable import DemoServer

/// How far ahead the real browser loads, against a demo server that answers every request 3 s late, in
/// tmux at 80×24 with text cards (15 a screen, pages of 100, no pictures to load). The first page is asked
/// for before the browser's clock starts; paging down to its end asks for the second, alone (nothing is
/// measured yet), and its answer measures the round trip. From then on the browser keeps a screen plus a
/// round trip of key repeat (30 presses a second: 90 screens) plus a screen loaded ahead of the selection:
/// more than Recent's 1,000 photos. So, with no other key pressed, it asks for the 8 remaining pages, 6 at
/// once (the most in flight), the last 2 as the first of those answer, and all 10 arrive.
@Suite(.serialized, .ownThread) struct PrefetchLeadEndToEndTests {
    /// The `--log` file's page requests (`flickr.photos.getRecent`), grouped by when they ended: a line is
    /// written as an exchange ends, stamped to the second ("2026-11-24T14:00:00Z GET 200 1234 B 3012 ms
    /// http://…"). Each round of requests ends 3 s after the one before it, those of a round within a
    /// second of one another: a gap of 2 s or more starts a new round.
    static func rounds(_ log: String) -> [Int] {
        let ends: [Int] = log.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 7, fields[7].contains("method=flickr.photos.getRecent"), fields[0].count == 20 else { return nil }
            let time = fields[0].dropFirst(11).prefix(8).split(separator: ":").compactMap { Int($0) }
            return time.count == 3 ? time[0] * 3600 + time[1] * 60 + time[2] : nil
        }
        var rounds: [Int] = []
        var last: Int?
        for end in ends.sorted() {
            if let last, end - last < 2 {
                rounds[rounds.count - 1] += 1
            } else {
                rounds.append(1)
            }
            last = end
        }
        return rounds
    }

    @Test func onceTheRoundTripIsMeasuredTheBrowserLoadsAheadSixPagesAtATime() async throws {
        var configuration = DemoServerConfiguration(seed: 1)
        configuration.faults = FaultInjection(latency: .seconds(3))
        let server = try await RunningDemoServer.start(configuration, executor: OwnThreadTrait.executor)
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-prefetch-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --flickr-url \(server.flickrURL.absoluteString) --log \(log)", columns: 80, rows: 24,
            environment: ["FLICKR_API_KEY": DemoAPIKeys.flickr])
        try await tmux.waitFor("the first page") { TmuxSession.statusLine($0).contains("page 1 of 10 · 100 of 1,000 photos") }
        try await tmux.send(keys: Array(repeating: "PageDown", count: 6))
        try await tmux.waitFor("every page", deadline: .seconds(120)) {
            TmuxSession.statusLine($0).contains("page 10 of 10 · 1,000 of 1,000 photos")
        }
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        await server.stop()
        let written = try String(contentsOfFile: log, encoding: .utf8)
        #expect(Self.rounds(written) == [1, 1, 6, 2], "\(written)")
    }

    @Test func roundsAreGroupedByGapsOfTwoSeconds() {
        let line = { (time: String) in "2026-11-24T14:\(time)Z GET 200 1 B 3000 ms http://h/services/rest?method=flickr.photos.getRecent" }
        let other = "2026-11-24T14:00:05Z GET 200 1 B 3000 ms http://h/services/rest?method=flickr.photos.licenses.getInfo"
        let log = [line("00:02"), line("00:05"), other, line("00:08"), line("00:09"), line("00:11"), line("59:59")].joined(separator: "\n")
        #expect(Self.rounds(log) == [1, 1, 2, 1, 1])
    }
}
