import PhotoramaImages
import PhotoramaScreen
import PhotoramaTUI
import PhotoramaTerminal

/// What the browser loop draws to and reads input from: ncurses in the program (`NCursesScreen`), a
/// scripted fake in the tests. Called from the loop's one thread only.
protocol BrowserScreen {
    /// The terminal's size in cells now.
    var size: CellSize { get }
    /// Shows `frame`, writing only what changed since the last one.
    func draw(_ frame: Frame)
    /// The input that arrives within `timeoutMilliseconds` (keys, mouse, resizes); often none. Returns
    /// early, with what there is, when `wakeUp` (a descriptor) becomes readable.
    func readInput(timeoutMilliseconds: Int32, wakeUp: Int32?) -> [InputEvent]
    /// Forgets what the terminal shows, so the next draw writes every cell (the redraw key).
    func invalidate()
    /// Writes bytes the frame cannot hold (OSC 52 for the clipboard).
    func send(_ sequence: [UInt8])
    /// Pictures drawn frames want that the terminal has not taken yet (a slow link): written while
    /// `readInput` waits.
    var picturesWaiting: Int { get }
}

extension BrowserScreen {
    /// A screen that writes every picture as it draws has none waiting.
    var picturesWaiting: Int { 0 }
}

extension NCursesScreen: BrowserScreen {}
