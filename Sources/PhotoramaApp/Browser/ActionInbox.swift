import PhotoramaLocking
import PhotoramaTUI

/// Where background work (effects, signals) leaves actions for the UI thread, which drains it between
/// frames. A mutex-protected queue: the UI thread never blocks on network work.
final class ActionInbox: Sendable {
    enum Item: Sendable {
        case action(Action)
        /// SIGTERM, SIGHUP or SIGINT: leave like `q` does.
        case terminate
    }

    private let items = Locked<[Item]>([])

    func post(_ action: Action) {
        items.withLock { $0.append(.action(action)) }
    }

    func postTerminate() {
        items.withLock { $0.append(.terminate) }
    }

    /// Hands the queue over whole. Keeping its capacity cost a fresh buffer of the largest burst's size
    /// on every drain, empty or not, since the drained copy still shares the old one (docs/PERFORMANCE.md).
    func drain() -> [Item] {
        items.withLock { queue in
            guard !queue.isEmpty else { return [] }
            defer { queue = [] }
            return queue
        }
    }

    /// Items posted and not yet drained.
    var pendingCount: Int { items.withLock { $0.count } }

    /// The capacity the queue keeps between drains (for tests).
    var keptCapacity: Int { items.withLock { $0.capacity } }
}
