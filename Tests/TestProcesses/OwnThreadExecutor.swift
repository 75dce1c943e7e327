import Foundation
import PhotoramaLocking

/// A task executor with one thread of its own. Tests whose tasks must not wait behind the whole suite's
/// (Swift Testing starts every test at once on the cooperative pool's two threads) run them here; the OS
/// shares the cores fairly between this thread and the pool's.
public final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs`, `stopped` and `finished` are only reached while `condition` is locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false
    private var finished = false

    private let thread = Locked<Thread?>(nil)

    public init() {
        let thread = Thread { [self] in runJobs() }
        thread.name = "photorama-test-own-thread"
        self.thread.withLock { $0 = thread }
        thread.start()
    }

    /// Whether the calling code runs on this executor's thread.
    public var isCurrent: Bool {
        thread.withLock { $0 } === Thread.current
    }

    /// A job that arrives after the thread has ended (a task the test started and left running) goes to
    /// the global executor: it must still run, or whatever it holds would wait for ever.
    public func enqueue(_ job: consuming ExecutorJob) {
        condition.lock()
        if finished {
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
        } else {
            jobs.append(UnownedJob(job))
            condition.signal()
            condition.unlock()
        }
    }

    /// Ends the thread once the jobs queued so far have run; later jobs run on the global executor.
    public func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            guard !jobs.isEmpty else {
                finished = true
                condition.unlock()
                return
            }
            let next = jobs.removeFirst()
            condition.unlock()
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
