import Foundation
import PhotoramaImages
import PhotoramaScreen
import PhotoramaTUI
import PhotoramaTerminal

/// A test-only program (not part of the product): draws a scripted sequence of frames with
/// `NCursesScreen`, so end-to-end tests can check in tmux what image cells and incremental drawing leave
/// on a real terminal before the browser shows images.
///
/// Usage: photorama-screen-harness SCRIPT. One command per line:
///   frame                      start a blank frame of the terminal's size
///   text ROW COLUMN TEXT       put TEXT (the rest of the line)
///   rgb ROW COLUMN W H [SHADE] fill with "▀" in 24-bit colours (a gradient that depends on the cell and
///                              SHADE, default 0: another shade is another picture at the same place)
///   indexed ROW COLUMN W H     the same in 256-palette colours
///   fill ROW COLUMN W H FG BG  blanks in palette colours FG and BG (0–15 the named ones), as a selected card
///   picture ID ROW COLUMN W H  a picture over blank cells, drawn with the protocol of `pictures`
///   pictures iterm2|sixel      the protocol pictures are drawn with (none without it: they are ignored)
///   show NAME                  draw the frame (only what changed), then set the window title to NAME
///   redraw NAME                repaint everything as Ctrl-L does, then set the title to NAME
/// After each show or redraw it waits for a key; q quits. The title is written after the frame, so once
/// tmux shows it, tmux has processed the whole frame. At exit it prints "scrolling: off" when ncurses was
/// given a terminal entry it cannot scroll with ("possible" otherwise).
@main
struct ScreenHarness {
    static func main() {
        // Before any thread starts (see ScrollFreeTerminal.Prepared).
        let terminal = NCursesScreen.prepareTerminal()
        let arguments = CommandLine.arguments
        guard arguments.count == 2, let script = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
            FileHandle.standardError.write(Data("usage: photorama-screen-harness SCRIPT (a readable UTF-8 file)\n".utf8))
            exit(2)
        }
        var commands: [Command] = []
        for line in script.split(separator: "\n") {
            do {
                commands.append(try Command(String(line)))
            } catch {
                FileHandle.standardError.write(Data("photorama-screen-harness: \(error.message)\n".utf8))
                exit(2)
            }
        }
        let pictures = commands.lazy.compactMap { command -> PictureProtocol? in
            if case .pictures(let kind) = command { return kind }
            return nil
        }.first
        let screen = NCursesScreen(useColor: true, pictures: pictures, terminal: terminal)
        defer {
            screen.restore()
            // Back on the shell's screen, where a test reads it before "exit=0".
            print("scrolling: \(screen.mayScrollTheTerminal ? "possible" : "off")")
        }
        var frame = Frame(size: screen.size)
        for command in commands {
            switch command {
            case .frame:
                frame = Frame(size: screen.size)
            case .text(let row, let column, let text):
                frame.put(text, row: row, column: column)
            case .image(let rect, let palette, let shade):
                paint(&frame, rect, palette, shade: shade)
            case .fill(let rect, let style):
                frame.fill(rect, style: style)
            case .picture(let id, let rect):
                frame.fill(rect, style: .plain)
                let pixels = (0..<(8 * 8 * 3)).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ Int(id) &* 40) }
                let image = RGBImage(width: 8, height: 8, pixels: pixels)
                frame.pictures.append(
                    FramePicture(rect: rect, picture: PixelPicture(id: id, columns: rect.width, rows: rect.height, image: image)))
            case .pictures:
                break
            case .show(let name, let full):
                if full { screen.invalidate() }
                screen.draw(frame)
                FileHandle.standardOutput.write(Data("\u{1B}]2;\(name)\u{07}".utf8))
                if !waitForKey(screen) { return }
            }
        }
    }

    /// Waits for a key (resizes and mouse events do not count); false for q.
    static func waitForKey(_ screen: NCursesScreen) -> Bool {
        while true {
            for action in screen.readInput(timeoutMilliseconds: 1000) {
                if case .key(let key) = action { return key != .character("q") }
            }
        }
    }

    static func paint(_ frame: inout Frame, _ rect: Rect, _ palette: Command.Palette, shade: Int = 0) {
        for row in rect.row..<(rect.row + rect.height) {
            for column in rect.column..<(rect.column + rect.width) {
                let upper = UInt8(truncatingIfNeeded: 40 * row + 7 * column + shade)
                let lower = UInt8(truncatingIfNeeded: 40 * row + 20 + 7 * column + shade)
                let style: Style
                switch palette {
                case .rgb:
                    style = Style(foreground: .rgb(upper, 255 &- upper, 100), background: .rgb(lower, 60, 255 &- lower))
                case .indexed:
                    style = Style(foreground: .indexed(16 &+ upper % 216), background: .indexed(232 &+ lower % 24))
                }
                frame.put("▀", row: row, column: column, style: style)
            }
        }
    }
}

enum Command {
    enum Palette { case rgb, indexed }

    case frame
    case text(row: Int, column: Int, String)
    case image(Rect, Palette, shade: Int)
    case fill(Rect, Style)
    case picture(id: UInt32, Rect)
    case pictures(PictureProtocol)
    case show(String, full: Bool)

    struct Failure: Error {
        var message: String
    }

    init(_ line: String) throws(Failure) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        func number(_ index: Int) throws(Failure) -> Int {
            guard index < words.count, let value = Int(words[index]), value >= 0, value < 10_000 else {
                throw Failure(message: "expected a number as word \(index + 1) of “\(line)”")
            }
            return value
        }
        switch words.first {
        case "frame":
            self = .frame
        case "text":
            let row = try number(1)
            let column = try number(2)
            // The rest of the line as it is, runs of spaces included.
            var rest = Substring(line)
            for _ in 0..<3 {
                rest = rest.drop { $0 == " " }
                rest = rest.drop { $0 != " " }
            }
            self = .text(row: row, column: column, String(rest.dropFirst()))
        case "rgb", "indexed":
            let rect = Rect(row: try number(1), column: try number(2), width: try number(3), height: try number(4))
            self = .image(rect, words.first == "rgb" ? .rgb : .indexed, shade: words.count > 5 ? try number(5) : 0)
        case "fill":
            let rect = Rect(row: try number(1), column: try number(2), width: try number(3), height: try number(4))
            func color(_ index: Int) throws(Failure) -> Color {
                let value = try number(index)
                guard value < 256 else { throw Failure(message: "expected a palette number as word \(index + 1) of “\(line)”") }
                return value < 16 ? Color.named[value] : .indexed(UInt8(value))
            }
            self = .fill(rect, Style(foreground: try color(5), background: try color(6)))
        case "picture":
            self = .picture(
                id: UInt32(try number(1)), Rect(row: try number(2), column: try number(3), width: try number(4), height: try number(5)))
        case "pictures":
            switch words.count == 2 ? words[1] : "" {
            case "iterm2": self = .pictures(.iterm2)
            case "sixel": self = .pictures(.sixel)
            default: throw Failure(message: "expected iterm2 or sixel after pictures")
            }
        case "show", "redraw":
            guard words.count == 2 else { throw Failure(message: "expected a name after \(words[0])") }
            self = .show(words[1], full: words.first == "redraw")
        default:
            throw Failure(message: "unknown command “\(line)”")
        }
    }
}
