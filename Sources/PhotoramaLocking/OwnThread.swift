import Foundation
import NIOConcurrencyHelpers

/// Blocking or long CPU-bound work run on a thread of its own. Swift's cooperative pool has one thread per
/// core (two on these machines): work that holds one for seconds (waiting for a child process, a socket,
/// building a catalog) leaves every task whose timer fired or whose answer arrived waiting for a thread,
/// and a one-second retry then ran tens of seconds late.
public enum OwnThread {
    public static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    public static func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await run {
            do throws(E) { return .success(try work()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

extension OwnThread {
    /// Blocking work started now on a thread of its own, for a caller that does something else meanwhile
    /// and then waits for the result (`value`), as a synchronous function on a thread of its own may.
    public final class Started<T: Sendable>: Sendable {
        // A pthread condition (NIO's ConditionLock), which ThreadSanitizer models: 0 running, 1 done.
        private let done = ConditionLock(value: 0)
        private let result = Locked<T?>(nil)

        init(_ work: @escaping @Sendable () -> T) {
            Thread { [self] in
                let value = work()
                done.lock()
                result.withLock { $0 = value }
                done.unlock(withValue: 1)
            }.start()
        }

        /// The work's result, once it has finished; blocks the calling thread until then.
        public var value: T {
            while true {
                if let value = result.withLock({ $0 }) { return value }
                done.lock(whenValue: 1)
                done.unlock()
            }
        }
    }

    public static func start<T: Sendable>(_ work: @escaping @Sendable () -> T) -> Started<T> {
        Started(work)
    }
}
