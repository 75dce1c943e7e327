import Foundation

/// Sends the requests to some endpoints one at a time, as Wikimedia's API etiquette asks ("make your
/// requests in series rather than in parallel"); requests elsewhere (images, other services on the same
/// host) pass straight through. Waiting requests
/// go in the order they came; a cancelled one leaves the queue without a request.
public struct OneAtATimeTransport: Transport {
    public let wrapped: any Transport
    /// Requests whose address starts with one of these (an endpoint without its query) take turns.
    public let endpoints: [String]
    private let gate = SerialGate()

    public init(wrapping wrapped: any Transport, endpoints: [URL]) {
        self.wrapped = wrapped
        self.endpoints = endpoints.map(\.absoluteString)
    }

    public func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let address = request.url.absoluteString
        guard endpoints.contains(where: { address.hasPrefix($0) }) else { return try await wrapped.send(request) }
        guard await gate.enter() else { throw .cancelled }
        do {
            let response = try await wrapped.send(request)
            await gate.leave()
            return response
        } catch {
            await gate.leave()
            throw error
        }
    }
}

/// One holder at a time; the others wait in order.
actor SerialGate {
    private var busy = false
    private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0

    /// True once this caller holds the gate; false when it was cancelled while waiting.
    func enter() async -> Bool {
        guard busy else {
            busy = true
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
            Task { await self.cancel(id) }
        }
    }

    func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().continuation.resume(returning: true)
        }
    }

    private func cancel(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }
}
