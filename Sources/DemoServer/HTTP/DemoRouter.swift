import Foundation

/// Sends each request to the service that owns its path. Pure and synchronous: fault injection and the
/// HTTP plumbing live in `DemoResponder`.
struct DemoRouter: Sendable {
    let flickr: FlickrService
    let px500: FiveHundredPxService
    let images: ImageService
    let hostileImages: HostileImage
    let oauth: OAuthProvider
    let accounts: DemoAccounts
    /// `DemoServerConfiguration.photoFiles`.
    let photoFiles: [UInt64: [UInt8]]
    let commons: CommonsService
    let openverse: OpenverseService
    let catalog: DemoCatalog

    init(catalog: DemoCatalog, imageCache: ImageCache, faults: FaultInjection = .none, photoFiles: [UInt64: [UInt8]] = [:]) {
        self.photoFiles = photoFiles
        let hostileText = HostileText(rate: faults.hostileTitleRate, seed: catalog.seed)
        let oauth = OAuthProvider()
        let accounts = DemoAccounts(catalog: catalog)
        self.catalog = catalog
        self.oauth = oauth
        self.accounts = accounts
        flickr = FlickrService(
            catalog: catalog, answers: BoundedCache(byteBudget: 64 * 1024 * 1024), hostile: hostileText, oauth: oauth,
            account: FlickrAccountMethods(
                catalog: catalog, accounts: accounts, favourites: FavouritesStore(accounts: accounts),
                now: { Int(Date().timeIntervalSince1970) }),
            member: FlickrMemberMethods(catalog: catalog, accounts: accounts))
        px500 = FiveHundredPxService(catalog: catalog, hostile: hostileText)
        images = ImageService(catalog: catalog, cache: imageCache)
        hostileImages = HostileImage(rate: faults.hostileImageRate, seed: catalog.seed)
        commons = CommonsService(
            catalog: catalog, refusals: Refusals(count: faults.commonsMaxlagAnswers), imageInfoBatch: faults.commonsImageInfoBatch)
        openverse = OpenverseService(
            catalog: catalog, refusals: Refusals(count: faults.openverseRateLimitAnswers),
            tokens: OpenverseTokenBook(lifetime: faults.openverseTokenLifetime, uses: faults.openverseTokenUses))
    }

    enum Service { case flickr, oauth, other }

    static func service(forPath path: String) -> Service {
        if path == "/services/rest" || path == "/services/rest/" { return .flickr }
        return path.hasPrefix("/services/oauth/") ? .oauth : .other
    }

    func answer(
        method: String, path: String, parameters: RequestParameters, base: String, ifNoneMatch: String?, flickrUnavailable: Bool,
        authorization: String? = nil
    ) -> HTTPAnswer {
        if Self.service(forPath: path) == .flickr {
            guard method == "GET" || method == "POST" else { return .text("Method Not Allowed\n", status: 405) }
            return flickr.answer(parameters, base: base, unavailable: flickrUnavailable, httpMethod: method, path: path)
        }
        if Self.service(forPath: path) == .oauth {
            guard method == "GET" || method == "POST" else { return .text("Method Not Allowed\n", status: 405) }
            switch path {
            case "/services/oauth/request_token":
                return oauth.requestToken(method: method, uri: OAuthCheck.baseURI(base: base, path: path), parameters)
            case "/services/oauth/authorize": return oauth.authorize(parameters, accounts: accounts)
            case "/services/oauth/access_token":
                return oauth.accessToken(method: method, uri: OAuthCheck.baseURI(base: base, path: path), parameters, accounts: accounts)
            default: return .text("Not Found\n", status: 404)
            }
        }
        if path == "/openverse/v1/auth_tokens/token/", method == "POST" { return openverse.token(parameters) }
        guard method == "GET" || method == "HEAD" else { return .text("Method Not Allowed\n", status: 405) }
        if path == "/w/api.php" { return commons.answer(parameters, base: base) }
        if path.hasPrefix("/openverse/v1/") {
            let rest = path.dropFirst("/openverse/v1".count)
            let parts = rest.split(separator: "/")
            // A result's thumbnail: the photo 600 pixels wide, as Openverse's thumbnail service scales.
            if parts.count == 3, parts[0] == "images", parts[2] == "thumb", let index = OpenverseService.index(parts[1], catalog: catalog) {
                let photo = catalog.photos[index]
                if case .some(.some(let rendition)) = images.rendition(["commons-thumb", Substring(photo.idString), "600px-thumb.jpg"]) {
                    return images.answer(rendition, ifNoneMatch: ifNoneMatch)
                }
            }
            return openverse.answer(path: rest, parameters, base: base, authorization: authorization)
        }
        if path == "/v1" || path.hasPrefix("/v1/") {
            return px500.answer(path: path.dropFirst(3), parameters, base: base)
        }
        switch path {
        case "/locations": return LocationsService.locations(countryPrefix: parameters["country"] ?? "")
        case "/", "":
            return .text(
                "Photorama demo server: /services/rest (Flickr), /v1 (500px), /w/api.php (Commons), /openverse/v1 (Openverse), /locations\n",
                status: 200)
        default: break
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        switch images.rendition(segments) {
        case .some(.some(let rendition)):
            // "/{server}/{id}_{secret}_{suffix}.jpg", its secret checked by `rendition`.
            if !photoFiles.isEmpty, let id = segments.last.flatMap({ UInt64($0.prefix { $0 != "_" }) }), let file = photoFiles[id] {
                return .bytes(file, contentType: "image/jpeg")
            }
            return hostileImages.answer(images.answer(rendition, ifNoneMatch: ifNoneMatch), key: rendition.key)
        case .some(.none): return .text("Image not found\n", status: 404)
        case .none: return .text("Not Found\n", status: 404)
        }
    }
}
