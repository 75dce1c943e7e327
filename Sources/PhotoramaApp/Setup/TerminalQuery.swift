import PhotoramaConfig
import PhotoramaImages
import PhotoramaLocking
import PhotoramaTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// When and how the terminal is asked what it can do (`TerminalProbe`), for `show`, the browser and
/// `photorama terminal`: once, at start, with standard input and output on the terminal.
package enum TerminalQuery {
    /// What the terminal on stdin/stdout can do, asked only when it helps: the mode in effect is `auto`
    /// (`ImageSettings.asksTerminal`), stdin and stdout are both terminals, and the terminal is one that
    /// can be asked (`reasonNotToAsk`). nil otherwise: the environment decides as before.
    package static func capabilities(
        settings: EffectiveSettings, environment: some EnvironmentVariables, typeAhead: TerminalProbe.TypeAhead
    ) -> TerminalCapabilities? {
        guard ImageSettings.asksTerminal(settings), isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
            reasonNotToAsk(environment) == nil
        else { return nil }
        return ask(input: STDIN_FILENO, output: STDOUT_FILENO, environment: environment, typeAhead: typeAhead)
    }

    /// Asks the terminal reading `input` and showing `output`, whatever the settings, and decides.
    package static func ask(
        input: Int32, output: Int32, environment: some EnvironmentVariables, typeAhead: TerminalProbe.TypeAhead
    ) -> TerminalCapabilities {
        let window = TerminalWindow.of(fileDescriptor: output)
        let hasPixels =
            window.flatMap {
                CellPixelSize.measured(columns: $0.cells.columns, rows: $0.cells.rows, width: $0.pixels.width, height: $0.pixels.height)
            } != nil
        // Inside tmux, tmux is asked which terminal is outside it (a process of its own, a few milliseconds)
        // while the terminal answers, not after.
        let pane = environment["TMUX_PANE"]
        let outside = TmuxPane.isInside(environment) ? OwnThread.start { TmuxPane.outsideTerminal(pane: pane) } : nil
        let findings = TerminalProbe.ask(
            input: input, output: output, askCellSize: !hasPixels, deadline: probeDeadline(environment), typeAhead: typeAhead,
            handoffs: handoffs(environment))
        var capabilities = TerminalCapabilities.decide(findings, window: window, environment: environment)
        if capabilities.tmux != nil { capabilities.outsideTmux = outside.map(\.value) ?? TmuxPane.outsideTerminal(pane: pane) }
        return capabilities
    }

    /// The ways kitty may read pictures on this machine, asked about in the probe; first, what a killed run
    /// left of them is removed (`KittyHandoff.removeLeftovers`).
    static func handoffs(_ environment: some EnvironmentVariables) -> [KittyHandoff] {
        var variables: [String: String] = [:]
        variables["TMPDIR"] = environment["TMPDIR"]
        KittyHandoff.removeLeftovers(folder: KittyHandoff.privateFolder(environment: variables))
        return [KittyMedium.sharedMemory, .temporaryFile].compactMap { KittyHandoff(medium: $0, environment: variables) }
    }

    /// After the program is done with the terminal: when DA1 did not answer within the probe's deadline,
    /// waits for the late answers (until DA1's, at most `lateAnswerWait`) and takes them out of the input
    /// (`TerminalProbe.release`), so they are neither printed nor read by the shell as typing.
    package static func release(_ capabilities: TerminalCapabilities?, wait: Duration, environment: some EnvironmentVariables) {
        guard let findings = capabilities?.findings, !findings.complete else { return }
        TerminalProbe.release(input: STDIN_FILENO, wait: lateAnswerWait(wait, environment: environment))
    }

    /// Variables a terminal emulator sets for the programs it runs itself (none travels over SSH), and
    /// tmux's own: such a terminal is there and answers DA1, late perhaps (a cold start on a busy machine
    /// answered kitty's queries over a second late).
    static let emulatorVariables = [
        "KITTY_WINDOW_ID", "XTERM_VERSION", "MLTERM", "VTE_VERSION", "KONSOLE_VERSION", "WEZTERM_PANE", "ALACRITTY_WINDOW_ID",
        "WT_SESSION", "TERM_PROGRAM", "TMUX",
    ]
    /// How long a terminal named by `emulatorVariables` is waited for.
    static let answeringTerminalWait = Duration.seconds(3)

    /// How long the probe waits for DA1's answer: `TerminalProbe.deadline`, or `answeringTerminalDeadline` for a
    /// terminal whose variables show it is there (`emulatorVariables`) and for answers that cross an SSH link.
    /// DA1 ends the wait, so only a late answer spends it; missed, the answers are dropped and `auto` gives
    /// half blocks (a kitty on a loaded machine, or a link whose round trip is over 120 ms).
    package static func probeDeadline(_ environment: some EnvironmentVariables) -> Duration {
        let answersAreLikelyLate = (emulatorVariables + sshVariables).contains { !(environment[$0] ?? "").isEmpty }
        return answersAreLikelyLate ? answeringTerminalDeadline : TerminalProbe.deadline
    }
    /// What sshd sets for the session's programs: the terminal's answers come back over the link.
    static let sshVariables = ["SSH_CONNECTION", "SSH_TTY"]
    /// The probe's wait where the terminal is known to answer, or answers over a link.
    static let answeringTerminalDeadline = Duration.seconds(1)

    /// `wait`, or for a terminal whose variables show it is there, `answeringTerminalWait`: the wait ends at
    /// DA1's answer, so only a terminal that answers late spends it. Zero stays zero (the browser reads late
    /// answers while it runs).
    package static func lateAnswerWait(_ wait: Duration, environment: some EnvironmentVariables) -> Duration {
        guard wait > .zero, emulatorVariables.contains(where: { !(environment[$0] ?? "").isEmpty }) else { return wait }
        return max(wait, answeringTerminalWait)
    }

    /// Why a terminal is not asked even when it could be; nil when it may be. TERM=dumb has no escape
    /// sequences at all, and the Linux console does not know APC strings and would print the kitty query's
    /// text (timg avoids that query on unknown terminals for the same reason).
    package static func reasonNotToAsk(_ environment: some EnvironmentVariables) -> String? {
        let term = environment["TERM"] ?? ""
        if term.isEmpty { return "TERM is not set" }
        if term == "dumb" { return "TERM is dumb" }
        if term == "linux" { return "TERM is linux (the console would print the kitty query)" }
        return nil
    }
}
