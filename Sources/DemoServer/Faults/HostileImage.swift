import NIOCore
import SeededRandom

/// Bad answers to image URLs (the hostile-images fault): 200 `image/jpeg` with a body no decoder should
/// trust. Same seed and URL, same bytes.
struct HostileImage: Sendable {
    let rate: Double
    let seed: UInt64

    enum Kind: CaseIterable {
        /// The first part of the real JPEG, with no end-of-image marker.
        case truncatedJPEG
        /// A well-formed JPEG header declaring 65,500×65,500 pixels (12 GB of RGB), then nothing useful.
        case decompressionBomb
        case html
        case png
        case garbage
    }

    /// The kind of bad answer for this URL key, or nil when it is answered normally.
    func kind(for key: String) -> Kind? {
        guard rate > 0 else { return nil }
        let hash = SeededGenerator.mix(Self.fnv1a(key) ^ seed &* 0xD6E8_FEB8_6659_FD93)
        guard rate >= 1 || HostileText.unit(hash) < rate else { return nil }
        let kinds = Kind.allCases
        return kinds[Int(SeededGenerator.mix(hash) % UInt64(kinds.count))]
    }

    /// The bad answer replacing `good` (the real JPEG) for `key`, or `good` itself.
    func answer(_ good: HTTPAnswer, key: String) -> HTTPAnswer {
        guard good.status == 200, let kind = kind(for: key) else { return good }
        var random = SeededGenerator(seed: SeededGenerator.mix(Self.fnv1a(key) ^ seed))
        let bytes: [UInt8]
        switch kind {
        case .truncatedJPEG:
            let whole = Array(good.body.readableBytesView)
            bytes = Array(whole.prefix(max(2, whole.count * random.int(10...80) / 100)))
        case .decompressionBomb: bytes = Self.bombHeader + (0..<256).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case .html:
            bytes = Array("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>\n".utf8)
        case .png: bytes = Self.tinyPNG
        case .garbage: bytes = (0..<random.int(1...4096)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        // A weak ETag of its own, so a client's cache never takes it for the real image.
        return HTTPAnswer(
            status: 200, contentType: "image/jpeg", body: ByteBuffer(bytes: bytes), etag: "W/\"bad-\(Self.fnv1a(key) % 1_000_000)\"",
            cacheControl: good.cacheControl)
    }

    /// SOI, a JFIF APP0, a quantisation table and a baseline SOF0 of 65,500×65,500 with three components.
    static let bombHeader: [UInt8] = {
        var bytes: [UInt8] = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
        ]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFF, 0xDC, 0xFF, 0xDC, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00]
        return bytes
    }()

    /// A valid 1×1 PNG, sent as image/jpeg.
    static let tinyPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41,
        0x54, 0x08, 0xD7, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00, 0x18, 0xDD, 0x8D, 0xB0, 0x00, 0x00, 0x00,
        0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}
