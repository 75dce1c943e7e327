import Foundation
import PhotoramaKit
import PhotoramaStore

/// The cache's record reader: whatever a damaged database or image file holds, an entry is either whole
/// and sound or not there.
enum CacheTargets {
    /// Input: a flags byte, then kind, status, headers, size, checksum and stored-at as text separated by
    /// NUL bytes, then the body. Flag bits 0 and 1 put in the body's true checksum and length, so the
    /// fuzzer also reaches records that decode.
    static let record = FuzzTarget(name: "cache-record", summary: "the cache's record reader (an entry's fields and body)") { bytes in
        guard let flags = bytes.first else { return [] }
        let fields = bytes.dropFirst().split(separator: 0, maxSplits: 6, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        func field(_ index: Int) -> String? { index < fields.count ? fields[index] : nil }
        let body = field(6).map { Data($0.utf8) }
        let record = CacheRecord(
            kind: field(0), status: field(1).flatMap { Int($0) }, headers: field(2),
            size: flags & 2 != 0 ? body.map { Int64($0.count) } : field(3).flatMap { Int64($0) },
            checksum: flags & 1 != 0 ? body.map { FNV1a.hex(FNV1a.hash($0)) } : field(4),
            storedAt: field(5).flatMap { Double($0) }, body: body)
        guard let response = record.decoded() else { return [] }
        var broken: [String] = []
        if Int64(response.body.count) != record.size {
            broken.append("a body of \(response.body.count) bytes passed for \(record.size ?? -1)")
        }
        if FNV1a.hex(FNV1a.hash(response.body)) != record.checksum { broken.append("a body passed with another checksum") }
        let encoded = SQLiteResponseCache.encodeHeaders(response.headers)
        if SQLiteResponseCache.decodeHeaders(encoded) != response.headers {
            broken.append("headers do not survive storing again: \(encoded.debugDescription)")
        }
        return broken
    }
}
