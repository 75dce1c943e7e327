import NIOCore
import Synchronization

/// A bounded cache of encoded images, evicting the least recently used once over its byte budget.
final class ImageCache: Sendable {
    struct Entry: Sendable {
        let body: ByteBuffer
        let etag: String
    }

    private struct State {
        var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    let byteBudget: Int

    init(byteBudget: Int = 96 * 1024 * 1024) {
        self.byteBudget = byteBudget
    }

    func entry(_ key: String) -> Entry? {
        state.withLock { state in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (found.entry, state.clock)
            return found.entry
        }
    }

    func insert(_ entry: Entry, for key: String) {
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue((entry, state.clock), forKey: key) {
                state.bytes -= old.entry.body.readableBytes
            }
            state.bytes += entry.body.readableBytes
            guard state.bytes > byteBudget else { return }
            // Evict the oldest quarter at once so eviction stays rare.
            let victims = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(max(1, state.entries.count / 4))
            for (victimKey, victim) in victims where state.bytes > byteBudget * 3 / 4 || victimKey != key {
                guard victimKey != key else { continue }
                state.entries[victimKey] = nil
                state.bytes -= victim.entry.body.readableBytes
            }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
