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
        try await tmux.waitFor("the slideshow on photo 1") { caption($0).hasPrefix("▶ 1 s · ") && caption($0).contains(" · 1 of ") }
        try await tmux.waitFor("photo 2") { caption($0).hasPrefix("▶ 1 s · ") && caption($0).contains(" · 2 of ") }
        try await tmux.waitFor("photo 3") { caption($0).hasPrefix("▶ 1 s · ") && caption($0).contains(" · 3 of ") }
        try await tmux.send("x")
        let stopped = try await tmux.waitFor("the slideshow stopped") { !caption($0).hasPrefix("▶") && caption($0).contains(" of ") }
        let place = caption(stopped).components(separatedBy: " · ").last ?? ""
        // No further change once stopped: the photo is the same a second and a half later (two intervals'
        // worth of wake-ups would have moved it), judged by a screen taken after a redraw.
        let clock = ContinuousClock()
        let until = clock.now + .milliseconds(1_500)
        while clock.now < until {
            let screen = try await tmux.screen()
            #expect(caption(screen).components(separatedBy: " · ").last == place, "moved after stopping: \(caption(screen))")
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
