import PhotoramaLocking
import SeededRandom

/// The parts of the catalog that need every photo first: each member's photos, the galleries and the 500px
/// photos, whose random draws continue the stream after the last photo. Made once, on first use.
final class CatalogRest: Sendable {
    struct Parts: Sendable {
        var photosByOwner: [[Int]]
        var galleries: [DemoGallery]
        var galleryIndexByID: [String: Int]
        var px500Photos: [FiveHundredPxPhoto]
        var px500IndexByID: [Int: Int]
    }

    private let built: Locked<Parts?>
    private let stream: PhotoStream?
    private let users: [DemoUser]

    init(stream: PhotoStream, users: [DemoUser]) {
        built = Locked(nil)
        self.stream = stream
        self.users = users
    }

    init(built parts: Parts) {
        built = Locked(parts)
        stream = nil
        users = []
    }

    var value: Parts {
        built.withLock { built in
            if let built { return built }
            let parts = Self.make(stream: stream, users: users)
            built = parts
            return parts
        }
    }

    private static func make(stream: PhotoStream?, users: [DemoUser]) -> Parts {
        let photos = stream?.all ?? []
        var random = stream?.randomAfterLastPhoto ?? SeededGenerator(seed: 0)
        var photosByOwner = Array(repeating: [Int](), count: users.count)
        for (index, photo) in photos.enumerated() { photosByOwner[photo.ownerIndex].append(index) }
        let galleries = DemoCatalog.makeGalleries(&random, users: users, photoCount: photos.count)
        let px500Photos = DemoCatalog.makePx500(&random, userCount: users.count)
        return Parts(
            photosByOwner: photosByOwner, galleries: galleries, galleryIndexByID: galleryIndex(galleries),
            px500Photos: px500Photos, px500IndexByID: px500Index(px500Photos))
    }

    static func galleryIndex(_ galleries: [DemoGallery]) -> [String: Int] {
        var galleryIndexByID: [String: Int] = [:]
        for (index, gallery) in galleries.enumerated() {
            galleryIndexByID[gallery.id] = index
            // Gallery pages (flickr.com/photos/USER/galleries/ID) show only the part after the dash.
            if let dash = gallery.id.firstIndex(of: "-") { galleryIndexByID[String(gallery.id[gallery.id.index(after: dash)...])] = index }
        }
        return galleryIndexByID
    }

    static func px500Index(_ photos: [FiveHundredPxPhoto]) -> [Int: Int] {
        var px500IndexByID: [Int: Int] = [:]
        for (index, photo) in photos.enumerated() { px500IndexByID[photo.id] = index }
        return px500IndexByID
    }
}

/// Starts `DemoCatalog.warmUp()` the first time it is asked to, and never again.
final class CatalogWarmUp: Sendable {
    private let catalog: DemoCatalog
    private let started = Locked(false)

    init(_ catalog: DemoCatalog) {
        self.catalog = catalog
    }

    func startOnce() {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        if first { catalog.warmUp() }
    }
}
