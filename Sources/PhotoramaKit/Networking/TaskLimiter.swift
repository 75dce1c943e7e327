/// Lets at most `limit` tasks hold a turn at once (downloads, three; Commons calls, one); the others wait
/// their turn, in order, and a cancelled waiter leaves the line without taking one.
public actor TaskLimiter {
    public let limit: Int
    private var running = 0
    private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0

    public init(limit: Int = 3) {
        self.limit = max(1, limit)
    }

    /// Waits for a free slot. Returns false when the task was cancelled while waiting (no slot taken).
    public func acquire() async -> Bool {
        if running < limit, waiting.isEmpty {
            running += 1
            return true
        }
        let id = nextID
        nextID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiting.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    public func release() {
        if waiting.isEmpty {
            running = max(0, running - 1)
        } else {
            // The slot passes straight to the next in line.
            waiting.removeFirst().continuation.resume(returning: true)
        }
    }

    private func cancelWaiter(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }

    public var active: Int { running }
}
