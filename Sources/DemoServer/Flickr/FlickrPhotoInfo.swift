/// flickr.photos.getInfo and flickr.photos.getSizes for one photo.
enum FlickrPhotoInfo {
    static func info(_ photo: DemoPhoto, catalog: DemoCatalog) -> [(String, JSONValue)] {
        let owner = catalog.users[photo.ownerIndex]
        let city = City.all[photo.cityIndex]
        let commentCount = FlickrComments.comments(for: photo, catalog: catalog)
        let count: Int
        if case .object(let members) = commentCount.first?.1, case .array(let list)? = members.first(where: { $0.0 == "comment" })?.1 {
            count = list.count
        } else {
            count = 0
        }
        let tags: [JSONValue] = photo.tags.enumerated().map { offset, tag in
            .object([
                ("id", .string("\(photo.idString)-\(offset)")), ("author", .string(owner.nsid)), ("authorname", .string(owner.username)),
                ("raw", .string(tag)), ("_content", .string(tag)), ("machine_tag", .int(0)),
            ])
        }
        var members: [(String, JSONValue)] = [
            ("id", .string(photo.idString)), ("secret", .string(photo.secret)), ("server", .string(photo.server)),
            ("farm", .int(photo.farm)),
            ("dateuploaded", .string(String(photo.datePosted))), ("isfavorite", .int(0)), ("license", .string(String(photo.license))),
            ("safety_level", .string("0")), ("rotation", .int(0)), ("originalsecret", .string(photo.originalSecret)),
            ("originalformat", .string("jpg")),
            (
                "owner",
                .object([
                    ("nsid", .string(owner.nsid)), ("username", .string(owner.username)), ("realname", .string(owner.realname)),
                    ("location", .string(owner.location)), ("iconserver", .string(owner.iconServer)), ("iconfarm", .int(owner.iconFarm)),
                    ("path_alias", .optional(owner.pathAlias)),
                ])
            ),
            ("title", .content(photo.title)), ("description", .content(photo.description)),
            ("visibility", .object([("ispublic", .int(1)), ("isfriend", .int(0)), ("isfamily", .int(0))])),
            (
                "dates",
                .object([
                    ("posted", .string(String(photo.datePosted))), ("taken", .string(photo.dateTaken)),
                    ("takengranularity", .string(String(photo.takenGranularity))),
                    ("takenunknown", .string(photo.takenUnknown ? "1" : "0")),
                    ("lastupdate", .string(String(photo.lastUpdate))),
                ])
            ),
            ("views", .string(String(photo.views))),
            ("editability", .object([("cancomment", .int(0)), ("canaddmeta", .int(0))])),
            ("publiceditability", .object([("cancomment", .int(1)), ("canaddmeta", .int(0))])),
            ("usage", .object([("candownload", .int(1)), ("canblog", .int(0)), ("canprint", .int(0)), ("canshare", .int(1))])),
            ("comments", .content(String(count))),
            ("notes", .object([("note", .array([]))])),
            ("people", .object([("haspeople", .int(0))])),
            ("tags", .object([("tag", .array(tags))])),
        ]
        if photo.hasGeo {
            members.append(
                (
                    "location",
                    .object([
                        ("latitude", .string(String(photo.latitude))), ("longitude", .string(String(photo.longitude))),
                        ("accuracy", .string("16")),
                        ("context", .string("0")),
                        (
                            "locality",
                            .object([
                                ("_content", .string(city.name)), ("place_id", .string(city.placeID)),
                                ("woeid", .string(String(city.woeid))),
                            ])
                        ),
                        ("region", .content(city.region)), ("country", .content(city.country)),
                        ("place_id", .string(city.placeID)), ("woeid", .string(String(city.woeid))),
                    ])
                ))
        }
        let photoPage = "https://www.flickr.com/photos/\(owner.pathAlias ?? owner.nsid)/\(photo.idString)/"
        let url: JSONValue = .object([("type", .string("photopage")), ("_content", .string(photoPage))])
        members.append(("urls", .object([("url", .array([url]))])))
        members.append(("media", .string("photo")))
        return [("photo", .object(members))]
    }

    static func sizes(_ photo: DemoPhoto, catalog: DemoCatalog, base: String) -> [(String, JSONValue)] {
        let owner = catalog.users[photo.ownerIndex]
        let sizes: [JSONValue] = FlickrSize.all.map { size in
            let (width, height) = size.dimensions(width: photo.width, height: photo.height)
            return .object([
                ("label", .string(size.label)), ("width", .int(width)), ("height", .int(height)),
                ("source", .string(size.url(base: base, photo: photo))),
                ("url", .string("https://www.flickr.com/photos/\(owner.pathAlias ?? owner.nsid)/\(photo.idString)/sizes/\(size.extra)/")),
                ("media", .string("photo")),
            ])
        }
        return [("sizes", .object([("canblog", .int(0)), ("canprint", .int(0)), ("candownload", .int(1)), ("size", .array(sizes))]))]
    }
}
