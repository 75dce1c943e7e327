import DequeModule
import Foundation
import PhotoramaLocking

/// Fetches and decodes images for views that come and go.
///
/// - One request per URL however many callers want it; one decode per URL and target.
/// - Requests wait in a queue ordered by priority (then arrival) while their host has `maxPerHost` in
///   flight; a more urgent caller raises a queued request's priority.
/// - A caller that is cancelled leaves at once; a request nobody wants any more is dropped from the
///   queue or cancelled in flight, unless it is nearly done: in flight for at least `nearlyDone` (80 %)
///   of the median time the host's last answers took. Transports report no byte progress, so time is
///   the measure; finishing such a load costs little and the card may come back.
/// - Response bodies and decoded images are kept in two LRU caches bounded in bytes, so a second target
///   for the same URL decodes again without refetching, and going back to a photo costs nothing.
/// - Decoding runs off the actor, so a big decode never holds up cache hits.
public actor ImageLoader<Target: Hashable & Sendable, Image: Sendable> {
    public typealias Decode = @Sendable (Data, Target) throws(ImageLoadError) -> Image

    private let webservice: Webservice
    private let limits: LoadLimits
    private let maxPerHost: Int
    private let decode: Decode
    private let cost: @Sendable (Image) -> Int

    private var bodies: ByteBudgetCache<URL, Data>
    private var images: ByteBudgetCache<DecodedKey, Image>
    private var fetches: [URL: Fetch] = [:]
    /// Requests cancelled in flight that have not ended yet, by their fetch's `arrival`: their end belongs
    /// to nobody, even when the URL has been asked for again meanwhile.
    private var ending: [UInt64: Task<Void, Never>] = [:]
    private var decodes: [DecodedKey: Task<Result<Image, ImageLoadError>, Never>] = [:]
    private var arrivals: UInt64 = 0
    /// The tasks that withdraw cancelled callers (started outside the actor), so `shutdown` can wait for them.
    private nonisolated let withdrawals = Locked<[UInt64: Task<Void, Never>]>([:])
    private let now: @Sendable () -> ContinuousClock.Instant
    /// Where its fetches, decodes and withdrawals run: nil for Swift's global pool (the program); a test gives
    /// a thread of its own, so that the suite's other tests, all started at once on the pool, cannot hold
    /// its loads back.
    private nonisolated let executor: (any TaskExecutor)?
    /// How long the last answers took, per host (the most recent `durationWindow`).
    private var durations: [String: [Duration]] = [:]
    static var durationWindow: Int { 16 }
    /// How many URLs `statistics.requests` counts for, oldest first out (`requestOrder`).
    public static var requestsRemembered: Int { 256 }
    private var requestOrder: Deque<URL> = []
    /// The share of the usual answer time after which a load in flight is kept when nobody wants it: 4/5.
    public static var nearlyDone: (numerator: Int, denominator: Int) { (4, 5) }

    /// What the loader did, for tests and the network log.
    public private(set) var statistics = Statistics()

    public struct Statistics: Sendable, Equatable {
        /// Requests sent, per URL, for the last `requestsRemembered` URLs requested: a session asks for
        /// new URLs as long as it scrolls, and a count per URL ever seen grew without end.
        public var requests: [URL: Int] = [:]
        public var bodyHits = 0
        public var imageHits = 0
        public var decodes = 0
        /// Requests dropped or cancelled because nobody wanted them any more.
        public var abandoned = 0
        /// Requests nobody wanted any more but left to finish, being nearly done.
        public var keptNearlyDone = 0
        /// Images decoded from files on this machine (downloads) instead of fetched.
        public var fileDecodes = 0
        /// Files that were missing, unreadable or did not decode, so the URL was fetched instead.
        public var fileFallbacks = 0
    }

    struct DecodedKey: Hashable {
        var url: URL
        var target: Target
    }

    private struct Fetch {
        var priority: ImagePriority
        var arrival: UInt64
        var waiters: [UInt64: CheckedContinuation<Data, any Error>] = [:]
        var task: Task<Void, Never>?
        var host: String
        var startedAt: ContinuousClock.Instant?
    }

    public init(
        webservice: Webservice, limits: LoadLimits = .image, maxPerHost: Int = 4, byteBudget: Int, imageBudget: Int,
        decode: @escaping Decode, cost: @escaping @Sendable (Image) -> Int,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }, executor: (any TaskExecutor)? = nil
    ) {
        self.now = now
        self.executor = executor
        self.webservice = webservice
        self.limits = limits
        self.maxPerHost = max(1, maxPerHost)
        self.decode = decode
        self.cost = cost
        bodies = ByteBudgetCache(budget: byteBudget)
        images = ByteBudgetCache(budget: imageBudget)
    }

    // MARK: - Images
    /// The image at `url` decoded for `target`, from the cache or loaded. Throws `CancellationError`
    /// when the calling task is cancelled (never shown), `ImageLoadError` otherwise.
    public func image(_ url: URL, for target: Target, priority: ImagePriority) async throws -> Image {
        let key = DecodedKey(url: url, target: target)
        if let image = images.value(key) {
            statistics.imageHits += 1
            return image
        }
        let task: Task<Result<Image, ImageLoadError>, Never>
        if let running = decodes[key] {
            task = running
        } else {
            let data = try await bytes(url, priority: priority)
            if let image = images.value(key) { return image }  // another caller finished meanwhile
            // A caller that left while the body came (the page it was for is gone) starts no decode; the body
            // stays cached for when it comes back.
            try Task.checkCancellation()
            if let running = decodes[key] {
                task = running
            } else {
                let decode = self.decode
                statistics.decodes += 1
                task = Task.detached(executorPreference: executor) {
                    do throws(ImageLoadError) { return .success(try decode(data, target)) } catch { return .failure(error) }
                }
                decodes[key] = task
            }
        }
        let result = await task.value
        decodes[key] = nil
        switch result {
        case .success(let image):
            images.insert(image, for: key, cost: cost(image))
            try Task.checkCancellation()
            return image
        case .failure(let error):
            throw error
        }
    }

    /// The image decoded from `file` (a download of the photo on this machine) with no network at all; when
    /// the file is missing, unreadable, larger than an image may be, or does not decode, the image at `url`
    /// as `image(_:for:priority:)` gives it. Decoded from the file each time (a preview is drawn once and
    /// kept by the screen), off the actor, so a big original never holds up the loader.
    public nonisolated func image(file: String, orElse url: URL, for target: Target, priority: ImagePriority) async throws -> Image {
        if let image = Self.decodeFile(file, maxBytes: limits.maxBodyBytes, target: target, decode: decode) {
            await count { $0.fileDecodes += 1 }
            try Task.checkCancellation()
            return image
        }
        await count { $0.fileFallbacks += 1 }
        return try await image(url, for: target, priority: priority)
    }

    private func count(_ change: (inout Statistics) -> Void) {
        change(&statistics)
    }

    private static func decodeFile(_ path: String, maxBytes: Int, target: Target, decode: Decode) -> Image? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // One byte more than allowed tells a file that is too big from one that is exactly the limit.
        guard let data = try? handle.read(upToCount: maxBytes + 1), !data.isEmpty, data.count <= maxBytes else { return nil }
        return try? decode(data, target)
    }

    // MARK: - Cache
    /// The decoded image if it is in the cache (for drawing without waiting).
    public func cached(_ url: URL, for target: Target) -> Image? {
        images.value(DecodedKey(url: url, target: target))
    }

    /// Requests waiting for a free connection.
    public var queuedCount: Int { fetches.values.filter { $0.task == nil }.count }

    /// Requests cancelled in flight whose end has not come yet.
    public var endingCount: Int { ending.count }

    /// Callers waiting for the body of `url`.
    public func waiterCount(_ url: URL) -> Int { fetches[url]?.waiters.count ?? 0 }

    /// Bytes held by the two caches.
    public var cachedBytes: (bodies: Int, images: Int) { (bodies.totalCost, images.totalCost) }

    // MARK: - Fetching
    /// The response body at `url`, from the cache or fetched like an image's (for a caller that decodes
    /// it another way: the viewer's animated GIFs). Throws as `image(_:for:priority:)` does.
    public func body(_ url: URL, priority: ImagePriority) async throws -> Data {
        try await bytes(url, priority: priority)
    }

    private func bytes(_ url: URL, priority: ImagePriority) async throws -> Data {
        if let data = bodies.value(url) {
            statistics.bodyHits += 1
            return data
        }
        arrivals += 1
        let waiter = arrivals
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                // Runs on the actor, before the cancellation handler's hop can: a caller cancelled already
                // leaves now.
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                register(url, waiter: waiter, priority: priority, continuation: continuation)
            }
        } onCancel: {
            // Listed under the lock before it can end, so it never removes itself before it is there.
            withdrawals.withLock { list in
                list[waiter] = Task(executorPreference: executor) {
                    await self.withdraw(url, waiter: waiter)
                    self.withdrawals.withLock { _ = $0.removeValue(forKey: waiter) }
                }
            }
        }
    }

    /// Ends all of the loader's work, for an owner that is quitting: every request is cancelled, even one
    /// nearly done, its callers are told so, and this returns once the fetches, decodes and withdrawals
    /// under way have ended. Until then each of them holds the loader, and so its caches.
    public func shutdown() async {
        while true {
            let withdrawing = withdrawals.withLock { Array($0.values) }
            let fetching = fetches.values.compactMap(\.task) + ending.values
            let decoding = Array(decodes.values)
            if withdrawing.isEmpty && fetching.isEmpty && decoding.isEmpty && fetches.isEmpty { return }
            for fetch in fetches.values {
                fetch.task?.cancel()
                for waiter in fetch.waiters.values { waiter.resume(throwing: CancellationError()) }
            }
            statistics.abandoned += fetches.count
            fetches.removeAll()
            for task in withdrawing { await task.value }
            for task in fetching { await task.value }
            for task in decoding { _ = await task.value }
        }
    }

    // MARK: - Queue and waiters
    private func register(_ url: URL, waiter: UInt64, priority: ImagePriority, continuation: CheckedContinuation<Data, any Error>) {
        if var fetch = fetches[url] {
            fetch.waiters[waiter] = continuation
            if priority < fetch.priority { fetch.priority = priority }
            fetches[url] = fetch
        } else {
            var fetch = Fetch(priority: priority, arrival: waiter, host: url.host ?? "")
            fetch.waiters[waiter] = continuation
            fetches[url] = fetch
        }
        pump()
    }

    private func withdraw(_ url: URL, waiter: UInt64) {
        guard var fetch = fetches[url], let continuation = fetch.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        if fetch.waiters.isEmpty {
            if isNearlyDone(fetch) {
                // Left to finish: its body lands in the cache for when the card comes back.
                fetches[url] = fetch
                statistics.keptNearlyDone += 1
                return
            }
            if let task = fetch.task {
                task.cancel()
                ending[fetch.arrival] = task
            }
            fetches[url] = nil
            statistics.abandoned += 1
            pump()
        } else {
            fetches[url] = fetch
        }
    }

    /// In flight for at least `nearlyDone` of the median time the host's recent answers took.
    private func isNearlyDone(_ fetch: Fetch) -> Bool {
        guard let startedAt = fetch.startedAt, let recent = durations[fetch.host], !recent.isEmpty else { return false }
        let median = recent.sorted()[recent.count / 2]
        return (now() - startedAt) * Self.nearlyDone.denominator >= median * Self.nearlyDone.numerator
    }

    /// Starts queued requests, most urgent first, while their hosts have room. A request whose every caller
    /// has left is not started even before their withdrawals reach the actor: a held PgDn leaves pages faster
    /// than a busy machine runs those, and their requests took the connections the final page needed.
    private func pump() {
        var running: [String: Int] = [:]
        for fetch in fetches.values where fetch.task != nil { running[fetch.host, default: 0] += 1 }
        let leaving = withdrawals.withLock { Set($0.keys) }
        // Only requests whose host has room are ordered: in a burst of keys the host is usually full, and
        // sorting every waiting request on each call cost 6 % of the browser's CPU in a held PgDn.
        let queued = fetches.filter {
            $0.value.task == nil && running[$0.value.host, default: 0] < maxPerHost && !$0.value.waiters.keys.allSatisfy(leaving.contains)
        }
        .sorted { ($0.value.priority, $0.value.arrival) < ($1.value.priority, $1.value.arrival) }
        for (url, fetch) in queued where running[fetch.host, default: 0] < maxPerHost {
            running[fetch.host, default: 0] += 1
            countRequest(url)
            let webservice = self.webservice
            let request = WebRequest(url: url, limits: limits)
            fetches[url]?.startedAt = now()
            let id = fetch.arrival
            fetches[url]?.task = Task(executorPreference: executor) {
                let result: Result<Data, ImageLoadError>
                do throws(PhotoramaError) {
                    result = .success(try await webservice.load(.data(request)))
                } catch {
                    result = .failure(ImageLoadError(error))
                }
                await self.finish(url, id, result)
            }
        }
    }

    private func countRequest(_ url: URL) {
        if statistics.requests[url] == nil {
            requestOrder.append(url)
            if requestOrder.count > Self.requestsRemembered { statistics.requests[requestOrder.removeFirst()] = nil }
        }
        statistics.requests[url, default: 0] += 1
    }

    /// The end of fetch `id` for `url`: given to its callers, unless the fetch was abandoned meanwhile (then
    /// `fetches[url]` is gone or is a newer request, which this end must leave alone).
    private func finish(_ url: URL, _ id: UInt64, _ result: Result<Data, ImageLoadError>) {
        ending[id] = nil
        guard let fetch = fetches[url], fetch.arrival == id else { return }
        fetches[url] = nil
        if case .success(let data) = result {
            bodies.insert(data, for: url, cost: data.count)
            if let startedAt = fetch.startedAt {
                var recent = durations[fetch.host, default: []]
                recent.append(now() - startedAt)
                durations[fetch.host] = Array(recent.suffix(Self.durationWindow))
            }
        }
        for continuation in fetch.waiters.values { continuation.resume(with: result.mapError { $0 as any Error }) }
        pump()
    }
}
