import Foundation

#if canImport(Glibc)
import Glibc
import PhotoramaText
#endif

/// Writes command output to stdout in one go.
package enum Output {
    package static func write(_ text: String) {
        Console.write(text)
    }

    /// The terminal's width when stdout is one, else 80 (so piped output is stable).
    static var width: Int {
        isatty(1) == 1 ? terminalSize.columns : 80
    }

    /// The size of the terminal on stdout, or 80×24 when it is not one.
    static var terminalSize: (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }
}
