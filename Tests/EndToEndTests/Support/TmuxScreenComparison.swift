import Foundation
import ScreenCapture
import TestProcesses

/// What the screen-equality tests need beyond `TmuxSession`: captures with colours, the pane title a
/// program sets when it has finished a frame, and a pane wiped behind the program's back.
extension TmuxSession {
    /// The screen with its colours and attributes as escape sequences (`capture-pane -e -p`). `-N` keeps
    /// trailing spaces: without it tmux trims them even when they are in reverse video or coloured.
    func screenWithColours() async throws -> String {
        try await tmux(["capture-pane", "-e", "-N", "-p", "-t", name])
    }

    func paneTitle() async throws -> String {
        try await tmux(["display-message", "-p", "-t", name, "#{pane_title}"])
            .trimmingCharacters(in: .newlines)
    }

    /// Waits until the program has set the pane title to `title`: tmux has then processed everything
    /// the program wrote before it.
    func waitForTitle(_ title: String, deadline: Duration = .seconds(60)) async throws {
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

    /// Sends F12, a key the browser ignores, and waits until the browser run with `--probe-report path`
    /// reports a frame drawn after handling it, at the pane's size: every key and resize sent before is on
    /// the screen then, however slowly the program runs (a sanitizer build on a busy machine takes longer to
    /// react than any "the screen stopped changing" window).
    ///
    /// The size because tmux applies a pane resize at most every 250 ms (a later one waits for its timer),
    /// while keys go to the program at once: F12 sent just after `resize-window` can be handled before the
    /// program hears of the resize. Waiting for the key alone then took the old screen for the settled one
    /// (IncrementalEqualsRedrawTests.hostileServer under ThreadSanitizer: the 20×5 layout in a 132×43 pane).
    ///
    /// `idle`: also until no request is in flight (the report's third field, rewritten with every frame). A
    /// search still loading keeps its spinner frame for longer than "the screen stopped changing" lasts when
    /// the machine is busy: IncrementalEqualsRedrawTests once took "loading…" for the settled screen under
    /// ThreadSanitizer beside two soaks, and the redraw showed the answer that came meanwhile.
    func probe(report path: String, count: inout Int, idle: Bool = false, deadline: Duration = .seconds(60)) async throws {
        count += 1
        try await tmux(["send-keys", "-t", name, "F12"])
        let size = try await paneSize()
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = ""
        while clock.now < end {
            last = CapturedOutput.text(atPath: path).trimmingCharacters(in: .whitespacesAndNewlines)
            if let report = ProbeReport(last), report.handled >= count, report.size == size, !idle || report.inFlight == 0 { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        let what = idle ? "no idle frame" : "no frame"
        throw Failure(description: "\(what) at \(size) after probe \(count) within \(deadline); the report said “\(last)”")
    }

    /// Sends `keys`, each of which changes the screen, and waits until it has changed and the browser run
    /// with `--probe-report path` has drawn everything since, no request in flight. The change first: a probe's
    /// F12 sent right behind an Escape could reach the program as one Alt key on a busy machine.
    func press(_ keys: [String], report path: String, count: inout Int) async throws {
        let before = try await screenWithColours()
        try await send(keys: keys)
        var last = before
        let clock = ContinuousClock()
        let end = clock.now + .seconds(60)
        while last == before {
            guard clock.now < end else { throw Failure(description: "\(keys) did not change the screen within 60 s:\n\(last)") }
            try await Task.sleep(for: .milliseconds(20))
            last = try await screenWithColours()
        }
        try await probe(report: path, count: &count, idle: true)
    }

    /// The pane's size as tmux has it ("100x30"), which the program gets once tmux applies the resize.
    func paneSize() async throws -> String {
        try await tmux(["display-message", "-p", "-t", name, "#{pane_width}x#{pane_height}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen stops changing: the same capture `times` polls in a row, `interval` apart.
    @discardableResult
    func waitForStableScreen(
        times: Int = 4, interval: Duration = .milliseconds(60), deadline: Duration = .seconds(60),
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

extension TmuxSession {
    /// Sends tmux key names ("Down", "C-l") or, with `literal`, text.
    func send(keys: [String], literal: Bool = false) async throws {
        try await tmux(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    /// Waits until the screen, colours included, looks exactly like `expected` (see `CapturedScreen`);
    /// fails with the rows that differ.
    func waitForScreen(equalTo expected: String, deadline: Duration = .seconds(10), _ context: String) async throws {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = ""
        while clock.now < end {
            last = try await screenWithColours()
            if CapturedScreen(last) == CapturedScreen(expected) { return }
            try await Task.sleep(for: .milliseconds(40))
        }
        let wanted = CapturedScreen(expected)
        let got = CapturedScreen(last)
        var rows: [String] = []
        let lines = (expected.components(separatedBy: "\n"), last.components(separatedBy: "\n"))
        for row in 0..<max(wanted.rows.count, got.rows.count) {
            let incremental = row < wanted.rows.count ? wanted.rows[row] : []
            let redrawn = row < got.rows.count ? got.rows[row] : []
            if incremental != redrawn {
                let raw = (row < lines.0.count ? lines.0[row] : "", row < lines.1.count ? lines.1[row] : "")
                rows.append("row \(row)\n  incremental: \(raw.0.debugDescription)\n  full redraw: \(raw.1.debugDescription)")
            }
        }
        throw Failure(
            description: "\(context): after \(deadline) the full redraw still differs:\n" + rows.joined(separator: "\n")
                + "\nincremental:\n\(wanted.text)\nfull redraw:\n\(got.text)")
    }
}
