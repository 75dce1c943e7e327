import PhotoramaLocking

/// How many more calls a service refuses on purpose (the maxlag and rate-limit faults): the first `count`.
final class Refusals: Sendable {
    private let left: Locked<Int>

    init(count: Int) { left = Locked(max(0, count)) }

    /// True while refusals are left; each call takes one.
    func take() -> Bool {
        left.withLock { left in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
    }
}
