import PhotoramaFiles
import PhotoramaImages
import PhotoramaText

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the terminal what it can do: writes `TerminalQueries`' batch, reads the answers in raw mode until
/// DA1's (which comes last) or a deadline, and puts the terminal's mode back. Nothing typed meanwhile is
/// lost: it is in the findings' `typeAhead` for the program's own key input, or given back to the
/// terminal's input queue (TIOCSTI) for whatever reads it next (the shell after `show`). The mode is
/// restored with TCSANOW, never TCSAFLUSH, which would discard typed keys.
public enum TerminalProbe {
    /// The longest wait for DA1's answer. A terminal that answers does so in a few milliseconds (tmux,
    /// xterm and kitty in under 6 ms here); one that does not costs this once, and the whole probe stays
    /// under 150 ms.
    public static let deadline: Duration = .milliseconds(120)

    /// What becomes of keys typed while the answers were read.
    public enum TypeAhead: Sendable {
        /// Kept in the findings for the program's own input (the browser gives them to ncurses).
        case keep
        /// Given back to the terminal's input queue, as typed; what the kernel refuses stays in the findings.
        case returnToTerminal
    }

    /// Asks the terminal reading `input` and showing `output`; nil when it was not asked (not the
    /// foreground process of that terminal, or its mode cannot be set, or the batch cannot be written).
    /// `askCellSize`: add CSI 14t and 16t (when TIOCGWINSZ gives no pixels).
    /// `handoffs`: a terminal that answered the kitty query OK is then asked whether it reads a one-pixel
    /// object through each (shared memory, a temporary file; `TerminalQueries.mediaBatch`); the objects
    /// are gone when this returns, and those the terminal did not remove are in the findings' `mediaLeftBehind`.
    public static func ask(
        input: Int32, output: Int32, askCellSize: Bool, deadline: Duration = Self.deadline, typeAhead: TypeAhead,
        handoffs: [KittyHandoff] = []
    ) -> TerminalFindings? {
        // A program in the background that changed its terminal's mode would be stopped (SIGTTOU); a
        // terminal that is not the controlling one (tests, benchmarks) has no foreground to check.
        let foreground = tcgetpgrp(input)
        guard foreground < 0 || foreground == getpgrp() else { return nil }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        // Bytes as the terminal sends them: no line editing, no echo, no CR/LF translation. Signals stay on,
        // so Ctrl-C still interrupts.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_iflag &= ~tcflag_t(ICRNL | INLCR | IGNCR | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        // Without DA1's answer the rest may still come (a slow link, a busy machine): echo stays off, so
        // the late answer is not printed, until `release` takes it out of the input.
        var complete = false
        defer {
            var restored = saved
            if !complete { restored.c_lflag &= ~tcflag_t(ECHO) }
            _ = tcsetattr(input, TCSANOW, &restored)
        }

        let clock = ContinuousClock()
        let start = clock.now
        let batch = TerminalQueries.batch(askCellSize: askCellSize)
        guard (try? batch.withUnsafeBytes({ try Descriptor.writeAll($0, to: output) })) != nil else { return nil }
        var parser = TerminalAnswerParser()
        var answers: [TimedAnswer] = []
        complete = readAnswers(from: input, into: &parser, until: start + deadline) { answer in
            answers.append(TimedAnswer(answer, milliseconds: milliseconds(clock.now - start)))
        }
        // Only a terminal that answered the kitty query is asked about media, in a second round: the names
        // are too long for the batch's EL to erase where a terminal prints APC strings (rxvt-unicode wraps
        // them onto the next row).
        var probes: [(KittyHandoff, String)] = []
        defer { for (handoff, name) in probes { handoff.remove(name) } }
        if complete, answers.contains(where: { $0.answer == .kittyGraphics(id: TerminalQueries.kittyImageID, message: "OK") }) {
            probes = handoffs.compactMap { handoff in handoff.writeProbe().map { (handoff, $0) } }
        }
        let media = Dictionary(probes.map { ($0.0.medium, $0.1) }, uniquingKeysWith: { first, _ in first })
        if !media.isEmpty {
            let round = clock.now
            let questions = TerminalQueries.mediaBatch(media)
            if (try? questions.withUnsafeBytes({ try Descriptor.writeAll($0, to: output) })) != nil {
                complete = readAnswers(from: input, into: &parser, until: round + deadline) { answer in
                    answers.append(TimedAnswer(answer, milliseconds: milliseconds(clock.now - start)))
                }
            }
        }
        parser.finish()
        var kept = parser.typeAhead
        if case .returnToTerminal = typeAhead {
            kept = Self.giveBack(kept, to: input)
        }
        var findings = TerminalFindings(
            asked: TerminalQueries.sent(askCellSize: askCellSize), answers: answers, milliseconds: milliseconds(clock.now - start),
            typeAhead: kept, discarded: parser.discarded)
        findings.mediaAsked = Set(media.keys)
        findings.mediaLeftBehind = Set(probes.filter { $0.0.exists($0.1) }.map(\.0.medium))
        return findings
    }

    /// After a probe DA1 did not answer in time (`TerminalFindings.complete` false): waits up to `wait` for
    /// the late answers, removes them from the input, gives what was typed back (TIOCSTI), and turns echo
    /// on again. Call it once the program no longer reads the terminal (the browser after its screen is
    /// closed, `show` and `terminal` when done). Returns the keys the kernel refused to give back.
    @discardableResult
    public static func release(input: Int32, wait: Duration) -> [UInt8] {
        var mode = termios()
        guard tcgetattr(input, &mode) == 0, mode.c_lflag & tcflag_t(ECHO) == 0 else { return [] }
        var raw = mode
        raw.c_lflag &= ~tcflag_t(ICANON)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        _ = tcsetattr(input, TCSANOW, &raw)
        var parser = TerminalAnswerParser()
        _ = readAnswers(from: input, into: &parser, until: .now + wait) { _ in }
        parser.finish()
        let refused = giveBack(parser.typeAhead, to: input)
        mode.c_lflag |= tcflag_t(ECHO)
        _ = tcsetattr(input, TCSANOW, &mode)
        return refused
    }

    /// Reads `input` into `parser` until DA1's answer (true: DA1 comes last, so everything the terminal
    /// meant to answer has arrived) or `end` (false), handing each answer to `found` as it is parsed.
    /// What has already arrived at `end` is still read.
    private static func readAnswers(
        from input: Int32, into parser: inout TerminalAnswerParser, until end: ContinuousClock.Instant,
        _ found: (TerminalAnswer) -> Void
    ) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let left = max(.zero, end - .now)
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(milliseconds(left).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return false }
            for answer in parser.feed(buffer[..<count]) {
                found(answer)
                if answer.query == .deviceAttributes { return true }
            }
        }
    }

    /// Puts `bytes` back into the terminal's input queue in order (TIOCSTI) while echo is still off, so the
    /// next reader gets them as typed; returns what the kernel refused (Linux may forbid TIOCSTI:
    /// dev.tty.legacy_tiocsti = 0).
    static func giveBack(_ bytes: [UInt8], to input: Int32) -> [UInt8] {
        for index in bytes.indices {
            var byte = bytes[index]
            guard ioctl(input, UInt(TIOCSTI), &byte) == 0 else { return Array(bytes[index...]) }
        }
        return []
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
