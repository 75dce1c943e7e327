/// One Flickr photo in the demo catalog. Numbers are stored; the strings (title, description, tags, secrets,
/// server, date taken) are made from the draws they come from when an answer shows them, so making the
/// catalog's 20,000 photos for a search makes no strings (docs/PERFORMANCE.md, issue 40).
/// A class so that handing a photo around costs one retain.
final class DemoPhoto: Sendable {
    let id: UInt64
    let farm: Int
    let ownerIndex: Int
    let cityIndex: Int
    let subjectIndex: Int
    /// Zero when the photo is not geotagged (Flickr sends 0/0 then).
    let latitude: Double
    let longitude: Double
    let hasGeo: Bool
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
    private let strings: Strings

    /// Where the strings come from: given whole (the tests' eager reference build), or made from draws.
    private enum Strings: Sendable {
        case given(Given)
        case drawn(Drawn)
    }

    private struct Given: Sendable {
        let idString: String, secret: String, originalSecret: String, server: String, title: String, description: String
        let tags: [String], dateTaken: String
    }

    /// The draws behind the strings: each secret as its ten hex digits, four bits each, first in the low bits.
    struct Drawn: Sendable {
        let words: PhotoWords
        let secret: UInt64
        let originalSecret: UInt64
        let server: Int
    }

    var idString: String {
        switch strings {
        case .given(let given): given.idString
        case .drawn: String(id)
        }
    }

    var secret: String {
        switch strings {
        case .given(let given): given.secret
        case .drawn(let drawn): Self.hex(drawn.secret)
        }
    }

    var originalSecret: String {
        switch strings {
        case .given(let given): given.originalSecret
        case .drawn(let drawn): Self.hex(drawn.originalSecret)
        }
    }

    var server: String {
        switch strings {
        case .given(let given): given.server
        case .drawn(let drawn): String(drawn.server)
        }
    }

    var title: String {
        switch strings {
        case .given(let given): given.title
        case .drawn(let drawn): drawn.words.titleText
        }
    }

    /// May hold HTML, as real descriptions do.
    var description: String {
        switch strings {
        case .given(let given): given.description
        case .drawn(let drawn): drawn.words.descriptionText
        }
    }

    /// Normalised Flickr tags (lowercase, no spaces).
    var tags: [String] {
        switch strings {
        case .given(let given): given.tags
        case .drawn(let drawn): drawn.words.tags
        }
    }

    /// MySQL datetime in the owner's time zone, as Flickr sends it.
    var dateTaken: String {
        switch strings {
        case .given(let given): given.dateTaken
        case .drawn: CivilTime.mysql(CivilTime.fields(secondsSince1970: takenSortKey))
        }
    }

    /// The draws the strings are made from; nil for a photo given its strings.
    var words: PhotoWords? {
        switch strings {
        case .given: nil
        case .drawn(let drawn): drawn.words
        }
    }

    /// Ten hex digits from their packed draws (`SeededGenerator.hex(10)`'s digits).
    static func hex(_ packed: UInt64) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 10) { buffer in
            for position in 0..<10 { buffer[position] = digits.utf8Start[Int(packed >> (4 * UInt64(position)) & 0xF)] }
            return 10
        }
    }

    /// A photo given its strings.
    convenience init(
        id: UInt64, idString: String, secret: String, originalSecret: String, server: String, farm: Int, ownerIndex: Int, cityIndex: Int,
        subjectIndex: Int, title: String, description: String, tags: [String], latitude: Double, longitude: Double, hasGeo: Bool,
        dateTaken: String, takenSortKey: Int, takenGranularity: Int, takenUnknown: Bool, datePosted: Int, lastUpdate: Int, views: Int,
        interestingness: Double, width: Int, height: Int, license: Int
    ) {
        self.init(
            id: id,
            strings: .given(
                Given(
                    idString: idString, secret: secret, originalSecret: originalSecret, server: server, title: title,
                    description: description, tags: tags, dateTaken: dateTaken)),
            farm: farm, ownerIndex: ownerIndex, cityIndex: cityIndex, subjectIndex: subjectIndex, latitude: latitude,
            longitude: longitude, hasGeo: hasGeo, takenSortKey: takenSortKey, takenGranularity: takenGranularity,
            takenUnknown: takenUnknown, datePosted: datePosted, lastUpdate: lastUpdate, views: views,
            interestingness: interestingness, width: width, height: height, license: license)
    }

    /// A photo whose strings are made from `drawn` when asked for.
    convenience init(
        id: UInt64, drawn: Drawn, farm: Int, ownerIndex: Int, latitude: Double, longitude: Double, hasGeo: Bool, takenSortKey: Int,
        takenGranularity: Int, takenUnknown: Bool, datePosted: Int, lastUpdate: Int, views: Int, interestingness: Double, width: Int,
        height: Int, license: Int
    ) {
        self.init(
            id: id, strings: .drawn(drawn), farm: farm, ownerIndex: ownerIndex, cityIndex: Int(drawn.words.city),
            subjectIndex: Int(drawn.words.subject), latitude: latitude, longitude: longitude, hasGeo: hasGeo,
            takenSortKey: takenSortKey, takenGranularity: takenGranularity, takenUnknown: takenUnknown, datePosted: datePosted,
            lastUpdate: lastUpdate, views: views, interestingness: interestingness, width: width, height: height, license: license)
    }

    private init(
        id: UInt64, strings: Strings, farm: Int, ownerIndex: Int, cityIndex: Int, subjectIndex: Int, latitude: Double,
        longitude: Double, hasGeo: Bool, takenSortKey: Int, takenGranularity: Int, takenUnknown: Bool, datePosted: Int,
        lastUpdate: Int, views: Int, interestingness: Double, width: Int, height: Int, license: Int
    ) {
        self.id = id
        self.strings = strings
        self.farm = farm
        self.ownerIndex = ownerIndex
        self.cityIndex = cityIndex
        self.subjectIndex = subjectIndex
        self.latitude = latitude
        self.longitude = longitude
        self.hasGeo = hasGeo
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
