import Foundation

/// One stored answer: what the server said (status, the headers worth keeping, the body) and when.
public struct CachedResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [CachedHeader]
    public var body: Data
    public var storedAt: Date
    public var kind: CacheKind

    public init(status: Int, headers: [CachedHeader], body: Data, storedAt: Date, kind: CacheKind) {
        self.status = status
        self.headers = headers
        self.body = body
        self.storedAt = storedAt
        self.kind = kind
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The headers a cached answer keeps: enough to parse it and to revalidate it, nothing that could
    /// carry a secret (no Set-Cookie, no Location).
    public static let keptHeaders: Set<String> = ["content-type", "etag", "last-modified", "cache-control"]
}

public struct CachedHeader: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Sizes and counts for `photorama cache`.
public struct CacheStatistics: Sendable, Equatable {
    public var bytes: Int64
    public var answers: Int
    public var images: Int
    public init(bytes: Int64, answers: Int, images: Int) {
        self.bytes = bytes
        self.answers = answers
        self.images = images
    }
}

/// Where answers are kept (SQLite and files in PhotoramaStore; a dictionary in tests). Every method
/// swallows its own failures: a cache that cannot read answers "not cached", one that cannot write
/// turns itself off and says so once through `problems`.
public protocol ResponseStore: Sendable {
    /// The entry under `key`, or nil. A corrupt entry is removed and reported as absent.
    func lookup(_ key: String) async -> CachedResponse?
    func store(_ key: String, _ response: CachedResponse) async
    /// Marks an entry as fresh again (a 304 answer).
    func refresh(_ key: String, storedAt: Date) async
    func remove(_ key: String) async
    /// Counts one call made with the key whose hash is `keyHash` in the hour starting at `hourStart`
    /// (seconds since 1970) and returns the count so far.
    func countCall(keyHash: String, hourStart: Int) async -> Int
    func callCount(keyHash: String, hourStart: Int) async -> Int
}
