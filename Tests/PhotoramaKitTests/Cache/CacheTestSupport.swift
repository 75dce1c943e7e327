import Foundation
import PhotoramaKit
import PhotoramaLocking

/// A `ResponseStore` in a dictionary, for testing `CachingTransport` without SQLite.
final class MemoryResponseStore: ResponseStore {
    let entries = Locked<[String: CachedResponse]>([:])
    let calls = Locked<[String: Int]>([:])

    func lookup(_ key: String) async -> CachedResponse? { entries.withLock { $0[key] } }
    func store(_ key: String, _ response: CachedResponse) async { entries.withLock { $0[key] = response } }
    func refresh(_ key: String, storedAt: Date) async { entries.withLock { $0[key]?.storedAt = storedAt } }
    func remove(_ key: String) async { _ = entries.withLock { $0.removeValue(forKey: key) } }
    func countCall(keyHash: String, hourStart: Int) async -> Int {
        calls.withLock {
            $0["\(keyHash)@\(hourStart)", default: 0] += 1
            return $0["\(keyHash)@\(hourStart)"] ?? 0
        }
    }
    func callCount(keyHash: String, hourStart: Int) async -> Int { calls.withLock { $0["\(keyHash)@\(hourStart)"] ?? 0 } }
}

/// Answers every request with the next scripted result and records what it was asked.
final class ScriptTransport: Transport {
    private let state = Locked<(replies: [Result<WebResponse, PhotoramaError>], requests: [WebRequest])>(([], []))

    init(_ replies: [Result<WebResponse, PhotoramaError>] = []) { state.withLock { $0.replies = replies } }

    func add(_ reply: Result<WebResponse, PhotoramaError>) { state.withLock { $0.replies.append(reply) } }
    var requests: [WebRequest] { state.withLock { $0.requests } }

    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let next = state.withLock { state -> Result<WebResponse, PhotoramaError> in
            state.requests.append(request)
            return state.replies.isEmpty ? .failure(.offline("no scripted reply")) : state.replies.removeFirst()
        }
        return try next.get()
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Locked<Date>
    init(_ date: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = Locked(date) }
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    var function: @Sendable () -> Date { { [self] in self.now } }
}

func ok(_ body: String, headers: [(name: String, value: String)] = [("Content-Type", "application/json")]) -> Result<
    WebResponse, PhotoramaError
> {
    .success(WebResponse(status: 200, headers: headers, body: Data(body.utf8)))
}

func get(_ url: String, image: Bool = false) -> WebRequest {
    WebRequest(url: URL(string: url)!, limits: image ? .image : .api)
}
