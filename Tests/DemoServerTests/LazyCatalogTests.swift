import Foundation
import NIOCore
import PhotoramaLocking
import Testing

@testable import DemoServer

/// The lazy catalog against the eager build it replaced (`EagerReferenceCatalog`, the old code kept
/// verbatim): the same values for a seed, and the same bytes for a sample of requests to every service.
/// Serialized: each test makes whole catalogs, which is CPU-heavy in debug builds, and other suites'
/// servers share the machine.
@Suite(.serialized) struct LazyCatalogTests {
    // MARK: - The eager reference
    static let base = "http://127.0.0.1:4321"

    /// The old catalog's parts, wrapped in the current type so the current services can answer from them.
    static func reference(seed: UInt64) -> (EagerReferenceCatalog, DemoCatalog) {
        let eager = EagerReferenceCatalog(seed: seed)
        let catalog = DemoCatalog(
            seed: seed, users: eager.users, photos: eager.photos,
            rest: CatalogRest.Parts(
                photosByOwner: eager.photosByOwner, galleries: eager.galleries, galleryIndexByID: eager.galleryIndexByID,
                px500Photos: eager.px500Photos, px500IndexByID: eager.px500IndexByID))
        return (eager, catalog)
    }

    // MARK: - Catalog values
    @Test(arguments: [UInt64(1), 42])
    func everyValueEqualsTheEagerBuild(seed: UInt64) async {
        // Whole catalogs take seconds to make: on a thread of their own, not the cooperative pool's.
        #expect(await OwnThread.run { Self.partsDifferingFromTheEagerBuild(seed: seed) } == [])
    }

    /// The names of the parts in which the lazy catalog differs from the eager build.
    static func partsDifferingFromTheEagerBuild(seed: UInt64) -> [String] {
        let (eager, _) = reference(seed: seed)
        let lazy = DemoCatalog(seed: seed)
        var differing: [String] = []
        func check(_ equal: Bool, _ part: String) { if !equal { differing.append(part) } }
        check(String(reflecting: lazy.users) == String(reflecting: eager.users), "users")
        // Ask for a late photo first: the chunks before it must be made in order all the same.
        check(String(reflecting: lazy.photos[19_999]) == String(reflecting: eager.photos[19_999]), "photo 19999 first")
        check(lazy.photos.count == eager.photos.count, "photo count")
        if let index = eager.photos.indices.first(where: { String(reflecting: lazy.photos[$0]) != String(reflecting: eager.photos[$0]) }) {
            differing.append("photo \(index)")
        }
        check(lazy.photosByOwner == eager.photosByOwner, "photosByOwner")
        check(String(reflecting: lazy.galleries) == String(reflecting: eager.galleries), "galleries")
        check(lazy.galleryIndexByID == eager.galleryIndexByID, "galleryIndexByID")
        check(String(reflecting: lazy.px500Photos) == String(reflecting: eager.px500Photos), "px500Photos")
        check(lazy.px500IndexByID == eager.px500IndexByID, "px500IndexByID")
        check(lazy.textIndex.index == eager.textIndex, "textIndex")
        return differing
    }

    @Test func idLookupMakesOnlyThePhotosUpToTheOneAskedFor() {
        // The ids come from another catalog of the same seed (equal to the eager build, tested above).
        let photos = DemoCatalog(seed: 7).photos.all
        let lazy = DemoCatalog(seed: 7)
        for index in [0, 1, 255, 256, 257, 5_000, 19_999] {
            #expect(lazy.photoIndexByID[photos[index].id] == index)
        }
        #expect(lazy.photoIndexByID[photos[10].id + 1] == nil)
        #expect(lazy.photoIndexByID[0] == nil)
        #expect(lazy.photoIndexByID[UInt64.max] == nil)
        #expect(DemoCatalog(seed: 7).photoIndexByID[photos[4_321].id] == 4_321)
    }

    // MARK: - Answered bytes
    /// (path, query) pairs covering every service: recent, text and geo searches, people, galleries, info,
    /// sizes, comments, places, 500px lists, photos and comments, images of both kinds, locations.
    static func sample(_ eager: EagerReferenceCatalog) -> [(String, String)] {
        let extras =
            "description,license,date_upload,date_taken,owner_name,icon_server,original_format,last_update,geo,tags,o_dims,views,media,path_alias,url_sq,url_q,url_t,url_s,url_n,url_m,url_z,url_c,url_l,url_h"
        let rest = "/services/rest"
        func flickr(_ parameters: String) -> (String, String) { (rest, "api_key=k&format=json&nojsoncallback=1&" + parameters) }
        let photos = [0, 1, 300, 4_999, 19_999].map { eager.photos[$0] }
        let owner = eager.users[eager.photos[2].ownerIndex].nsid
        var requests: [(String, String)] = [
            flickr("method=flickr.photos.getRecent&per_page=100&extras=\(extras)"),
            flickr("method=flickr.photos.getRecent&per_page=300&page=3&extras=url_q,url_z,owner_name"),
            (rest, "api_key=k&method=flickr.photos.getRecent&per_page=20&page=2&extras=\(extras)"),
            (rest, "api_key=k&format=json&method=flickr.photos.getRecent&per_page=5"),
            flickr("method=flickr.photos.search&text=night&page=2&extras=\(extras)"),
            flickr("method=flickr.photos.search&text=cafe&sort=relevance"),
            flickr("method=flickr.photos.search&text=sunset%20paris&sort=interestingness-desc&per_page=50"),
            flickr("method=flickr.photos.search&lat=48.8566&lon=2.3522&radius=3&extras=geo"),
            flickr("method=flickr.photos.search&lat=40.7128&lon=-74.006&radius=2&radius_units=mi&text=street"),
            flickr("method=flickr.photos.search&tags=cat,dog&tag_mode=all&sort=date-taken-asc"),
            flickr("method=flickr.photos.search&has_geo=0&min_upload_date=1740000000&sort=date-taken-desc"),
            flickr("method=flickr.photos.search&woe_id=615702&page=3&per_page=30"),
            flickr("method=flickr.photos.search&bbox=139.5,35.5,139.9,35.8&sort=interestingness-asc"),
            flickr("method=flickr.photos.search&user_id=\(owner)&text=travel"),
            flickr("method=flickr.photos.search&text=a&page=9&per_page=500"),
            flickr("method=flickr.people.getPublicPhotos&user_id=\(owner)&extras=\(extras)"),
            flickr("method=flickr.people.getPublicPhotos&user_id=\(eager.users[99].nsid)&page=2&per_page=10"),
            flickr("method=flickr.galleries.getPhotos&gallery_id=\(eager.galleries[0].id)&get_gallery_info=1&extras=url_q"),
            flickr("method=flickr.galleries.getPhotos&gallery_id=\(eager.galleries[9].id)&page=2&per_page=25"),
            flickr("method=flickr.places.find&query=par"),
            ("/v1/photos", "consumer_key=k&rpp=100"),
            ("/v1/photos", "consumer_key=k&feature=highest_rated&rpp=50&page=2&image_size=2,4"),
            ("/v1/photos", "consumer_key=k&feature=fresh_today&rpp=30&page=20"),
            ("/v1/photos", "consumer_key=k&feature=upcoming"),
            ("/v1/photos/\(eager.px500Photos[0].id)", "consumer_key=k&comments=1&image_size=3"),
            ("/v1/photos/\(eager.px500Photos[599].id)/comments", "consumer_key=k&page=2"),
            ("/px500/\(eager.px500Photos[17].id)/2.jpg", ""),
            ("/locations", "country=fr"),
        ]
        for photo in photos {
            requests.append(flickr("method=flickr.photos.getInfo&photo_id=\(photo.idString)"))
            requests.append(flickr("method=flickr.photos.getSizes&photo_id=\(photo.idString)"))
            requests.append(flickr("method=flickr.photos.comments.getList&photo_id=\(photo.idString)"))
        }
        for (photo, extra) in [(photos[0], "sq"), (photos[4], "t")] {
            let size = FlickrSize.all.first { $0.extra == extra }!
            requests.append((String(size.url(base: base, photo: photo).dropFirst(base.count)), ""))
        }
        return requests
    }

    static func answer(_ router: DemoRouter, _ request: (String, String)) -> (Int, String, [UInt8]) {
        let answer = router.answer(
            method: "GET", path: request.0, parameters: RequestParameters(query: Substring(request.1), formBody: nil, authorization: nil),
            base: base, ifNoneMatch: nil, flickrUnavailable: false)
        return (answer.status, answer.contentType, Array(answer.body.readableBytesView))
    }

    @Test func aSampleOfRequestsGetsTheEagerBuildsBytes() async {
        #expect(await OwnThread.run { Self.sampleRequestsAnsweredDifferently() } == [])
    }

    /// The sampled requests a catalog built lazily answers otherwise than the eager build (or that the eager
    /// build does not answer with a body).
    static func sampleRequestsAnsweredDifferently() -> [String] {
        let (eager, reference) = reference(seed: 1)
        let referenceRouter = DemoRouter(catalog: reference, imageCache: ImageCache(byteBudget: 1 << 20))
        let sharedRouter = DemoRouter(catalog: DemoCatalog(seed: 1), imageCache: ImageCache(byteBudget: 1 << 20))
        var failures: [String] = []
        for request in sample(eager) {
            let expected = answer(referenceRouter, request)
            if expected.0 != 200 || expected.2.count <= 20 { failures.append("reference \(request.0)?\(request.1)") }
            let shared = answer(sharedRouter, request)
            if !(shared.0 == expected.0 && shared.1 == expected.1 && shared.2 == expected.2) {
                failures.append("\(request.0)?\(request.1)")
            }
        }
        return failures
    }

    /// What the browser asks first, each from a catalog of its own that has made nothing else yet.
    @Test func firstRequestsFromAFreshCatalogGetTheEagerBuildsBytes() async {
        #expect(await OwnThread.run { Self.firstRequestsAnsweredDifferently() } == [])
    }

    static func firstRequestsAnsweredDifferently() -> [String] {
        let (eager, reference) = reference(seed: 1)
        let referenceRouter = DemoRouter(catalog: reference, imageCache: ImageCache(byteBudget: 1 << 20))
        let photo = eager.photos[150]
        let square = FlickrSize.all.first { $0.extra == "q" }!
        let firsts: [(String, String)] = [
            sample(eager)[0], sample(eager)[1],
            ("/services/rest", "api_key=k&format=json&nojsoncallback=1&method=flickr.photos.getInfo&photo_id=\(photo.idString)"),
            (String(square.url(base: base, photo: photo).dropFirst(base.count)), ""),
        ]
        var failures: [String] = []
        for request in firsts {
            let expected = answer(referenceRouter, request)
            let fresh = answer(DemoRouter(catalog: DemoCatalog(seed: 1), imageCache: ImageCache(byteBudget: 1 << 20)), request)
            if !(expected.0 == 200 && expected.2.count > 20) { failures.append("reference \(request.0)?\(request.1)") }
            if !(fresh.0 == expected.0 && fresh.1 == expected.1 && fresh.2 == expected.2) { failures.append("\(request.0)?\(request.1)") }
        }
        return failures
    }
}
