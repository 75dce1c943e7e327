import Foundation
import PhotoramaKit
import PhotoramaLocking

/// A transport whose requests wait until the test answers them, so what the runner posts can be stated
/// in order. A request is named by its search text, else its Flickr method. A cancelled request is noted
/// but keeps waiting for its answer, as a slow server's would: a test answers it anyway to show that the
/// runner, not the network, drops a cancelled load's result.
final class HeldTransport: Transport, Sendable {
    private struct State {
        var started: [String] = []
        var cancelled: [String] = []
        var waiting: [String: CheckedContinuation<WebResponse, Never>] = [:]
    }

    private let state = Locked(State())

    /// The requests sent, by name, in the order they reached the transport.
    var started: [String] { state.withLock { $0.started } }
    /// The requests whose task was cancelled while they waited.
    var cancelled: [String] { state.withLock { $0.cancelled } }

    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let name = Self.name(request.url)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<WebResponse, Never>) in
                state.withLock { state in
                    state.started.append(name)
                    state.waiting[name] = continuation
                }
            }
        } onCancel: {
            state.withLock { $0.cancelled.append(name) }
        }
    }

    /// Answers the waiting request `name` with a Flickr page of photos `ids` (each titled "Photo ID");
    /// false when no such request waits.
    @discardableResult
    func answer(_ name: String, ids: [String]) -> Bool {
        let continuation = state.withLock { $0.waiting.removeValue(forKey: name) }
        continuation?.resume(returning: FlickrPageJSON.response(ids: ids))
        return continuation != nil
    }

    /// The `text` query item, else the `method` one.
    static func name(_ url: URL) -> String {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return items.first { $0.name == "text" }?.value ?? items.first { $0.name == "method" }?.value ?? url.absoluteString
    }
}

/// Answers every request at once with a one-photo page named after its search text: loads end as soon
/// as they start, the race `EffectRunner` registers its tasks against.
struct InstantTransport: Transport {
    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        FlickrPageJSON.response(ids: [HeldTransport.name(request.url)])
    }
}

/// The body of one page of Flickr photos, as `flickr.photos.search` sends it.
enum FlickrPageJSON {
    static func response(ids: [String]) -> WebResponse {
        let photos = ids.map { #"{"id":"\#($0)","owner":"1@N01","secret":"s","server":"1","title":"Photo \#($0)"}"# }
        let body =
            #"{"photos":{"page":1,"pages":1,"perpage":100,"total":\#(ids.count),"photo":[\#(photos.joined(separator: ","))]},"stat":"ok"}"#
        return WebResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
    }
}
