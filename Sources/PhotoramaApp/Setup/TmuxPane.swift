import Foundation
import PhotoramaImages
import PhotoramaLocking
import PhotoramaSpawn

/// The tmux pane Photorama runs in, if any: kitty pictures there are Unicode placeholders whose images
/// reach the terminal outside through tmux's passthrough, which the pane must allow (tmux 3.3 or newer).
package enum TmuxPane {
    /// Inside tmux: TMUX names its server (TERM alone is not enough: screen sets screen* too).
    package static func isInside(_ environment: some EnvironmentVariables) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    /// The terminal outside tmux as tmux knows it from asking it (`client_termtype`: "kitty(0.26.5)"), or
    /// its TERM (`client_termname`) when it did not answer; nil when tmux does not say. `pane`: TMUX_PANE.
    /// Blocks briefly.
    package static func outsideTerminal(pane: String?) -> String? {
        var arguments = ["tmux", "display-message", "-p"]
        if let pane, !pane.isEmpty { arguments += ["-t", pane] }
        arguments.append("#{client_termtype}\t#{client_termname}")
        let ran = Spawn.output(
            .searched("tmux"), argv: arguments, environment: ProcessInfo.processInfo.environment, timeout: .seconds(5))
        guard case .success(let output) = ran, output.ending == .exited(0) else { return nil }
        let fields = output.firstLine.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return fields.first { !$0.isEmpty }
    }

    /// Turns `allow-passthrough` on for this pane (`tmux set-option -p`), as timg and yazi do; nil when it is
    /// on, else the one line that says why not and what the user's tmux.conf needs. On a thread of its own.
    package static func allowPassthrough(environment: [String: String]) async -> String? {
        await OwnThread.run { allowPassthroughBlocking(environment: environment) }
    }

    /// `allowPassthrough`, waiting for tmux on this thread (a command's main thread, never the pool).
    package static func allowPassthroughBlocking(environment: [String: String]) -> String? {
        var arguments = ["tmux", "set-option", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        arguments += ["allow-passthrough", "on"]
        let ran = Spawn.output(.searched("tmux"), argv: arguments, environment: environment, timeout: .seconds(5))
        if case .success(let output) = ran, output.ending == .exited(0) { return nil }
        return "tmux did not allow passthrough for kitty pictures (tmux 3.3 or newer with `set -g allow-passthrough on` in ~/.tmux.conf)"
    }
}
