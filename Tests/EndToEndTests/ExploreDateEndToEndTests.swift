import Foundation
import Testing

@testable import DemoServer

/// `photorama explore --date` in the real binary against its embedded demo server (seed 1): the day's 500
/// photos, most interesting first, across Explore's five pages, exactly as the catalogue lists that day,
/// and not the latest day's. The server runs in the child, not in this busy test process, where making
/// the whole catalogue for a day's Explore would wait behind every other test.
@Suite(.serialized) struct ExploreDateEndToEndTests {
    @Test func exploreOnADayPrintsThatDaysPhotosInOrder() async throws {
        let catalog = DemoCatalog(seed: 1)
        let methods = FlickrPublicMethods(catalog: catalog)
        let day = methods.explore("2024-02-29").map { catalog.photos[$0] }
        let latest = methods.explore(nil).map { catalog.photos[$0] }
        try #require(day.count == 500)
        try #require(day.map(\.id) != latest.map(\.id))
        func explore(_ arguments: [String]) async throws -> CommandResult {
            try await CommandRun.run(ProductBinary.photorama, ["explore"] + arguments + ["--demo"])
        }

        let ids = try await explore(["--date", "2024-02-29", "--limit", "600", "--format", "ids"])
        #expect(ids.status == 0, "\(ids.stderr)")
        #expect(ids.stderr == "")
        #expect(ids.stdout == day.map { "\($0.idString)\n" }.joined())

        let latestIDs = try await explore(["--limit", "3", "--format", "ids"])
        #expect(latestIDs.stdout == latest.prefix(3).map { "\($0.idString)\n" }.joined())

        // The table: a header, then one row a photo, its id first and its title in it.
        let table = try await explore(["--date", "2024-02-29", "--limit", "3"])
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 4, "\(table.stdout)")
        for (row, photo) in zip(rows.dropFirst(), day.prefix(3)) {
            #expect(row.hasPrefix(photo.idString + " "), "\(row)")
            #expect(row.contains(String(photo.title.prefix(20))), "\(row) / \(photo.title)")
        }
    }
}
