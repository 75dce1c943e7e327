import Foundation
import PhotoramaLocking
import Testing

@testable import DemoServer

/// What the catalog promises, checked on the data itself.
@Suite struct CatalogTests {
    let catalog = DemoCatalog(seed: 1)

    @Test func sizeCitiesAndScripts() throws {
        #expect(catalog.photos.count >= 20_000)
        let cities = Set(catalog.photos.map { City.all[$0.cityIndex].name })
        #expect(cities.count >= 40)
        #expect(cities.isSuperset(of: ["Paris", "Tokyo", "New York", "Berlin", "Melbourne", "San Francisco"]))
        let titles = catalog.photos.map(\.title) + catalog.photos.map(\.description)
        func some(_ range: ClosedRange<UInt32>) -> Bool { titles.contains { $0.unicodeScalars.contains { range.contains($0.value) } } }
        #expect(some(0x00C0...0x017F), "accented Latin")
        #expect(some(0x4E00...0x9FFF), "CJK")
        #expect(some(0x0600...0x06FF), "Arabic")
        #expect(some(0x0590...0x05FF), "Hebrew")
        #expect(some(0x1F300...0x1FAFF), "emoji")
    }

    @Test func photosAreScatteredWithinAFewKilometresOfTheirCity() {
        for photo in catalog.photos where photo.hasGeo {
            let city = City.all[photo.cityIndex]
            let distance = FlickrSearchTests.distanceKm(city.latitude, city.longitude, photo.latitude, photo.longitude)
            #expect(distance <= 6.1)
        }
    }

    @Test func datesSpanYearsWithSomeCoarseGranularity() {
        let years = Set(catalog.photos.map { $0.dateTaken.prefix(4) })
        #expect(years.count >= 5)
        let granularities = Dictionary(grouping: catalog.photos, by: \.takenGranularity).mapValues(\.count)
        #expect((granularities[4] ?? 0) > 100)
        #expect((granularities[6] ?? 0) > 100)
        for photo in catalog.photos where photo.takenGranularity == 6 {
            #expect(photo.dateTaken.hasSuffix("-01-01 00:00:00"))
        }
        #expect(Set(catalog.photos.map(\.id)).count == catalog.photos.count, "ids are unique")
    }

    @Test func sameSeedSameCatalogOtherSeedDifferent() async {
        // Three whole catalogs: on a thread of their own, not the cooperative pool's.
        let catalog = self.catalog
        let (sameIDs, sameTitles, sameNames, otherIDsDiffer) = await OwnThread.run {
            let again = DemoCatalog(seed: 1)
            let other = DemoCatalog(seed: 2)
            return (
                again.photos.map(\.idString) == catalog.photos.map(\.idString),
                again.photos.map(\.title) == catalog.photos.map(\.title),
                again.px500Photos.map(\.name) == catalog.px500Photos.map(\.name),
                other.photos.map(\.idString) != catalog.photos.map(\.idString)
            )
        }
        #expect(sameIDs)
        #expect(sameTitles)
        #expect(sameNames)
        #expect(otherIDsDiffer)
    }

    @Test func fiveHundredPxHasNSFWAndComments() {
        #expect(catalog.px500Photos.count >= 500)
        #expect(catalog.px500Photos.contains { $0.nsfw })
        #expect(catalog.px500Photos.contains { !$0.nsfw })
        #expect(catalog.px500Photos.contains { $0.commentsCount > 20 })
    }
}

@Suite struct CivilTimeTests {
    @Test func roundTripsAndFormats() {
        let fields = CivilTime.fields(secondsSince1970: 1_359_523_092)
        #expect(CivilTime.mysql(fields) == "2013-01-30 05:18:12")
        #expect(CivilTime.secondsSince1970(fields) == 1_359_523_092)
        #expect(CivilTime.iso8601(secondsSince1970: 0, utcOffsetHours: -5) == "1969-12-31T19:00:00-05:00")
        #expect(FlickrSearch.takenKey("2024-02-29") == 1_709_164_800)
    }
}
