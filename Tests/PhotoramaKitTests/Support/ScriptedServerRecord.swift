import Foundation
import NIOCore

/// What the scripted server saw, shared between its connection tasks and the test.
/// A lock (not an actor) so the test can read it synchronously inside `#expect`.
final class ScriptedServerRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [RecordedRequest] = []
    private var channels: [any Channel] = []
    private var accepted = 0
    private var abandoned = 0
    private var streamed = 0

    /// Stores the request and returns how many earlier requests had the same path.
    func record(_ request: RecordedRequest) -> Int {
        lock.withLock {
            let earlier = requests.count { $0.path == request.path }
            requests.append(request)
            return earlier
        }
    }

    func accept(_ channel: any Channel) {
        lock.withLock {
            accepted += 1
            channels.append(channel)
        }
    }

    /// A response the client stopped reading before it was complete (it closed the connection).
    func noteAbandoned() { lock.withLock { abandoned += 1 } }

    func noteStreamed(_ bytes: Int) { lock.withLock { streamed += bytes } }

    var allRequests: [RecordedRequest] { lock.withLock { requests } }
    var openedChannels: [any Channel] { lock.withLock { channels } }
    /// TCP connections accepted so far.
    var connectionCount: Int { lock.withLock { accepted } }
    var abandonedCount: Int { lock.withLock { abandoned } }
    /// Body bytes of `.stream` and `.stall` replies handed to the socket so far.
    var streamedBytes: Int { lock.withLock { streamed } }
}
