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

    init(catalog: DemoCatalog, imageCache: ImageCache, faults: FaultInjection = .none, photoFiles: [UInt64: [UInt8]] = [:]) {
        self.photoFiles = photoFiles
        let hostileText = HostileText(rate: faults.hostileTitleRate, seed: catalog.seed)
        let oauth = OAuthProvider()
        let accounts = DemoAccounts(catalog: catalog)
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
    }

    enum Service { case flickr, oauth, other }

    static func service(forPath path: String) -> Service {
        if path == "/services/rest" || path == "/services/rest/" { return .flickr }
        return path.hasPrefix("/services/oauth/") ? .oauth : .other
    }

    func answer(method: String, path: String, parameters: RequestParameters, base: String, ifNoneMatch: String?, flickrUnavailable: Bool)
        -> HTTPAnswer
    {
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
        guard method == "GET" || method == "HEAD" else { return .text("Method Not Allowed\n", status: 405) }
        if path == "/v1" || path.hasPrefix("/v1/") {
            return px500.answer(path: path.dropFirst(3), parameters, base: base)
        }
        switch path {
        case "/locations": return LocationsService.locations(countryPrefix: parameters["country"] ?? "")
        case "/", "": return .text("Photorama demo server: /services/rest (Flickr), /v1 (500px), /locations\n", status: 200)
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
