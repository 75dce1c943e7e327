import Foundation
import PhotoramaKit
import PhotoramaStore
import Testing

/// `count` photos saved at distinct times, some sharing a time (ties are ordered by provider, then id).
private func seeded(_ count: Int, in folder: String) async throws -> (SQLiteSavedPhotos, [SavedPhoto]) {
    let store = try SQLiteSavedPhotos(path: folder + "/photorama.sqlite")
    let photos = (0..<count).map { index in
        SavedPhoto(
            photo: fullPhoto(index, provider: index % 3 == 0 ? .fiveHundredPx : .flickr),
            // Pairs share a saved time, so page boundaries fall inside ties too.
            savedAtMilliseconds: 1_700_000_000_000 + Int64(index / 2),
            downloadPath: index % 5 == 0 ? "/pictures/\(index).jpg" : nil)
    }
    try await store.importAll(photos)
    return (store, photos)
}

/// Every page after the first, read until the store says there is no more.
private func rest(_ store: SQLiteSavedPhotos, after first: SavedPage, limit: Int) async throws -> [[SavedPhoto]] {
    var pages: [[SavedPhoto]] = []
    var next = first.next
    while let position = next {
        let page = try await store.page(after: position, limit: limit)
        pages.append(page.photos)
        next = page.next
        if pages.count > 100 { break }  // a paging bug must fail the test, not hang it
    }
    return pages
}

@Suite("Saved photos read a page at a time")
struct SavedPagingTests {
    @Test("pages hold exactly the rows of the whole list, in order, across boundaries inside ties; count, keys and files exact")
    func pagesInOrder() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let (store, _) = try await seeded(23, in: temporary)
        let all = try await store.all()
        #expect(all.count == 23)
        let overview = try await store.overview(firstPage: 5)
        #expect(overview.total == 23)
        #expect(overview.keys == Set(all.map(\.key)))
        #expect(overview.files.count == 5)
        #expect(overview.files[PhotoKey(provider: .fiveHundredPx, id: "15")] == "/pictures/15.jpg")
        #expect(overview.first.photos == Array(all[0..<5]))
        #expect(overview.first.next == SavedPosition(all[4]))
        let pages = try await rest(store, after: overview.first, limit: 5)
        #expect(pages.map(\.count) == [5, 5, 5, 3])
        #expect(overview.first.photos + pages.joined() == all)
    }

    @Test("a page that ends exactly at the last row says there is no next page")
    func exactEnd() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let (store, _) = try await seeded(10, in: temporary)
        let overview = try await store.overview(firstPage: 5)
        let second = try await store.page(after: try #require(overview.first.next), limit: 5)
        #expect(second.photos.count == 5)
        #expect(second.next == nil)
        let whole = try await store.overview(firstPage: 10)
        #expect(whole.first.photos.count == 10)
        #expect(whole.first.next == nil)
        let emptyFolder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: emptyFolder) }
        let empty = try await SQLiteSavedPhotos(path: emptyFolder + "/photorama.sqlite").overview(firstPage: 5)
        #expect(empty == SavedOverview(total: 0, keys: [], files: [:], first: SavedPage(photos: [], next: nil)))
    }

    @Test("a page read after a save and an unsave continues where the last one ended: nothing skipped or repeated")
    func consistentAfterWrites() async throws {
        let temporary = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let (store, _) = try await seeded(12, in: temporary)
        let before = try await store.all()
        let overview = try await store.overview(firstPage: 4)
        // Unsave one photo already shown and one not yet read; save a new one (it goes on top).
        try await store.unsave(before[1].key)
        try await store.unsave(before[6].key)
        let added = try await store.save(fullPhoto(100))
        let pages = try await rest(store, after: overview.first, limit: 4)
        let expected = before[4...].filter { $0.key != before[6].key }
        #expect(Array(pages.joined()) == expected)
        let after = try await store.overview(firstPage: 4)
        #expect(after.total == 11)
        #expect(after.keys.count == 11)
        #expect(after.first.photos.first == added)
        #expect(!after.keys.contains(before[1].key))
    }
}
