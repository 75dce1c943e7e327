import Foundation
import PhotoramaKit

/// One cache entry's fields as stored (the body from its row or its image file), any of them missing or
/// damaged: `decoded()` gives the response only when every field is sound and the body is whole.
public struct CacheRecord: Sendable {
    public var kind: String?
    public var status: Int?
    public var headers: String?
    public var size: Int64?
    public var checksum: String?
    public var storedAt: Double?
    public var body: Data?

    public init(
        kind: String?, status: Int?, headers: String?, size: Int64?, checksum: String?, storedAt: Double?, body: Data?
    ) {
        self.kind = kind
        self.status = status
        self.headers = headers
        self.size = size
        self.checksum = checksum
        self.storedAt = storedAt
        self.body = body
    }

    /// Nil when anything is wrong: unknown kind, unreadable headers, no body, a body of another length
    /// (a truncated file) or whose checksum differs (an altered one).
    public func decoded() -> CachedResponse? {
        guard let kind = kind.flatMap(CacheKind.init(rawValue:)), let status, let headers,
            let parsedHeaders = SQLiteResponseCache.decodeHeaders(headers), let size, let checksum, let storedAt,
            storedAt.isFinite, let body, Int64(body.count) == size, FNV1a.hex(FNV1a.hash(body)) == checksum
        else { return nil }
        return CachedResponse(
            status: status, headers: parsedHeaders, body: body, storedAt: Date(timeIntervalSince1970: storedAt), kind: kind)
    }
}
