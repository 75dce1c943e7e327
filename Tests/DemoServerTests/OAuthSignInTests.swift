import DemoServer
import Foundation
import PhotoramaKit
import TestProcesses
import Testing

/// Signing in to the demo server: PhotoramaKit's flow, Flickr's refusals, and a stock client
/// (python3-flickrapi) whose favourite photorama then sees.
@Suite struct OAuthSignInTests {
    static let consumerKey = DemoAPIKeys.flickr

    /// Request token, the authorize page's verifier, access token: as `photorama login` does it.
    static func signIn(
        _ server: RunningDemoServer, _ service: Webservice, permission: FlickrPermission = .write
    ) async throws -> (FlickrAccount, FlickrAPI) {
        let auth = FlickrAuthAPI(baseURL: server.oauthURL, consumerKey: consumerKey, consumerSecret: DemoAPIKeys.flickrSecret)
        let requestToken = try await service.load(try auth.requestToken())
        let page = try await Fetch.get(try auth.authorizeURL(requestToken, permission: permission).absoluteString).text
        let code = try #require(Self.verifier(in: page), "no verifier on the page: \(page)")
        let account = try await service.load(try auth.accessToken(requestToken, verifier: code, permission: permission))
        var api = FlickrAPI(baseURL: server.flickrURL, apiKey: consumerKey, perPage: 100)
        api.oauth = OAuthCredentials(consumerKey: consumerKey, consumerSecret: DemoAPIKeys.flickrSecret, token: account.token)
        return (account, api)
    }

    static func verifier(in page: String) -> String? {
        guard let start = page.range(of: "<code id=\"verifier\">")?.upperBound, let end = page[start...].range(of: "</code>")?.lowerBound
        else { return nil }
        return String(page[start..<end])
    }

    static func withService<T>(_ body: (Webservice) async throws -> T) async throws -> T {
        let transport = LiveTransport()
        do {
            let result = try await body(Webservice(transport: transport))
            await transport.shutdown()
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }

    // MARK: - PhotoramaKit's own flow
    @Test func signInThenFavouritesAndAlbums() async throws {
        try await withDemoServer { server in
            try await Self.withService { service in
                let (account, api) = try await Self.signIn(server, service)
                #expect(FlickrAccount.isNSID(account.nsid))
                #expect(!account.username.isEmpty)
                #expect(try await service.load(api.testLogin()) == FlickrIdentity(nsid: account.nsid, username: account.username))

                let before = try await service.load(api.favorites())
                #expect(before.items.count == 24)
                let recent = try await service.load(api.recent()).items
                let photo = try #require(
                    recent.first { item in item.ownerID != account.nsid && !before.items.contains { $0.id == item.id } })
                try await service.load(api.setFavorite(true, id: photo.id))
                let after = try await service.load(api.favorites())
                #expect(after.items.first?.id == photo.id)
                #expect(after.items.count == 25)
                let again = await Self.error { try await service.load(api.setFavorite(true, id: photo.id)) }
                #expect(again?.message == "API error 3: Photo is already in favorites")
                try await service.load(api.setFavorite(false, id: photo.id))
                #expect(try await service.load(api.favorites()).items.map(\.id) == before.items.map(\.id))

                let albums = try await service.load(api.albums())
                let first = try #require(albums.first)
                #expect(first.ownerNSID == account.nsid)
                let photos = try await service.load(api.album(id: first.id))
                #expect(photos.items.count == first.photoCount)
                #expect(photos.items.allSatisfy { $0.ownerID == account.nsid })
                // Albums are public: the same list by user id, unsigned.
                var anonymous = api
                anonymous.oauth = nil
                #expect(try await service.load(anonymous.albums(userID: account.nsid)) == albums)
            }
        }
    }

    @Test func refusalsAreFlickrsOwn() async throws {
        try await withDemoServer { server in
            try await Self.withService { service in
                let auth = FlickrAuthAPI(baseURL: server.oauthURL, consumerKey: Self.consumerKey, consumerSecret: "not-the-secret")
                let badSecret = await Self.error { try await service.load(try auth.requestToken()) }
                #expect(badSecret?.message == "API error 401: Flickr refused the sign-in (signature_invalid)")

                let good = FlickrAuthAPI(baseURL: server.oauthURL, consumerKey: Self.consumerKey, consumerSecret: DemoAPIKeys.flickrSecret)
                let requestToken = try await service.load(try good.requestToken())
                _ = try await Fetch.get(try good.authorizeURL(requestToken, permission: .read).absoluteString)
                let wrongVerifier = await Self.error {
                    try await service.load(try good.accessToken(requestToken, verifier: "000-000-000", permission: .read))
                }
                #expect(wrongVerifier?.message == "API error 401: Flickr refused the sign-in (verifier_invalid)")

                // A read token cannot mark favourites; without a token the method says so.
                let (_, reader) = try await Self.signIn(server, service, permission: .read)
                let photo = try #require(try await service.load(reader.recent()).items.last)
                let denied = await Self.error { try await service.load(reader.setFavorite(true, id: photo.id)) }
                #expect(denied?.message == "API error 99: Insufficient permissions. Method requires write privileges; read granted.")
                var unknown = reader
                unknown.oauth?.token = OAuthToken(token: "72157000000000000-0000000000000000", secret: "0000000000000000")
                let rejected = await Self.error { try await service.load(unknown.favorites()) }
                // Flickr's code 98 ("Invalid auth token") on a signed call: one line asking to sign in again.
                #expect(rejected == FlickrAPI.signInRejected)
                var signedOut = reader
                signedOut.oauth = nil
                #expect(await Self.error { try await service.load(signedOut.favorites()) } == FlickrAPI.notSignedIn)
            }
        }
    }

    static func error(_ body: () async throws -> some Any) async -> PhotoramaError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? PhotoramaError ?? .invalidInput("not a PhotoramaError: \(error)")
        }
    }

    // MARK: - A stock client
    static let flickrapiScript = """
        import json, re, sys, urllib.request
        import flickrapi
        from flickrapi import auth
        base, photo_id = sys.argv[1], sys.argv[2]
        flickrapi.FlickrAPI.REST_URL = base + '/services/rest/'
        auth.OAuthFlickrInterface.REQUEST_TOKEN_URL = base + '/services/oauth/request_token'
        auth.OAuthFlickrInterface.AUTHORIZE_URL = base + '/services/oauth/authorize'
        auth.OAuthFlickrInterface.ACCESS_TOKEN_URL = base + '/services/oauth/access_token'
        flickr = flickrapi.FlickrAPI('demo-flickr-key', 'demo-secret', format='parsed-json', store_token=False, cache=False)
        flickr.get_request_token(oauth_callback='oob')
        page = urllib.request.urlopen(flickr.auth_url(perms='write')).read().decode('utf-8')
        flickr.get_access_token(re.search(r'<code id="verifier">([^<]+)</code>', page).group(1))
        added = flickr.favorites.add(photo_id=photo_id)
        albums = flickr.photosets.getList()
        print(json.dumps({'nsid': flickr.token_cache.token.user_nsid, 'added': added['stat'],
                          'albums': [album['id'] for album in albums['photosets']['photoset']]}))
        """

    @Test(.needs([.flickrapi, .lxml], for: "python3-flickrapi's sign-in"))
    func pythonFlickrapiSignsInAndPhotoramaSeesItsFavourite() async throws {
        try await withDemoServer { server in
            try await Self.withService { service in
                let (account, api) = try await Self.signIn(server, service, permission: .read)
                let favourites = try await service.load(api.favorites()).items
                let recent = try await service.load(api.recent()).items
                let photo = try #require(recent.first { item in item.ownerID != account.nsid && !favourites.contains { $0.id == item.id } })

                let base = "http://\(server.host):\(server.port)"
                let output = try await FlickrapiConformanceTests.runPython(
                    arguments: ["-c", Self.flickrapiScript, base, photo.id], deadline: .seconds(90))
                #expect(output.status == 0, "python failed: \(output.stderr)")
                let json = try FetchedResponse(status: 200, headers: [], body: Array(output.stdout.utf8)).json()
                #expect(json["nsid"] as? String == account.nsid, "python signed in to the same (first) demo account")
                #expect(json["added"] as? String == "ok")
                let albums = try await service.load(api.albums())
                #expect(json["albums"] as? [String] == albums.map(\.id))

                let after = try await service.load(api.favorites()).items
                #expect(after.first?.id == photo.id)
            }
        }
    }
}
