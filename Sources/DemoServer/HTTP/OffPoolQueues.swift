import Dispatch

/// Runs the server's CPU-bound work (catalog searches, JSON, rendering and encoding JPEGs) on threads
/// outside Swift's cooperative pool.
///
/// On Linux that pool is Dispatch's global queue for the task's QoS, one thread per core. Rendering a
/// 3000-pixel original takes seconds in a debug build; two of them on a 2-core machine held every pool
/// thread, so every `Task.sleep`, continuation and network answer of the process embedding the server
/// waited (a full test run saw a loopback server miss a client's hang-up for 30 s). Labelled serial queues
/// overcommit: Dispatch gives them threads of their own, and the pool stays free.
struct OffPoolQueues: Sendable {
    private let queues: [DispatchQueue]

    /// `width` serial queues: at most that many jobs run at once.
    init(label: String, width: Int) {
        queues = (0..<max(1, width)).map { DispatchQueue(label: "\(label).\($0)") }
    }

    /// Runs `body` on one of the queues and returns its result to the caller.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        let queue = queues[Int.random(in: 0..<queues.count)]
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }
}
