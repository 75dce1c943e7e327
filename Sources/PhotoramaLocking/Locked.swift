import NIOConcurrencyHelpers

/// A value behind a lock, used where the standard library's `Mutex` would be. On Linux `Mutex` hands a
/// contended lock over inside the kernel (a priority-inheriting futex), which ThreadSanitizer cannot see,
/// so every contended use showed as a data race and real races would drown among them. This lock is a
/// pthread mutex (NIOLock), which ThreadSanitizer models exactly.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only ever reached inside `withLock`, under `lock`.
    private let lock = NIOLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
