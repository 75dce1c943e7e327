import PhotoramaLocking
import PhotoramaTerminal
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("UI thread: runs a body on a thread of its own")
struct UIThreadTests {
    /// What the body captures (for the browser: the runner and its image caches) is gone when `run`
    /// returns. A plain Foundation `Thread` still held it then: it keeps its closure until the thread
    /// is torn down, which can be after the process has gone on to exit.
    @Test("the body's answer comes back, and what it captured is let go of before run returns")
    func capturesAreReleasedBeforeReturning() async {
        // Many times: a plain Thread is usually, not always, torn down by the time the caller looks.
        var answers: [Int] = []
        var stillHeld = 0
        for _ in 0..<200 {
            let (answer, watcher) = await Self.runWithCanary()
            answers.append(answer)
            if !watcher.isGone { stillHeld += 1 }
        }
        #expect(answers == Array(repeating: 7, count: 200))
        #expect(stillHeld == 0)
    }

    @Test("the body runs on a thread other than the caller's")
    func ownThread() async {
        let caller = pthread_self()
        let other = await UIThread.run(stackSize: 1 << 20) { pthread_equal(pthread_self(), caller) == 0 }
        #expect(other)
    }

    private static func runWithCanary() async -> (Int, Watcher) {
        let canary = Canary()
        let watcher = Watcher(canary)
        let answer = await UIThread.run(stackSize: 1 << 20) { canary.answer }
        return (answer, watcher)
    }
}

private final class Canary: Sendable {
    let answer = 7
}

/// Holds a canary weakly: `isGone` once nothing else holds it.
private final class Watcher: Sendable {
    private let reference: Locked<Weak>
    private struct Weak { weak var canary: Canary? }

    init(_ canary: Canary) { reference = Locked(Weak(canary: canary)) }
    var isGone: Bool { reference.withLock { $0.canary == nil } }
}
