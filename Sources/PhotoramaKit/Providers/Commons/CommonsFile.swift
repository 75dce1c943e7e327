/// What one page entry of a Commons answer says, as `CommonsParser.photo` reads it: taken from the JSON
/// tree here, or straight from the bytes by `CommonsAnswerReader`, with the same accessors' rules.
struct CommonsFile {
    var title: String?
    /// `index`, the search rank.
    var rank: Int?
    /// The first of `coordinates`.
    var latitude: Double?
    var longitude: Double?
    /// The first of `imageinfo`, when it is an object.
    var info: Info?

    /// The `extmetadata` fields read, in the order `iiextmetadatafilter` names them.
    enum MetadataKey: String, CaseIterable {
        case artist = "Artist"
        case imageDescription = "ImageDescription"
        case objectName = "ObjectName"
        case dateTimeOriginal = "DateTimeOriginal"
        case licenseShortName = "LicenseShortName"
        case usageTerms = "UsageTerms"
        case licenseURL = "LicenseUrl"
        case attributionRequired = "AttributionRequired"
        case gpsLatitude = "GPSLatitude"
        case gpsLongitude = "GPSLongitude"
        case categories = "Categories"

        static let all = Array(allCases)

        /// Its place in `allCases` and `Info.metadata`, without searching the list (a dozen reads a file made
        /// the search 1 % of a Commons page).
        var position: Int {
            switch self {
            case .artist: 0
            case .imageDescription: 1
            case .objectName: 2
            case .dateTimeOriginal: 3
            case .licenseShortName: 4
            case .usageTerms: 5
            case .licenseURL: 6
            case .attributionRequired: 7
            case .gpsLatitude: 8
            case .gpsLongitude: 9
            case .categories: 10
            }
        }
    }

    struct Info {
        var mime: String?
        var mediaType: String?
        var width: Int?
        var height: Int?
        var thumbURL: String?
        var thumbWidth: Int?
        var thumbHeight: Int?
        var url: String?
        var descriptionURL: String?
        var user: String?
        /// By `MetadataKey` position: each field's value as text (`CommonsParser.metadata`).
        var metadata = [String?](repeating: nil, count: MetadataKey.allCases.count)

        subscript(key: MetadataKey) -> String? {
            metadata[key.position]
        }
    }

    init() {}

    /// From the tree.
    init(_ entry: JSONValue) {
        title = entry["title"]?.nonEmptyString
        rank = entry["index"]?.int
        let coordinates = entry["coordinates"]?.array?.first
        latitude = coordinates?["lat"]?.double
        longitude = coordinates?["lon"]?.double
        guard let info = entry["imageinfo"]?.array?.first, info.object != nil else { return }
        var read = Info()
        read.mime = info["mime"]?.nonEmptyString
        read.mediaType = info["mediatype"]?.nonEmptyString
        read.width = info["width"]?.int
        read.height = info["height"]?.int
        read.thumbURL = info["thumburl"]?.nonEmptyString
        read.thumbWidth = info["thumbwidth"]?.int
        read.thumbHeight = info["thumbheight"]?.int
        read.url = info["url"]?.nonEmptyString
        read.descriptionURL = info["descriptionurl"]?.nonEmptyString
        read.user = info["user"]?.nonEmptyString
        for (index, key) in MetadataKey.all.enumerated() {
            read.metadata[index] = CommonsParser.metadata(info["extmetadata"]?[key.rawValue]?["value"])
        }
        self.info = read
    }
}

/// One answer of a Commons list: its files (those with imageinfo) in search order, and where it goes on.
public struct CommonsAnswer: Sendable, Equatable {
    struct File: Sendable, Equatable {
        /// `index` (the search rank), else after every ranked file.
        var rank: Int
        /// Where the answer lists it; the answers of one batch list the same pages in the same order.
        var position: Int
        var photo: Photo
    }

    var files: [File]
    /// The generator continues: there is another page.
    public var more: Bool
    /// The `continue` block when some files' imageinfo is in a later answer of this batch (`iicontinue`):
    /// the parameters to ask with for the rest. Empty when the batch is complete.
    public var batchContinuation: [String: String]

    init(files: [File], more: Bool, batchContinuation: [String: String]) {
        self.files = files.sorted { ($0.rank, $0.position) < ($1.rank, $1.position) }
        self.more = more
        self.batchContinuation = batchContinuation
    }

    public var photos: [Photo] { files.map(\.photo) }

    /// This answer with a later one of the same batch: the files either holds (once each, the first
    /// reading kept), in search order; where the list goes on as the later one says.
    public func merged(with later: CommonsAnswer) -> CommonsAnswer {
        var seen = Set(files.map(\.photo.id))
        let added = later.files.filter { seen.insert($0.photo.id).inserted }
        return CommonsAnswer(files: files + added, more: later.more, batchContinuation: later.batchContinuation)
    }

    /// As a page of the list. `offset` is how many results earlier pages held.
    public func page(_ page: Int, offset: Int) -> Page<Photo> {
        Page(items: photos, page: page, pages: more ? page + 1 : page, total: offset + files.count)
    }
}
