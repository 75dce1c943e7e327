import Foundation
import PhotoramaLocking

@testable import PhotoramaKit

/// A transport whose requests wait until the test answers them, so ordering and cancellation can be
/// asserted without timing: the test sees which requests started, answers one, and sees what follows.
/// With `holdsCancelled`, a cancelled request stays unanswered until `releaseCancelled`, as a real one
/// still finishing its read would, so the test decides when its end reaches the caller.
final class GatedTransport: Transport, Sendable {
    private struct State {
        var started: [URL] = []
        var cancelled: [URL] = []
        var waiting: [URL: CheckedContinuation<Result<WebResponse, PhotoramaError>, Never>] = [:]
        var held: [URL: [CheckedContinuation<Result<WebResponse, PhotoramaError>, Never>]] = [:]
    }

    private let state = Locked(State())
    private let holdsCancelled: Bool

    init(holdsCancelled: Bool = false) {
        self.holdsCancelled = holdsCancelled
    }

    var started: [URL] { state.withLock { $0.started } }
    var cancelled: [URL] { state.withLock { $0.cancelled } }
    var waiting: Set<URL> { state.withLock { Set($0.waiting.keys) } }

    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let url = request.url
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<WebResponse, PhotoramaError>, Never>) in
                let cancelledAlready = state.withLock { state -> Bool in
                    state.started.append(url)
                    if Task.isCancelled { return true }
                    state.waiting[url] = continuation
                    return false
                }
                if cancelledAlready { continuation.resume(returning: .failure(.cancelled)) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled.append(url)
                let continuation = state.waiting.removeValue(forKey: url)
                guard holdsCancelled, let continuation else { return continuation }
                state.held[url, default: []].append(continuation)
                return nil
            }
            continuation?.resume(returning: .failure(.cancelled))
        }
        return try result.get()
    }

    /// Answers the waiting request for `url`; false when none waits.
    @discardableResult
    func answer(_ url: URL, _ result: Result<WebResponse, PhotoramaError>) -> Bool {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: url) }
        continuation?.resume(returning: result)
        return continuation != nil
    }

    /// Ends the cancelled requests for `url` held back; false when none was held.
    @discardableResult
    func releaseCancelled(_ url: URL) -> Bool {
        let held = state.withLock { $0.held.removeValue(forKey: url) ?? [] }
        for continuation in held { continuation.resume(returning: .failure(.cancelled)) }
        return !held.isEmpty
    }

    func answer(_ url: URL, body: String) -> Bool {
        answer(url, .success(WebResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: Data(body.utf8))))
    }

    /// Polls until `condition` holds, failing after `deadline`.
    func wait(
        for what: String, deadline: Duration = .seconds(60), _ condition: @escaping (GatedTransport) -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let end = clock.now + deadline
        while !condition(self) {
            guard clock.now < end else { throw GateTimeout(what: what) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    struct GateTimeout: Error, CustomStringConvertible {
        var what: String
        var description: String { "waited too long for \(what)" }
    }
}
