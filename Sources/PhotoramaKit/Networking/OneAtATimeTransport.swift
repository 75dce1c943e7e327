import Foundation

/// Sends the requests to some endpoints one at a time, as Wikimedia's API etiquette asks ("make your
/// requests in series rather than in parallel"); requests elsewhere (images, other services on the same
/// host) pass straight through. Waiting requests
/// go in the order they came; a cancelled one leaves the queue without a request.
public struct OneAtATimeTransport: Transport {
    public let wrapped: any Transport
    /// Requests whose address starts with one of these (an endpoint without its query) take turns.
    public let endpoints: [String]
    private let gate = TaskLimiter(limit: 1)

    public init(wrapping wrapped: any Transport, endpoints: [URL]) {
        self.wrapped = wrapped
        self.endpoints = endpoints.map(\.absoluteString)
    }

    public func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let address = request.url.absoluteString
        guard endpoints.contains(where: { address.hasPrefix($0) }) else { return try await wrapped.send(request) }
        guard await gate.acquire() else { throw .cancelled }
        do {
            let response = try await wrapped.send(request)
            await gate.release()
            return response
        } catch {
            await gate.release()
            throw error
        }
    }
}
