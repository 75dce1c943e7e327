import Foundation

/// The one entry point the UI and the subcommands use: every source, detail, comments and locations,
/// loaded through one `Webservice`. It holds no state of its own, so copies are cheap and safe.
public struct PhotoService: Sendable {
    public let configuration: ServiceConfiguration
    public let webservice: Webservice
    /// Flickr's licence list once per run, shared by copies of this service.
    public let licenseBook: LicenseBook

    public init(configuration: ServiceConfiguration, webservice: Webservice, licenseBook: LicenseBook = LicenseBook()) {
        self.configuration = configuration
        self.webservice = webservice
        self.licenseBook = licenseBook
    }

    // MARK: - Photo lists
    /// One page of `source`. `.place` first resolves the name (the first place Flickr finds), then
    /// searches around it; `.popular` asks 500px; everything else asks Flickr.
    public func page(_ source: PhotoSource, page: Int) async throws(PhotoramaError) -> Page<Photo> {
        if case .place(let name) = source {
            let point = try await resolvePlace(name)
            let (flickr, flickrPage) = flickrAPI(forPage: page)
            let resource = try flickr.search(
                latitude: point.latitude, longitude: point.longitude, radiusKm: InputValidation.defaultRadiusKm, page: flickrPage)
            return try await webservice.load(renumbered(resource, page: page))
        }
        switch source {
        case .commonsSearch(let text): return try await commonsPage(try configuration.commons.searchList(text: text, page: page))
        case .commonsGeo(let latitude, let longitude, let radiusKm):
            return try await commonsPage(
                try configuration.commons.nearbyList(latitude: latitude, longitude: longitude, radiusKm: radiusKm, page: page))
        case .openverseSearch(let text, let licenses):
            return try await openverse { api throws(PhotoramaError) in try api.search(text: text, licenses: licenses, page: page) }
        default: break
        }
        if case .group(let reference) = source, case .address = try GroupReference.parse(reference).get() {
            let id = try await groupID(try GroupReference.parse(reference).get())
            return try await webservice.load(try pageResource(.group(id: id), page: page))
        }
        return try await webservice.load(try pageResource(source, page: page))
    }

    /// The request and parse for one page of `source`, for callers that load through their own
    /// effects. `.place` needs two requests and is refused here: use `page(_:page:)`.
    /// Flickr pages follow `configuration.pageRamp`; 500px pages are its own.
    public func pageResource(_ source: PhotoSource, page: Int) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let (flickr, flickrPage) = flickrAPI(forPage: page)
        let resource: Resource<Page<Photo>>
        switch source {
        case .recent: resource = try flickr.recent(page: flickrPage)
        case .search(let text): resource = try flickr.search(text: text, page: flickrPage)
        case .geo(let latitude, let longitude, let radiusKm):
            resource = try flickr.search(latitude: latitude, longitude: longitude, radiusKm: radiusKm, page: flickrPage)
        case .gallery(let id): resource = try flickr.gallery(id: id, page: flickrPage)
        case .user(let id): resource = try flickr.user(id: id, page: flickrPage)
        case .tag(let tag): resource = try flickr.search(tag: tag, page: flickrPage)
        case .favorites: resource = try flickr.favorites(page: flickrPage)
        case .mine: resource = try flickr.mine(page: flickrPage)
        case .contacts: resource = try flickr.contacts(page: flickrPage)
        case .popular: return try configuration.fiveHundredPx.popular(page: page)
        case .album(let id): resource = try flickr.album(id: id, page: flickrPage)
        case .group(let reference):
            guard case .id(let id) = try GroupReference.parse(reference).get() else {
                throw .invalidInput("A group address needs a look-up first; load it with page(_:page:)")
            }
            resource = try flickr.groupPool(id: id, page: flickrPage)
        case .explore(let date): resource = try flickr.explore(date: date, page: flickrPage)
        case .licensedSearch(let text, let licenses): resource = try flickr.search(text: text, licenses: licenses, page: flickrPage)
        case .place:
            throw .invalidInput("A place search needs two requests; load it with page(_:page:)")
        case .commonsSearch(let text): return try configuration.commons.search(text: text, page: page)
        case .commonsGeo(let latitude, let longitude, let radiusKm):
            return try configuration.commons.nearby(latitude: latitude, longitude: longitude, radiusKm: radiusKm, page: page)
        case .openverseSearch(let text, let licenses): return try configuration.openverse.search(text: text, licenses: licenses, page: page)
        }
        return renumbered(resource, page: page)
    }

    /// A Commons page with every file's imageinfo: the answers of its batch (`iicontinue`) merged.
    private func commonsPage(_ list: CommonsList) async throws(PhotoramaError) -> Page<Photo> {
        var answer = try await webservice.load(try list.first())
        for _ in 1..<CommonsList.maximumAnswers {
            guard let next = try list.next(after: answer) else { break }
            answer = answer.merged(with: try await webservice.load(next))
        }
        return answer.page(list.page, offset: list.offset)
    }

    /// An Openverse call, with a registered client's token when there is one (`OpenverseTokens`): a call the
    /// API refuses with 401 (the token expired early) is sent once more with a new token.
    private func openverse<A>(_ make: (OpenverseAPI) throws(PhotoramaError) -> Resource<A>) async throws(PhotoramaError) -> A {
        var api = configuration.openverse
        guard let tokens = configuration.openverseTokens else { return try await webservice.load(try make(api)) }
        let token = try await tokens.token(api, webservice)
        api.accessToken = token
        let resource = try make(api)
        let response = try await webservice.send(resource.request)
        if response.status == 401 {
            api.accessToken = try await tokens.token(api, webservice, refused: token)
            return try await webservice.load(try make(api))
        }
        do {
            return try resource.parse(response)
        } catch {
            throw error.redacted(by: webservice.redactor)
        }
    }

    /// Flickr asked for the browser's page `page`: the page size and number the ramp gives it.
    private func flickrAPI(forPage page: Int) -> (FlickrAPI, Int) {
        let (perPage, flickrPage) = configuration.pageRamp.request(page)
        var flickr = configuration.flickr
        flickr.perPage = perPage
        return (flickr, flickrPage)
    }

    private func renumbered(_ resource: Resource<Page<Photo>>, page: Int) -> Resource<Page<Photo>> {
        let ramp = configuration.pageRamp
        guard ramp.opening < ramp.perPage else { return resource }
        return resource.map { answer throws(PhotoramaError) in ramp.renumber(answer, asked: page) }
    }

    // MARK: - One photo
    /// Everything the provider says about one photo. For Flickr, getInfo and getSizes run together and
    /// the real renditions replace the built ones; a failed getSizes only costs the larger sizes.
    public func info(_ key: PhotoKey) async throws(PhotoramaError) -> PhotoDetail {
        switch key.provider {
        case .fiveHundredPx:
            return try await webservice.load(try configuration.fiveHundredPx.photo(id: key.id))
        case .commons:
            return try await webservice.load(try configuration.commons.file(title: key.id))
        case .openverse:
            return try await openverse { api throws(PhotoramaError) in try api.image(id: key.id) }
        case .flickr:
            let infoResource = try configuration.flickr.info(id: key.id)
            let sizesResource = try configuration.flickr.sizes(id: key.id)
            let webservice = self.webservice
            let service = self
            async let sizes = Self.result { () async throws(PhotoramaError) in try await webservice.load(sizesResource) }
            async let licenses = Self.result { () async throws(PhotoramaError) in try await service.licenses() }
            var detail = try await webservice.load(infoResource)
            if case .success(let images) = await sizes, !images.isEmpty {
                detail.photo = detail.photo.replacingImages(images)
            }
            // A licence list that cannot be had costs only the name: the id stays on the photo.
            if case .success(let list) = await licenses, let id = detail.photo.licenseID {
                detail.license = list.first { $0.id == id }
            }
            return detail
        }
    }

    /// A page of comments. Flickr's list is not paged: page 1 holds them all and later pages are empty.
    public func comments(_ key: PhotoKey, page: Int) async throws(PhotoramaError) -> Page<PhotoComment> {
        switch key.provider {
        case .fiveHundredPx:
            return try await webservice.load(try configuration.fiveHundredPx.comments(id: key.id, page: page))
        case .commons, .openverse:
            // Neither has comments on its files: an empty list, without a request.
            try InputValidation.page(page)
            return Page(items: [], page: page, pages: 1, total: 0)
        case .flickr:
            let resource = try configuration.flickr.comments(id: key.id)
            try InputValidation.page(page)
            guard page == 1 else { return Page(items: [], page: page, pages: 1, total: 0) }
            return try await webservice.load(resource)
        }
    }

    // MARK: - Locations and places
    /// Library locations whose country starts with `country`; [] without a request for a blank prefix.
    public func locations(country: String) async throws(PhotoramaError) -> [LibraryLocation] {
        guard let resource = try configuration.locations.locations(country: country) else { return [] }
        return try await webservice.load(resource)
    }

    public func findPlace(_ name: String) async throws(PhotoramaError) -> [FlickrPlace] {
        try await webservice.load(try configuration.flickr.findPlace(name))
    }

    /// A feed over `source`. A place is resolved once, on the first page, and reused for later pages.
    public func feed(_ source: PhotoSource) -> PhotoFeed {
        let service = self
        guard case .place(let name) = source else {
            return PhotoFeed { (page: Int) async throws(PhotoramaError) -> Page<Photo> in
                try await service.page(source, page: page)
            }
        }
        let resolved = ResolvedPlace()
        return PhotoFeed { (page: Int) async throws(PhotoramaError) -> Page<Photo> in
            let point: GeoPoint
            if let known = await resolved.point {
                point = known
            } else {
                point = try await service.resolvePlace(name)
                await resolved.remember(point)
            }
            return try await service.page(
                .geo(latitude: point.latitude, longitude: point.longitude, radiusKm: InputValidation.defaultRadiusKm), page: page)
        }
    }

    /// The first place Flickr finds for `name`; a name it does not know is invalid input.
    func resolvePlace(_ name: String) async throws(PhotoramaError) -> GeoPoint {
        let places = try await findPlace(name)
        guard let first = places.first else {
            throw .invalidInput("No place found for \"\(name.trimmingCharacters(in: .whitespacesAndNewlines))\"")
        }
        return first.location
    }

    private static func result<T>(
        _ body: () async throws(PhotoramaError) -> T
    ) async -> Result<T, PhotoramaError> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}

// MARK: - Resolved places
/// Remembers a place's coordinates between the pages of one feed.
actor ResolvedPlace {
    private(set) var point: GeoPoint?
    func remember(_ point: GeoPoint) { self.point = point }
}

// MARK: - Helpers
extension Photo {
    /// The same photo with `images` as its renditions (getSizes knows them better than a list does).
    func replacingImages(_ images: [PhotoImage]) -> Photo {
        Photo(
            provider: provider, id: id, title: title, owner: owner, ownerID: ownerID, taken: taken,
            takenGranularity: takenGranularity, images: images, pageURL: pageURL, location: location, tags: tags,
            description: description, views: views, nsfw: nsfw, licenseID: licenseID, licenseTag: licenseTag)
    }
}
