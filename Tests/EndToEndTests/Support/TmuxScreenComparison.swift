import Foundation

/// What the screen-equality tests need beyond `TmuxSession`: captures with colours, the pane title a
/// program sets when it has finished a frame, and a pane wiped behind the program's back.
extension TmuxSession {
    /// The screen with its colours and attributes as escape sequences (`capture-pane -e -p`).
    func screenWithColours() async throws -> String {
        try await tmux(["capture-pane", "-e", "-p", "-t", name])
    }

    func paneTitle() async throws -> String {
        try await tmux(["display-message", "-p", "-t", name, "#{pane_title}"])
            .trimmingCharacters(in: .newlines)
    }

    /// Waits until the program has set the pane title to `title`: tmux has then processed everything
    /// the program wrote before it.
    func waitForTitle(_ title: String, deadline: Duration = .seconds(20)) async throws {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = ""
        while clock.now < end {
            last = try await paneTitle()
            if last == title { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "waited \(deadline) for the pane title “\(title)”; it was “\(last)”")
    }

    /// Resets the pane's terminal (`send-keys -R`): tmux blanks it without the program knowing, so
    /// whatever appears next was drawn after the reset.
    func wipeBehindTheProgram() async throws {
        try await tmux(["send-keys", "-R", "-t", name])
        try await tmux(["clear-history", "-t", name])
    }

    /// Waits until the screen stops changing: the same capture `times` polls in a row, `interval` apart.
    @discardableResult
    func waitForStableScreen(
        times: Int = 4, interval: Duration = .milliseconds(60), deadline: Duration = .seconds(20),
        until condition: (String) -> Bool = { _ in true }
    ) async throws -> String {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = try await screenWithColours()
        var same = 0
        while clock.now < end {
            try await Task.sleep(for: interval)
            let now = try await screenWithColours()
            if now == last, condition(now) {
                same += 1
                if same >= times { return now }
            } else {
                same = 0
            }
            last = now
        }
        throw Failure(description: "the screen did not settle within \(deadline); last:\n\(last)")
    }
}
