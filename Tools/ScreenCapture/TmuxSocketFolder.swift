import Foundation

/// Where tmux keeps this user's server sockets (its own rule: $TMUX_TMPDIR, else /tmp, then tmux-UID): the
/// benchmarks look there for the servers to stop when interrupted, and the tests for the server a benchmark started.
public enum TmuxSocketFolder {
    public static var path: String {
        let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return "\(base)/tmux-\(getuid())"
    }

    /// Removes the socket file of the server named `socket` (`tmux -L socket`), if it is there. tmux 3.3's
    /// kill-server leaves it behind: the suite and the benchmarks had piled up 6,800 in /tmp/tmux-0.
    public static func removeSocket(_ socket: String) {
        guard !socket.isEmpty, !socket.contains("/") else { return }
        _ = unlink("\(path)/\(socket)")
    }
}
