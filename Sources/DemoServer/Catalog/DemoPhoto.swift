/// One Flickr photo in the demo catalog. Everything a Flickr answer can mention is precomputed here.
/// A class so that handing a photo around costs one retain, not one per string field.
final class DemoPhoto: Sendable {
    let id: UInt64
    let idString: String
    let secret: String
    let originalSecret: String
    let server: String
    let farm: Int
    let ownerIndex: Int
    let cityIndex: Int
    let subjectIndex: Int
    let title: String
    /// May hold HTML, as real descriptions do.
    let description: String
    /// Normalised Flickr tags (lowercase, no spaces).
    let tags: [String]
    /// Zero when the photo is not geotagged (Flickr sends 0/0 then).
    let latitude: Double
    let longitude: Double
    let hasGeo: Bool
    /// MySQL datetime in the owner's time zone, as Flickr sends it.
    let dateTaken: String
    /// Seconds of `dateTaken` on a local clock, for sorting.
    let takenSortKey: Int
    /// 0 exact, 4 month, 6 year.
    let takenGranularity: Int
    let takenUnknown: Bool
    /// Unix time.
    let datePosted: Int
    let lastUpdate: Int
    let views: Int
    let interestingness: Double
    /// Original dimensions.
    let width: Int
    let height: Int
    let license: Int

    init(
        id: UInt64, idString: String, secret: String, originalSecret: String, server: String, farm: Int, ownerIndex: Int, cityIndex: Int,
        subjectIndex: Int, title: String, description: String, tags: [String], latitude: Double, longitude: Double, hasGeo: Bool,
        dateTaken: String, takenSortKey: Int, takenGranularity: Int, takenUnknown: Bool, datePosted: Int, lastUpdate: Int, views: Int,
        interestingness: Double, width: Int, height: Int, license: Int
    ) {
        self.id = id
        self.idString = idString
        self.secret = secret
        self.originalSecret = originalSecret
        self.server = server
        self.farm = farm
        self.ownerIndex = ownerIndex
        self.cityIndex = cityIndex
        self.subjectIndex = subjectIndex
        self.title = title
        self.description = description
        self.tags = tags
        self.latitude = latitude
        self.longitude = longitude
        self.hasGeo = hasGeo
        self.dateTaken = dateTaken
        self.takenSortKey = takenSortKey
        self.takenGranularity = takenGranularity
        self.takenUnknown = takenUnknown
        self.datePosted = datePosted
        self.lastUpdate = lastUpdate
        self.views = views
        self.interestingness = interestingness
        self.width = width
        self.height = height
        self.license = license
    }
}

/// A Flickr gallery: a curated list of other people's photos.
struct DemoGallery: Sendable {
    let id: String
    let ownerIndex: Int
    let title: String
    let description: String
    let photoIndices: [Int]
}
