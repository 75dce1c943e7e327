import Foundation
import PhotoramaLocking

/// A thread of its own for work that must stay on one thread (ncurses), awaited like a task.
///
/// The thread gets `body` through a one-shot handoff and lets go of it, and of everything it captured,
/// before it reports back. A Foundation `Thread` keeps the closure it was made with until the thread
/// itself is torn down, which may be after the process has gone on to exit: the browser's runner and
/// its image caches, captured by that closure, outlived the browser (LeakSanitizer reported the cached
/// image bytes and the runner's weak-reference side table).
public enum UIThread {
    public static func run<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) async -> T {
        let handoff = Locked<(@Sendable () -> T)?>(body)
        return await withCheckedContinuation { (done: CheckedContinuation<T, Never>) in
            let thread = Thread {
                let result = runOnce(handoff)
                done.resume(returning: result)
            }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    /// Takes the body out of the handoff and calls it; the body is released when this returns.
    private static func runOnce<T>(_ handoff: Locked<(@Sendable () -> T)?>) -> T {
        let body = handoff.withLock { body in
            defer { body = nil }
            return body
        }
        // Set before the thread starts and taken only here, once: nil would be a bug in this file.
        guard let body else { preconditionFailure("UIThread: the body was taken twice") }
        return body()
    }
}
