import PhotoramaTUI
import PhotoramaLocking

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

    func drain() -> [Item] {
        items.withLock { queue in
            let drained = queue
            queue.removeAll(keepingCapacity: true)
            return drained
        }
    }
}
