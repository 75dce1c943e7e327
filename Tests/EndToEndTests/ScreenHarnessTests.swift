import Foundation
import ScreenCapture
import Testing

/// NCursesScreen on a real terminal (tmux) through the test-only `photorama-screen-harness`: 24-bit and
/// 256-colour image cells, text drawn over them and taken away, and incremental drawing compared with a
/// full redraw of the same frame.
@Suite(.serialized) final class ScreenHarnessTests {
    /// The scripts this test wrote for the harness, removed with it.
    private var scripts: [String] = []

    deinit { for script in scripts { try? FileManager.default.removeItem(atPath: script) } }

    // MARK: - Harness scripts and helpers
    /// The harness's gradient for 24-bit cells (see ScreenHarness.paint).
    static func rgbCell(row: Int, column: Int, shade: Int = 0) -> String {
        let upper = (40 * row + 7 * column + shade) % 256
        let lower = (40 * row + 20 + 7 * column + shade) % 256
        return "\u{1B}[38;2;\(upper);\(255 - upper);100m\u{1B}[48;2;\(lower);60;\(255 - lower)m▀"
    }

    static func indexedCell(row: Int, column: Int) -> String {
        let upper = (40 * row + 7 * column) % 256
        let lower = (40 * row + 20 + 7 * column) % 256
        return "\u{1B}[38;5;\(16 + upper % 216)m\u{1B}[48;5;\(232 + lower % 24)m▀"
    }

    static let picture = """
        frame
        text 0 0 harness
        rgb 1 2 6 3
        indexed 1 10 4 2
        text 5 0 P25145 👩‍💻 👍🏽 🇯🇵 ❤️ e\u{301}nd
        text 7 25 corner
        """

    static let script = """
        \(picture)
        show picture
        text 2 3 over
        text 1 9 猫
        show text-over
        \(picture)
        show back
        redraw full
        """

    func start(
        _ script: String = ScreenHarnessTests.script, columns: Int = 31, rows: Int = 8, terminalType: String = "xterm-256color"
    ) async throws -> TmuxSession {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("harness-\(UUID().uuidString).txt").path
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        scripts.append(path)
        let binary = ProductBinary.path("photorama-screen-harness")
        return try await TmuxSession.start(
            command: "\(binary) \(TmuxSession.shellQuote(path))", columns: columns, rows: rows,
            environment: ["COLORTERM": "truecolor", "TERM": terminalType])
    }

    // MARK: - Image cells and text over them
    @Test func imageCellsReachTheTerminalInExact24BitAnd256Colours() async throws {
        let tmux = try await start()
        try await tmux.waitForTitle("picture")
        let lines = try await tmux.screenWithColours().components(separatedBy: "\n")
        for row in 1...3 {
            let cells = (2..<8).map { Self.rgbCell(row: row, column: $0) }.joined()
            #expect(lines[row].contains(cells), "row \(row): \(lines[row].debugDescription)")
        }
        for row in 1...2 {
            let cells = (10..<14).map { Self.indexedCell(row: row, column: $0) }.joined()
            #expect(lines[row].contains(cells), "row \(row): \(lines[row].debugDescription)")
        }
        let text = try await tmux.lines()
        #expect(text[5] == "P25145 〓 〓 〓 〓 énd")
        #expect(text[7] == String(repeating: " ", count: 25) + "corner")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    @Test func textOverAnImageAndBackEqualsAFullRedraw() async throws {
        let tmux = try await start()
        try await tmux.waitForTitle("picture")
        let picture = try await tmux.screenWithColours()
        try await tmux.send("n")
        try await tmux.waitForTitle("text-over")
        let over = try await tmux.lines()
        #expect(over[2] == "  ▀over▀  ▀▀▀▀")
        // The wide 猫 covers the gap and the first 256-colour cell.
        #expect(over[1] == "  ▀▀▀▀▀▀ 猫▀▀▀")
        try await tmux.send("n")
        try await tmux.waitForTitle("back")
        let back = try await tmux.screenWithColours()
        try await tmux.wipeBehindTheProgram()
        try await tmux.send("n")
        try await tmux.waitForTitle("full")
        let full = try await tmux.screenWithColours()
        #expect(back == full)
        #expect(picture == full)
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    // MARK: - Lines that ncurses scrolled
    /// Found by `photorama-bench soak` (a thumbnail's edge column left in default colours until Ctrl-L),
    /// reduced to three frames. ncurses scrolled the terminal when it found lines again at other rows
    /// (here `CSI 12 T`), whatever idlok says (doupdate tests a flag newterm sets from the terminfo
    /// entry), and the scroll moved 24-bit cells it only holds placeholders for; it then wrote its
    /// placeholders on rows 12-14, which the frames did not change, so `DirectColorCells` did not paint
    /// them again. ncurses now gets an entry without the capabilities it scrolls with (ScrollFreeTerminal).
    @Test func picturesAppearingBelowOthersEqualAFullRedraw() async throws {
        let script = """
            frame
            rgb 11 37 11 4
            rgb 12 66 12 3
            show one
            frame
            rgb 11 66 12 4
            rgb 19 1 26 4
            rgb 19 37 11 5
            show two
            frame
            rgb 11 66 12 5
            show three
            redraw full
            """
        let tmux = try await start(script, columns: 90, rows: 24)
        for title in ["one", "two"] {
            try await tmux.waitForTitle(title)
            try await tmux.send("n")
        }
        try await tmux.waitForTitle("three")
        let incremental = try await tmux.screenWithColours()
        try await tmux.wipeBehindTheProgram()
        try await tmux.send("n")
        try await tmux.waitForTitle("full")
        let full = try await tmux.screenWithColours()
        #expect(CapturedScreen(incremental) == CapturedScreen(full))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
        #expect(try await tmux.lines().contains("scrolling: off"))
    }

    /// Text lines moving up three rows past a picture that stays, as captions do when a list pages: with
    /// the terminal's own entry ncurses finds the lines three rows up and scrolls them, picture and all.
    @Test func textMovingUpPastAPictureEqualsAFullRedraw() async throws {
        func lines(from first: Int) -> String {
            (0..<20).map { "text \($0) 0 line \(first + $0) of the list" }.joined(separator: "\n")
        }
        let script = """
            frame
            \(lines(from: 0))
            rgb 3 30 20 6
            show before
            frame
            \(lines(from: 3))
            rgb 3 30 20 6
            show after
            redraw full
            """
        let tmux = try await start(script, columns: 60, rows: 20)
        try await tmux.waitForTitle("before")
        try await tmux.send("n")
        try await tmux.waitForTitle("after")
        let incremental = try await tmux.screenWithColours()
        #expect(try await tmux.lines()[16] == "line 19 of the list")
        try await tmux.wipeBehindTheProgram()
        try await tmux.send("n")
        try await tmux.waitForTitle("full")
        let full = try await tmux.screenWithColours()
        #expect(CapturedScreen(incremental) == CapturedScreen(full))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    // MARK: - The bottom-right cell
    @Test func theBottomRightCellFollowsEveryFrameEvenOnAOneByOneScreen() async throws {
        // ncurses wrote the corner with auto-margins off and believed the cursor stayed on it; tmux put it
        // past the edge and dropped the next character: "B" and "C" never appeared.
        let script =
            ["A", "B", "C", "猫", "D"].map { "frame\ntext 0 0 \($0)\nshow \($0 == "猫" ? "wide" : $0)" }
            .joined(separator: "\n") + "\nredraw full"
        let tmux = try await start(script, columns: 1, rows: 1)
        for (name, shown) in [("A", "A"), ("B", "B"), ("C", "C"), ("wide", "…"), ("D", "D")] {
            try await tmux.waitForTitle(name)
            // A wide character cannot fit in one column: the frame cuts it to "…".
            #expect(try await tmux.lines().first == shown, "frame \(name)")
            try await tmux.send("n")
        }
        try await tmux.waitForTitle("full")
        #expect(try await tmux.lines().first == "D")
        try await tmux.send("q")
    }

    /// Found by `photorama-bench soak` at 20×5 as tmux-256color (the status line's last "…" blank until
    /// Ctrl-L), reduced to two frames. That entry has no smam/rmam, so ncurses wrote the bottom-right cell
    /// by inserting (write it one column left, go back, ICH, write the cell that belongs there). After a
    /// wide character ending one column before the corner its cursor is on the corner, and the wide
    /// character's second half, which it writes as nothing, took that path: ICH split the wide character
    /// and the corner's "…" went one column left, while ncurses believed it in the corner. The next frame
    /// left the corner alone, blank. ncurses now gets an entry without auto-margins (ScrollFreeTerminal).
    @Test func theBottomRightCellAfterAWideCharacterEqualsAFullRedraw() async throws {
        let script = """
            frame
            rgb 0 4 12 4
            text 4 0 abcdefghijklmnopq東…
            show wide
            frame
            rgb 0 4 12 4
            text 4 0 New York market · a…
            show narrow
            redraw full
            """
        let tmux = try await start(script, columns: 20, rows: 5, terminalType: "tmux-256color")
        try await tmux.waitForTitle("wide")
        #expect(try await tmux.lines()[4] == "abcdefghijklmnopq東…")
        try await tmux.send("n")
        try await tmux.waitForTitle("narrow")
        let incremental = try await tmux.screenWithColours()
        #expect(try await tmux.lines()[4] == "New York market · a…")
        try await tmux.wipeBehindTheProgram()
        try await tmux.send("n")
        try await tmux.waitForTitle("full")
        let full = try await tmux.screenWithColours()
        #expect(CapturedScreen(incremental) == CapturedScreen(full))
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }

    // MARK: - Lines cleared left of a picture
    /// Found by `photorama-bench soak` (seed 6, a thumbnail's first column in default colours until Ctrl-L)
    /// and reduced by fuzzing this harness to two frames: a title left of a picture goes. ncurses cleared
    /// the line's new leading blanks with EL1 and wrote the picture's first cell again, as its placeholder,
    /// though that cell had not changed. ncurses now gets an entry without `el1` (ScrollFreeTerminal).
    /// The second picture is the first one recoloured (another shade) as its title goes.
    @Test func aTitleGoingLeftOfAPictureEqualsAFullRedraw() async throws {
        let script = """
            frame
            text 12 38 Z\u{35B}\u{34A}\u{352}a\u{325}\u{329}l\u{34E}g\u{31E}o Zalgo
            rgb 11 55 5 5 158
            text 4 3 title
            rgb 4 20 5 3
            show title
            frame
            rgb 11 55 5 5 158
            rgb 4 20 5 3 9
            show gone
            redraw full
            """
        for terminalType in ["tmux-256color", "xterm-256color"] {
            let tmux = try await start(script, columns: 60, rows: 16, terminalType: terminalType)
            try await tmux.waitForTitle("title")
            try await tmux.send("n")
            try await tmux.waitForTitle("gone")
            let incremental = try await tmux.screenWithColours()
            #expect(try await tmux.lines()[12] == String(repeating: " ", count: 55) + "▀▀▀▀▀")
            try await tmux.wipeBehindTheProgram()
            try await tmux.send("n")
            try await tmux.waitForTitle("full")
            let full = try await tmux.screenWithColours()
            #expect(CapturedScreen(incremental) == CapturedScreen(full), "\(terminalType)")
            #expect(incremental.contains(Self.rgbCell(row: 12, column: 55, shade: 158)), "\(terminalType)")
            try await tmux.send("q")
            try await tmux.waitFor(text: "exit=0")
        }
    }
}

// MARK: - Animation frames
extension ScreenHarnessTests {
    /// An animation redrawn frame by frame, as the viewer draws a GIF in cells: the picture changes (a
    /// square crossing a still background, then every cell) under a caption that stays. Each frame drawn
    /// incrementally equals the same frame repainted from nothing.
    @Test func animationFramesEachEqualAFullRedraw() async throws {
        let frames = (0..<5).map { number in
            """
            frame
            rgb 1 2 24 6
            rgb 3 \(2 + number * 5) 4 2 \(90 + number)
            text 7 0 ▶ an animation · \(number + 1) of 5
            show frame-\(number)
            redraw frame-\(number)-full
            """
        }
        let script = frames.joined(separator: "\n") + "\nframe\nrgb 1 2 24 6 200\nshow last\nredraw last-full"
        let tmux = try await start(script, columns: 40, rows: 9)
        for name in (0..<5).map({ "frame-\($0)" }) + ["last"] {
            try await tmux.waitForTitle(name)
            let incremental = try await tmux.screenWithColours()
            try await tmux.wipeBehindTheProgram()
            try await tmux.send("n")
            try await tmux.waitForTitle(name + "-full")
            let full = try await tmux.screenWithColours()
            #expect(CapturedScreen(incremental) == CapturedScreen(full), "\(name)")
            try await tmux.send("n")
        }
        try await tmux.waitFor(text: "exit=0")
    }
}

// MARK: - Pictures that text erases
extension ScreenHarnessTests {
    /// A held PgDn under load (HeldPageDownLinkEndToEndTests, iTerm2 and sixel) ended with a row of the
    /// selected card's blanks in the selection's foreground: its picture gave way to a shorter one, and the
    /// old picture's cells written again as text (`TextCells`) kept the blanks' foreground, which a full
    /// redraw (ncurses) leaves the default. tmux shows neither protocol's pixels: the cells are compared.
    @Test(arguments: ["iterm2", "sixel"])
    func aSelectedCardsPictureGivingWayToAShorterOneEqualsAFullRedraw(protocol kind: String) async throws {
        // Text right of the card on its rows: tmux's capture leaves out blanks ncurses erased at a row's end.
        let edge = (1...6).map { "text \($0) 20 |" }.joined(separator: "\n")
        let script = """
            pictures \(kind)
            frame
            text 0 0 cards
            \(edge)
            fill 1 1 14 6 15 4
            picture 1 1 2 12 5
            show tall
            frame
            text 0 0 cards
            \(edge)
            fill 1 1 14 6 15 4
            picture 2 2 2 12 3
            show short
            redraw full
            """
        let tmux = try await start(script, columns: 30, rows: 9)
        try await tmux.waitForTitle("tall")
        try await tmux.send("n")
        try await tmux.waitForTitle("short")
        let incremental = try await tmux.screenWithColours()
        try await tmux.wipeBehindTheProgram()
        try await tmux.send("n")
        try await tmux.waitForTitle("full")
        let full = try await tmux.screenWithColours()
        // The rows of the selection above and below the short picture: blue blanks, in the default foreground.
        #expect(CapturedScreen(full).rows[1].dropFirst(1).prefix(14) == ArraySlice(Array(repeating: " |||44", count: 14)))
        let differences = HeldPageDownLinkEndToEndTests.differences(CapturedScreen(incremental), CapturedScreen(full))
        #expect(CapturedScreen(incremental) == CapturedScreen(full), "cells that differ (incremental / full): \(differences)")
        try await tmux.send("q")
        try await tmux.waitFor(text: "exit=0")
    }
}
