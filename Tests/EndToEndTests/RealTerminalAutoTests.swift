import Foundation
import Testing

/// `auto` in real terminals: the terminal is asked, the answers pick the protocol, and the queries leave
/// nothing on the screen. In the serialized suite of the other real-terminal tests.
extension RealTerminalTests {
    /// `photorama terminal` with its report in a file: the queries go to the terminal, which must show
    /// nothing at all afterwards (the cursor is hidden once the command ends).
    func report(in emulator: TerminalEmulator) async throws -> [String: Any] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photorama-auto-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/terminal.json"
        let terminal = try await RealTerminal.start(
            emulator, command: "\(ProductBinary.photorama) terminal --format json > \(path)")
        #expect(try await terminal.waitForExit() == 0, "photorama terminal in \(emulator)")
        let shot = try await terminal.waitForStableScreenshot("the screen after the queries", until: { _ in true })
        #expect(shot.paintedCells() == nil, "something was left on the screen in \(emulator): \(shot.paintedCells()?.description ?? "")")
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func autoAsksXtermVT340AndGetsSixelAnd24BitColourWithNothingLeftOnScreen() async throws {
        let found = try await report(in: .xterm(.vt340))
        #expect(found["protocol"] as? String == "sixel")
        #expect(found["colors"] as? String == "24bit")
        // And show with auto draws sixel: 14 rows of 8×17-pixel cells, not 15 of half blocks.
        try await compare(
            "auto", chafa: "-f sixels", in: .xterm(.vt340), cells: .init(column: 0, row: 0, columns: 40, rows: 14), bound: 5)
    }

    @Test func autoAsksKittyAndGetsKittyGraphicsWithNothingLeftOnScreen() async throws {
        let found = try await report(in: .kitty)
        #expect(found["protocol"] as? String == "kitty")
        // kitty answers the graphics query, in a few ms; on a loaded machine its software renderer can miss
        // the 120 ms deadline, and then its variables (TERM=xterm-kitty) decide: kitty either way, by name.
        let reason = found["protocol_reason"] as? String
        #expect(
            (found["kitty_graphics"] as? Bool == true && reason == "the kitty graphics query was answered OK")
                || (found["kitty_graphics"] as? Bool == false && reason == "no answer to DA1: from the environment"),
            "\(reason ?? "no reason")")
        // A kitty started cold on a busy machine has answered over a second late: its own variables show it is
        // there, so show and `photorama terminal` wait for its DA1 (at most 3 s) before handing the input back.
        try await compare("auto", chafa: "-f kitty", in: .kitty, cells: .init(column: 0, row: 0, columns: 40, rows: 14), bound: 2)
    }

    @Test func autoAsksMltermAndGetsSixelWithNothingLeftOnScreen() async throws {
        let found = try await report(in: .mlterm)
        #expect(found["protocol"] as? String == "sixel")
        // Sixel's error in mlterm is below 5; its half blocks measure 7.5 over the same 40×15 cells.
        try await compare("auto", chafa: "-f sixels", in: .mlterm, cells: .init(column: 0, row: 0, columns: 40, rows: 15), bound: 5)
    }
}
