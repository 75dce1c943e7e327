import Foundation

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
