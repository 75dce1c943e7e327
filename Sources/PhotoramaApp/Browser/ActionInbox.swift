import PhotoramaLocking
import PhotoramaTUI

/// Where background work (effects, signals) leaves actions for the UI thread, which drains it between
/// frames. A mutex-protected queue: the UI thread never blocks on network work. The first item after a
/// drain signals `wakeDescriptor`, which the UI thread polls beside the terminal, so an answer is handled
/// at once rather than at the loop's next look.
final class ActionInbox: Sendable {
    enum Item: Sendable {
        case action(Action)
        /// SIGTERM, SIGHUP or SIGINT: leave like `q` does.
        case terminate
    }

    private let items = Locked<[Item]>([])
    private let wake = WakePipe()

    /// Readable while items wait; nil when no pipe could be made (the loop then looks at its timeout).
    var wakeDescriptor: Int32? { wake?.descriptor }

    func post(_ action: Action) {
        append(.action(action))
    }

    func postTerminate() {
        append(.terminate)
    }

    private func append(_ item: Item) {
        let wasEmpty = items.withLock { queue in
            defer { queue.append(item) }
            return queue.isEmpty
        }
        // Items already waiting have signalled: their drain takes this one too.
        if wasEmpty { wake?.signal() }
    }

    /// Hands the queue over whole. Keeping its capacity cost a fresh buffer of the largest burst's size
    /// on every drain, empty or not, since the drained copy still shares the old one (docs/PERFORMANCE.md).
    func drain() -> [Item] {
        // Cleared before the queue is taken: an item posted after the take finds it empty and signals again.
        wake?.clear()
        return items.withLock { queue in
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
