/// The 500px photo object (short format in lists, a few more fields for a single photo).
enum FiveHundredPxPhotoJSON {
    static func members(_ photo: FiveHundredPxPhoto, catalog: DemoCatalog, sizes: ImageSizeRequest, base: String, full: Bool = false) -> [(
        String, JSONValue
    )] {
        let user = catalog.users[photo.userIndex]
        let images: [JSONValue] = sizes.sizes.map { size in
            let url = imageURL(base: base, photo: photo, size: size)
            return .object([("format", .string("jpeg")), ("size", .int(size.id)), ("url", .string(url)), ("https_url", .string(url))])
        }
        let urls = sizes.sizes.map { JSONValue.string(imageURL(base: base, photo: photo, size: $0)) }
        var m: [(String, JSONValue)] = [
            ("id", .int(photo.id)), ("user_id", .int(user.px500ID)), ("name", .string(photo.name)),
            ("description", .optional(photo.description)),
            ("camera", .optional(photo.camera)), ("lens", .optional(photo.lens)), ("focal_length", .optional(photo.focalLength)),
            ("iso", .optional(photo.iso)), ("shutter_speed", .optional(photo.shutterSpeed)), ("aperture", .optional(photo.aperture)),
            ("times_viewed", .int(photo.timesViewed)), ("rating", .double(photo.rating)), ("status", .int(1)),
            ("created_at", .string(photo.createdAt)), ("category", .int(photo.category)), ("location", .null),
            ("latitude", photo.latitude.map { .double(($0 * 1_000_000).rounded() / 1_000_000) } ?? .null),
            ("longitude", photo.longitude.map { .double(($0 * 1_000_000).rounded() / 1_000_000) } ?? .null),
            ("taken_at", .optional(photo.takenAt)), ("for_sale", .bool(false)), ("width", .int(photo.width)),
            ("height", .int(photo.height)),
            ("votes_count", .int(photo.votesCount)), ("favorites_count", .int(photo.favoritesCount)),
            ("comments_count", .int(photo.commentsCount)),
            ("nsfw", .bool(photo.nsfw)), ("highest_rating", .double(photo.highestRating)), ("license_type", .int(0)),
            ("privacy", .bool(false)),
            // One size: a string (2012–2017 shape); several: an array (2019 shape).
            ("image_url", urls.count == 1 ? urls[0] : .array(urls)),
            ("images", .array(images)), ("url", .string("/photo/\(photo.id)")), ("image_format", .string("jpeg")),
            ("user", .object(self.user(user))),
        ]
        if full {
            let city = City.all[photo.cityIndex]
            m.append(("city", .string(city.name)))
            m.append(("country", .string(city.country)))
            m.append(("tags", .array([.string(Subject.all[photo.subjectIndex].english), .string(city.tag)])))
        }
        return m
    }

    static func user(_ user: DemoUser) -> [(String, JSONValue)] {
        let parts = user.realname.split(separator: " ", maxSplits: 1).map(String.init)
        return [
            ("id", .int(user.px500ID)), ("username", .string(user.username)), ("firstname", .string(parts.first ?? "")),
            ("lastname", .string(parts.count > 1 ? parts[1] : "")), ("city", .string(user.location)), ("country", .string("")),
            ("usertype", .int(0)), ("fullname", .string(user.realname)),
            ("userpic_url", .string("https://pacdn.500px.org/userpic.png")),
            ("userpic_https_url", .string("https://pacdn.500px.org/userpic.png")),
            ("cover_url", .null), ("upgrade_status", .int(0)), ("affection", .int(user.px500ID % 5000)),
            ("followers_count", .int(user.px500ID % 900)),
        ]
    }

    static func imageURL(base: String, photo: FiveHundredPxPhoto, size: FiveHundredPxImageSize) -> String {
        "\(base)/px500/\(photo.id)/\(size.id).jpg"
    }
}
