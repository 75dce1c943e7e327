import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaTUI
import TestProcesses

@testable import PhotoramaApp

/// An `EffectRunner` on a transport the test controls, its inbox, and the inbox's items as short lines
/// ("in flight 1", "page 1 for #3: 11 12", "log 1 through 2") so tests can state exactly what arrived.
struct RunnerHarness {
    let inbox = ActionInbox()
    let runner: EffectRunner

    /// `executor`: where the runner's tasks run; by default the test's own thread under `.ownThread`, else
    /// (nil) the cooperative pool, shared with every other test. `saved`: by default a store that did not open.
    init(
        transport: any Transport, executor: (any TaskExecutor)? = OwnThreadTrait.executor,
        saved: SavedStoreOpening = SavedStoreOpening(opened: .failure(.failed("no saved photos in this test")))
    ) throws {
        let log = try RequestLog(capacity: 1000)
        let webservice = Webservice(transport: transport, allowInsecure: true, log: log)
        let configuration = ServiceConfiguration(flickrBaseURL: Self.flickrURL, flickrAPIKey: "test-key")
        runner = EffectRunner(
            service: PhotoService(configuration: configuration, webservice: webservice), pictures: NoPictures(), log: log,
            inbox: inbox, saved: saved, executor: executor)
    }

    /// Loopback: plain http is allowed there, and nothing listens (the transport never connects anyway).
    static let flickrURL = URL(string: "http://127.0.0.1:9/services/rest/")!

    /// What the inbox holds now, taken out of it.
    func drained() -> [String] {
        inbox.drain().map(Self.describe)
    }

    /// Takes items out of the inbox until `done` holds for all taken so far; fails after `deadline`.
    func drain(
        until what: String, deadline: Duration = .seconds(30), _ done: ([String]) -> Bool
    ) async throws -> [String] {
        var taken: [String] = []
        let end = ContinuousClock.now + deadline
        while !done(taken) {
            guard ContinuousClock.now < end else { throw Timeout(what: what, seen: taken) }
            try await Task.sleep(for: .milliseconds(2))
            taken += drained()
        }
        return taken
    }

    static func describe(_ item: ActionInbox.Item) -> String {
        switch item {
        case .terminate: "terminate"
        case .action(let action): describe(action)
        }
    }

    static func describe(_ action: Action) -> String {
        switch action {
        case .runtime(.inFlightChanged(let count)):
            "in flight \(count)"
        case .feed(.pageLoaded(let token, let page, .success(let photos))):
            "page \(page) for #\(token.value): " + photos.items.map(\.id).joined(separator: " ")
        case .feed(.pageLoaded(let token, let page, .failure(let error))):
            "page \(page) for #\(token.value) failed: \(error.message)"
        case .runtime(.networkLogAppended(let entries, let through)):
            "log \(entries.count) through \(through)"
        case .saved(.savedLoaded(_, .failure)):
            "saved photos unavailable"
        case .input(.key(let key)):
            "key \(key)"
        default:
            String(describing: action)
        }
    }
}

/// What a wait saw before its deadline passed.
struct Timeout: Error, CustomStringConvertible {
    var what: String
    var seen: [String]
    var description: String { "waited too long for \(what); saw \(seen)" }
}

/// Polls `condition` until it holds; fails after `deadline`.
func waitUntil(_ what: String, deadline: Duration = .seconds(30), _ condition: () -> Bool) async throws {
    let end = ContinuousClock.now + deadline
    while !condition() {
        guard ContinuousClock.now < end else { throw Timeout(what: what, seen: []) }
        try await Task.sleep(for: .milliseconds(2))
    }
}

/// Pictures are not part of these tests: every one is cancelled.
struct NoPictures: PictureMaker {
    func picture(_ request: ImageRequest, urgency: ImagePriority) async -> Result<Picture, ImageFailure>? { nil }
    func finish() async {}
}
