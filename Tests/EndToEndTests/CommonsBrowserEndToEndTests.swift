import Foundation
import Testing

/// The browser with Commons and Openverse from the demo server, in tmux: the search bar addresses them, the
/// header names the source, and the viewer's caption and the detail pane credit the creator and the licence.
@Suite(.serialized) struct CommonsBrowserEndToEndTests {
    let command = "\(ProductBinary.photorama) --demo --seed 7 --thumbnails off"

    @Test func aCommonsSearchFromTheSearchBarCreditsCreatorAndLicence() async throws {
        let tmux = try await TmuxSession.start(command: command, columns: 140, rows: 40)
        try await tmux.waitForGrid()
        try await tmux.send("/")
        try await tmux.send("commons: sunset", literal: true)
        try await tmux.send("Enter")
        var screen = try await tmux.waitFor("Commons results") { TmuxSession.showsPhotos(of: "Commons “sunset”", $0) }
        let header = String(screen.split(separator: "\n").first ?? "")
        #expect(header.contains("Wikimedia Commons"))
        #expect(header.contains("demo data"))
        // The detail pane: the licence by name (every demo file has one).
        #expect(screen.contains("Licence: CC") || screen.contains("Licence: Public domain"))
        try await tmux.send("v")
        screen = try await tmux.waitFor("the viewer's caption") { screen in
            TmuxSession.statusLine(screen).contains(" of ") && (screen.contains(" · CC") || screen.contains(" · Public domain"))
        }
        try await tmux.send("Escape")
        try await tmux.send("/")
        try await tmux.send("C-u")
        try await tmux.send("openverse: license:cc0 sunset", literal: true)
        try await tmux.send("Enter")
        screen = try await tmux.waitFor("Openverse results") { TmuxSession.showsPhotos(of: "Openverse “sunset”", $0) }
        #expect(String(screen.split(separator: "\n").first ?? "").contains("Openverse"))
        #expect(screen.contains("Licence: CC0 1.0"))
        try await tmux.send("q")
    }
}
