import NIOCore
import NIOPosix
import PhotoramaLocking

/// Waits for retries on NIO's event loops instead of Swift's cooperative pool. The pool has one thread
/// per core: when its queue is long (a busy browser, or the test suite's hundreds of tasks) a task whose
/// `Task.sleep` ended waits behind all of them, and a 1 s Retry-After was seen sent 34 s late. A task that
/// prefers `EventLoopTimer.executor` and waits with `sleep` resumes on the event loop at once.
enum EventLoopTimer {
    /// Jobs of tasks that prefer it run on one of NIO's shared event loops (the live transports' group).
    static var executor: EventLoopExecutor { EventLoopExecutor(MultiThreadedEventLoopGroup.singleton.any()) }

    /// Returns after `duration`, or at once when the task is cancelled (then `false`), from a timer of
    /// `eventLoop`: the waiting task is woken without the cooperative pool's timer.
    static func sleep(_ duration: Duration, on eventLoop: any EventLoop) async -> Bool {
        let wake = Wake()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                wake.arm(continuation)
                let timer = eventLoop.scheduleTask(in: .nanoseconds(duration.nanoseconds)) { wake.fire(true) }
                wake.onCancel { timer.cancel() }
            }
        } onCancel: {
            wake.fire(false)
        }
    }

    /// Resumes its continuation once, whichever of the timer and cancellation comes first.
    private final class Wake: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Bool, Never>?
            /// What it woke with: true the timer, false cancellation; nil not yet.
            var fired: Bool?
            var cancelTimer: (@Sendable () -> Void)?
        }

        private let state = Locked<State>(State())

        func arm(_ continuation: CheckedContinuation<Bool, Never>) {
            let early: Bool? = state.withLock { state in
                if let fired = state.fired { return fired }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        func onCancel(_ cancelTimer: @escaping @Sendable () -> Void) {
            let cancelled: Bool = state.withLock { state in
                state.cancelTimer = cancelTimer
                return state.fired == false
            }
            if cancelled { cancelTimer() }
        }

        func fire(_ value: Bool) {
            let woken: State? = state.withLock { state in
                guard state.fired == nil else { return nil }
                state.fired = value
                let before = state
                state.continuation = nil
                return before
            }
            guard let woken else { return }
            if !value { woken.cancelTimer?() }
            woken.continuation?.resume(returning: value)
        }
    }
}

/// A task executor that runs each job on one event loop.
final class EventLoopExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
