import CNCurses
import Foundation
import PhotoramaFiles
import PhotoramaImages
import PhotoramaScreen
import PhotoramaText

#if canImport(Glibc)
    import Glibc
#endif

/// The ncurses screen: opens it, reads keys, mouse and resizes, and copies frames to it, writing only the
/// cells that changed since the last frame (as ratatui's terminal backend does). What it leaves on the
/// terminal is exactly what a full redraw of the same frame leaves: every cell is handed to ncurses in a
/// form ncurses and the terminal measure alike (see `drawable`), and 24-bit cells are written by
/// `DirectColorCells` after ncurses' refresh, and the frame's protocol pictures (kitty or sixel, when
/// the screen was opened with one) by `ProtocolPictures` after that. ncurses is opened from a terminal
/// entry it cannot scroll with (`ScrollFreeTerminal`), so it only ever writes cells and never moves ours;
/// where that entry has auto-margins ncurses cannot turn off (tmux-256color), it has none, so ncurses
/// writes the bottom-right cell in place instead of inserting it.
///
/// Not thread-safe: ncurses is not. Use it from one thread only.
public final class NCursesScreen {
    private var previous: Frame?
    private var pairs: ColorPairs
    private let useColor: Bool
    private let colors: Int
    private let outputDescriptor: Int32
    /// What ncurses reads keys from, polled beside a wake-up descriptor (`readInput`).
    private let inputDescriptor: Int32
    /// The SCREEN opened with newterm; nil for initscr's (only when ncurses could not open one otherwise).
    private var ownScreen: OpaquePointer?
    /// Whether ncurses was given a terminal entry it cannot scroll with. When not (ncurses ignored the
    /// entry), a frame may have moved 24-bit cells anywhere, and every one is written again after a change.
    let scrollFree: Bool

    /// Whether ncurses may scroll the terminal (then every 24-bit cell is written again after each change).
    public var mayScrollTheTerminal: Bool { !scrollFree }
    private var isOpen = false
    /// The zoomed viewer wants motion with the button held (a drag): xterm's mode 1002, and ncurses' mask.
    private var reportsDrags = false
    /// The cursor is shown (a frame with a `cursor`, `--plain`); hidden otherwise.
    private var cursorShown = false
    /// The frame's pictures through kitty or sixel; nil: pictures are ignored and no protocol byte is
    /// ever written (the browser then draws half blocks, which are ordinary cells).
    private var pictures: ProtocolPictures?
    /// The terminal said it knows synchronized output (mode 2026): each frame's bytes, ncurses' and ours,
    /// go between begin and end, so the terminal shows the frame whole, never half drawn.
    private let synchronizedOutput: Bool
    /// Mode 2031 is on: the terminal reports changes of its dark/light preference (`InputEvent.colorScheme`).
    private let colorSchemeNotifications: Bool
    /// Pictures the terminal has not taken yet (a slow link), written while keys are awaited.
    private var backlog = PictureBacklog()
    /// How fast the terminal takes the pictures, measured while it is behind.
    private var drain = DrainRate()
    /// Where each frame tells the picture maker whether the link is slow (it then makes kitty pictures'
    /// first looks itself, off this thread).
    public var slowLink: SlowLinkSignal?
    /// Whether the user rests or holds a key (`InputPace`).
    private var pace = InputPace()
    /// The terminal is known to take OSC 8 hyperlinks (`Hyperlink.isSupported`): cells with an address are
    /// links (`LinkedCells`). Off, no byte of a link is ever written.
    private let hyperlinks: Bool
    /// The last press, to tell a double click (`DoubleClicks`).
    private var clicks = DoubleClicks()

    /// The process' terminal made ready for `init(useColor:pictures:terminal:)`: call it before the
    /// program starts any thread (see `ScrollFreeTerminal.Prepared`).
    public static func prepareTerminal() -> ScrollFreeTerminal.Prepared? {
        ScrollFreeTerminal.prepare(terminalType: nil, descriptor: STDOUT_FILENO)
    }

    /// Opens the full-screen UI on the process' terminal, as `terminal` was prepared (nil: ncurses has no
    /// entry for it, and initscr prints its own "Error opening terminal" and exits). `useColor: false`
    /// keeps everything monochrome. `pictures`: the protocol the frame's pictures are drawn with, if any.
    /// `synchronizedOutput`: the terminal answered that it knows mode 2026. `hyperlinks`: addresses in the
    /// frame become OSC 8 links. `colorSchemeNotifications`: turn on mode 2031 while the screen is open (the
    /// theme follows the terminal's dark/light changes).
    public convenience init(
        useColor: Bool, pictures: PictureProtocol? = nil, synchronizedOutput: Bool = false, hyperlinks: Bool = false,
        colorSchemeNotifications: Bool = false,
        terminal: ScrollFreeTerminal.Prepared?
    ) {
        // Without the locale every non-ASCII character draws as blank.
        setlocale(LC_ALL, "")
        // What initscr does, with a terminal entry that does not scroll (see ScrollFreeTerminal).
        if let terminal, let opened = ScrollFreeTerminal.open(terminal, output: photorama_stdout(), input: photorama_stdin()) {
            def_prog_mode()
            self.init(
                opened: opened.screen, scrollFree: opened.scrollFree, outputDescriptor: STDOUT_FILENO, inputDescriptor: STDIN_FILENO,
                useColor: useColor, pictures: pictures, synchronizedOutput: synchronizedOutput, hyperlinks: hyperlinks,
                colorSchemeNotifications: colorSchemeNotifications)
        } else {
            initscr()
            self.init(
                opened: nil, scrollFree: false, outputDescriptor: STDOUT_FILENO, inputDescriptor: STDIN_FILENO, useColor: useColor,
                pictures: pictures, synchronizedOutput: synchronizedOutput, hyperlinks: hyperlinks,
                colorSchemeNotifications: colorSchemeNotifications)
        }
    }

    /// Opens a screen for terminal type `terminalType` on the given streams (newterm), or nil when ncurses
    /// cannot. For tests, which read back exactly what was written to `output`; `temporaryFolder` is where
    /// the terminal entry's copy is made (see ScrollFreeTerminal).
    convenience init?(
        terminalType: String, output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, useColor: Bool,
        pictures: PictureProtocol? = nil, synchronizedOutput: Bool = false, hyperlinks: Bool = false,
        colorSchemeNotifications: Bool = false, temporaryFolder: String? = nil
    ) {
        guard
            let prepared = ScrollFreeTerminal.prepare(
                terminalType: terminalType, descriptor: fileno(output), temporaryFolder: temporaryFolder),
            let opened = ScrollFreeTerminal.open(prepared, output: output, input: input)
        else {
            return nil
        }
        // Tests open many screens in one process, each of its own type: the next loads the system's entries.
        prepared.restoreUserTerminfo()
        self.init(
            opened: opened.screen, scrollFree: opened.scrollFree, outputDescriptor: fileno(output), inputDescriptor: fileno(input),
            useColor: useColor, pictures: pictures, synchronizedOutput: synchronizedOutput, hyperlinks: hyperlinks,
            colorSchemeNotifications: colorSchemeNotifications)
    }

    private init(
        opened screen: OpaquePointer?, scrollFree: Bool, outputDescriptor: Int32, inputDescriptor: Int32, useColor: Bool,
        pictures: PictureProtocol?, synchronizedOutput: Bool, hyperlinks: Bool, colorSchemeNotifications: Bool
    ) {
        ownScreen = screen
        self.scrollFree = scrollFree
        self.outputDescriptor = outputDescriptor
        self.inputDescriptor = inputDescriptor
        self.synchronizedOutput = synchronizedOutput
        self.colorSchemeNotifications = colorSchemeNotifications
        self.hyperlinks = hyperlinks
        isOpen = true
        raw()  // Ctrl-C arrives as a key, so quitting always goes through the normal clean-up path.
        noecho()
        nonl()
        keypad(photorama_stdscr(), true)
        // Insert/delete-character would slide cells ncurses does not know the colours of (24-bit ones).
        idcok(photorama_stdscr(), false)
        idlok(photorama_stdscr(), false)
        set_escdelay(Self.sequenceWait)
        curs_set(0)
        mouseinterval(0)
        Self.enableMouse()
        var canColor = false
        if useColor, has_colors() {
            start_color()
            use_default_colors()
            canColor = photorama_colors() >= 8
        }
        self.useColor = canColor
        colors = canColor ? Int(photorama_colors()) : 0
        let writing = CellWriting(colors: colors, hyperlinks: hyperlinks)
        self.pictures = pictures.map { ProtocolPictures($0, writing: writing) }
        pairs = ColorPairs(limit: canColor ? Int(photorama_color_pairs()) : 0)
        if colorSchemeNotifications { writeAll(Self.colorSchemeMode(true)) }
    }

    /// `CSI ? 2031 h` (report dark/light changes) or `l`.
    static func colorSchemeMode(_ on: Bool) -> [UInt8] {
        DirectColorCells.csi("?\(TerminalQueries.colorSchemeMode)\(on ? "h" : "l")")
    }

    deinit { restore() }

    // MARK: - Restoring
    /// Leaves the full-screen UI: the terminal is as it was, with a visible cursor. Safe to call twice.
    public func restore() {
        guard isOpen else { return }
        isOpen = false
        if reportsDrags { writeAll(Self.dragTracking(false)) }
        if colorSchemeNotifications { writeAll(Self.colorSchemeMode(false)) }
        // No kitty image may outlive the program (quit, SIGTERM, SIGHUP and errors all come through here).
        backlog.finishStarted(to: outputDescriptor)
        pictures?.unwritten(backlog.takeUnwritten() + backlog.takeDropped())
        if var pictures {
            writeAll(pictures.quit())
            self.pictures = pictures
        }
        curs_set(1)
        endwin()
        if let ownScreen {
            delscreen(ownScreen)
            self.ownScreen = nil
        }
    }

    /// kitty reads pictures on this machine by name (the probe said so): pixels go through `handoff`, not
    /// the pty, from the next frame on.
    public func handKittyPicturesOver(_ handoff: KittyHandoff) {
        pictures?.handoff = handoff
    }

    /// Pictures drawn frames want that the terminal has not taken yet.
    public var picturesWaiting: Int { backlog.waiting }

    /// Whether a frame drawn now sends a slow link's first look (`ProtocolPictures.update`'s `preview`):
    /// the terminal drains slowly. Each new screen's pictures go first as previews, whenever they are made
    /// (in a debug build a page's pictures came 0.3-1 s after its key, past any rest delay); the user's rest
    /// brings the full ones (`replacePreviews`). Not in a held burst (`InputPace`): a hold's final page goes
    /// whole at once.
    private var previewing: Bool { pace.previews(slowLink: drain.isSlow) }

    /// The user rests and the terminal has taken everything: previews on screen go at full resolution.
    private func replacePreviews() {
        guard backlog.isEmpty, pace.resting, let previous, pictures?.showsPreviews == true,
            let update = pictures?.update(frame: previous, previous: previous, visible: size, full: false)
        else { return }
        writeAll(update.first)
        backlog.append(update.pieces)
    }

    /// The user rests, the link is slow and the terminal has taken everything, previews replaced: the
    /// pictures the next PgDn shows go now, stored and not placed, so that key only places them. A frame
    /// drawn meanwhile drops those not begun, as it drops any piece.
    private func sendAhead() {
        guard backlog.isEmpty, pace.resting, drain.isSlow, let previous, pictures?.showsPreviews == false,
            let pieces = pictures?.ahead(previous), !pieces.isEmpty
        else { return }
        backlog.append(pieces)
    }

    /// The protocol pictures on the terminal now, by id (for tests).
    var shownPictures: [UInt32: Rect] { pictures?.shown ?? [:] }

    public var size: CellSize {
        var rows: Int32 = 0
        var columns: Int32 = 0
        photorama_getmaxyx(photorama_stdscr(), &rows, &columns)
        return CellSize(columns: max(0, Int(columns)), rows: max(0, Int(rows)))
    }

    // MARK: - Input
    /// Waits up to `timeoutMilliseconds` for input and returns what arrived (nothing on timeout), or
    /// returns early when `wakeUp` (a descriptor another thread signals) becomes readable.
    public func readInput(timeoutMilliseconds: Int32, wakeUp: Int32? = nil) -> [InputEvent] {
        replacePreviews()
        sendAhead()
        let events = readInput(timeoutMilliseconds: timeoutMilliseconds, wakingOn: wakeUp)
        pace.read(input: !events.isEmpty, at: ContinuousClock.now)
        return events
    }

    private func readInput(timeoutMilliseconds: Int32, wakingOn wakeUp: Int32?) -> [InputEvent] {
        guard let wakeUp else {
            // No wait of our own to write in: the pictures go now, however long it takes.
            backlog.writeEverything(to: outputDescriptor)
            return readInput(waiting: timeoutMilliseconds)
        }
        // What ncurses holds already (type-ahead, the rest of a held key's bytes) first: poll cannot see it.
        let held = readInput(waiting: 0)
        guard held.isEmpty else { return held }
        var waits = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0)]
        // Whatever ends the wait (a key, the wake-up, a signal such as SIGWINCH, the timeout), ncurses then
        // takes what there is without waiting again. Meanwhile the pictures held back go as the terminal
        // takes them.
        let deadline = ContinuousClock.now + .milliseconds(Int(max(0, timeoutMilliseconds)))
        // When the terminal last refused more (its buffer full) with nothing done since but waiting here:
        // what it takes at the next write that fills it again is what it drained meanwhile (`DrainRate`),
        // nothing included. A write first tells whether it is full now (the loop may have been busy long
        // enough for it to run empty), and one at the end of the wait counts the last stretch.
        var fullSince: ContinuousClock.Instant?
        func writeMeasuring() {
            let progress = backlog.writeAvailable(to: outputDescriptor)
            let now = ContinuousClock.now
            guard let progress, progress.full else {
                fullSince = nil
                return
            }
            if let fullSince { drain.drained(progress.bytes, in: now - fullSince) }
            fullSince = now
        }
        if !backlog.isEmpty { writeMeasuring() }
        var waitOver = false
        while !backlog.isEmpty {
            var all = waits + [pollfd(fd: outputDescriptor, events: Int16(POLLOUT), revents: 0)]
            let left = deadline - ContinuousClock.now
            let milliseconds = Int32(clamping: left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            guard left > .zero, poll(&all, 3, milliseconds) > 0, all[0].revents == 0, all[1].revents == 0 else {
                waitOver = true
                break
            }
            if all[2].revents & Int16(POLLOUT) != 0 {
                writeMeasuring()
            } else if all[2].revents != 0 {
                // The terminal is gone (POLLHUP, POLLERR): nothing more can be written.
                pictures?.unwritten(backlog.takeUnwritten())
                backlog.finishStarted(to: outputDescriptor)
            }
        }
        if fullSince != nil, !backlog.isEmpty { writeMeasuring() }
        if waitOver { return readInput(waiting: 0) }
        let left = deadline - ContinuousClock.now
        let milliseconds = Int32(clamping: max(0, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
        _ = poll(&waits, 2, milliseconds)
        return readInput(waiting: 0)
    }

    private func readInput(waiting timeoutMilliseconds: Int32) -> [InputEvent] {
        wtimeout(photorama_stdscr(), timeoutMilliseconds)
        var events: [InputEvent] = []
        // What get_wch returned since the last resize or mouse event, decoded together so an escape
        // sequence ncurses left as characters is read as its key (`KeyDecoder.keys`).
        var codes: [KeyDecoder.Code] = []
        var first = true
        var lastWait = false
        while true {
            var character: wint_t = 0
            let result = wget_wch(photorama_stdscr(), &character)
            if result == photorama_err() {
                // The rest of a key's sequence is written with its start; wait for it once, as ncurses
                // waits ESCDELAY for the sequences it knows.
                guard !lastWait, KeyDecoder.endsInsideSequence(codes) else { break }
                lastWait = true
                wtimeout(photorama_stdscr(), Self.sequenceWait)
                continue
            }
            if first || lastWait {
                // Drain whatever else is already queued (a held key) without waiting again.
                wtimeout(photorama_stdscr(), 0)
                first = false
                lastWait = false
            }
            let code = Int32(bitPattern: UInt32(character))
            if result == photorama_key_code_yes() {
                if code == photorama_key_resize() {
                    events += LateAnswers.events(codes)
                    codes = []
                    forgetPreviousFrame()
                    events.append(.resize(size))
                    events += askCellPixels()
                    continue
                }
                if code == photorama_key_mouse() {
                    events += LateAnswers.events(codes)
                    codes = []
                    events += readMice().map(InputEvent.mouse)
                    continue
                }
            }
            codes.append(KeyDecoder.Code(UInt32(character), isKeyCode: result == photorama_key_code_yes()))
            if events.count + codes.count >= 64, !KeyDecoder.endsInsideSequence(codes) { break }
        }
        events += LateAnswers.events(codes)
        return LateAnswers.strip(events)
    }

    /// The cell's size in pixels after a resize (a new font size changes it): the window's pixel fields
    /// when the terminal fills them, else the terminal is asked (`CSI 16t`) and its answer comes back as
    /// input (`LateAnswers.events`). The window's own pixel fields are asked for by TIOCGWINSZ.
    private func askCellPixels() -> [InputEvent] {
        if let window = TerminalWindow.of(fileDescriptor: outputDescriptor),
            let cell = CellPixelSize.measured(
                columns: window.cells.columns, rows: window.cells.rows, width: window.pixels.width, height: window.pixels.height)
        {
            return [.cellPixels(cell)]
        }
        writeAll(Self.cellPixelsQuery)
        return []
    }

    /// `CSI 16t`: the terminal's cell size in pixels, answered `CSI 6 ; height ; width t`.
    static let cellPixelsQuery = Array("\u{1B}[16t".utf8)

    /// How long the rest of an unfinished escape sequence is waited for, as ncurses' ESCDELAY (`set_escdelay`).
    private static let sequenceWait: Int32 = 25

    /// Keys typed before the screen opened (read while the terminal was asked what it can do), handed to
    /// ncurses' input queue so `readInput` returns them as if typed now (`TypeAheadKeys`). The queue holds
    /// `typeAheadLimit` entries; more is not typing but a paste.
    public func deliverTypeAhead(_ bytes: [UInt8]) {
        let codes = TypeAheadKeys.codes(bytes) { sequence in
            let code = (sequence + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { key_defined($0.baseAddress) }
            }
            return code > 0 ? code : nil
        }
        // ungetch pushes to the front of the queue: the last first.
        for code in codes.prefix(Self.typeAheadLimit).reversed() {
            guard ungetch(code) == photorama_ok() else { return }
        }
    }

    /// ncurses' input queue is 137 entries (FIFO_SIZE).
    public static let typeAheadLimit = 128

    /// The mouse events behind one KEY_MOUSE: ncurses returns one for all the reports that arrived together
    /// (a double click's four, written at once) and hands them to getmouse newest first.
    private func readMice() -> [MouseEvent] {
        var events: [MouseEvent?] = []
        var event = MEVENT()
        while events.count < 64, getmouse(&event) == photorama_ok() { events.append(Self.mouseEvent(event)) }
        return events.reversed().compactMap { event in
            if case .press(let row, let column)? = event { return clicks.press(row: row, column: column, at: ContinuousClock.now) }
            return event
        }
    }

    private static func mouseEvent(_ event: MEVENT) -> MouseEvent? {
        let state = event.bstate
        let row = Int(event.y)
        let column = Int(event.x)
        if state & photorama_button4_pressed() != 0 { return .wheelUp(row: row, column: column) }
        if state & photorama_button5_pressed() != 0 { return .wheelDown(row: row, column: column) }
        // ncurses merges a press, release, press and release read together into one double click
        // (BUTTON1_DOUBLE_CLICKED, 0x8) even with mouseinterval(0); apart, `DoubleClicks` tells them.
        if state & mmask_t(0x8) != 0 { return .doubleClick(row: row, column: column) }
        if state & (photorama_button1_pressed() | photorama_button1_clicked()) != 0 {
            return .press(row: row, column: column)
        }
        if state & photorama_button1_released() != 0 { return .release }
        if state & mmask_t(0x1000_0000) != 0 { return .drag(row: row, column: column) }
        return nil
    }

    // MARK: - Drawing
    /// Copies `frame` to the screen, writing only cells that differ from the previous frame.
    public func draw(_ frame: Frame) {
        // What the last frame could not write yet is dropped, and the pictures' state taken back to what the
        // terminal holds: this frame writes what it still wants, nothing of a page the user has left.
        backlog.finishStarted(to: outputDescriptor)
        pictures?.unwritten(backlog.takeUnwritten())
        // ncurses flushed its own buffer at the end of the last frame: the begin goes before any byte of this one.
        if synchronizedOutput { writeAll(Self.synchronizedUpdate(begin: true)) }
        defer { if synchronizedOutput { writeAll(Self.synchronizedUpdate(begin: false)) } }
        reportDrags(frame.reportsDrags)
        let size = self.size
        guard size.rows > 0, size.columns > 0 else { return }
        let full = previous == nil || previous?.size != frame.size
        if full {
            werase(photorama_stdscr())
            // The terminal may hold anything (a resize reflowed it, Ctrl-L was pressed): repaint it all.
            photorama_clear_terminal_on_next_refresh()
        }
        let rows = min(size.rows, frame.size.rows)
        let columns = min(size.columns, frame.size.columns)
        for row in 0..<rows {
            var column = 0
            while column < columns {
                let cell = frame[row, column]
                let width = max(1, cell.width)
                defer { column += width }
                if !full, let previous, previous[row, column] == cell,
                    width == 1 || previous[row, column + 1] == frame[row, column + 1]
                {
                    continue
                }
                if column + width > columns { continue }
                put(cell, row: row, column: column, frame: frame)
            }
        }
        let cursor = frame.cursor.flatMap { $0.row < rows && $0.column < columns && $0.row >= 0 && $0.column >= 0 ? $0 : nil }
        // ncurses leaves its cursor where it was last moved: there, the terminal's cursor agrees with it.
        if let cursor { wmove(photorama_stdscr(), Int32(cursor.row), Int32(cursor.column)) }
        wnoutrefresh(photorama_stdscr())
        doupdate()
        showCursor(cursor != nil)
        var bytes: [UInt8] = []
        if full || !Self.sameRow(rows - 1, frame, previous) {
            bytes += Self.cursorSync(row: Int(photorama_physical_cursor_row()), column: Int(photorama_physical_cursor_column()))
        }
        // Without the scroll-free entry ncurses may scroll or clear lines anywhere: after any change every
        // 24-bit cell is written again and every sixel picture painted again. Without colour there are no
        // 24-bit cells, but block symbols ncurses cannot measure still are ours.
        let everyCell = full || (!scrollFree && !Self.sameCells(frame, previous))
        bytes += DirectColorCells.output(
            frame: frame, previous: everyCell ? nil : previous, visible: size, full: everyCell, colors: useColor)
        if hyperlinks {
            bytes += LinkedCells.output(frame: frame, previous: everyCell ? nil : previous, visible: size, full: everyCell, colors: colors)
        }
        var pieces: [PicturePiece] = []
        slowLink?.set(previewing)
        if let update = pictures?.update(
            frame: frame, previous: everyCell ? nil : previous, visible: size, full: full, preview: previewing)
        {
            bytes += update.first
            pieces = update.pieces
        }
        // Our own cells moved the cursor: back to where the frame wants it.
        if let cursor, !bytes.isEmpty { bytes += Self.cursorSync(row: cursor.row, column: cursor.column) }
        writeAll(bytes)
        previous = frame
        // The pictures go as far as the terminal takes them now; a piece begun is ended before the frame's
        // end (synchronized output), the rest waits for `readInput`.
        backlog.append(pieces)
        let progress = backlog.writeAvailable(to: outputDescriptor)
        // Waiting for the rest of a piece the terminal was too full to take is waiting on the link: what it
        // took meanwhile is what it drained (`DrainRate`). Pictures that come one a frame (a busy machine)
        // are written so whole, and the link would otherwise never be measured.
        let waitBegan = ContinuousClock.now
        let rest = backlog.finishStarted(to: outputDescriptor)
        if progress?.full == true, rest > 0 { drain.drained(rest, in: ContinuousClock.now - waitBegan) }
    }

    /// Shows or hides the terminal's cursor; nothing when unchanged.
    private func showCursor(_ shown: Bool) {
        guard shown != cursorShown else { return }
        cursorShown = shown
        curs_set(shown ? 1 : 0)
    }

    /// `CSI ? 2026 h` (begin a synchronized update) or `l` (end it).
    static func synchronizedUpdate(begin: Bool) -> [UInt8] {
        DirectColorCells.csi("?\(TerminalQueries.synchronizedOutputMode)\(begin ? "h" : "l")")
    }

    /// ncurses writes the bottom-right cell with auto-margins off and then believes the cursor is still on
    /// that cell, as on xterm; tmux leaves it past the edge instead, and drops the next character written
    /// there without a cursor move (a 1×1 screen kept its first character for good). Putting the cursor
    /// where ncurses believes it is, whenever the bottom row may have been written, makes both agree.
    static func cursorSync(row: Int, column: Int) -> [UInt8] {
        DirectColorCells.csi("\(max(0, row) + 1);\(max(0, column) + 1)H")
    }

    static func sameCells(_ frame: Frame, _ previous: Frame?) -> Bool {
        (0..<frame.size.rows).allSatisfy { sameRow($0, frame, previous) }
    }

    static func sameRow(_ row: Int, _ frame: Frame, _ previous: Frame?) -> Bool {
        guard let previous, previous.size == frame.size, row >= 0 else { return false }
        return (0..<frame.size.columns).allSatisfy { frame[row, $0] == previous[row, $0] }
    }

    /// The terminal was resized: the next draw is a full one (cells reflowed, kitty placements go).
    func forgetPreviousFrame() {
        previous = nil
    }

    /// Ctrl-L: the next draw clears the terminal and repaints every cell. The terminal may have been reset
    /// behind our back (that is why people press Ctrl-L), so the modes ncurses set up are sent again too:
    /// application cursor keys (else arrows arrive as ESC [ A), mouse reporting, the hidden cursor; and
    /// kitty images are transmitted again.
    public func invalidate() {
        // ncurses writes the modes below at once: never inside a picture's sequence.
        backlog.finishStarted(to: outputDescriptor)
        previous = nil
        pictures?.terminalMayHaveBeenReset()
        keypad(photorama_stdscr(), true)
        Self.enableMouse(drags: reportsDrags)
        if reportsDrags { writeAll(Self.dragTracking(true)) }
        if colorSchemeNotifications { writeAll(Self.colorSchemeMode(true)) }
        curs_set(1)
        curs_set(0)
        cursorShown = false
    }

    // MARK: - Cells
    /// Motion (REPORT_MOUSE_POSITION, 0x1000_0000) is reported only while the zoomed viewer wants drags.
    private static func enableMouse(drags: Bool = false) {
        mousemask(drags ? photorama_all_mouse_events() : photorama_all_mouse_events() & ~mmask_t(0x1000_0000), nil)
    }

    /// Reports motion while the first button is held (the zoomed viewer's drag), or stops; nothing when
    /// unchanged. The frame says which (`Frame.reportsDrags`).
    func reportDrags(_ on: Bool) {
        guard on != reportsDrags, isOpen else { return }
        reportsDrags = on
        Self.enableMouse(drags: on)
        writeAll(Self.dragTracking(on))
    }

    /// xterm's button-event tracking (1002): motion is reported only with a button down.
    static func dragTracking(_ on: Bool) -> [UInt8] { Array("\u{1B}[?1002\(on ? "h" : "l")".utf8) }

    private func put(_ cell: Cell, row: Int, column: Int, frame: Frame) {
        var attributes = photorama_a_normal()
        if cell.style.bold { attributes |= photorama_a_bold() }
        if cell.style.dim { attributes |= photorama_a_dim() }
        if cell.style.underline { attributes |= photorama_a_underline() }
        if cell.style.reverse { attributes |= photorama_a_reverse() }
        let pair = useColor ? pairNumber(for: Self.inkStyle(cell), drawing: frame) : 0
        var offset = 0
        for piece in Self.drawable(cell) {
            var wide = piece.characters + [0]
            var cchar = cchar_t()
            if photorama_setcchar(&cchar, &wide, attributes, pair) != photorama_ok() {
                // Cannot happen for what drawable returns; if it did, a stand-in keeps the columns right.
                var standIn: [wchar_t] = [Self.narrowStandIn, 0]
                _ = photorama_setcchar(&cchar, &standIn, attributes, pair)
            }
            // At the bottom-right corner add_wch returns ERR (the cursor cannot move on) but the cell is
            // set, and doupdate writes it without scrolling.
            mvwadd_wch(photorama_stdscr(), Int32(row), Int32(column + offset), &cchar)
            offset += piece.width
        }
    }

    // MARK: - Writing
    /// Sends an escape sequence that draws nothing (OSC 52, the clipboard) straight to the terminal,
    /// between frames: ncurses has flushed its output by then, and neither the cells nor the cursor move,
    /// so what ncurses believes is on screen stays true.
    public func send(_ sequence: [UInt8]) {
        writeAll(sequence)
    }

    /// Writes all of `bytes` to the terminal in one write (more only if the kernel takes less).
    private func writeAll(_ bytes: [UInt8]) {
        // Never inside a picture's sequence.
        backlog.finishStarted(to: outputDescriptor)
        bytes.withUnsafeBytes { _ = try? Descriptor.writeAll($0, to: outputDescriptor) }
    }

    // MARK: - Colour pairs
    private func pairNumber(for style: Style, drawing frame: Frame) -> Int32 {
        let key = pairKey(for: style)
        let allocated = pairs.pair(for: key) { [previous, colors] in
            var used = Set<ColorPairs.Key>()
            for shown in [previous, frame].compactMap({ $0 }) {
                for row in 0..<shown.size.rows {
                    for column in 0..<shown.size.columns {
                        used.insert(Self.pairKey(for: Self.inkStyle(shown[row, column]), colors: colors))
                    }
                }
            }
            return used
        }
        guard let allocated else { return 0 }
        if allocated.isNew {
            let background = key == ColorPairs.placeholder ? -1 : key.background
            init_extended_pair(allocated.number, key.foreground, background)
        }
        return allocated.number
    }

    /// The style as it shows: a blank's foreground is invisible, and ncurses clears runs of blanks with
    /// erase sequences that keep only the background (so an incremental update would leave the default
    /// foreground where a full redraw writes the frame's). Blanks therefore always get the default one.
    static func inkStyle(_ cell: Cell) -> Style {
        guard cell.grapheme == " ", !cell.style.reverse, !cell.style.underline else { return cell.style }
        var style = cell.style
        style.foreground = .default
        return style
    }

    private func pairKey(for style: Style) -> ColorPairs.Key { Self.pairKey(for: style, colors: colors) }

    /// 24-bit cells all share the placeholder pair; their colours are written by `DirectColorCells`.
    static func pairKey(for style: Style, colors: Int) -> ColorPairs.Key {
        if DirectColorCells.isDirect(style) { return ColorPairs.placeholder }
        return ColorPairs.Key(
            foreground: colorNumber(style.foreground, colors: colors), background: colorNumber(style.background, colors: colors))
    }

    /// ncurses colour numbers; -1 is the terminal's default (use_default_colors).
    static func colorNumber(_ color: Color, colors: Int = Int(photorama_colors())) -> Int32 {
        ColorPalette.number(color, colors: colors)
    }
}

// MARK: - Emergency restore
extension NCursesScreen {
    /// `KittyGraphics.deleteAll()` as a static string: writable from a signal handler without allocating.
    static let kittyDeleteAll: StaticString = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// If the process dies from a fatal signal while the screen is open, put the terminal back first so
    /// the user's shell is usable. (endwin is not async-signal-safe, but the process is dying anyway.)
    /// `pictures: .kitty` also deletes every kitty image first, with one write of a static string.
    public static func installEmergencyRestore(pictures: PictureProtocol? = nil) {
        _ = kittyDeleteAll  // initialised now, not in the signal handler
        for fatal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            if pictures == .kitty {
                signal(fatal) { number in
                    let deleteAll = NCursesScreen.kittyDeleteAll
                    _ = write(STDOUT_FILENO, deleteAll.utf8Start, deleteAll.utf8CodeUnitCount)
                    endwin()
                    signal(number, SIG_DFL)
                    raise(number)
                }
            } else {
                signal(fatal) { number in
                    endwin()
                    signal(number, SIG_DFL)
                    raise(number)
                }
            }
        }
    }
}
