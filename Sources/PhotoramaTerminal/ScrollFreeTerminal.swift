import CNCurses
import Foundation
import PhotoramaFiles
import PhotoramaText

#if canImport(Glibc)
    import Glibc
#endif

/// Opens ncurses screens that never scroll the terminal.
///
/// doupdate's scroll optimisation (hashmap.c, hardscroll.c) looks for lines it can find again at other rows
/// and moves them with the terminal's scroll or insert/delete-line capabilities; whether it runs is decided
/// once, in newterm, from the terminfo entry (idlok does not stop it). A scroll moves 24-bit cells that
/// ncurses only holds placeholders for, and ncurses then writes its placeholders over rows the frame did
/// not change, where `DirectColorCells` does not paint them again: the screen differs from a full redraw.
/// The moves chosen depend on ncurses' history (it keeps the hashes of the old lines from earlier updates
/// and refreshes only those of lines it scrolled), so which frames scroll cannot be predicted from outside. What can be done is to take away what ncurses scrolls
/// with: the screen is made from a copy of the terminal's entry without those capabilities (written to a
/// private directory that `TERMINFO` points at for as long as newterm reads it), and ncurses then only
/// ever writes cells. Clearing them after newterm does not work: term.h's capability macros reach a copy
/// of the entry (`TERMINAL.type`), not the one ncurses reads (`type2`).
///
/// The copy also leaves out clearing to the start of a line (see `clearToLineStart`) and auto-margins
/// where ncurses would otherwise write the bottom-right cell by inserting it (see `cornerWrittenInPlace`).
public enum ScrollFreeTerminal {
    /// What ncurses scrolls with (tty_update.c: scroll_csr_forward/backward, scroll_idl; lib_newterm.c's
    /// `_scrolling`). csr stays: alone it moves nothing, and ncurses resets the region with it at start.
    static let scrollingCapabilities: Set<String> = ["ind", "ri", "indn", "rin", "il1", "il", "dl1", "dl"]

    /// Clear to the start of the line (tty_update.c, TransformLine): when a line's leading blanks grow,
    /// ncurses clears them with EL1 and then writes the first cell after them again even when it did not
    /// change (its search for the last changed cell stops at the first one). When that cell is a
    /// picture's, ncurses' placeholder lands beyond the cells that changed, where `DirectColorCells` does
    /// not paint again: a thumbnail's first column left in default colours after the title to its left
    /// went (found by `photorama-bench soak`, seed 6, and reduced with the screen harness). Without it
    /// ncurses writes the blanks.
    static let clearToLineStart: Set<String> = ["el1"]

    /// Everything the copy of the entry leaves out.
    static var withheldCapabilities: Set<String> { scrollingCapabilities.union(clearToLineStart) }

    struct Opened {
        var screen: OpaquePointer
        /// False when the copy without `withheldCapabilities` could not be used: ncurses may scroll or clear
        /// to a line's start, and `NCursesScreen` writes every 24-bit cell again after each change.
        var scrollFree: Bool
    }

    // MARK: - Preparing, before any thread starts

    /// The terminal's entry made ready for `open`: when ncurses would scroll with it, a copy without those
    /// capabilities written to a private folder that `TERMINFO` now names. The variable is set once, by
    /// `prepare`, which a program calls before it starts any thread (setenv while other threads read the
    /// environment can make their getenv miss a variable), and is never changed back: the folder is
    /// removed once `open` has read it, and ncurses in a child process then falls back to the system's
    /// entries. Child processes get the user's own value back from `environment(forChildren:)`.
    public struct Prepared: Sendable {
        let name: String
        /// The private terminfo folder `TERMINFO` names; nil when the entry needed no copy or none could be used.
        let folder: String?
        /// Whether the screen `open` makes never scrolls (see `Opened.scrollFree`).
        let scrollFree: Bool
        /// `TERMINFO` as the user had it (nil: not set).
        let userTerminfo: String?

        /// Sets `TERMINFO` back as the user had it: only for tests, which open screens while threads run.
        func restoreUserTerminfo() {
            if let userTerminfo { setenv("TERMINFO", userTerminfo, 1) } else { unsetenv("TERMINFO") }
        }

        /// `environment` with `TERMINFO` as the user had it, for programs this one starts.
        public func environment(forChildren environment: [String: String]) -> [String: String] {
            var result = environment
            result["TERMINFO"] = userTerminfo
            return result
        }
    }

    /// Prepares the entry for `terminalType` ($TERM when nil, as initscr does), read for the terminal on
    /// `descriptor`; nil when ncurses has no such entry (then `open` prints ncurses' own error through
    /// initscr). The copy is made in a new folder in `temporaryFolder` (default: the system's).
    public static func prepare(terminalType: String?, descriptor: Int32, temporaryFolder: String? = nil) -> Prepared? {
        let name = terminalType ?? environment("TERM").flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
        let userTerminfo = environment("TERMINFO")
        let standard = TerminfoEntry.Names.fromNcurses()
        guard let entry = load(name, descriptor: descriptor, names: standard) else { return nil }
        let unpredictable = entry.hasAny(strings: withheldCapabilities, names: standard)
        let copy = cornerWrittenInPlace(entry.removing(strings: withheldCapabilities, names: standard), names: standard)
        if copy == entry {
            return Prepared(name: name, folder: nil, scrollFree: true, userTerminfo: userTerminfo)
        }
        let folder = temporaryFolder ?? FileManager.default.temporaryDirectory.path
        if let written = writeCopy(name, copy, in: folder, descriptor: descriptor, names: standard) {
            return Prepared(name: name, folder: written, scrollFree: true, userTerminfo: userTerminfo)
        }
        return Prepared(name: name, folder: nil, scrollFree: !unpredictable, userTerminfo: userTerminfo)
    }

    // MARK: - Opening

    /// A SCREEN for the prepared entry on the streams, made current; nil when ncurses cannot open one.
    /// The private folder is removed once ncurses has read it.
    static func open(
        _ prepared: Prepared, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>
    ) -> Opened? {
        defer {
            if let folder = prepared.folder { try? FileManager.default.removeItem(atPath: folder) }
        }
        return newScreen(prepared.name, output, input).map { Opened(screen: $0, scrollFree: prepared.scrollFree) }
    }

    /// `entry` without auto-margins (`am`) when it has `xenl` but no way to turn them off (`smam`/`rmam`),
    /// as tmux-256color and screen-256color. ncurses then writes the bottom-right cell by inserting it
    /// (tty_update.c, PutCharLR: write it one column left, go back, ICH, write that column's cell), and
    /// takes that path for whatever it writes with the cursor on the corner: after a wide character
    /// ending one column before the corner, the character's second half, which it writes as nothing.
    /// ICH then split the wide character, the corner's own cell landed one column left, and ncurses
    /// believed it in the corner; a later frame that kept the corner left it blank (found by the soak
    /// at 20×5). Without `am` ncurses writes the corner in place; with `xenl` the terminal keeps the
    /// cursor on that line (it wraps only when a next character comes, and ncurses moves first: after a
    /// write in the last column it no longer knows where the cursor is).
    static func cornerWrittenInPlace(_ entry: TerminfoEntry, names: TerminfoEntry.Names) -> TerminfoEntry {
        guard entry.has(boolean: "am", names: names), entry.has(boolean: "xenl", names: names),
            !(entry.hasAny(strings: ["smam"], names: names) && entry.hasAny(strings: ["rmam"], names: names))
        else { return entry }
        return entry.removing(booleans: ["am"], names: names)
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Writes `entry` to a new private terminfo folder and points `TERMINFO` at it; the folder, or nil
    /// (nothing left behind, `TERMINFO` as it was) when ncurses does not read back exactly `entry` from there.
    private static func writeCopy(
        _ name: String, _ entry: TerminfoEntry, in folder: String, descriptor: Int32, names: TerminfoEntry.Names
    ) -> String? {
        // ncurses refuses names that are paths; the first byte names the entry's folder.
        guard !name.contains("/"), name != ".", name != "..", let first = name.utf8.first, first < 0x80,
            let compiled = entry.compiled()
        else { return nil }
        let template = folder + "/photorama-terminfo-XXXXXX"
        var path = Array(template.utf8CString)
        guard let made = mkdtemp(&path) else { return nil }
        let directory = String(cString: made)
        // Folders by letter, and by hexadecimal code as ncurses uses on case-insensitive file systems.
        for folder in [String(UnicodeScalar(first)), String(format: "%02x", first)] {
            let folderPath = directory + "/" + folder
            guard mkdir(folderPath, 0o700) == 0, write(compiled, to: folderPath + "/" + name) else {
                try? FileManager.default.removeItem(atPath: directory)
                return nil
            }
        }
        let previous = environment("TERMINFO")
        setenv("TERMINFO", directory, 1)
        // ncurses ignores TERMINFO in some cases (set-user-ID programs; root, in some builds): then the
        // system's entry is read, with its scrolling, and the copy is given up.
        guard let read = load(name, descriptor: descriptor, names: names),
            read.withoutScreenSize(names: names) == entry.withoutScreenSize(names: names)
        else {
            if let previous { setenv("TERMINFO", previous, 1) } else { unsetenv("TERMINFO") }
            try? FileManager.default.removeItem(atPath: directory)
            return nil
        }
        return directory
    }

    // MARK: - Loading and writing
    /// The entry ncurses loads for `name` now, read through setupterm; the current terminal is left as it was.
    static func load(_ name: String, descriptor: Int32, names: TerminfoEntry.Names) -> TerminfoEntry? {
        let saved = photorama_cur_term()
        var status: Int32 = 0
        guard setupterm(name, descriptor, &status) == photorama_ok() else {
            set_curterm(saved)
            return nil
        }
        let entry = TerminfoEntry.current(names: names)
        let loaded = photorama_cur_term()
        set_curterm(saved)
        if let loaded, loaded != saved { del_curterm(loaded) }
        return entry
    }

    private static func newScreen(
        _ name: String, _ output: UnsafeMutablePointer<FILE>, _ input: UnsafeMutablePointer<FILE>
    ) -> OpaquePointer? {
        guard let screen = newterm(name, output, input) else { return nil }
        set_term(screen)
        return screen
    }

    /// Writes `bytes` to a new file readable by its owner only.
    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        (try? PrivateFile.write(bytes, to: path, placement: .keepExisting)) != nil
    }
}
