import Foundation
import Testing

@testable import DemoServer
@testable import PhotoramaKit

/// Group pools, Explore, EXIF, licences and licensed search, from the demo server over real HTTP and read
/// by PhotoramaKit's own resources: the same code paths as against Flickr.
@Suite struct PublicMethodsRoundTripTests {
    static func withAPI<T>(_ body: (RunningDemoServer, FlickrAPI, Webservice) async throws -> T) async throws -> T {
        try await withDemoServer { server in
            try await OAuthSignInTests.withService { webservice in
                try await body(server, FlickrAPI(baseURL: server.flickrURL, apiKey: "demo", perPage: 100), webservice)
            }
        }
    }

    @Test func exploreIsFiveHundredPhotosADayMostInterestingFirst() async throws {
        try await Self.withAPI { server, api, service in
            let latest = try await service.load(api.explore())
            #expect(latest.total == 500)
            #expect(latest.pages == 5)
            #expect(latest.items.count == 100)
            let catalog = DemoCatalog(seed: 1)
            let scores = latest.items.compactMap { UInt64($0.id).flatMap { catalog.photoIndexByID[$0] } }.map {
                catalog.photos[$0].interestingness
            }
            #expect(scores.count == 100)
            #expect(scores == scores.sorted(by: >))
            let leap = try await service.load(api.explore(date: "2024-02-29"))
            #expect(leap.items.map(\.id) != latest.items.map(\.id))
            #expect(try await service.load(api.explore(date: "2024-02-29")).items.map(\.id) == leap.items.map(\.id))
            #expect(try await service.load(api.explore(date: "2025-05-31")).items.map(\.id) == latest.items.map(\.id))
            let future = try await service.load(api.explore(date: "2030-01-01"))
            #expect(future.items.isEmpty)
        }
    }

    @Test func exifIsShownForMostOwnersAndRefusedWithFlickrsErrorForOthers() async throws {
        try await Self.withAPI { server, api, service in
            let catalog = DemoCatalog(seed: 1)
            let shown = try #require((0..<200).map { catalog.photos[$0] }.first { !DemoExif.hidden($0) })
            let hidden = try #require((0..<200).map { catalog.photos[$0] }.first { DemoExif.hidden($0) })
            guard case .shown(let exif) = try await service.load(api.exif(id: shown.idString)) else {
                Issue.record("EXIF not shown")
                return
            }
            #expect(exif.camera == DemoExif.camera(shown))
            // Photo 53801421054 of seed 1, as DemoExif draws it from the id: a Fujifilm X-T3.
            #expect(shown.idString == "53801421054")
            #expect(exif.aperture == "f/4.0")
            #expect(exif.focalLength == "170 mm")
            #expect(exif.exposure == "0.004 sec (1/250)")
            #expect(exif.iso == "3200")
            #expect(exif.lens == "XF16-55mmF2.8 R LM WR")
            #expect(exif.dateTaken == shown.dateTaken.replacingOccurrences(of: "-", with: ":"))
            #expect(try await service.load(api.exif(id: hidden.idString)) == .hiddenByOwner)
            let raw = try await Fetch.get(server.flickr([("method", "flickr.photos.getExif"), ("photo_id", hidden.idString)])).text
            #expect(raw == #"{"stat":"fail","code":2,"message":"Permission denied"}"#)
            let ownersHiding = Set((0..<2000).map { catalog.photos[$0] }.filter(DemoExif.hidden).map(\.ownerIndex)).count
            let owners = Set((0..<2000).map { catalog.photos[$0].ownerIndex }).count
            #expect(ownersHiding > 0 && ownersHiding * 3 < owners, "some owners hide EXIF, most do not")
        }
    }

    @Test func licencesAreFlickrsListAndEveryPhotoCarriesOne() async throws {
        try await Self.withAPI { server, api, service in
            let licenses = try await service.load(api.licenses())
            #expect(licenses.map(\.id).sorted() == Array(0...10))
            #expect(licenses.first { $0.id == 9 }?.name == "Public Domain Dedication (CC0)")
            let recent = try await service.load(api.recent())
            #expect(recent.items.allSatisfy { $0.licenseID.map(LicenseIDs.known.contains) == true })
            let catalog = DemoCatalog(seed: 1)
            let first = try #require(recent.items.first)
            let detail = try await service.load(api.info(id: first.id))
            #expect(detail.photo.licenseID == catalog.photos[0].license)
        }
    }

    @Test func searchHonoursTheLicenceFilter() async throws {
        try await Self.withAPI { server, api, service in
            let all = try await service.load(api.search(text: "cat"))
            let free = try await service.load(api.search(text: "cat", licenses: [4, 9, 10]))
            #expect(free.total > 0)
            #expect(free.total < all.total)
            #expect(free.items.allSatisfy { [4, 9, 10].contains($0.licenseID ?? -1) })
        }
    }

    @Test func aGroupIsFoundByAddressAndItsPoolPages() async throws {
        try await Self.withAPI { server, api, service in
            let group = DemoGroups(catalog: DemoCatalog(seed: 1)).group(2)
            let id = try await service.load(api.lookupGroup(address: "https://www.flickr.com/groups/\(group.alias)/pool/"))
            #expect(id == group.id)
            let pool = try await service.load(api.groupPool(id: id))
            #expect(pool.total == DemoGroups.poolSize)
            let catalog = DemoCatalog(seed: 1)
            #expect(pool.items.map(\.id) == group.photoIndices.prefix(100).map { catalog.photos[$0].idString })
            await #expect(throws: PhotoramaError.api(code: 1, message: "Group not found")) {
                try await service.load(api.lookupGroup(address: "https://www.flickr.com/groups/no-such-group/"))
            }
        }
    }

    @Test func anAlbumOpensByTheIDInItsAddress() async throws {
        try await Self.withAPI { server, api, service in
            let catalog = DemoCatalog(seed: 1)
            let album = try #require(DemoAccounts(catalog: catalog).albums(ofUser: 5).first)
            let id = try AlbumReference.parse("https://www.flickr.com/photos/\(catalog.users[5].nsid)/albums/\(album.id)").get()
            let page = try await service.load(api.album(id: id))
            #expect(page.items.map(\.id) == album.photoIndices.map { catalog.photos[$0].idString })
        }
    }
}
