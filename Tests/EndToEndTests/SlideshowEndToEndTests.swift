import Foundation
import Testing

/// `S` in the real browser against the demo server: two changes a second apart, then a key stops it.
@Suite(.serialized) struct SlideshowEndToEndTests {
    @Test func twoStepsThenAKeyStopsIt() async throws {
        let home = NSTemporaryDirectory() + "photorama-slideshow-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --seed 7 --interval 1", columns: 100, rows: 30,
            environment: ["XDG_DATA_HOME": home])
        try await tmux.waitForGrid()
        try await tmux.send("S")
        func caption(_ screen: String) -> String { TmuxSession.statusLine(screen) }
        /// The photo's place in the feed while the slideshow runs ("▶ 1 s · … · 12 of 1,000"), else nil.
        func running(_ screen: String) -> Int? {
            let line = caption(screen)
            guard line.hasPrefix("▶ 1 s · "), let place = line.components(separatedBy: " · ").last?.split(separator: " ").first else {
                return nil
            }
            return Int(place.replacingOccurrences(of: ",", with: ""))
        }
        // A capture can take longer than the interval on a busy machine: the test counts changes from
        // whichever photo it first sees, not from photo 1.
        let first = try #require(running(try await tmux.waitFor("the slideshow") { running($0) != nil }))
        try await tmux.waitFor("two changes after photo \(first)") { (running($0) ?? 0) >= first + 2 }
        try await tmux.send("x")
        // The program's own state says it stopped: the caption loses the slideshow's mark and keeps the place.
        let stopped = try await tmux.waitFor("the slideshow stopped") { !caption($0).hasPrefix("▶") && caption($0).contains(" of ") }
        #expect(caption(stopped).hasSuffix(" of 1,000"), "\(caption(stopped))")
        // Still the viewer: a second key leaves it, a third quits, and the program ends cleanly.
        try await tmux.send("q")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
