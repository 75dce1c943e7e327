import CNCurses
import Foundation
import PhotoramaImages
import PhotoramaScreen
import Testing

@testable import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// What the ncurses screen reads (issue 43): xterm's SGR mouse reports as ncurses decodes them, a second
/// press on the same cell as a double click, and after a resize the cell's pixel size asked again. In the
/// serialized suite of the other ncurses tests: ncurses has one current screen per process.
extension NCursesScreenOutputTests {
    /// A pipe the test writes the terminal's input to.
    final class Input {
        let file: UnsafeMutablePointer<FILE>
        let writeEnd: Int32

        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw InputFailure("pipe failed") }
            file = try #require(fdopen(ends[0], "r"))
            writeEnd = ends[1]
        }

        func send(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        }

        deinit { close(writeEnd) }
    }

    struct InputFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Events read until `count` have come, or 10 s have passed.
    static func readEvents(_ screen: NCursesScreen, count: Int) -> [InputEvent] {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(10)
        var events: [InputEvent] = []
        while events.count < count, clock.now < end { events += screen.readInput(timeoutMilliseconds: 50) }
        return events
    }

    @Test func sgrReportsArePressesReleasesAndADoubleClick() throws {
        let input = try Input()
        let terminal = try NCursesScreenOutputTests.Terminal(columns: 80, rows: 24, input: input.file)
        // Press and release at row 8, column 31 (1-based) twice, then a press at row 2, column 5.
        input.send("\u{1B}[<0;31;8M\u{1B}[<0;31;8m\u{1B}[<0;31;8M\u{1B}[<0;31;8m\u{1B}[<0;5;2M\u{1B}[<65;5;2M")
        // First the resize the helper's resizeterm queued, then the reports, all behind one KEY_MOUSE.
        let events = Self.readEvents(terminal.screen, count: 7)
        #expect(
            events == [
                .resize(CellSize(columns: 80, rows: 24)), .mouse(.press(row: 7, column: 30)), .mouse(.release),
                .mouse(.doubleClick(row: 7, column: 30)), .mouse(.release),
                .mouse(.press(row: 1, column: 4)), .mouse(.wheelDown(row: 1, column: 4)),
            ])
    }

    /// A terminal that leaves the window's pixel fields empty is asked with CSI 16t, and its answer is read
    /// as the new cell size.
    @Test func aResizeAsksTheTerminalForTheCellsPixelSize() throws {
        let input = try Input()
        let terminal = try NCursesScreenOutputTests.Terminal(columns: 80, rows: 24, input: input.file)
        // The resize the helper's resizeterm queued, then what ncurses' SIGWINCH handler queues.
        #expect(Self.readEvents(terminal.screen, count: 1) == [.resize(CellSize(columns: 80, rows: 24))])
        _ = terminal.newBytes()
        ungetch(photorama_key_resize())
        let resized = Self.readEvents(terminal.screen, count: 1)
        #expect(resized == [.resize(terminal.screen.size)])
        #expect(NCursesScreenOutputTests.contains(terminal.newBytes(), "\u{1B}[16t"))
        input.send("\u{1B}[6;22;11t")
        #expect(Self.readEvents(terminal.screen, count: 1) == [.cellPixels(PixelSize(width: 11, height: 22))])
    }

    /// On a pseudo-terminal whose window has pixels (as xterm's does), the size is read from it after each
    /// resize: a larger font gives a larger cell.
    @Test func aResizeReadsTheCellsPixelSizeFromTheWindow() throws {
        let fake = try FakeTerminal(reply: nil)
        defer { fake.close() }
        func setWindow(width: Int, height: Int) {
            var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: UInt16(width), ws_ypixel: UInt16(height))
            _ = ioctl(fake.slave, UInt(TIOCSWINSZ), &size)
        }
        setWindow(width: 800, height: 480)
        setlocale(LC_ALL, "C.UTF-8")
        let output = try #require(fdopen(dup(fake.slave), "w"))
        let input = try Input()
        let screen = try #require(NCursesScreen(terminalType: "xterm-256color", output: output, input: input.file, useColor: true))
        defer {
            screen.restore()
            fclose(output)
            fclose(input.file)
        }
        ungetch(photorama_key_resize())
        #expect(
            Self.readEvents(screen, count: 2) == [.resize(CellSize(columns: 80, rows: 24)), .cellPixels(PixelSize(width: 10, height: 20))])
        setWindow(width: 960, height: 576)
        ungetch(photorama_key_resize())
        #expect(
            Self.readEvents(screen, count: 2) == [.resize(CellSize(columns: 80, rows: 24)), .cellPixels(PixelSize(width: 12, height: 24))])
        #expect(!NCursesScreenOutputTests.contains(fake.received, "\u{1B}[16t"))
    }
}

/// Two presses on one cell within 400 ms are a double click.
@Suite struct DoubleClicksTests {
    @Test func aSecondPressIsADoubleClickOnlyOnTheSameCellAndSoon() {
        var clicks = DoubleClicks()
        let start = ContinuousClock.now
        #expect(clicks.press(row: 1, column: 1, at: start) == .press(row: 1, column: 1))
        #expect(clicks.press(row: 1, column: 2, at: start + .milliseconds(100)) == .press(row: 1, column: 2))
        #expect(clicks.press(row: 1, column: 2, at: start + .milliseconds(500)) == .doubleClick(row: 1, column: 2))
        // A third press starts over.
        #expect(clicks.press(row: 1, column: 2, at: start + .milliseconds(600)) == .press(row: 1, column: 2))
        #expect(clicks.press(row: 1, column: 2, at: start + .milliseconds(1001)) == .press(row: 1, column: 2))
    }
}
