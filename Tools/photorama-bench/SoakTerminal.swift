import Foundation
import ScreenCapture

#if canImport(Glibc)
    import Glibc
#endif

/// The browser in a tmux server of its own (`-L socket`, never a shared one), run from a shell that stays
/// after it exits so its exit status and the terminal's state can be read; its pid is written to a file
/// by the shell that then execs it.
struct SoakTerminal {
    let socket: String
    let name = "soak"
    let pidFile: String
    let captureFile: String
    let environment: [String: String]

    init(folder: String, command: [String], browserEnvironment: [String: String], columns: Int, rows: Int) throws {
        socket = BenchInterrupt.socket("soak", unique: true)
        pidFile = folder + "/browser.pid"
        captureFile = folder + "/capture.txt"
        environment = ProcessInfo.processInfo.environment
        let exports = browserEnvironment.keys.sorted().map { "\($0)=\(BenchShell.quote(browserEnvironment[$0] ?? ""))" }.joined(
            separator: " ")
        guard
            tmux([
                "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows),
                "env -u FLICKR_API_KEY -u PX500_CONSUMER_KEY \(exports) PS1='$ ' bash --norc --noprofile",
            ]) == 0
        else { throw BenchmarkFailure("tmux could not start") }
        _ = tmux(["set-option", "-t", name, "status", "off"])
        let line =
            "bash -c 'echo $$ > \(pidFile); exec \"$0\" \"$@\"' " + command.map(BenchShell.quote).joined(separator: " ")
            + "; echo \"exit=$?\""
        _ = tmux(["send-keys", "-t", name, "-l", line])
        _ = tmux(["send-keys", "-t", name, "Enter"])
    }

    @discardableResult
    func tmux(_ arguments: [String], output: String = "/dev/null") -> Int32 {
        BenchShell.spawnAndWait("/usr/bin/env", ["tmux", "-L", socket] + arguments, environment: environment, output: output)
    }

    func stop() {
        _ = tmux(["kill-server"])
        TmuxSocketFolder.removeSocket(socket)
    }

    func send(_ input: SoakScript.Input) {
        switch input {
        case .keys(let keys): tmux(["send-keys", "-t", name] + keys)
        case .search(let text, let submit):
            tmux([
                "send-keys", "-t", name, "Escape", "Escape", "/", "C-u", ";", "send-keys", "-t", name, "-l", text, ";",
                "send-keys", "-t", name, submit ? "Enter" : "Escape",
            ])
        }
    }

    func keys(_ keys: String...) { send(.keys(keys)) }

    func resize(columns: Int, rows: Int) { tmux(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)]) }

    /// The screen with colours (`-e`), trailing spaces kept (`-N`), or as plain text.
    func capture(colours: Bool = true) -> String {
        tmux(["capture-pane", "-p", "-t", name] + (colours ? ["-e", "-N"] : []), output: captureFile)
        return (try? String(contentsOfFile: captureFile, encoding: .utf8)) ?? ""
    }

    /// The last line with text on it (the status line while the browser runs).
    func statusLine() -> String {
        capture(colours: false).split(separator: "\n").last.map(String.init) ?? ""
    }

    func display(_ format: String) -> String {
        tmux(["display-message", "-p", "-t", name, format], output: captureFile)
        return ((try? String(contentsOfFile: captureFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Blanks the pane behind the program's back, so what appears next was drawn after it.
    func wipe() {
        tmux(["send-keys", "-R", "-t", name])
        tmux(["clear-history", "-t", name])
    }

    var browserPID: Int32? {
        (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether the browser process still exists (and is not a zombie).
    var browserAlive: Bool {
        guard let pid = browserPID, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        guard let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    /// VmRSS of the browser in kilobytes.
    var residentKilobytes: Int? { residentBreakdown?.total }

    /// VmRSS, RssAnon and RssFile of the browser in kilobytes: whether growth is heap or pages of the
    /// binary and its files.
    var residentBreakdown: (total: Int, anonymous: Int, file: Int)? {
        guard let pid = browserPID, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })?.split(separator: " ").compactMap { Int($0) }.first
        }
        guard let total = field("VmRSS"), let anonymous = field("RssAnon"), let file = field("RssFile") else { return nil }
        return (total, anonymous, file)
    }

    /// Polls until `condition` holds on the plain screen, up to `deadline`; the last screen either way.
    func waitFor(_ deadline: Duration, _ condition: (String) -> Bool) async -> (met: Bool, screen: String) {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = ""
        while clock.now < end {
            last = capture(colours: false)
            if condition(last) { return (true, last) }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return (false, last)
    }

    /// The coloured screen once it has not changed for `times` polls in a row, or nil after `deadline`.
    func stableScreen(times: Int = 4, interval: Duration = .milliseconds(60), deadline: Duration = .seconds(60)) async -> String? {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        var last = capture()
        var same = 0
        while clock.now < end {
            try? await Task.sleep(for: interval)
            let now = capture()
            if now == last {
                same += 1
                if same >= times { return now }
            } else {
                same = 0
            }
            last = now
        }
        return nil
    }
}
