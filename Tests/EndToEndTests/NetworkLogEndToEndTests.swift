import Foundation
import Testing

/// The network log overlay (`L`) of the real browser against the file it writes with `--log`: every
/// exchange listed once, newest first. Loads report only the entries new since the last report, so this
/// is where a lost or doubled report would show.
@Suite(.serialized) struct NetworkLogEndToEndTests {
    @Test func theOverlayListsEveryExchangeOfTheLogFileOnceNewestFirst() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-network-log-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let tmux = try await TmuxSession.start(command: "\(ProductBinary.photorama) --demo --seed 7 --log \(log)", columns: 120, rows: 40)
        try await tmux.waitForGrid()
        // A second feed and a search: more loads, ending in any order.
        try await tmux.send("2")
        try await tmux.waitFor("the Popular feed") { TmuxSession.showsPhotos(of: "Popular", $0) }
        try await tmux.send("/")
        try await tmux.sendLine("sunset")
        try await tmux.waitFor("the search results") { TmuxSession.showsPhotos(of: "Search “sunset”", $0) }
        try await tmux.send("L")
        // Loads may still end while the overlay is open: wait until it counts what the file holds.
        var urls: [String] = []
        let screen = try await tmux.waitFor("the overlay to count every exchange of the log file") { screen in
            let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            // "2026-11-24T14:00:00Z GET 200 1234 B 12 ms http://127.0.0.1:…"
            urls = lines.compactMap { line in line.split(separator: " ").dropFirst(7).first.map(String.init) }
            return urls.count >= 3 && urls.count <= 200 && screen.contains("Network log · \(urls.count) requests")
        }
        let rows = screen.split(separator: "\n").map(String.init)
        let title = try #require(rows.firstIndex { $0.contains("Network log · ") })
        // Each row shows its URL from the scheme on, cut at the right edge: compare what fits.
        for (offset, url) in urls.reversed().prefix(5).enumerated() {
            let row = rows[title + 1 + offset]
            let shown = try #require(row.range(of: "http://").map { String(row[$0.lowerBound...]) }, "row \(row)")
            let visible = shown.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "…", with: "")
            #expect(url.hasPrefix(visible.prefix(40)), "row \(offset): \(row) / \(url)")
        }
        try await tmux.send("Escape")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
