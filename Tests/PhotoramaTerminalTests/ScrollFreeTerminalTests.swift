import CNCurses
import Foundation
import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// ncurses opened from a terminal entry without the capabilities it scrolls with (ScrollFreeTerminal).
/// In NCursesScreenOutputTests' suite: ncurses' current terminal is process-wide, so these run one at a time.
extension NCursesScreenOutputTests {
    // MARK: - Helpers
    /// The compiled entry tic installed for `name`, from the usual system folders.
    static func installedEntry(_ name: String) -> [UInt8]? {
        for folder in ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"] {
            if let data = FileManager.default.contents(atPath: "\(folder)/\(name.prefix(1))/\(name)") { return [UInt8](data) }
        }
        return nil
    }

    static func load(_ name: String) throws -> TerminfoEntry {
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }
        return try #require(ScrollFreeTerminal.load(name, descriptor: null, names: .fromNcurses()))
    }

    // MARK: - The scroll-free entry
    /// 32-bit numbers and user-defined capabilities (xterm-256color, tmux-256color, screen-256color) and the
    /// plain 16-bit format (vt100), as ncurses-base installs them. (Not entries without lines and cols, such
    /// as linux: ncurses puts the screen size it settles on into those, so they come back with 24 and 80.)
    @Test(arguments: ["xterm-256color", "tmux-256color", "screen-256color", "vt100"])
    func anEntryCompilesToTheBytesTicWrote(name: String) throws {
        let installed = try #require(Self.installedEntry(name))
        let entry = try Self.load(name)
        #expect(entry.compiled() == installed)
    }

    @Test func theScreenHasNothingToScrollWithAndEverythingElse() throws {
        let installed = try Self.load("xterm-256color")
        #expect(installed.hasAny(strings: ["ind"]) && installed.hasAny(strings: ["il1"]) && installed.hasAny(strings: ["indn"]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scroll-free-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let terminal = try Terminal(columns: 10, rows: 4, temporaryFolder: folder)
        #expect(!terminal.screen.mayScrollTheTerminal)
        var held = try #require(TerminfoEntry.current())
        // ncurses puts the screen size it settled on into lines and cols (here after resizeterm).
        let names = TerminfoEntry.Names.fromNcurses()
        for size in ["lines", "cols"] {
            let index = try #require(names.numbers.firstIndex(of: size))
            #expect(held.numbers[index] == (size == "lines" ? 4 : 10))
            held.numbers[index] = installed.numbers[index]
        }
        #expect(installed.hasAny(strings: ["el1"]))
        #expect(held == installed.removing(strings: ScrollFreeTerminal.withheldCapabilities))
        #expect(!held.hasAny(strings: ScrollFreeTerminal.withheldCapabilities))
        // xterm turns auto-margins off for the bottom-right cell (rmam): they stay.
        #expect(held.has(boolean: "am"))
        // What it keeps: cursor moves, the scroll region ncurses resets at start, and user-defined ones.
        #expect(held.hasAny(strings: ["cup"]) && held.hasAny(strings: ["csr"]) && held.hasAny(strings: ["kUP5"]))
        // TERMINFO is as it was, and the entry's copy is gone.
        #expect(getenv("TERMINFO") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    // MARK: - Lines moving past a picture
    /// Text lines moving up three rows past a picture that stays: ncurses finds the lines again three rows
    /// up and, when it can, scrolls the terminal (moving the picture's 24-bit cells with them).
    static func linesMovingPastAPicture() -> (before: Frame, after: Frame) {
        func frame(firstLine: Int) -> Frame {
            var frame = Frame(size: CellSize(columns: 30, rows: 12))
            for row in 0..<12 { frame.put("line \(firstLine + row)", row: row, column: 0) }
            for row in 2..<6 {
                for column in 16..<28 {
                    frame.put(
                        "▀", row: row, column: column,
                        style: Style(
                            foreground: .rgb(UInt8(row * 20), UInt8(column * 5), 9), background: .rgb(3, UInt8(row * 30), UInt8(column))))
                }
            }
            return frame
        }
        return (frame(firstLine: 0), frame(firstLine: 3))
    }

    /// The sequences xterm-256color scrolls with: indn, rin, il, dl, il1, dl1, ri, and csr with ind (LF).
    static func scrolls(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.range(of: "\u{1B}\\[[0-9]*[STLM]", options: .regularExpression) != nil || text.contains("\u{1B}M")
            || text.range(of: "\u{1B}\\[[0-9]+;[0-9]+r", options: .regularExpression) != nil
    }

    @Test func linesMovingPastAPictureAreWrittenNotScrolled() throws {
        let (before, after) = Self.linesMovingPastAPicture()
        let size = CellSize(columns: 30, rows: 12)
        // Where the entry's copy cannot be made, ncurses has the terminal's own entry and scrolls; then
        // every 24-bit cell is written again.
        let scrolling = try Terminal(columns: 30, rows: 12, temporaryFolder: "/nonexistent-\(UUID().uuidString)")
        #expect(scrolling.screen.mayScrollTheTerminal)
        scrolling.screen.draw(before)
        _ = scrolling.newBytes()
        scrolling.screen.draw(after)
        let scrolled = scrolling.newBytes()
        #expect(Self.scrolls(scrolled))
        let everyImageCell = DirectColorCells.output(frame: after, previous: nil, visible: size, full: true)
        #expect(Array(scrolled.suffix(everyImageCell.count)) == everyImageCell)

        let terminal = try Terminal(columns: 30, rows: 12)
        terminal.screen.draw(before)
        _ = terminal.newBytes()
        terminal.screen.draw(after)
        let bytes = terminal.newBytes()
        #expect(!Self.scrolls(bytes))
        // The picture did not change: only the cells next to the text that did are written again.
        let changed = DirectColorCells.output(frame: after, previous: before, visible: size, full: false)
        #expect(changed.isEmpty || changed.count < everyImageCell.count)
        #expect(Array(bytes.suffix(changed.count)) == changed)
    }

    // MARK: - Bottom-right cell and cleared lines
    /// tmux-256color has auto-margins and no rmam to turn them off: ncurses gets an entry without `am` and
    /// writes the bottom-right cell in place. With the terminal's own entry it wrote the cell by inserting
    /// (ICH), and after a wide character ending next to the corner that split the character and left the
    /// corner's "…" one column left (`bytes` had "東\u{8}\u{1B}[1@…").
    @Test func theBottomRightCellIsWrittenInPlaceWhereAutoMarginsCannotBeTurnedOff() throws {
        let installed = try Self.load("tmux-256color")
        #expect(installed.has(boolean: "am") && installed.has(boolean: "xenl") && !installed.hasAny(strings: ["smam", "rmam"]))
        let terminal = try Terminal(columns: 20, rows: 2, terminalType: "tmux-256color")
        #expect(!terminal.screen.mayScrollTheTerminal)
        let held = try #require(TerminfoEntry.current())
        #expect(!held.has(boolean: "am") && held.has(boolean: "xenl"))
        let wanted = installed.removing(strings: ScrollFreeTerminal.withheldCapabilities).removing(booleans: ["am"])
        #expect(held.withoutScreenSize() == wanted.withoutScreenSize())

        var frame = Frame(size: CellSize(columns: 20, rows: 2))
        frame.put("abcdefghijklmnopq東…", row: 1, column: 0)
        terminal.screen.draw(frame)
        let bytes = terminal.newBytes()
        #expect(Self.contains(bytes, "abcdefghijklmnopq東…\u{1B}[2;20H"))
        #expect(!Self.contains(bytes, "\u{1B}[1@"))
        #expect(!Self.contains(bytes, "\u{1B}[4h"))
    }

    /// A title to the left of a picture goes (frame two). With the terminal's own entry ncurses cleared
    /// the line's new leading blanks with EL1 and then wrote the picture's first cell again (its
    /// placeholder, in default colours) though it had not changed: the soak found that column uncoloured
    /// until Ctrl-L. Without `el1` it writes the blanks and nothing of the picture.
    @Test func aTitleGoingLeftOfAPictureLeavesThePictureAlone() throws {
        func frame(title: Bool) -> Frame {
            var frame = Frame(size: CellSize(columns: 30, rows: 3))
            if title { frame.put("Zalgo Zalgo", row: 1, column: 2) }
            for column in 20..<25 {
                frame.put("▀", row: 1, column: column, style: Style(foreground: .rgb(255, 0, UInt8(column)), background: .rgb(0, 0, 255)))
            }
            return frame
        }
        for terminalType in ["tmux-256color", "xterm-256color"] {
            let clearing = try Terminal(
                columns: 30, rows: 3, temporaryFolder: "/nonexistent-\(UUID().uuidString)", terminalType: terminalType)
            clearing.screen.draw(frame(title: true))
            _ = clearing.newBytes()
            clearing.screen.draw(frame(title: false))
            let cleared = clearing.newBytes()
            #expect(Self.contains(cleared, "\u{1B}[2;20H\u{1B}[1K"), "\(terminalType): \(DirectColorCellsTests.text(cleared))")
            #expect(Self.contains(cleared, "▀"), "\(terminalType)")

            let terminal = try Terminal(columns: 30, rows: 3, terminalType: terminalType)
            terminal.screen.draw(frame(title: true))
            _ = terminal.newBytes()
            terminal.screen.draw(frame(title: false))
            let bytes = terminal.newBytes()
            #expect(!Self.contains(bytes, "\u{1B}[1K"), "\(terminalType): \(DirectColorCellsTests.text(bytes))")
            #expect(!Self.contains(bytes, "▀"), "\(terminalType): \(DirectColorCellsTests.text(bytes))")
            #expect(Self.contains(bytes, String(repeating: " ", count: 11)), "\(terminalType): \(DirectColorCellsTests.text(bytes))")
        }
    }
}

/// The entry's copy is prepared once, before the program starts threads, and never set back in the program.
extension NCursesScreenOutputTests {
    // MARK: - Preparing the entry's copy
    @Test func theCopyIsPreparedOnceAndItsFolderGoesWhenTheScreenOpens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prepared-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        setenv("TERMINFO", "/nonexistent-user-terminfo", 1)
        defer { unsetenv("TERMINFO") }
        let null = open("/dev/null", O_WRONLY)
        defer { close(null) }

        let prepared = try #require(ScrollFreeTerminal.prepare(terminalType: "xterm-256color", descriptor: null, temporaryFolder: folder))
        let copy = try #require(prepared.folder)
        #expect(copy.hasPrefix(folder + "/photorama-terminfo-"))
        #expect(prepared.scrollFree)
        #expect(getenv("TERMINFO").map { String(cString: $0) } == copy)
        #expect(FileManager.default.fileExists(atPath: copy + "/x/xterm-256color"))
        #expect(FileManager.default.fileExists(atPath: copy + "/78/xterm-256color"))
        #expect(
            prepared.environment(forChildren: ["TERMINFO": copy, "TERM": "xterm-256color"])
                == ["TERMINFO": "/nonexistent-user-terminfo", "TERM": "xterm-256color"])
        let read = try #require(ScrollFreeTerminal.load("xterm-256color", descriptor: null, names: .fromNcurses()))
        #expect(!read.hasAny(strings: ScrollFreeTerminal.withheldCapabilities))
        try? FileManager.default.removeItem(atPath: copy)
        prepared.restoreUserTerminfo()
        #expect(getenv("TERMINFO").map { String(cString: $0) } == "/nonexistent-user-terminfo")

        // Opening a screen reads its copy and removes it.
        let terminal = try Terminal(columns: 10, rows: 4, temporaryFolder: folder)
        #expect(!terminal.screen.mayScrollTheTerminal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        #expect(getenv("TERMINFO").map { String(cString: $0) } == "/nonexistent-user-terminfo")
    }
}
