import Foundation
import Testing

@testable import DemoServer
@testable import PhotoramaKit

/// The demo server's Commons and Openverse over real HTTP, read by PhotoramaKit's own resources through a
/// `Webservice`: paging by continue blocks, places, licences, maxlag and rate-limit refusals retried.
@Suite struct CommonsOpenverseServiceTests {
    @discardableResult
    static func withService<T>(
        faults: FaultInjection = .none, _ body: (RunningDemoServer, PhotoService, RequestLog) async throws -> T
    ) async throws -> T {
        try await withDemoServer(faults: faults) { server in
            let transport = LiveTransport()
            let log = try RequestLog(capacity: 50)
            var configuration = ServiceConfiguration()
            configuration.commonsURL = server.commonsURL
            configuration.openverseURL = server.openverseURL
            configuration.userAgent = UserAgent.value(contact: "tests@example.org")
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
