import SeededRandom

/// Public methods beyond the catalog's lists: group pools and the look-up of a group's address, Explore,
/// EXIF and the licence list. Answers follow from the catalog's seed alone, so `FlickrService` keeps them.
struct FlickrPublicMethods {
    let catalog: DemoCatalog

    static let methods: Set<String> = [
        "flickr.groups.pools.getPhotos", "flickr.urls.lookupGroup", "flickr.interestingness.getList", "flickr.photos.getExif",
        "flickr.photos.licenses.getInfo",
    ]
    /// Explore's size per day, as on Flickr.
    static let exploreSize = 500
    /// The last day Explore has: the day before the catalog's "now" (2025-06-01).
    static let latestExploreDay = CivilDay(year: 2025, month: 5, day: 31)
    static let firstExploreDay = CivilDay(year: 2004, month: 7, day: 1)

    typealias PhotoList = (_ indices: [Int], _ paging: FlickrPaging, _ totalAsString: Bool) -> [(String, JSONValue)]

    func call(_ method: String, _ parameters: RequestParameters, photoList: PhotoList) throws(FlickrError) -> [(String, JSONValue)] {
        let groups = DemoGroups(catalog: catalog)
        switch method {
        case "flickr.groups.pools.getPhotos":
            guard let id = parameters.nonEmpty("group_id"), let group = groups.group(id: id) else {
                throw FlickrError(code: 1, message: "Group not found")
            }
            return photoList(group.photoIndices, FlickrPaging(parameters), true)
        case "flickr.urls.lookupGroup":
            guard let address = parameters.nonEmpty("url"), let group = groups.group(address: address) else {
                throw FlickrError(code: 1, message: "Group not found")
            }
            return [("group", .object([("id", .string(group.id)), ("groupname", .content(group.name))]))]
        case "flickr.interestingness.getList":
            return photoList(explore(parameters.nonEmpty("date")), FlickrPaging(parameters), false)
        case "flickr.photos.getExif":
            guard let id = parameters.nonEmpty("photo_id").flatMap({ UInt64($0) }), let index = catalog.photoIndexByID[id] else {
                throw .photoNotFound
            }
            let photo = catalog.photos[index]
            if DemoExif.hidden(photo) { throw FlickrError(code: 2, message: "Permission denied") }
            return [
                (
                    "photo",
                    .object([
                        ("id", .string(photo.idString)), ("secret", .string(photo.secret)), ("server", .string(photo.server)),
                        ("farm", .int(photo.farm)), ("camera", .string(DemoExif.camera(photo))), ("exif", .array(DemoExif.entries(photo))),
                    ])
                )
            ]
        default:  // flickr.photos.licenses.getInfo
            return FlickrLicenses.payload
        }
    }

    /// The day's Explore: `exploreSize` photos drawn by a generator seeded with the day, most interesting
    /// first. No date means the latest day; a date outside Explore's days (or not a date) has none.
    func explore(_ date: String?) -> [Int] {
        let day = date == nil ? Self.latestExploreDay : date.flatMap(CivilDay.init(parsing:))
        guard let day, day >= Self.firstExploreDay,
            day <= Self.latestExploreDay
        else { return [] }
        var random = SeededGenerator(seed: catalog.seed ^ 0x0E8F_0000 ^ UInt64(day.ordinal))
        let reach = min(DemoCatalog.photoCount, 6000)
        var chosen = Set<Int>()
        while chosen.count < Self.exploreSize { chosen.insert(Int(random.next() % UInt64(reach))) }
        return chosen.sorted { (catalog.photos[$0].interestingness, $1) > (catalog.photos[$1].interestingness, $0) }
    }
}

/// A calendar day, compared and counted without a time zone.
struct CivilDay: Comparable {
    let year: Int
    let month: Int
    let day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// "YYYY-MM-DD"; nil for anything else.
    init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    var ordinal: Int { year * 372 + month * 31 + day }

    static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.ordinal < rhs.ordinal }
}
