import PhotoramaLocking

/// The favourites of each demo account as they change: an account starts with `startingFavourites` (made
/// when first asked for) and `favorites.add` / `remove` change it for as long as the server runs.
final class FavouritesStore: Sendable {
    struct Faved: Sendable, Equatable {
        let photoIndex: Int
        /// Unix time of the mark (Flickr's `date_faved`).
        let date: Int
    }

    enum Change: Error, Equatable { case alreadyFavourite, notFavourite }

    private let marks = Locked<[Int: [Faved]]>([:])
    private let accounts: DemoAccounts

    init(accounts: DemoAccounts) { self.accounts = accounts }

    /// Most recently marked first.
    func list(_ account: Int) -> [Faved] {
        marks.withLock { marks in Self.ensure(&marks, account, accounts) }
    }

    func add(_ account: Int, photoIndex: Int, at date: Int) throws(Change) {
        try marks.withLock { marks throws(Change) in
            var list = Self.ensure(&marks, account, accounts)
            guard !list.contains(where: { $0.photoIndex == photoIndex }) else { throw .alreadyFavourite }
            list.insert(Faved(photoIndex: photoIndex, date: date), at: 0)
            marks[account] = list
        }
    }

    func remove(_ account: Int, photoIndex: Int) throws(Change) {
        try marks.withLock { marks throws(Change) in
            var list = Self.ensure(&marks, account, accounts)
            guard let position = list.firstIndex(where: { $0.photoIndex == photoIndex }) else { throw .notFavourite }
            list.remove(at: position)
            marks[account] = list
        }
    }

    private static func ensure(_ marks: inout [Int: [Faved]], _ account: Int, _ accounts: DemoAccounts) -> [Faved] {
        if let list = marks[account] { return list }
        // Marked an hour apart, the newest an hour before the catalog's "now".
        let list = accounts.startingFavourites(account).enumerated().map { offset, index in
            Faved(photoIndex: index, date: DemoCatalog.referenceTime - 3600 * (offset + 1))
        }
        marks[account] = list
        return list
    }
}
