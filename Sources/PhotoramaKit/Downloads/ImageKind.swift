/// An image format recognised from its first bytes, never from a URL or a Content-Type (both lie).
public enum ImageKind: String, Sendable, Equatable, CaseIterable {
    case jpeg = "jpg"
    case png
    case gif
    case webp

    /// How many leading bytes `detect` needs to decide.
    public static let signatureLength = 12

    public var fileExtension: String { rawValue }

    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageKind? {
        let head = Array(bytes.prefix(signatureLength))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        return nil
    }
}
