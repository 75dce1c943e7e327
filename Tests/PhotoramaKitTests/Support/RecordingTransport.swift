import Foundation

@testable import PhotoramaKit

/// A transport that sends nothing anywhere: it records each request and answers from a script, so tests
/// can see exactly what `Webservice` would have put on the wire (for hosts a test must never contact).
final class RecordingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [WebRequest] = []
    private let answer: @Sendable (WebRequest, Int) -> Result<WebResponse, PhotoramaError>

    /// `answer` gets the request and how many were sent before it.
    init(answer: @escaping @Sendable (WebRequest, Int) -> Result<WebResponse, PhotoramaError>) {
        self.answer = answer
    }

    /// Always answers 200 with `json` as an application/json body.
    convenience init(json: String) {
        self.init { _, _ in
            .success(WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(json.utf8)))
        }
    }

    var requests: [WebRequest] { lock.withLock { sent } }

    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let index = lock.withLock {
            sent.append(request)
            return sent.count - 1
        }
        return try answer(request, index).get()
    }
}
