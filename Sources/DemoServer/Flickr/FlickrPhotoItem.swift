/// Builds one photo of a photo list (`photos.photo[]`) with exactly the requested extras, in Flickr's order.
struct FlickrPhotoItem {
    /// The `extras` parameter, parsed once per request.
    struct Extras {
        let names: Set<String>
        let sizes: [FlickrSize]

        init(_ parameter: String?) {
            let names = Set((parameter ?? "").split(separator: ",").map { $0.trimmingCharacters(in: " ").lowercased() })
            self.names = names
            sizes = FlickrSize.all.filter { names.contains("url_\($0.extra)") }
        }

        func has(_ name: String) -> Bool { names.contains(name) }
    }

    static func members(_ photo: DemoPhoto, catalog: DemoCatalog, extras: Extras, base: String) -> [(String, JSONValue)] {
        let owner = catalog.users[photo.ownerIndex]
        var m: [(String, JSONValue)] = [
            ("id", .string(photo.idString)), ("owner", .string(owner.nsid)), ("secret", .string(photo.secret)),
            ("server", .string(photo.server)), ("farm", .int(photo.farm)), ("title", .string(photo.title)),
            ("ispublic", .int(1)), ("isfriend", .int(0)), ("isfamily", .int(0)),
        ]
        guard !extras.names.isEmpty else { return m }
        if extras.has("description") { m.append(("description", .content(photo.description))) }
        if extras.has("license") { m.append(("license", .string(String(photo.license)))) }
        if extras.has("date_upload") { m.append(("dateupload", .string(String(photo.datePosted)))) }
        if extras.has("date_taken") {
            m.append(("datetaken", .string(photo.dateTaken)))
            m.append(("datetakengranularity", .string(String(photo.takenGranularity))))
            m.append(("datetakenunknown", .string(photo.takenUnknown ? "1" : "0")))
        }
        if extras.has("owner_name") { m.append(("ownername", .string(owner.username))) }
        if extras.has("icon_server") {
            m.append(("iconserver", .string(owner.iconServer)))
            m.append(("iconfarm", .int(owner.iconFarm)))
        }
        if extras.has("original_format") {
            m.append(("originalsecret", .string(photo.originalSecret)))
            m.append(("originalformat", .string("jpg")))
        }
        if extras.has("last_update") { m.append(("lastupdate", .string(String(photo.lastUpdate)))) }
        if extras.has("geo") {
            m.append(("latitude", .double(photo.latitude)))
            m.append(("longitude", .double(photo.longitude)))
            m.append(("accuracy", .int(photo.hasGeo ? 16 : 0)))
            m.append(("context", .int(0)))
            if photo.hasGeo {
                let city = City.all[photo.cityIndex]
                m.append(("place_id", .string(city.placeID)))
                m.append(("woeid", .string(String(city.woeid))))
                m.append(("geo_is_public", .int(1)))
            }
        }
        if extras.has("tags") { m.append(("tags", .string(photo.tags.joined(separator: " ")))) }
        if extras.has("machine_tags") { m.append(("machine_tags", .string(""))) }
        if extras.has("o_dims") {
            m.append(("o_width", .string(String(photo.width))))
            m.append(("o_height", .string(String(photo.height))))
        }
        if extras.has("views") { m.append(("views", .string(String(photo.views)))) }
        if extras.has("media") {
            m.append(("media", .string("photo")))
            m.append(("media_status", .string("ready")))
        }
        if extras.has("path_alias") { m.append(("pathalias", .optional(owner.pathAlias))) }
        for size in extras.sizes {
            let (width, height) = size.dimensions(width: photo.width, height: photo.height)
            m.append((size.urlKey, .string(size.url(base: base, photo: photo))))
            // Real answers mix numbers and strings for these; send both kinds so clients stay tolerant.
            let asStrings = size.extra == "q" || size.extra == "t"
            m.append((size.heightKey, asStrings ? .string(String(height)) : .int(height)))
            m.append((size.widthKey, asStrings ? .string(String(width)) : .int(width)))
        }
        return m
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
