import Foundation
import Testing

@testable import DemoServer

/// `F` in the real browser, in tmux at 80×24 in 24-bit half blocks over the demo server: thumbnails fit
/// their cards with bars (each its photo's shape), `F` makes every one fill its card, `F` again fits them
/// as before.
@Suite(.serialized) struct FillCardsEndToEndTests {
    /// At 80×24 the grid has 3 cards of 26 columns a row and 2 rows of 10 from row 2; a card's picture is
    /// 23×8 cells from one column in, each cell two pixels high.
    static let picture = (columns: 23, rows: 8)

    static func pictureCells(_ screen: String, card: Int) -> Int {
        let lines = screen.components(separatedBy: "\n").map(Array.init)
        let top = 2 + card / 3 * 10
        let left = card % 3 * 26 + 1
        var count = 0
        for row in top..<(top + picture.rows) where row < lines.count {
            for column in left..<(left + picture.columns) where column < lines[row].count && lines[row][column] == "▀" {
                count += 1
            }
        }
        return count
    }

    /// Cells a photo of `width`×`height` takes when it fits the picture: whole cells, the aspect kept.
    static func fittedCells(width: Int, height: Int) -> Int {
        let scale = min(Double(picture.columns) / Double(width), Double(picture.rows * 2) / Double(height))
        let columns = min(picture.columns, max(1, Int((Double(width) * scale).rounded())))
        let rows = min(picture.rows, max(1, Int((Double(height) * scale / 2).rounded())))
        return columns * rows
    }

    @Test func fTogglesThumbnailsBetweenFittingAndFillingTheirCards() async throws {
        let photos = DemoCatalog(seed: 1).photos.prefix(6)
        let fitted = photos.map { Self.fittedCells(width: $0.width, height: $0.height) }
        let filling = Self.picture.columns * Self.picture.rows
        // Some card must have bars, or filling would change nothing.
        try #require(fitted.contains { $0 < filling })
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let tmux = try await TmuxSession.start(
            command: "\(ProductBinary.photorama) --demo --thumbnails on --probe-report \(report)", columns: 80, rows: 24,
            environment: ["COLORTERM": "truecolor", "NO_COLOR": ""])
        try await tmux.waitForGrid()
        var probes = 0
        func settled() async throws -> String {
            try await tmux.probe(report: report, count: &probes, idle: true)
            return try await tmux.waitForStableScreen()
        }
        let fit = try await settled()
        let fitText = try await tmux.screen()
        #expect((0..<6).map { Self.pictureCells(fitText, card: $0) } == fitted, "\(fitText)")

        try await tmux.send("F")
        _ = try await settled()
        let filled = try await tmux.screen()
        #expect((0..<6).map { Self.pictureCells(filled, card: $0) } == Array(repeating: filling, count: 6), "\(filled)")

        try await tmux.send("F")
        _ = try await settled()
        try await tmux.waitForScreen(equalTo: fit, "F twice")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
