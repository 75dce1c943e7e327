import Foundation

/// Wikimedia Commons' `api.php` over the catalog, shaped like the real answers: `query.pages` keyed by
/// page id (formatversion 1) or as an array (2), `continue` blocks, imageinfo with extmetadata holding
/// HTML (links, a hidden span, multilingual values), some files that are not images (PDFs), real
/// coordinates, `{"error": …}` with HTTP 200 and the `MediaWiki-API-Error` header, `maxlag` refusals, and
/// the HTML help page for a call without `action`.
struct CommonsService: Sendable {
    let catalog: DemoCatalog
    let refusals: Refusals
    /// Files of one answer that get their imageinfo; the rest follow through `iicontinue`.
    var imageInfoBatch = 50

    func answer(_ parameters: RequestParameters, base: String) -> HTTPAnswer {
        guard let action = parameters.nonEmpty("action") else {
            return .html("<!DOCTYPE html><html><head><title>MediaWiki API help</title></head><body>Main module</body></html>", status: 200)
        }
        let version2 = parameters["formatversion"] == "2" || parameters["formatversion"] == "latest"
        if refusals.take() {
            var answer = Self.error("maxlag", "Waiting for 10.64.48.23: 7 seconds lagged.", extra: [("lag", .int(7))], version2: version2)
            answer.extraHeaders.append(("Retry-After", "1"))
            answer.extraHeaders.append(("X-Database-Lag", "7"))
            return answer
        }
        guard action == "query" else {
            return Self.error("badvalue", "Unrecognized value for parameter \"action\": \(action).", version2: version2)
        }
        guard parameters["format"] == "json" else {
            return .html("<!DOCTYPE html><html><body><pre>This result is being shown in HTML format.</pre></body></html>", status: 200)
        }
        let found: Found
        switch parameters["generator"] {
        case "search": found = search(parameters)
        case "geosearch": found = nearby(parameters)
        case nil: found = titled(parameters)
        case let other?: return Self.error("badvalue", "Unrecognized value for parameter \"generator\": \(other).", version2: version2)
        }
        if let error = found.error { return Self.error(error.code, error.info, version2: version2) }
        let shape = FileShape(parameters)
        // Imageinfo for a batch's files in parts, as MediaWiki sends a large batch: `iicontinue` names the
        // first file of the next part.
        var start = 0
        if let resume = parameters.nonEmpty("iicontinue") {
            let name = resume.split(separator: "|", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard let position = found.indices.firstIndex(where: { Self.dbKey(catalog.photos[$0]) == name }) else {
                return Self.error(
                    "badcontinue", "Invalid continue param. You should pass the original value returned by the previous query.",
                    version2: version2)
            }
            start = position
        }
        let end = min(found.indices.count, start + max(1, imageInfoBatch))
        let pages: [(Int, JSONValue)] = found.indices.enumerated().map { rank, index in
            let photo = catalog.photos[index]
            return (
                Self.pageID(index),
                page(
                    photo, index: index, rank: found.ranked ? found.offset + rank + 1 : nil, shape: shape, base: base,
                    imageInfo: (start..<end).contains(rank))
            )
        }
        var members: [(String, JSONValue)] = []
        if end < found.indices.count {
            // The batch goes on: the generator's own position again, so the next answer lists the same files.
            let generator: [(String, JSONValue)] = found.ranked ? [(found.continueKey, .int(found.offset))] : []
            let block: [(String, JSONValue)] =
                [("iicontinue", .string("\(Self.dbKey(catalog.photos[found.indices[end]]))|20240501000000"))] + generator
                + [("continue", .string("\(generator.first?.0 ?? "")||coordinates"))]
            members.append(("continue", .object(block)))
        } else {
            members.append(("batchcomplete", version2 ? .bool(true) : .string("")))
            if let next = found.next {
                members.append(("continue", .object([(found.continueKey, .int(next)), ("continue", .string("\(found.continueKey)||"))])))
            }
        }
        if !pages.isEmpty {
            let list: JSONValue =
                version2 ? .array(pages.map(\.1)) : .object(pages.sorted { $0.0 < $1.0 }.map { (String($0.0), $0.1) })
            members.append(("query", .object([("pages", list)])))
        }
        return .json(.object(members))
    }

    // MARK: - Which files
    struct Found {
        var indices: [Int] = []
        var offset = 0
        var next: Int?
        var continueKey = "gsroffset"
        /// Search results carry `index`, their rank.
        var ranked = false
        var error: (code: String, info: String)?
    }

    private func search(_ parameters: RequestParameters) -> Found {
        guard let text = parameters.nonEmpty("gsrsearch") else {
            return Found(error: ("missingparam", "The \"gsrsearch\" parameter must be set."))
        }
        var query = RequestParameters()
        query.set("text", text)
        query.set("sort", "relevance")
        let all = (try? FlickrSearch(catalog: catalog).run(query)) ?? []
        let limit = min(500, max(1, parameters.nonEmpty("gsrlimit").flatMap { Int($0) } ?? 10))
        let offset = max(0, parameters.nonEmpty("gsroffset").flatMap { Int($0) } ?? 0)
        let slice = offset < all.count ? Array(all[offset..<min(all.count, offset + limit)]) : []
        return Found(indices: slice, offset: offset, next: offset + limit < all.count ? offset + limit : nil, ranked: true)
    }

    private func nearby(_ parameters: RequestParameters) -> Found {
        let parts = (parameters["ggscoord"] ?? "").split(separator: "|").compactMap { Double($0) }
        guard parts.count == 2, (-90...90).contains(parts[0]), (-180...180).contains(parts[1]) else {
            return Found(error: ("invalid-coord", "Invalid coordinate provided."))
        }
        guard let radius = parameters.nonEmpty("ggsradius").flatMap({ Int($0) }), (10...10_000).contains(radius) else {
            return Found(error: ("badvalue", "Invalid value for parameter \"ggsradius\": it must be between 10 and 10000."))
        }
        var query = RequestParameters()
        query.set("lat", String(parts[0]))
        query.set("lon", String(parts[1]))
        query.set("radius", String(Double(radius) / 1000))
        query.set("sort", "distance")
        let all = (try? FlickrSearch(catalog: catalog).run(query)) ?? []
        let limit = min(500, max(1, parameters.nonEmpty("ggslimit").flatMap { Int($0) } ?? 10))
        return Found(indices: Array(all.prefix(limit)))
    }

    /// `titles=File:…`: the file named, by the catalog id in its name.
    private func titled(_ parameters: RequestParameters) -> Found {
        guard let titles = parameters.nonEmpty("titles") else { return Found(error: ("missingparam", "No titles given.")) }
        let indices = titles.split(separator: "|").compactMap { title -> Int? in
            guard let open = title.lastIndex(of: "("), let close = title.lastIndex(of: ")"), open < close,
                let id = UInt64(title[title.index(after: open)..<close])
            else { return nil }
            return catalog.photoIndexByID[id]
        }
        return Found(indices: indices)
    }

    // MARK: - One file
    /// What the request asked each file to carry.
    struct FileShape {
        var thumbnailWidth: Int?
        var metadataFilter: Set<String>?
        var coordinates: Bool

        init(_ parameters: RequestParameters) {
            thumbnailWidth = parameters.nonEmpty("iiurlwidth").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            metadataFilter = parameters.nonEmpty("iiextmetadatafilter").map { Set($0.split(separator: "|").map(String.init)) }
            coordinates = (parameters["prop"] ?? "").split(separator: "|").contains("coordinates")
        }
    }

    static func pageID(_ index: Int) -> Int { 90_000_000 + index }

    /// One in seventeen files is a PDF (skipped by clients that show pictures).
    static func isDocument(_ photo: DemoPhoto) -> Bool { photo.id % 17 == 0 }

    static func title(_ photo: DemoPhoto) -> String {
        let name = photo.title.filter { !"#<>[]|{}/:".contains($0) }
        return "File:\(name.isEmpty ? "Untitled" : name) (\(photo.idString)).\(isDocument(photo) ? "pdf" : "jpg")"
    }

    /// A file's title as MediaWiki keys it (`iicontinue`): without the namespace, spaces as underscores.
    static func dbKey(_ photo: DemoPhoto) -> String {
        String(title(photo).dropFirst("File:".count)).replacingOccurrences(of: " ", with: "_")
    }

    private func page(_ photo: DemoPhoto, index: Int, rank: Int?, shape: FileShape, base: String, imageInfo: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [("pageid", .int(Self.pageID(index))), ("ns", .int(6)), ("title", .string(Self.title(photo)))]
        if let rank { members.append(("index", .int(rank))) }
        if shape.coordinates, photo.hasGeo {
            members.append(
                (
                    "coordinates",
                    .array([
                        .object([
                            ("lat", .double(Self.rounded(photo.latitude))), ("lon", .double(Self.rounded(photo.longitude))),
                            ("primary", .bool(true)), ("globe", .string("earth")),
                        ])
                    ])
                ))
        }
        members.append(("imagerepository", .string("local")))
        if imageInfo { members.append(("imageinfo", .array([.object(self.imageInfo(photo, shape: shape, base: base))]))) }
        return .object(members)
    }

    private func imageInfo(_ photo: DemoPhoto, shape: FileShape, base: String) -> [(String, JSONValue)] {
        let owner = catalog.users[photo.ownerIndex]
        let original = FlickrSize.bySuffix["_o"]
        let (width, height) = original?.dimensions(width: photo.width, height: photo.height) ?? (photo.width, photo.height)
        let url = Self.isDocument(photo) ? "\(base)/commons-files/\(photo.idString).pdf" : original?.url(base: base, photo: photo) ?? ""
        var members: [(String, JSONValue)] = [("user", .string(owner.username)), ("size", .int(width * height / 4))]
        members.append(("width", .int(width)))
        members.append(("height", .int(height)))
        if let asked = shape.thumbnailWidth {
            if asked >= width, !Self.isDocument(photo) {
                // Asked for more than there is: the original itself, as MediaWiki answers.
                members += [("thumburl", .string(url)), ("thumbwidth", .int(width)), ("thumbheight", .int(height))]
            } else {
                let thumbHeight = max(1, Int((Double(height) * Double(asked) / Double(width)).rounded()))
                members += [
                    ("thumburl", .string("\(base)/commons-thumb/\(photo.idString)/\(asked)px-\(photo.idString).jpg")),
                    ("thumbwidth", .int(asked)), ("thumbheight", .int(thumbHeight)),
                ]
            }
        }
        members += [
            ("url", .string(url)),
            ("descriptionurl", .string("\(base)/wiki/\(Self.title(photo).replacingOccurrences(of: " ", with: "_"))")),
            ("descriptionshorturl", .string("\(base)/w/index.php?curid=\(photo.idString)")),
            ("mime", .string(Self.isDocument(photo) ? "application/pdf" : "image/jpeg")),
            ("mediatype", .string(Self.isDocument(photo) ? "OFFICE" : "BITMAP")),
        ]
        let metadata = extmetadata(photo, owner: owner).filter { shape.metadataFilter?.contains($0.0) ?? true }
        members.append(("extmetadata", .object(metadata)))
        return members
    }

    /// Commons' licence for a catalog licence id: short name, address (protocol-relative, as Commons sends
    /// some), whether attribution is required.
    static func license(_ id: Int) -> (short: String, url: String?, attribution: Bool) {
        switch id {
        case 4: ("CC BY 2.0", "https://creativecommons.org/licenses/by/2.0", true)
        case 9: ("CC0", "http://creativecommons.org/publicdomain/zero/1.0/deed.en", false)
        case 10, 7, 8: ("Public domain", nil, false)
        case 6: ("CC BY-SA 3.0", "//creativecommons.org/licenses/by-sa/3.0", true)
        default: ("CC BY-SA 4.0", "https://creativecommons.org/licenses/by-sa/4.0", true)
        }
    }

    private func extmetadata(_ photo: DemoPhoto, owner: DemoUser) -> [(String, JSONValue)] {
        func field(_ value: JSONValue, _ source: String, hidden: Bool = true) -> JSONValue {
            .object([("value", value), ("source", .string(source))] + (hidden ? [("hidden", .string(""))] : []))
        }
        let city = City.all[photo.cityIndex]
        let license = Self.license(photo.license)
        let link = "<a href=\"//commons.wikimedia.org/wiki/User:\(owner.username)\" title=\"User:\(owner.username)\">\(owner.realname)</a>"
        // Creator templates carry a machine-readable copy in a hidden span.
        let artist = photo.id % 5 == 0 ? "<bdi>\(link)<span style=\"display: none;\">Creator:\(owner.username)</span></bdi>" : link
        let description: JSONValue =
            photo.id % 7 == 0
            ? .object([("en", .string(photo.description)), ("fr", .string("Photo à \(city.name)")), ("_type", .string("lang"))])
            : .string(photo.description)
        var members: [(String, JSONValue)] = [
            ("DateTime", field(.string(photo.dateTaken), "mediawiki-metadata")),
            ("ObjectName", field(.string(photo.title), "mediawiki-metadata")),
            ("CommonsMetadataExtension", field(.double(1.2), "extension")),
            (
                "Categories",
                field(
                    .string("Photographs of \(city.name)|\(Subject.all[photo.subjectIndex].english.capitalized) in \(city.country)"),
                    "commons-categories")
            ),
            ("ImageDescription", field(description, "commons-desc-page", hidden: false)),
            ("DateTimeOriginal", field(.string(photo.dateTaken), "commons-desc-page", hidden: false)),
            ("Credit", field(.string("<span class=\"int-own-work\" lang=\"en\">Own work</span>"), "commons-desc-page")),
            ("Artist", field(.string(artist), "commons-desc-page", hidden: false)),
            ("LicenseShortName", field(.string(license.short), "commons-desc-page")),
            ("UsageTerms", field(.string(license.short), "commons-desc-page")),
            ("AttributionRequired", field(.string(license.attribution ? "true" : "false"), "commons-desc-page")),
        ]
        if let url = license.url { members.append(("LicenseUrl", field(.string(url), "commons-desc-page"))) }
        members.append(("Copyrighted", field(.string(license.attribution ? "True" : "False"), "commons-desc-page")))
        if photo.hasGeo {
            members.append(("GPSLatitude", field(.string(String(Self.rounded(photo.latitude))), "mediawiki-metadata")))
            members.append(("GPSLongitude", field(.string(String(Self.rounded(photo.longitude))), "mediawiki-metadata")))
            members.append(("GPSMapDatum", field(.string("WGS-84"), "mediawiki-metadata")))
        }
        return members
    }

    static func rounded(_ degrees: Double) -> Double { (degrees * 1_000_000).rounded() / 1_000_000 }

    /// `{"error": {"code", "info", "*"}, "servedby"}` with HTTP 200, named in `MediaWiki-API-Error`.
    static func error(_ code: String, _ info: String, extra: [(String, JSONValue)] = [], version2: Bool) -> HTTPAnswer {
        let docref = "See https://commons.wikimedia.org/w/api.php for API usage."
        let body: [(String, JSONValue)] =
            [("code", .string(code)), ("info", .string(info))] + extra + [(version2 ? "docref" : "*", .string(docref))]
        var answer = HTTPAnswer.json(.object([("error", .object(body)), ("servedby", .string("mw-api-demo"))]))
        answer.extraHeaders.append(("MediaWiki-API-Error", code))
        return answer
    }
}
