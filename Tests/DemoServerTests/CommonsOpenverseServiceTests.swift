import Foundation
import PhotoramaLocking
import Testing

@testable import DemoServer
@testable import PhotoramaKit

/// The demo server's Commons and Openverse over real HTTP, read by PhotoramaKit's own resources through a
/// `Webservice`: paging by continue blocks, places, licences, maxlag and rate-limit refusals retried.
@Suite struct CommonsOpenverseServiceTests {
    @discardableResult
    static func withService<T>(
        faults: FaultInjection = .none, openverseTokens: OpenverseTokens? = nil,
        _ body: (RunningDemoServer, PhotoService, RequestLog) async throws -> T
    ) async throws -> T {
        try await withDemoServer(faults: faults) { server in
            let transport = LiveTransport()
            let log = try RequestLog(capacity: 50)
            var configuration = ServiceConfiguration()
            configuration.commonsURL = server.commonsURL
            configuration.openverseURL = server.openverseURL
            configuration.userAgent = UserAgent.value(contact: "tests@example.org")
            configuration.openverseTokens = openverseTokens
            let service = PhotoService(configuration: configuration, webservice: Webservice(transport: transport, log: log))
            do {
                let result = try await body(server, service, log)
                await transport.shutdown()
                return result
            } catch {
                await transport.shutdown()
                throw error
            }
        }
    }

    @Test func commonsSearchPagesByItsContinueBlockAndLeavesOutDocuments() async throws {
        try await Self.withService { server, service, _ in
            let first = try await service.page(.commonsSearch(text: "sunset"), page: 1)
            let second = try await service.page(.commonsSearch(text: "sunset"), page: 2)
            #expect(first.hasMore)
            #expect(first.items.count > 40 && first.items.count <= 50)
            #expect(first.items.allSatisfy { $0.provider == .commons && !$0.id.hasSuffix(".pdf") })
            #expect(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
            let photo = try #require(first.items.first)
            #expect(photo.licenseTag != nil)
            #expect(!photo.owner.isEmpty && !photo.owner.contains("<"))
            #expect(!photo.owner.contains("Creator:"), "the hidden span is left out")
            #expect(photo.images.first?.address.contains("/commons-thumb/") == true)
            #expect(photo.images.first?.width == CommonsAPI.thumbnailWidth)
        }
    }

    /// The demo sends the imageinfo of 7 files an answer, as Commons sends a large batch's in parts: the
    /// page follows `iicontinue` and shows every file of the batch, as a server that sends all at once.
    @Test func commonsFilesWhoseImageinfoComesInLaterAnswersAreAllShown() async throws {
        let whole = try await Self.withService { _, service, _ in try await service.page(.commonsSearch(text: "sunset"), page: 2) }
        var faults = FaultInjection()
        faults.commonsImageInfoBatch = 7
        try await Self.withService(faults: faults) { _, service, log in
            let page = try await service.page(.commonsSearch(text: "sunset"), page: 2)
            // The two servers differ only in their ports.
            func shown(_ page: Page<Photo>) -> [String] {
                page.items.map { "\($0.id) \($0.title) \($0.owner) \($0.licenseTag?.name ?? "") \($0.images.count) \($0.location != nil)" }
            }
            #expect(shown(page) == shown(whole))
            #expect(page.hasMore == whole.hasMore && page.total == whole.total)
            #expect(page.items.count > 40)
            let urls = await log.snapshot().map(\.url)
            #expect(urls.count == 8, "50 files, 7 an answer")
            #expect(urls.dropFirst().allSatisfy { $0.contains("iicontinue=") && $0.contains("gsroffset=50") })
        }
    }

    /// What the demo answers when a batch's imageinfo goes on: no `batchcomplete`, a `continue` block with
    /// `iicontinue` and the generator's own offset, imageinfo for the first files only.
    @Test func theDemoSendsALargeBatchsImageinfoInParts() async throws {
        try await withDemoServer { server in
            let url =
                server.commonsURL.absoluteString
                + "?action=query&format=json&formatversion=2&generator=search&gsrsearch=sunset&gsrlimit=80&prop=imageinfo"
            let json = try await Fetch.get(url).json()
            #expect(json["batchcomplete"] == nil)
            let block = try json.object("continue")
            #expect(block["gsroffset"] as? Int == 0)
            #expect(block["continue"] as? String == "gsroffset||coordinates")
            let resume = try #require(block["iicontinue"] as? String)
            let pages = try #require(try json.object("query")["pages"] as? [[String: Any]])
            #expect(pages.count == 80)
            #expect(pages.filter { $0["imageinfo"] != nil }.count == 50)
            let next = try await Fetch.get(url + "&iicontinue=" + QueryEncoding.encode(resume)).json()
            #expect(next["batchcomplete"] as? Bool == true)
            let rest = try #require(try next.object("query")["pages"] as? [[String: Any]])
            #expect(rest.filter { $0["imageinfo"] != nil }.count == 30)
        }
    }

    @Test func commonsNearbyFindsFilesWithinTheRadiusOfARealPlace() async throws {
        try await Self.withService { _, service, _ in
            let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522)
            let page = try await service.page(.commonsGeo(latitude: paris.latitude, longitude: paris.longitude, radiusKm: 2), page: 1)
            #expect(!page.items.isEmpty)
            for photo in page.items {
                let location = try #require(photo.location)
                #expect(location.distance(to: paris) <= 2.01)
            }
            let distances = page.items.compactMap { $0.location?.distance(to: paris) }
            #expect(distances == distances.sorted())
        }
    }

    @Test func aCommonsFileHasItsCreatorsPageAndTheInfoOfTheList() async throws {
        try await Self.withService { _, service, _ in
            let listed = try #require(try await service.page(.commonsSearch(text: "sunset"), page: 1).items.first)
            let detail = try await service.info(listed.key)
            #expect(detail.photo == listed)
            #expect(detail.creatorURL?.absoluteString.hasPrefix("https://commons.wikimedia.org/wiki/User:") == true)
        }
    }

    @Test func aMaxlagRefusalIsRetriedAfterTheWaitItAsks() async throws {
        var faults = FaultInjection()
        faults.commonsMaxlagAnswers = 1
        try await Self.withService(faults: faults) { _, service, log in
            let clock = ContinuousClock()
            let start = clock.now
            let page = try await service.page(.commonsSearch(text: "sunset"), page: 1)
            #expect(!page.items.isEmpty)
            #expect(clock.now - start >= .seconds(1), "Retry-After: 1 is honoured")
            let entries = await log.snapshot()
            #expect(entries.count == 2)
            #expect(entries.allSatisfy { $0.url.contains("maxlag=5") })
        }
    }

    @Test func maxlagRefusalsBeyondTheRetriesGiveOneLine() async throws {
        var faults = FaultInjection()
        faults.commonsMaxlagAnswers = 10
        try await Self.withService(faults: faults) { _, service, _ in
            await #expect(throws: PhotoramaError.service("Wikimedia Commons: Waiting for 10.64.48.23: 7 seconds lagged. (maxlag)")) {
                try await service.page(.commonsSearch(text: "sunset"), page: 1)
            }
        }
    }

    @Test func openverseRateLimitIsRetriedAndLicencesFilter() async throws {
        var faults = FaultInjection()
        faults.openverseRateLimitAnswers = 1
        try await Self.withService(faults: faults) { _, service, log in
            let page = try await service.page(.openverseSearch(text: "sunset", licenses: ["by-sa"]), page: 1)
            #expect(page.items.count == OpenverseAPI.pageSize)
            #expect(page.items.allSatisfy { $0.licenseTag?.name == "CC BY-SA 2.0" })
            #expect(await log.snapshot().map(\.status) == [429, 200])
        }
    }

    @Test func openversePagesEndWhereAnAnonymousClientMustStop() async throws {
        try await Self.withService { _, service, _ in
            let first = try await service.page(.openverseSearch(text: "sunset", licenses: []), page: 1)
            #expect(first.total == OpenverseService.anonymousResultCap)
            #expect(first.pages == 12)
            let last = try await service.page(.openverseSearch(text: "sunset", licenses: []), page: 12)
            #expect(!last.hasMore)
            let photo = try #require(first.items.first)
            let detail = try await service.info(photo.key)
            #expect(detail.photo.id == photo.id)
            #expect(detail.sourceName == "flickr")
        }
    }

    @Test func aRegisteredOpenverseClientGetsItsToken() async throws {
        try await Self.withService { server, service, _ in
            let api = OpenverseAPI(baseURL: server.openverseURL)
            let token = try await service.webservice.load(
                try api.token(clientID: DemoAPIKeys.openverseClientID, secret: DemoAPIKeys.openverseClientSecret))
            #expect(token == DemoAPIKeys.openverseToken)
            await #expect(throws: PhotoramaError.service("Openverse: invalid_client")) {
                try await service.webservice.load(try api.token(clientID: "someone", secret: "wrong"))
            }
        }
    }

    /// A token the API refuses before its `expires_in` (the demo's token serves one search here) is renewed
    /// and the search sent once more; the secret is in no request address and no error.
    @Test func anOpenverseTokenRefusedAsExpiredIsRenewedAndTheCallSentOnceMore() async throws {
        var faults = FaultInjection()
        faults.openverseTokenUses = 1
        let tokens = OpenverseTokens(clientID: DemoAPIKeys.openverseClientID, secret: DemoAPIKeys.openverseClientSecret)
        try await Self.withService(faults: faults, openverseTokens: tokens) { _, service, log in
            let first = try await service.page(.openverseSearch(text: "sunset", licenses: []), page: 1)
            let second = try await service.page(.openverseSearch(text: "sunset", licenses: []), page: 2)
            #expect(first.page == 1 && second.page == 2 && !second.items.isEmpty)
            let entries = await log.snapshot()
            #expect(entries.map(\.method) == [.post, .get, .get, .post, .get])
            #expect(entries.map(\.status) == [200, 200, 401, 200, 200])
            #expect(entries.allSatisfy { !$0.url.contains(DemoAPIKeys.openverseClientSecret) && $0.error == nil })
        }
    }

    /// A token past its `expires_in` (on the client's clock) is renewed before the call: the API never
    /// refuses it.
    @Test func anOpenverseTokenPastItsLifeIsRenewedBeforeTheCall() async throws {
        var faults = FaultInjection()
        faults.openverseTokenLifetime = 600
        let clock = Locked(ContinuousClock.now)
        let tokens = OpenverseTokens(
            clientID: DemoAPIKeys.openverseClientID, secret: DemoAPIKeys.openverseClientSecret, now: { clock.withLock { $0 } })
        try await Self.withService(faults: faults, openverseTokens: tokens) { _, service, log in
            _ = try await service.page(.openverseSearch(text: "sunset", licenses: []), page: 1)
            clock.withLock { $0 += .seconds(500) }
            _ = try await service.page(.openverseSearch(text: "sunset", licenses: []), page: 2)
            #expect(await log.snapshot().map(\.method) == [.post, .get, .get], "500 s into a life of 600: the same token")
            clock.withLock { $0 += .seconds(100) }
            _ = try await service.page(.openverseSearch(text: "sunset", licenses: []), page: 3)
            let entries = await log.snapshot()
            #expect(entries.map(\.method) == [.post, .get, .get, .post, .get])
            #expect(entries.map(\.status) == [200, 200, 200, 200, 200])
        }
    }

    /// The demo refuses a token it did not issue, and one past its life, with 401.
    @Test func theDemoRefusesTokensItDidNotIssueOrThatExpired() async throws {
        var faults = FaultInjection()
        faults.openverseTokenUses = 1
        try await withDemoServer(faults: faults) { server in
            let search = server.openverseURL.absoluteString + "/images/?q=sunset"
            #expect(try await Fetch.get(search, headers: [("Authorization", "Bearer made-up")]).status == 401)
            let form =
                "grant_type=client_credentials&client_id=\(DemoAPIKeys.openverseClientID)&client_secret=\(DemoAPIKeys.openverseClientSecret)"
            let grant = try await Fetch.post(server.openverseURL.absoluteString + "/auth_tokens/token/", form: form).json()
            let token = try #require(grant["access_token"] as? String)
            #expect(grant["expires_in"] as? Int == 36_000)
            #expect(try await Fetch.get(search, headers: [("Authorization", "Bearer \(token)")]).status == 200)
            #expect(try await Fetch.get(search, headers: [("Authorization", "Bearer \(token)")]).status == 401)
        }
    }

    @Test func withoutFormatversion2PagesAreKeyedByPageIDAsCommonsAnswersByDefault() async throws {
        try await withDemoServer { server in
            let url = server.commonsURL.absoluteString + "?action=query&format=json&generator=search&gsrsearch=sunset&gsrlimit=3"
            let json = try await Fetch.get(url).json()
            #expect(json["batchcomplete"] as? String == "")
            let pages = try json.object("query").object("pages")
            #expect(pages.keys.allSatisfy { Int($0) != nil })
            #expect(try json.object("continue").int("gsroffset") == 3)
            let help = try await Fetch.get(server.commonsURL.absoluteString)
            #expect(help.header("Content-Type")?.hasPrefix("text/html") == true)
        }
    }
}
