import Foundation
import PhotoramaLocking
import TestProcesses
import Testing

@testable import PhotoramaKit

/// The loader with a gated transport: bodies are strings, "decoding" upper-cases them (or fails for
/// bodies starting with "bad"), and an image costs its length in bytes.
private func makeLoader(
    _ transport: GatedTransport, maxPerHost: Int = 4, byteBudget: Int = 1 << 20, imageBudget: Int = 1 << 20,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
) -> ImageLoader<Int, String> {
    ImageLoader(
        webservice: Webservice(transport: transport, retryPolicy: .never), maxPerHost: maxPerHost,
        byteBudget: byteBudget, imageBudget: imageBudget,
        decode: { data, target throws(ImageLoadError) in
            let text = String(decoding: data, as: UTF8.self)
            if text.hasPrefix("bad") { throw ImageLoadError(message: "not an image") }
            return "\(text.uppercased())@\(target)"
        },
        cost: { $0.utf8.count }, now: now, executor: OwnThreadTrait.executor)
}

private func url(_ name: String, host: String = "img.example") -> URL { URL(string: "https://\(host)/\(name).jpg")! }

@Suite("Image loader: priority, de-duplication, cancellation, cache bound", .ownThread)
struct ImageLoaderTests {
    // MARK: - Sharing and priority
    @Test("ten callers for one URL share one request and one decode")
    func deduplication() async throws {
        let transport = GatedTransport()
        let loader = makeLoader(transport)
        let photo = url("a")
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 { group.addTask { try await loader.image(photo, for: 80, priority: .visible) } }
            try await transport.wait(for: "the request") { $0.waiting.contains(photo) }
            #expect(transport.answer(photo, body: "pixels"))
            var all: [String] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: "PIXELS@80", count: 10))
        #expect(transport.started == [photo])
        let statistics = await loader.statistics
        #expect(statistics.requests == [photo: 1])
        #expect(statistics.decodes == 1)
        // Afterwards it comes from the cache, with no request.
        #expect(try await loader.image(photo, for: 80, priority: .nearby) == "PIXELS@80")
        #expect(await loader.statistics.imageHits == 1)
        // Another target decodes again from the kept body, still without a request.
        #expect(try await loader.image(photo, for: 40, priority: .nearby) == "PIXELS@40")
        #expect(transport.started == [photo])
        #expect(await loader.statistics.bodyHits == 1)
    }

    @Test("a caller already cancelled when its body is at hand starts no decode (a page left is never made)")
    func cancelledCallerStartsNoDecode() async throws {
        let transport = GatedTransport()
        let loader = makeLoader(transport)
        let photo = url("a")
        async let first = loader.image(photo, for: 80, priority: .visible)
        try await transport.wait(for: "the request") { $0.waiting.contains(photo) }
        #expect(transport.answer(photo, body: "pixels"))
        #expect(try await first == "PIXELS@80")
        #expect(await loader.statistics.decodes == 1)
        // The body is kept, so another target needs no request: a caller cancelled before it asks gets
        // nothing, and nothing is decoded for it.
        let leaving = Task(executorPreference: OwnThreadTrait.executor) {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await loader.image(photo, for: 40, priority: .nearby)
        }
        await #expect(throws: CancellationError.self) { try await leaving.value }
        #expect(await loader.statistics.decodes == 1)
        #expect(transport.started == [photo])
    }

    @Test("a saturated host starts the most urgent waiting request next, then the older of equals")
    func priorityOrder() async throws {
        let transport = GatedTransport()
        let loader = makeLoader(transport, maxPerHost: 2)
        let (a, b, c, d, e) = (url("a"), url("b"), url("c"), url("d"), url("e"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            // a is sent before b is asked for: two tasks added together register in either order.
            for (index, photo) in [a, b].enumerated() {
                group.addTask { _ = try await loader.image(photo, for: 1, priority: .visible) }
                try await transport.wait(for: "\(photo.lastPathComponent) in flight") { $0.started.count == index + 1 }
            }
            for (index, (photo, priority)) in [(c, ImagePriority.nearby), (d, .visible), (e, .selected)].enumerated() {
                group.addTask { _ = try await loader.image(photo, for: 1, priority: priority) }
                // Each registers before the next is asked for, so arrival order is defined.
                try await waitQueued(loader, index + 1)
            }
            #expect(transport.started == [a, b])
            #expect(transport.answer(a, body: "a"))
            try await transport.wait(for: "e next") { $0.started.count == 3 }
            #expect(transport.started.last == e)
            #expect(transport.answer(b, body: "b"))
            try await transport.wait(for: "d next") { $0.started.count == 4 }
            #expect(transport.started.last == d)
            #expect(transport.answer(e, body: "e"))
            try await transport.wait(for: "c last") { $0.started.count == 5 }
            #expect(transport.started.last == c)
            #expect(transport.answer(d, body: "d") && transport.answer(c, body: "c"))
            try await group.waitForAll()
        }
        #expect(transport.started == [a, b, e, d, c])
    }

    // MARK: - Cancellation
    @Test("a queued request nobody wants any more is never sent")
    func queuedCancellation() async throws {
        let transport = GatedTransport()
        let loader = makeLoader(transport, maxPerHost: 1)
        let (running, leaving) = try await Self.droppedQueuedBehindFirst(transport, loader)
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        #expect(transport.answer(url("first"), body: "x"))
        #expect(try await running.value == "X@1")
        await Self.expectDroppedNeverSent(transport, loader)
    }

    /// A held PgDn cancels pages faster than a busy machine runs the withdrawals: the loader must not start a
    /// request whose callers have all left while their withdrawals still wait for it.
    @Test("a queued request whose callers have all left is not started while their withdrawal waits for the loader")
    func leftRequestIsNotStartedBeforeItsWithdrawal() async throws {
        let transport = GatedTransport()
        let clock = ActingClock()
        let loader = makeLoader(transport, maxPerHost: 1, now: { clock.now })
        let (running, leaving) = try await Self.droppedQueuedBehindFirst(transport, loader)
        // The caller of "dropped" leaves inside the end of "first" (the loader reads the clock there), before the
        // loader starts the next request, so its withdrawal waits behind that end.
        clock.onNextReading { leaving.cancel() }
        #expect(transport.answer(url("first"), body: "x"))
        #expect(try await running.value == "X@1")
        #expect(clock.acted == 1)
        await #expect(throws: CancellationError.self) { try await leaving.value }
        await Self.expectDroppedNeverSent(transport, loader)
        #expect(await loader.queuedCount == 0)
    }

    /// "first" in flight on a host that takes one request at a time, and a caller of "dropped" queued behind it.
    private static func droppedQueuedBehindFirst(
        _ transport: GatedTransport, _ loader: ImageLoader<Int, String>
    ) async throws -> (running: Task<String, any Error>, leaving: Task<String, any Error>) {
        let running = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(url("first"), for: 1, priority: .visible) }
        try await transport.wait(for: "first in flight") { $0.waiting == [url("first")] }
        let leaving = Task(executorPreference: OwnThreadTrait.executor) {
            try await loader.image(url("dropped"), for: 1, priority: .nearby)
        }
        try await waitQueued(loader, 1)
        return (running, leaving)
    }

    /// "dropped" was abandoned without a request: only "first" reached the transport.
    private static func expectDroppedNeverSent(_ transport: GatedTransport, _ loader: ImageLoader<Int, String>) async {
        #expect(await loader.statistics.abandoned == 1)
        #expect(transport.started == [url("first")])
        #expect(await loader.statistics.requests[url("dropped")] == nil)
    }

    @Test("an in-flight request is cancelled when its last caller leaves, and not while another waits")
    func inFlightCancellation() async throws {
        let transport = GatedTransport()
        // Time moves only when the test says: "alone" is then never nearly done (in flight 0 of the 100 ms
        // "shared" took), however slowly the machine runs the test (it was kept, uncancelled, under load).
        let clock = ManualClock()
        let loader = makeLoader(transport, now: { clock.now })
        let shared = url("shared")
        let one = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(shared, for: 1, priority: .visible) }
        let two = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(shared, for: 1, priority: .visible) }
        try await transport.wait(for: "the request") { $0.waiting == [shared] }
        try await waitWaiters(loader, shared, 2)
        one.cancel()
        await #expect(throws: CancellationError.self) { try await one.value }
        #expect(transport.cancelled.isEmpty)
        clock.advance(.milliseconds(100))
        #expect(transport.answer(shared, body: "kept"))
        #expect(try await two.value == "KEPT@1")

        try await Self.askThenLeave(url("alone"), transport, loader)
    }

    /// Asks for `photo` alone, and once its request is in flight the caller leaves: the request is cancelled.
    private static func askThenLeave(_ photo: URL, _ transport: GatedTransport, _ loader: ImageLoader<Int, String>) async throws {
        let only = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(photo, for: 1, priority: .visible) }
        try await transport.wait(for: "the request for \(photo.lastPathComponent)") { $0.waiting.contains(photo) }
        only.cancel()
        await #expect(throws: CancellationError.self) { try await only.value }
        try await transport.wait(for: "the transport to see the cancellation") { $0.cancelled == [photo] }
    }

    /// A viewer that leaves a photo and comes back to it at once asks again while the first request is still
    /// ending: that end belongs to the request nobody wants and must not answer the new caller (CI saw
    /// "image unavailable: Cancelled" in the viewer).
    @Test("a cancelled request that ends after the URL was asked for again leaves the new request alone")
    func aCancelledRequestEndingLateLeavesTheNextOneAlone() async throws {
        let transport = GatedTransport(holdsCancelled: true)
        let loader = makeLoader(transport)
        let photo = url("again")
        try await Self.askThenLeave(photo, transport, loader)
        let back = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(photo, for: 1, priority: .visible) }
        try await transport.wait(for: "the second request") { $0.waiting.contains(photo) && $0.started.count == 2 }
        #expect(await loader.endingCount == 1)
        #expect(transport.releaseCancelled(photo))
        try await waitEnded(loader)
        #expect(await loader.waiterCount(photo) == 1)
        #expect(transport.answer(photo, body: "pixels"))
        #expect(try await back.value == "PIXELS@1")
        #expect(await loader.statistics.abandoned == 1)
    }

    @Test("a load nobody wants any more is left to finish when it has run 80 % of the host's usual time")
    func nearlyDoneLoadsFinish() async throws {
        let transport = GatedTransport()
        let clock = ManualClock()
        let loader = ImageLoader<Int, String>(
            webservice: Webservice(transport: transport, retryPolicy: .never), byteBudget: 1 << 20, imageBudget: 1 << 20,
            decode: { data, _ throws(ImageLoadError) in String(decoding: data, as: UTF8.self) }, cost: { $0.utf8.count },
            now: { clock.now }, executor: OwnThreadTrait.executor)
        // One answer that took 100 ms sets the host's usual time.
        let (first, nearly, early) = (url("first"), url("nearly"), url("early"))
        let firstLoad = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(first, for: 1, priority: .visible) }
        try await transport.wait(for: "first in flight") { $0.waiting.contains(first) }
        clock.advance(.milliseconds(100))
        #expect(transport.answer(first, body: "a"))
        #expect(try await firstLoad.value == "a")

        // In flight for 80 ms (80 %) when its card scrolls away: not cancelled, and its answer is kept.
        let leaving = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(nearly, for: 1, priority: .visible) }
        try await transport.wait(for: "nearly in flight") { $0.waiting.contains(nearly) }
        clock.advance(.milliseconds(80))
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        #expect(await loader.statistics.keptNearlyDone == 1)
        #expect(await loader.statistics.abandoned == 0)
        #expect(transport.cancelled.isEmpty)
        #expect(transport.answer(nearly, body: "b"))
        #expect(try await loader.image(nearly, for: 1, priority: .visible) == "b")
        #expect(await loader.statistics.requests[nearly] == 1)

        // In flight for 79 ms: cancelled.
        let cancelled = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(early, for: 1, priority: .visible) }
        try await transport.wait(for: "early in flight") { $0.waiting.contains(early) }
        clock.advance(.milliseconds(79))
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        try await transport.wait(for: "the transport to see the cancellation") { $0.cancelled == [early] }
        #expect(await loader.statistics.abandoned == 1)
        #expect(await loader.statistics.keptNearlyDone == 1)
    }

    // MARK: - Shutdown
    /// The browser shuts its loader down at quit: a load left to finish (nearly done) would otherwise
    /// still hold the loader and its caches when the process exits.
    @Test("shutdown cancels every request, a nearly done one too, tells its callers, and returns once all have ended")
    func shutdownEndsAllWork() async throws {
        let transport = GatedTransport()
        let (answer, watcher) = try await Self.shutDownWithWorkLeft(transport)
        #expect(answer == "A@1")
        #expect(transport.cancelled == [url("nearly")])
        #expect(!transport.started.contains(url("queued")))
        #expect(watcher.isGone)
    }

    /// A loader with a nearly done load kept after its caller left, and a caller waiting for a request
    /// queued behind it; shut down, then let go of.
    private static func shutDownWithWorkLeft(_ transport: GatedTransport) async throws -> (String, LoaderWatcher) {
        let clock = ManualClock()
        let loader = makeLoader(transport, maxPerHost: 1, now: { clock.now })
        let (first, nearly, queued) = (url("first"), url("nearly"), url("queued"))
        let firstLoad = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(first, for: 1, priority: .visible) }
        try await transport.wait(for: "first in flight") { $0.waiting.contains(first) }
        clock.advance(.milliseconds(100))
        #expect(transport.answer(first, body: "a"))
        let answer = try await firstLoad.value
        let leaving = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(nearly, for: 1, priority: .visible) }
        try await transport.wait(for: "nearly in flight") { $0.waiting.contains(nearly) }
        let waiting = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(queued, for: 1, priority: .visible) }
        try await waitQueued(loader, 1)
        clock.advance(.milliseconds(90))
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        #expect(await loader.statistics.keptNearlyDone == 1)

        await loader.shutdown()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(await loader.queuedCount == 0)
        return (answer, LoaderWatcher(loader))
    }

    // MARK: - Cache bounds
    @Test("decoded images stay within their byte budget, least recently used out first")
    func cacheBound() async throws {
        let transport = GatedTransport()
        // Each decoded image is "BODY@1": 6 bytes for a 4-byte body; room for two of them, no body cache.
        let loader = makeLoader(transport, byteBudget: 0, imageBudget: 12)
        func load(_ name: String) async throws -> String {
            let photo = url(name)
            let task = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(photo, for: 1, priority: .visible) }
            try await transport.wait(for: name) { $0.waiting.contains(photo) }
            #expect(transport.answer(photo, body: name))
            return try await task.value
        }
        #expect(try await load("aaaa") == "AAAA@1")
        #expect(try await load("bbbb") == "BBBB@1")
        #expect(try await loader.image(url("aaaa"), for: 1, priority: .visible) == "AAAA@1")  // a is now newest
        #expect(try await load("cccc") == "CCCC@1")  // evicts b, the least recently used
        #expect(await loader.cachedBytes.images == 12)
        #expect(await loader.cached(url("aaaa"), for: 1) == "AAAA@1")
        #expect(await loader.cached(url("bbbb"), for: 1) == nil)
        #expect(await loader.cached(url("cccc"), for: 1) == "CCCC@1")
    }

    @Test("the count of requests per URL keeps only the most recent URLs")
    func requestCountsStayBounded() async throws {
        let loader = ImageLoader<Int, String>(
            webservice: Webservice(transport: NamingTransport(), retryPolicy: .never), byteBudget: 0, imageBudget: 0,
            decode: { data, _ throws(ImageLoadError) in String(decoding: data, as: UTF8.self) }, cost: { $0.utf8.count },
            executor: OwnThreadTrait.executor)
        let count = ImageLoader<Int, String>.requestsRemembered + 10
        for index in 0..<count {
            #expect(try await loader.image(url("p\(index)"), for: 1, priority: .visible) == "p\(index).jpg")
        }
        let requests = await loader.statistics.requests
        #expect(requests.count == ImageLoader<Int, String>.requestsRemembered)
        #expect(requests[url("p0")] == nil)
        #expect(requests[url("p9")] == nil)
        #expect(requests[url("p10")] == 1)
        #expect(requests[url("p\(count - 1)")] == 1)
    }

    // MARK: - Failures
    @Test("failures carry the placeholder's words")
    func errors() async throws {
        let transport = GatedTransport()
        let loader = makeLoader(transport)
        let cases: [(String, Result<WebResponse, PhotoramaError>, String)] = [
            ("missing", .success(WebResponse(status: 404)), "image unavailable: HTTP 404"),
            ("slow", .failure(.timeout(.seconds(30))), "image unavailable: Timed out after 30 s"),
            ("huge", .failure(.tooLarge(limit: 64 << 20)), "image unavailable: \(PhotoramaError.tooLarge(limit: 64 << 20).message)"),
            ("html", .success(WebResponse(status: 200, body: Data("bad <html>".utf8))), "not an image"),
        ]
        for (name, answer, message) in cases {
            let photo = url(name)
            let task = Task(executorPreference: OwnThreadTrait.executor) { try await loader.image(photo, for: 1, priority: .visible) }
            try await transport.wait(for: name) { $0.waiting.contains(photo) }
            transport.answer(photo, answer)
            await #expect(throws: ImageLoadError(message: message), "\(name)") { try await task.value }
        }
    }
}

// MARK: - Helpers
/// Waits until `count` requests wait in the loader's queue.
private func waitQueued(_ loader: ImageLoader<Int, String>, _ count: Int) async throws {
    let clock = ContinuousClock()
    let end = clock.now + .seconds(120)
    while await loader.queuedCount < count {
        guard clock.now < end else { throw GatedTransport.GateTimeout(what: "\(count) queued") }
        try await Task.sleep(for: .milliseconds(2))
    }
}

/// Waits until every request cancelled in flight has ended.
private func waitEnded(_ loader: ImageLoader<Int, String>) async throws {
    let clock = ContinuousClock()
    let end = clock.now + .seconds(120)
    while await loader.endingCount > 0 {
        guard clock.now < end else { throw GatedTransport.GateTimeout(what: "the cancelled requests to end") }
        try await Task.sleep(for: .milliseconds(2))
    }
}

/// Waits until `count` callers wait for `url`.
private func waitWaiters(_ loader: ImageLoader<Int, String>, _ url: URL, _ count: Int) async throws {
    let clock = ContinuousClock()
    let end = clock.now + .seconds(120)
    while await loader.waiterCount(url) < count {
        guard clock.now < end else { throw GatedTransport.GateTimeout(what: "\(count) waiters") }
        try await Task.sleep(for: .milliseconds(2))
    }
}

/// A clock the test moves by hand.
private final class ManualClock: Sendable {
    private let instant = Locked(ContinuousClock.now)
    var now: ContinuousClock.Instant { instant.withLock { $0 } }
    func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
}

/// A clock whose next reading first runs an action on the thread that reads it: the loader reads it on its
/// own executor, so the action happens while the loader is mid-call, as it would on a busy machine. Nothing
/// waits in it: a reading held until the test released it blocked a cooperative thread, and with the test's
/// task waiting for the other one, stalled every test of a loaded 2-core run for up to 60 s.
private final class ActingClock: Sendable {
    private struct State {
        var action: (@Sendable () -> Void)?
        var acted = 0
    }
    private let state = Locked(State())
    private let start = ContinuousClock.now

    var now: ContinuousClock.Instant {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            defer { state.action = nil }
            if state.action != nil { state.acted += 1 }
            return state.action
        }
        action?()
        return start
    }

    /// `action` runs within the next reading of the clock, before it returns.
    func onNextReading(_ action: @escaping @Sendable () -> Void) { state.withLock { $0.action = action } }
    /// How many readings ran an action.
    var acted: Int { state.withLock { $0.acted } }
}

/// Answers every request at once with the last part of its URL.
private struct NamingTransport: Transport {
    func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        WebResponse(status: 200, body: Data(request.url.lastPathComponent.utf8))
    }
}

/// Holds a loader weakly: `isGone` once nothing else holds it (no task of its own still running).
private final class LoaderWatcher: Sendable {
    private struct Weak { weak var loader: ImageLoader<Int, String>? }
    private let reference: Locked<Weak>

    init(_ loader: ImageLoader<Int, String>) { reference = Locked(Weak(loader: loader)) }
    var isGone: Bool { reference.withLock { $0.loader == nil } }
}
