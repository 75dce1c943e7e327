import NIOCore
import SeededRandom

/// Serves the JPEGs (and `DemoAnimation`'s GIFs) behind every image URL the server hands out: Flickr-style paths
/// (`/{server}/{id}_{secret}_{suffix}.jpg`) and 500px ones (`/px500/{id}/{size}.jpg`).
struct ImageService: Sendable {
    let catalog: DemoCatalog
    let cache: ImageCache

    struct Rendition {
        let key: String
        let seed: UInt64
        let kind: Subject.SceneKind
        let width: Int, height: Int
        let frameWidth: Int, frameHeight: Int
        /// An animated GIF rather than a JPEG (`DemoAnimation`).
        var animated = false
    }

    /// `segments` are the path's components; nil when the path is not an image path at all.
    func rendition(_ segments: [Substring]) -> Rendition?? {
        if segments.count == 3, segments[0] == "px500" { return .some(px500Rendition(segments[1], segments[2])) }
        if segments.count == 3, segments[0] == "commons-thumb" { return .some(commonsThumbnail(segments[1], segments[2])) }
        guard segments.count == 2, !segments[0].isEmpty, segments[0].allSatisfy(\.isASCIIDigit), segments[1].hasSuffix(".jpg") else {
            return nil
        }
        return .some(flickrRendition(server: segments[0], file: segments[1].dropLast(4)))
    }

    private func flickrRendition(server: Substring, file: Substring) -> Rendition? {
        let parts = file.split(separator: "_")
        guard parts.count == 2 || parts.count == 3, let id = UInt64(parts[0]), let index = catalog.photoIndexByID[id] else { return nil }
        let photo = catalog.photos[index]
        let suffix = parts.count == 3 ? "_\(parts[2])" : ""
        guard photo.server == server, let size = FlickrSize.bySuffix[suffix],
            parts[1] == (size.isOriginal ? photo.originalSecret : photo.secret)
        else { return nil }
        let (width, height) = size.dimensions(width: photo.width, height: photo.height)
        var frameWidth = width
        var frameHeight = height
        if size.square {
            // A centre crop of the whole picture scaled so its short side fills the square, as Flickr crops.
            if photo.width >= photo.height {
                frameWidth = size.edge * photo.width / photo.height
            } else {
                frameHeight = size.edge * photo.height / photo.width
            }
        }
        return Rendition(
            key: "f\(photo.idString)\(suffix)", seed: SeededGenerator.mix(photo.id ^ catalog.seed &* 0x9E37_79B9),
            kind: Subject.all[photo.subjectIndex].scene, width: width, height: height, frameWidth: frameWidth, frameHeight: frameHeight,
            animated: DemoAnimation.isAnimated(photoID: photo.id))
    }

    /// `/commons-thumb/{id}/{W}px-{name}.jpg`: a Flickr photo of the catalog `W` pixels wide (at most its
    /// original's width), as Wikimedia's thumbnail addresses name their width.
    private func commonsThumbnail(_ idText: Substring, _ file: Substring) -> Rendition? {
        guard let id = UInt64(idText), let index = catalog.photoIndexByID[id], file.hasSuffix(".jpg"),
            let marker = file.range(of: "px-"), let asked = Int(file[..<marker.lowerBound]), asked > 0,
            let original = FlickrSize.bySuffix["_o"]
        else { return nil }
        let photo = catalog.photos[index]
        let full = original.dimensions(width: photo.width, height: photo.height)
        let width = min(asked, full.width)
        let height = max(1, Int((Double(full.height) * Double(width) / Double(full.width)).rounded()))
        return Rendition(
            key: "c\(photo.idString)_\(width)", seed: SeededGenerator.mix(photo.id ^ catalog.seed &* 0x9E37_79B9),
            kind: Subject.all[photo.subjectIndex].scene, width: width, height: height, frameWidth: width, frameHeight: height)
    }

    private func px500Rendition(_ idText: Substring, _ file: Substring) -> Rendition? {
        guard file.hasSuffix(".jpg"), let id = Int(idText), let index = catalog.px500IndexByID[id],
            let sizeID = Int(file.dropLast(4)), let size = FiveHundredPxImageSize.all[sizeID]
        else { return nil }
        let photo = catalog.px500Photos[index]
        let (width, height) = size.dimensions(width: photo.width, height: photo.height)
        var frameWidth = width
        var frameHeight = height
        if case .square(let side) = size.rule {
            // A centre crop of the whole picture scaled so its short side fills the square.
            if photo.width >= photo.height {
                frameWidth = side * photo.width / photo.height
            } else {
                frameHeight = side * photo.height / photo.width
            }
        }
        return Rendition(
            key: "p\(id)_\(sizeID)", seed: SeededGenerator.mix(UInt64(id) ^ catalog.seed &* 0x7F4A_7C15),
            kind: Subject.all[photo.subjectIndex].scene, width: width, height: height, frameWidth: frameWidth, frameHeight: frameHeight)
    }

    func answer(_ rendition: Rendition, ifNoneMatch: String?) -> HTTPAnswer {
        let entry =
            cache.value(rendition.key)
            ?? {
                let bytes: [UInt8]
                if rendition.animated {
                    bytes = DemoAnimation.gif(
                        seed: rendition.seed, kind: rendition.kind, width: rendition.width, height: rendition.height,
                        frameWidth: rendition.frameWidth, frameHeight: rendition.frameHeight)
                } else {
                    let pixels = SceneRenderer(seed: rendition.seed, kind: rendition.kind)
                        .render(
                            width: rendition.width, height: rendition.height, frameWidth: rendition.frameWidth,
                            frameHeight: rendition.frameHeight)
                    bytes = JPEGEncoder.encode(rgb: pixels, width: rendition.width, height: rendition.height)
                }
                let entry = CachedImage(body: ByteBuffer(bytes: bytes), etag: "\"\(Self.fnv1a(bytes))\"")
                cache.insert(entry, cost: bytes.count, for: rendition.key)
                return entry
            }()
        let cacheControl = "public, max-age=31536000, immutable"
        if let ifNoneMatch,
            ifNoneMatch.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: " ") == entry.etag || $0.trimmingCharacters(in: " ") == "*"
            })
        {
            return HTTPAnswer(
                status: 304, contentType: rendition.animated ? "image/gif" : "image/jpeg", body: ByteBuffer(), etag: entry.etag,
                cacheControl: cacheControl)
        }
        return HTTPAnswer(
            status: 200, contentType: rendition.animated ? "image/gif" : "image/jpeg", body: entry.body, etag: entry.etag,
            cacheControl: cacheControl)
    }

    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
