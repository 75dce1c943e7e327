import SeededRandom

/// The legacy 500px API v1 on /v1: the popular feed, one photo, and its comments.
struct FiveHundredPxService: Sendable {
    let catalog: DemoCatalog
    /// The hostile-titles fault (off unless its rate is above 0).
    var hostile = HostileText(rate: 0, seed: 0)

    static let features = ["popular", "highest_rated", "upcoming", "editors", "fresh_today", "fresh_yesterday", "fresh_week"]

    /// `path` is what follows "/v1".
    func answer(path: Substring, _ parameters: RequestParameters, base: String) -> HTTPAnswer {
        guard parameters.nonEmpty("consumer_key") != nil || parameters.nonEmpty("oauth_consumer_key") != nil else {
            return Self.error(401, "Consumer key missing.")
        }
        let parts = path.split(separator: "/")
        switch parts.count {
        case 1 where parts[0] == "photos":
            return list(parameters, base: base)
        case 2 where parts[0] == "photos":
            guard let photo = photo(parts[1]) else { return Self.error(404, "Not Found") }
            return detail(photo, parameters, base: base)
        case 3 where parts[0] == "photos" && parts[2] == "comments":
            guard let photo = photo(parts[1]) else { return Self.error(404, "Not Found") }
            let page = max(1, parameters.nonEmpty("page").flatMap { Int($0) } ?? 1)
            return .json(.object(commentsPage(photo, page: page)))
        default:
            return Self.error(404, "Not Found")
        }
    }

    static func error(_ status: Int, _ message: String) -> HTTPAnswer {
        .json(.object([("status", .int(status)), ("error", .string(message))]), status: status)
    }

    private func photo(_ id: Substring) -> FiveHundredPxPhoto? {
        guard let number = Int(id), let index = catalog.px500IndexByID[number] else { return nil }
        return catalog.px500Photos[index]
    }

    private func list(_ parameters: RequestParameters, base: String) -> HTTPAnswer {
        let feature = parameters.nonEmpty("feature") ?? "popular"
        guard Self.features.contains(feature) else {
            return Self.error(400, "Invalid feature. Use one of: \(Self.features.joined(separator: ", "))")
        }
        let rpp = min(100, max(1, parameters.nonEmpty("rpp").flatMap { Int($0) } ?? 20))
        let page = max(1, parameters.nonEmpty("page").flatMap { Int($0) } ?? 1)
        var photos = catalog.px500Photos
        switch feature {
        case "highest_rated": photos.sort { ($0.highestRating, $0.id) > ($1.highestRating, $1.id) }
        case "fresh_today", "fresh_yesterday", "fresh_week": photos.sort { $0.id > $1.id }
        case "upcoming": photos.reverse()
        default: break  // popular / editors: the catalog order
        }
        let sizes = ImageSizeRequest(parameters)
        let start = (page - 1) * rpp
        let pageItems: [JSONValue] =
            start < photos.count
            ? photos[start..<min(photos.count, start + rpp)].map { photo in
                var members = FiveHundredPxPhotoJSON.members(photo, catalog: catalog, sizes: sizes, base: base)
                hostile.decorate(&members, photoID: UInt64(photo.id))
                return .object(members)
            }
            : []
        return .json(
            .object([
                ("current_page", .int(page)), ("total_pages", .int((photos.count + rpp - 1) / rpp)), ("total_items", .int(photos.count)),
                ("photos", .array(pageItems)),
                ("filters", .object([("category", .bool(false)), ("exclude", .bool(false))])),
                ("feature", .string(feature)),
            ]))
    }

    private func detail(_ photo: FiveHundredPxPhoto, _ parameters: RequestParameters, base: String) -> HTTPAnswer {
        let sizes = ImageSizeRequest(parameters)
        var comments: JSONValue = .array([])
        if parameters["comments"] == "1" {
            let page = max(1, parameters.nonEmpty("comments_page").flatMap { Int($0) } ?? 1)
            comments = commentsPage(photo, page: page).first { $0.0 == "comments" }?.1 ?? .array([])
        }
        var members = FiveHundredPxPhotoJSON.members(photo, catalog: catalog, sizes: sizes, base: base, full: true)
        hostile.decorate(&members, photoID: UInt64(photo.id))
        return .json(
            .object([
                ("photo", .object(members)),
                ("comments", comments),
            ]))
    }

    static let commentsPerPage = 20
    private static let commentTexts = [
        "Stunning! 😍", "Great shot!", "Magnifique lumière", "Wonderful colours", "素敵な写真", "Amazing composition 👌",
        "رائع", "יפה מאוד", "Toll!", "¡Increíble!", "Love this ❤️", "Congrats on Popular!",
    ]

    func commentsPage(_ photo: FiveHundredPxPhoto, page: Int) -> [(String, JSONValue)] {
        let total = photo.commentsCount
        let start = (page - 1) * Self.commentsPerPage
        var random = SeededGenerator(seed: SeededGenerator.mix(UInt64(photo.id) ^ catalog.seed))
        var comments: [JSONValue] = []
        var created = 1_700_000_000 - photo.freshness * 3000
        let owner = catalog.users[photo.userIndex]
        for number in 0..<total {
            let author = catalog.users[random.int(0...(catalog.users.count - 1))]
            let body = random.pick(Self.commentTexts)
            created += random.int(60...50_000)
            guard number >= start, number < start + Self.commentsPerPage else { continue }
            comments.append(
                .object([
                    ("id", .int(photo.id % 1_000_000 * 100 + number)), ("user_id", .int(author.px500ID)),
                    ("to_whom_user_id", .int(owner.px500ID)),
                    ("body", .string(body)), ("created_at", .string(CivilTime.iso8601(secondsSince1970: created, utcOffsetHours: -5))),
                    ("parent_id", .null), ("flagged", .bool(false)), ("rating", .int(0)), ("voted", .bool(false)),
                    ("user", .object(FiveHundredPxPhotoJSON.user(author))),
                ]))
        }
        return [
            ("media_type", .string("photo")), ("current_page", .int(page)),
            ("total_pages", .int(max(1, (total + Self.commentsPerPage - 1) / Self.commentsPerPage))), ("total_items", .int(total)),
            ("comments", .array(comments)),
        ]
    }
}
