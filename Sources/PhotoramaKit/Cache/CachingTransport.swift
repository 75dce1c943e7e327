import Foundation
import PhotoramaLocking

/// A transport in front of another that keeps answers in a `ResponseStore`: fresh entries answer without
/// the network, stale images are revalidated (ETag / Last-Modified, 304), a network that is down is
/// answered from whatever is stored, and `--offline` never touches the network at all.
///
/// It also counts Flickr calls per key and hour (in the store) and reports the count on each response,
/// so the network log shows it, and gives a 429 without Retry-After the time left in the hour.
public final class CachingTransport: Transport {
    /// Response header carrying where an answer came from ("hit age=12s" and so on); the log shows it.
    public static let cacheHeader = "X-Photorama-Cache"
    /// Response header carrying "calls/limit" for the current hour of the Flickr key.
    public static let callsHeader = "X-Photorama-Flickr-Calls"
    /// How long a failed connection makes later loads go to the cache first.
    public static let downInterval: TimeInterval = 30

    private let inner: any Transport
    private let store: any ResponseStore
    private let offline: Bool
    private let bypassOrigins: Set<String>
    private let now: @Sendable () -> Date
    private let budget: RateBudget
    private let downSince = Locked<Date?>(nil)

    /// - offline: `--offline`: answer from the store only.
    /// - bypassOrigins: "host:port" of servers not worth caching (the embedded demo server).
    public init(
        wrapping inner: any Transport, store: any ResponseStore, offline: Bool = false,
        bypassOrigins: Set<String> = [], budget: RateBudget = RateBudget(), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.inner = inner
        self.store = store
        self.offline = offline
        self.bypassOrigins = bypassOrigins
        self.budget = budget
        self.now = now
    }

    public static func origin(_ url: URL) -> String {
        "\(url.host?.lowercased() ?? ""):\(url.port ?? (url.scheme == "https" ? 443 : 80))"
    }

    /// The calls counted for `key` in the current hour.
    public func callsThisHour(key: String) async -> Int {
        await store.callCount(keyHash: RateBudget.keyHash(key), hourStart: RateBudget.hourStart(now()))
    }

    // MARK: - Sending
    public func send(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        guard let kind = CacheKind.of(request), !bypassOrigins.contains(Self.origin(request.url)) else {
            if offline, !bypassOrigins.contains(Self.origin(request.url)) { throw Self.notCached }
            return try await network(request)
        }
        let key = CacheKey.of(request)
        let date = now()
        let cached = await store.lookup(key)
        if let cached {
            let age = date.timeIntervalSince(cached.storedAt)
            let fresh = age < Self.freshness(cached)
            if offline || isDown(at: date) { return serve(cached, age: age, stale: !fresh, offline: true) }
            switch CacheContext.mode {
            case .preferCache: return serve(cached, age: age, stale: !fresh, offline: false)
            case .normal where fresh: return serve(cached, age: age, stale: false, offline: false)
            default: break
            }
        } else if offline {
            throw Self.notCached
        }
        var outgoing = request
        if let cached, cached.kind == .image {
            if let tag = cached.header("ETag") { outgoing.headers.append((name: "If-None-Match", value: tag)) }
            if let modified = cached.header("Last-Modified") {
                outgoing.headers.append((name: "If-Modified-Since", value: modified))
            }
        }
        let response: WebResponse
        do {
            response = try await network(outgoing)
        } catch {
            if case .offline = error { downSince.withLock { $0 = date } }
            switch error {
            case .offline, .timeout, .connectionLost:
                if let cached {
                    let age = date.timeIntervalSince(cached.storedAt)
                    return serve(cached, age: age, stale: age >= Self.freshness(cached), offline: true)
                }
            default: break
            }
            throw error
        }
        downSince.withLock { $0 = nil }
        if response.status == 304, let cached {
            await store.refresh(key, storedAt: date)
            var revalidated = Self.response(from: cached)
            revalidated.headers.append((name: Self.cacheHeader, value: "revalidated"))
            return revalidated
        }
        if response.status == 200, Self.storable(response, kind: kind) {
            let headers = response.headers
                .filter { CachedResponse.keptHeaders.contains($0.name.lowercased()) }
                .map { CachedHeader(name: $0.name, value: $0.value) }
            await store.store(key, CachedResponse(status: 200, headers: headers, body: response.body, storedAt: date, kind: kind))
        }
        return response
    }

    // MARK: - Network and fallback
    /// One network call, counted when it is a Flickr call with a key.
    private func network(_ request: WebRequest) async throws(PhotoramaError) -> WebResponse {
        let flickrKey = Self.flickrKey(request.url)
        var count: Int?
        if let flickrKey {
            count = await store.countCall(keyHash: RateBudget.keyHash(flickrKey), hourStart: RateBudget.hourStart(now()))
        }
        var response = try await inner.send(request)
        if let count { response.headers.append((name: Self.callsHeader, value: "\(count)/\(budget.limit)")) }
        if flickrKey != nil, response.status == 429, response.header("Retry-After") == nil {
            response.headers.append((name: "Retry-After", value: "\(RateBudget.secondsLeftInHour(now()))"))
        }
        return response
    }

    private func isDown(at date: Date) -> Bool {
        guard let since = downSince.withLock({ $0 }) else { return false }
        return date.timeIntervalSince(since) < Self.downInterval
    }

    private func serve(_ cached: CachedResponse, age: TimeInterval, stale: Bool, offline: Bool) -> WebResponse {
        let origin = CacheOrigin(age: max(0, Int(age)), stale: stale, offline: offline)
        CacheContext.report?.record(origin)
        var response = Self.response(from: cached)
        response.headers.append(
            (name: Self.cacheHeader, value: "hit age=\(origin.age)s" + (stale ? " stale" : "") + (offline ? " offline" : "")))
        return response
    }

    /// Not an `.offline` error: those are retried, and asking the cache again would give the same answer.
    public static let notCached = PhotoramaError.notCached

    // MARK: - Rules
    static func response(from cached: CachedResponse) -> WebResponse {
        WebResponse(status: cached.status, headers: cached.headers.map { (name: $0.name, value: $0.value) }, body: cached.body)
    }

    /// The kind's freshness, or for images the server's Cache-Control (max-age, no-cache) when it sent one.
    static func freshness(_ cached: CachedResponse) -> TimeInterval {
        guard cached.kind == .image, let control = cached.header("Cache-Control")?.lowercased() else {
            return cached.kind.freshness
        }
        if control.contains("no-cache") { return 0 }
        for part in control.split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            // The server may shorten an image's life, not lengthen it past the kind's.
            if pair.count == 2, pair[0] == "max-age", let seconds = TimeInterval(pair[1]) { return min(seconds, cached.kind.freshness) }
        }
        return cached.kind.freshness
    }

    /// Not stored: a server's no-store, and Flickr's errors sent with 200 (`"stat":"fail"`).
    static func storable(_ response: WebResponse, kind: CacheKind) -> Bool {
        if let control = response.header("Cache-Control")?.lowercased(), control.contains("no-store") { return false }
        // MediaWiki's errors (maxlag above all) come with 200 and name themselves in this header.
        if response.header("MediaWiki-API-Error") != nil { return false }
        if kind != .image, response.body.count < 4096,
            String(decoding: response.body, as: UTF8.self).replacingOccurrences(of: " ", with: "").contains("\"stat\":\"fail\"")
        {
            return false
        }
        return true
    }

    /// The api_key of a Flickr REST call (a `method=flickr.…` query), if any.
    static func flickrKey(_ url: URL) -> String? {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems,
            items.contains(where: { $0.name == "method" && ($0.value ?? "").hasPrefix("flickr.") })
        else { return nil }
        return items.first { $0.name == "api_key" }?.value
    }
}
