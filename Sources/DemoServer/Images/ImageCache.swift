import NIOCore
import PhotoramaLocking

/// A bounded cache, evicting the least recently used entries once over its byte budget. Used for encoded
/// images and for Flickr answers (the catalog never changes, so an answer depends only on the request).
final class BoundedCache<Value: Sendable>: Sendable {
    private struct State {
        var entries: [String: (value: Value, cost: Int, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let state = Locked(State())
    let byteBudget: Int

    init(byteBudget: Int) {
        self.byteBudget = byteBudget
    }

    func value(_ key: String) -> Value? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return found.value
        }
    }

    func insert(_ value: Value, cost: Int, for key: String) {
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue((value, cost, state.clock), forKey: key) { state.bytes -= old.cost }
            state.bytes += cost
            guard state.bytes > byteBudget else { return }
            // Evict the oldest entries down to three quarters of the budget, so eviction stays rare.
            for (victimKey, victim) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard state.bytes > byteBudget * 3 / 4 else { break }
                guard victimKey != key else { continue }
                state.entries[victimKey] = nil
                state.bytes -= victim.cost
            }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}

/// An encoded image and its validator.
struct CachedImage: Sendable {
    let body: ByteBuffer
    let etag: String
}

typealias ImageCache = BoundedCache<CachedImage>
