import Foundation
import SeededRandom
import TestProcesses
import Testing

/// The real binary in tmux, driven through a long seeded random sequence of keys, searches and resizes
/// (down to 1×1). At every checkpoint the screen as drawn incrementally must equal, colours included, the
/// screen after Ctrl-L repaints a pane that tmux has wiped behind the program's back.
@Suite(.serialized) struct IncrementalEqualsRedrawTests {
    static let keys = [
        "Down", "Down", "Up", "Left", "Right", "Right", "PageDown", "PageDown", "PageUp", "Home", "End", "j", "k", "h",
        "l", "g", "G", "R", "Tab", "BTab", "1", "2", "3", "4", "5", "Enter", "Escape", "Escape", "?", "L", "J", "K",
        "S-Up", "S-Down",
    ]
    static let searches = ["東京 👩‍💻", "مرحبا", "e\u{301}te\u{301}", "48.85, 2.35 10km", "👍🏽🇯🇵❤️"]
    /// Visited in turn, whenever the sequence decides to resize: tiny ones included.
    static let sizes = [(80, 24), (20, 5), (132, 43), (1, 1), (40, 12), (7, 3), (100, 30), (61, 17)]

    struct Summary {
        var keys = 0
        var checkpoints = 0
        var resizes = 0
        /// F12 presses sent, each acknowledged through the browser's probe report (see `checkpoint`).
        var probes = 0
        let probeReport: String
    }

    func drive(_ command: String, seed: UInt64, keyCount: Int = 320) async throws -> Summary {
        var random = SeededGenerator(seed: seed)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(command: "\(command) --probe-report \(report)", columns: 100, rows: 30)
        try await tmux.waitForGrid(deadline: .seconds(60))
        var summary = Summary(probeReport: report)
        try await checkpoint(tmux, "seed \(seed), start", &summary)
        var history: [String] = []
        while summary.keys < keyCount {
            var batch: [String] = []
            for _ in 0..<Int.random(in: 4...24, using: &random) {
                batch.append(Self.keys.randomElement(using: &random) ?? "Down")
            }
            try await tmux.send(keys: batch)
            summary.keys += batch.count
            history.append(batch.joined(separator: " "))
            switch random.next() % 6 {
            case 0:
                let text = Self.searches.randomElement(using: &random) ?? "x"
                try await tmux.send(keys: ["Escape", "Escape", "/", "C-u"])
                try await tmux.send(keys: [text], literal: true)
                try await tmux.send(keys: ["Enter"])
                history.append("search \(text)")
            case 1, 2:
                let size = Self.sizes[summary.resizes % Self.sizes.count]
                try await tmux.resize(columns: size.0, rows: size.1)
                summary.resizes += 1
                history.append("resize \(size.0)×\(size.1)")
            default:
                break
            }
            try await checkpoint(tmux, "seed \(seed), after: \(history.suffix(3).joined(separator: " | "))", &summary)
        }
        try await tmux.resize(columns: 100, rows: 30)
        try await tmux.send(keys: ["Escape", "Escape", "Escape", "q"])
        try await tmux.waitFor(text: "exit=0", deadline: .seconds(30))
        return summary
    }

    /// The screen once the browser has handled everything sent, with no answer still to come, and it has
    /// settled, then the same screen repainted from nothing by Ctrl-L.
    func checkpoint(_ tmux: TmuxSession, _ context: String, _ summary: inout Summary) async throws {
        try await tmux.probe(report: summary.probeReport, count: &summary.probes, idle: true)
        let incremental = try await tmux.waitForStableScreen()
        try await tmux.wipeBehindTheProgram()
        try await tmux.send(keys: ["C-l"])
        try await tmux.waitForScreen(equalTo: incremental, context)
        summary.checkpoints += 1
    }

    /// tmux applies a pane resize at most every 250 ms: the second of two quick resizes reaches the program
    /// after an F12 sent right behind it. The probe waits for the frame at the pane's size all the same.
    @Test func aProbeWaitsForAResizeTmuxHeldBack() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 11 --probe-report \(report)", columns: 100, rows: 30)
        try await tmux.waitForGrid(deadline: .seconds(60))
        var summary = Summary(probeReport: report)
        try await tmux.resize(columns: 80, rows: 24)
        try await tmux.resize(columns: 40, rows: 12)
        try await tmux.probe(report: report, count: &summary.probes)
        // "probes size inFlight": the requests in flight depend on timing, the rest does not.
        #expect(CapturedOutput.text(atPath: report).split(separator: " ").prefix(2) == ["1", "40x12"])
        try await checkpoint(tmux, "after resizing to 80×24 and at once to 40×12", &summary)
        try await tmux.send(keys: ["q"])
        try await tmux.waitFor(text: "exit=0", deadline: .seconds(30))
    }

    @Test func demoServer() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try await drive("\(ProductBinary.photorama) --demo --seed 11", seed: 0xD3_40)
        #expect(summary.keys >= 320)
        #expect(summary.resizes >= 4)
        #expect(summary.checkpoints >= 15)
        print(
            "incremental = full redraw over the demo server: \(summary.keys) keys, \(summary.resizes) resizes, \(summary.checkpoints) checkpoints in \(clock.now - start)"
        )
    }

    @Test func hostileServer() async throws {
        let server = try HostileFlickrServer()
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try await drive(
            "\(ProductBinary.photorama) --demo --flickr-url \(server.url) --seed 5", seed: 0x4057_113E)
        #expect(summary.keys >= 320)
        #expect(summary.resizes >= 4)
        #expect(summary.checkpoints >= 15)
        print(
            "incremental = full redraw over the hostile server: \(summary.keys) keys, \(summary.resizes) resizes, \(summary.checkpoints) checkpoints in \(clock.now - start)"
        )
    }
}
