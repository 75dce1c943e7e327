/// The Flickr REST endpoint: checks format, method and key the way Flickr does, then answers one method.
struct FlickrService: Sendable {
    let catalog: DemoCatalog
    /// Answers by request: the catalog is immutable, so the same request always gets the same bytes.
    let answers: BoundedCache<HTTPAnswer>
    /// The hostile-titles fault (off unless its rate is above 0).
    var hostile = HostileText(rate: 0, seed: 0)
    /// The OAuth provider that checks signed calls, and the account methods they open.
    var oauth: OAuthProvider?
    var account: FlickrAccountMethods?
    var member: FlickrMemberMethods?

    enum Format: Sendable {
        case json(callback: Bool)
        case rest
    }

    /// A method result before it is written as JSON, JSONP or XML.
    enum Outcome {
        case ok([(String, JSONValue)])
        case fail(FlickrError)
    }

    static let methods: Set<String> = Set([
        "flickr.photos.getRecent", "flickr.photos.search", "flickr.galleries.getPhotos", "flickr.people.getPublicPhotos",
        "flickr.photos.getInfo", "flickr.photos.getSizes", "flickr.photos.comments.getList", "flickr.places.find", "flickr.test.echo",
    ]).union(FlickrAccountMethods.methods).union(FlickrMemberMethods.methods).union(FlickrPublicMethods.methods)

    // MARK: - Answering
    /// `httpMethod` and `path` are what a signature covers, with `base` ("http://host:port").
    func answer(
        _ parameters: RequestParameters, base: String, unavailable: Bool, httpMethod: String = "GET", path: String = "/services/rest/"
    ) -> HTTPAnswer {
        let formatName = parameters.nonEmpty("format") ?? "rest"
        let format: Format
        switch formatName {
        case "json": format = .json(callback: parameters["nojsoncallback"] != "1")
        case "rest": format = .rest
        default: return Self.render(.fail(.formatNotFound(formatName)), format: .rest)
        }
        let method = parameters["method"] ?? ""
        guard Self.methods.contains(method) else { return Self.render(.fail(.methodNotFound(method)), format: format) }
        guard parameters.nonEmpty("api_key") != nil || parameters.nonEmpty("oauth_consumer_key") != nil else {
            return Self.render(.fail(.invalidKey), format: format)
        }
        if unavailable { return Self.render(.fail(.unavailable), format: format) }
        // A signed call is checked whatever its method; a token without a signature is refused.
        var grant: OAuthProvider.Grant?
        if let oauth, OAuthProvider.isSigned(parameters) {
            switch oauth.verify(method: httpMethod, uri: OAuthCheck.baseURI(base: base, path: path), parameters, use: .none) {
            case .failure(let problem): return Self.render(.fail(problem.restError), format: format)
            case .success(let granted): grant = granted
            }
        } else if OAuthProvider.protocolParameters(parameters)["oauth_token"] != nil {
            return Self.render(.fail(OAuthProblem.parameterAbsent(["oauth_signature"]).restError), format: format)
        }
        if let account, FlickrAccountMethods.methods.contains(method) {
            do {
                let extras = FlickrPhotoItem.Extras(parameters["extras"])
                let payload = try account.call(method, parameters, grant: grant, base: base) { indices, paging, decorate in
                    photoList(indices, paging: paging, extras: extras, base: base, totalAsString: true, decorate: decorate)
                }
                return Self.render(.ok(payload), format: format)
            } catch {
                return Self.render(.fail(error), format: format)
            }
        }
        if let member, FlickrMemberMethods.methods.contains(method) {
            do {
                let extras = FlickrPhotoItem.Extras(parameters["extras"])
                return Self.render(
                    .ok(
                        try member.call(method, parameters, grant: grant) { indices, paging, decorate in
                            photoList(indices, paging: paging, extras: extras, base: base, totalAsString: true, decorate: decorate)
                        }), format: format)
            } catch {
                return Self.render(.fail(error), format: format)
            }
        }
        // test.echo repeats the key, so it is never cached.
        let key = method == "flickr.test.echo" ? nil : Self.cacheKey(parameters, base: base)
        if let key, let cached = answers.value(key) { return cached }
        let answer: HTTPAnswer
        do {
            answer = Self.render(.ok(try call(method, parameters, base: base)), format: format)
        } catch {
            answer = Self.render(.fail(error), format: format)
        }
        if let key { answers.insert(answer, cost: answer.body.readableBytes + key.utf8.count, for: key) }
        return answer
    }

    /// Everything that can change an answer: the base URL and every parameter but the key and OAuth fields.
    static func cacheKey(_ parameters: RequestParameters, base: String) -> String {
        var key = base
        for name in parameters.order.sorted() where name != "api_key" && !name.hasPrefix("oauth_") {
            key += "&\(name)=\(parameters[name] ?? "")"
        }
        return key
    }

    // MARK: - Methods
    private func call(_ method: String, _ parameters: RequestParameters, base: String) throws(FlickrError) -> [(String, JSONValue)] {
        let extras = FlickrPhotoItem.Extras(parameters["extras"])
        if FlickrPublicMethods.methods.contains(method) {
            return try FlickrPublicMethods(catalog: catalog).call(method, parameters) { indices, paging, totalAsString in
                photoList(indices, paging: paging, extras: extras, base: base, totalAsString: totalAsString)
            }
        }
        switch method {
        case "flickr.photos.getRecent":
            // The recent feed is capped at 1,000 photos, total sent as a number.
            let paging = FlickrPaging(parameters)
            return photoList(Array(0..<min(1000, catalog.photos.count)), paging: paging, extras: extras, base: base, totalAsString: false)
        case "flickr.photos.search":
            let paging = FlickrPaging(parameters)
            if paging.offset >= FlickrSearch.resultCap { throw .excessiveOffset }
            let results = try FlickrSearch(catalog: catalog).run(parameters)
            return photoList(results, paging: paging, extras: extras, base: base, totalAsString: true, cap: FlickrSearch.resultCap)
        case "flickr.people.getPublicPhotos":
            guard let userID = parameters.nonEmpty("user_id"), let ownerIndex = catalog.userIndexByNSID[userID] else { throw .userNotFound }
            return photoList(
                member?.accounts.photos(ofUser: ownerIndex, viewer: nil) ?? catalog.photosByOwner[ownerIndex],
                paging: FlickrPaging(parameters), extras: extras, base: base, totalAsString: true)
        case "flickr.galleries.getPhotos":
            guard let id = parameters.nonEmpty("gallery_id"), let galleryIndex = catalog.galleryIndexByID[id] else {
                throw .galleryNotFound
            }
            let gallery = catalog.galleries[galleryIndex]
            var payload = photoList(
                gallery.photoIndices, paging: FlickrPaging(parameters), extras: extras, base: base, totalAsString: false
            ) { offset, members in
                members.append(("is_primary", .int(offset == 0 ? 1 : 0)))
                members.append(("has_comment", .int(offset % 7 == 3 ? 1 : 0)))
            }
            if parameters["get_gallery_info"] == "1" {
                payload.insert(
                    (
                        "gallery",
                        .object([
                            ("id", .string(gallery.id)), ("title", .content(gallery.title)), ("description", .content(gallery.description)),
                        ])
                    ), at: 0)
            }
            return payload
        case "flickr.photos.getInfo":
            let photo = try photo(parameters)
            var info = FlickrPhotoInfo.info(photo, catalog: catalog)
            if case .object(var members)? = info.first?.1 {
                hostile.decorate(&members, photoID: photo.id)
                info[0].1 = .object(members)
            }
            return info
        case "flickr.photos.getSizes":
            return FlickrPhotoInfo.sizes(try photo(parameters), catalog: catalog, base: base)
        case "flickr.photos.comments.getList":
            return FlickrComments.comments(for: try photo(parameters), catalog: catalog)
        case "flickr.places.find":
            return FlickrPlaces.find(parameters["query"] ?? "")
        default:  // flickr.test.echo
            return parameters.order.filter { $0 != "oauth_signature" }.map { name in (name, JSONValue.content(parameters[name] ?? "")) }
        }
    }

    // MARK: - Photos and lists
    private func photo(_ parameters: RequestParameters) throws(FlickrError) -> DemoPhoto {
        guard let id = parameters.nonEmpty("photo_id").flatMap({ UInt64($0) }), let index = catalog.photoIndexByID[id] else {
            throw .photoNotFound
        }
        return catalog.photos[index]
    }

    private func photoList(
        _ indices: [Int], paging: FlickrPaging, extras: FlickrPhotoItem.Extras, base: String, totalAsString: Bool, cap: Int? = nil,
        decorate: ((Int, inout [(String, JSONValue)]) -> Void)? = nil
    ) -> [(String, JSONValue)] {
        let reachable = cap.map { min($0, indices.count) } ?? indices.count
        let items: [JSONValue] = paging.slice(indices, limit: reachable).enumerated().map { offset, index in
            let photo = catalog.photos[index]
            var members = FlickrPhotoItem.members(photo, catalog: catalog, extras: extras, base: base)
            hostile.decorate(&members, photoID: photo.id)
            decorate?(paging.offset + offset, &members)
            return .object(members)
        }
        return [
            (
                "photos",
                .object([
                    ("page", .int(paging.page)), ("pages", .int(paging.pages(for: reachable))), ("perpage", .int(paging.perPage)),
                    ("total", totalAsString ? .string(String(indices.count)) : .int(indices.count)),
                    ("photo", .array(items)),
                ])
            )
        ]
    }

    // MARK: - Rendering
    static func render(_ outcome: Outcome, format: Format) -> HTTPAnswer {
        switch format {
        case .rest:
            let bytes: [UInt8]
            switch outcome {
            case .ok(let payload): bytes = FlickrXMLWriter.okDocument(payload)
            case .fail(let error): bytes = FlickrXMLWriter.failDocument(code: error.code, message: error.message)
            }
            return .bytes(bytes, contentType: "text/xml; charset=utf-8")
        case .json(let callback):
            let value: JSONValue
            switch outcome {
            case .ok(let payload): value = .object(payload + [("stat", .string("ok"))])
            case .fail(let error):
                value = .object([("stat", .string("fail")), ("code", .int(error.code)), ("message", .string(error.message))])
            }
            var bytes = callback ? Array("jsonFlickrApi(".utf8) : []
            JSONWriter.write(value, into: &bytes)
            if callback { bytes.append(UInt8(ascii: ")")) }
            return .bytes(bytes, contentType: callback ? "text/javascript; charset=utf-8" : HTTPAnswer.jsonType)
        }
    }
}
