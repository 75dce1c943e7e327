import Foundation
import Testing

/// `show` with `auto` in the terminals most people open (issue 41): VTE, alacritty, rxvt-unicode, Konsole on
/// the virtual X display and foot on a headless Wayland compositor. Each draws the photo as it picks and
/// chafa draws it as chafa picks, in the same window size, and ours must be at least as close to the photo.
extension RealTerminalTests {
    /// Runs `show` and chafa, each with its own choices, in `emulator`; checks where ours landed and that its
    /// error is at most chafa's, and prints both (docs/PERFORMANCE.md, issue 41).
    func compareAutoWithChafa(in emulator: TerminalEmulator, cells: Screenshot.Cells) async throws {
        let photo = try Photo()
        defer { photo.remove() }
        let ours = try await draw("\(ProductBinary.photorama) show \(photo.path) --size 40x20", in: emulator, photo: photo)
        let chafa = try await draw("chafa --size 40x20 \(photo.path)", in: emulator, photo: photo)
        let figures = [ours, chafa].map { $0.error.map { String(format: "%.2f", $0) } ?? "nothing drawn" }
        print(
            "fidelity in \(emulator), auto: photorama \(figures[0]) in \(ours.cells?.description ?? "-");"
                + " chafa: \(figures[1]) in \(chafa.cells?.description ?? "-")")
        // Exactly the picture's cells: nothing beside it (a query's payload printed as text would widen them).
        #expect(ours.cells == cells, "\(emulator): photorama painted \(ours.cells?.description ?? "nothing")")
        let oursError = try #require(ours.error, "photorama drew nothing in \(emulator)")
        let chafaError = try #require(chafa.error, "chafa drew nothing in \(emulator)")
        let message: Comment = "\(emulator): photorama's mean error \(figures[0]) against chafa's \(figures[1])"
        #expect(oursError <= chafaError, message)
    }

    // 40 columns for the 4:3 photo: 8×17-pixel cells give 14 rows of pixels (320×238), text gives 15 rows
    // of two square pixels each; rxvt-unicode's 9×17 cells give the same 40 columns.

    @Test(.needs(TerminalEmulator.xfce4Terminal.packages, for: "VTE"))
    func showInVTEIsAsFaithfulAsChafa() async throws {
        try await compareAutoWithChafa(in: .xfce4Terminal, cells: .init(column: 0, row: 0, columns: 40, rows: 15))
    }

    @Test(.needs(TerminalEmulator.alacritty.packages, for: "alacritty"))
    func showInAlacrittyIsAsFaithfulAsChafa() async throws {
        try await compareAutoWithChafa(in: .alacritty, cells: .init(column: 0, row: 0, columns: 40, rows: 15))
    }

    @Test(.needs(TerminalEmulator.rxvtUnicode.packages, for: "rxvt-unicode"))
    func showInRxvtUnicodeIsAsFaithfulAsChafa() async throws {
        // In 256 colours ours measures 16.90 (23.42 before symbols took the 24-bit matcher's shape and the
        // entries nearest in sRGB), chafa's 17.19 (docs/PERFORMANCE.md, issue 41, point 3).
        try await compareAutoWithChafa(in: .rxvtUnicode, cells: .init(column: 0, row: 0, columns: 40, rows: 15))
    }

    @Test(.needs(TerminalEmulator.konsole.packages, for: "Konsole"))
    func showInKonsoleIsAsFaithfulAsChafa() async throws {
        try await compareAutoWithChafa(in: .konsole, cells: .init(column: 0, row: 0, columns: 40, rows: 14))
    }

    @Test(.needs(TerminalEmulator.foot.packages, for: "foot on Wayland"))
    func showInFootIsAsFaithfulAsChafa() async throws {
        try await compareAutoWithChafa(in: .foot, cells: .init(column: 0, row: 0, columns: 40, rows: 14))
    }

    // MARK: - Nothing stray on screen (issue 41, point 5)

    /// rxvt-unicode answers DA1 but none of the graphics queries: what it does not understand it would print
    /// (a piece of the kitty query's payload once showed as an "A"). The screen stays empty.
    @Test(.needs(TerminalEmulator.rxvtUnicode.packages, for: "rxvt-unicode"))
    func queriesLeaveNothingOnScreenInRxvtUnicode() async throws {
        let found = try await report(in: .rxvtUnicode)
        #expect(found["protocol"] as? String == "blocks", "\(found)")
    }
}
