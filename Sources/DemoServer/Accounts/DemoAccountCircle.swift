import SeededRandom

/// What a demo account sees of its own and of the people it follows: its private photos (hidden from
/// everyone else) and its contacts. Both follow from the catalog's seed alone, made when asked for.
extension DemoAccounts {
    /// People each account follows.
    static let contactCount = 12
    /// Flickr's getContactsPhotos: 10 photos unless `count` asks for more, at most 50.
    static let contactsPhotosDefault = 10
    static let contactsPhotosMax = 50

    /// One in five of a demo account's own photos is private: only the owner, signed in, sees it.
    func isPrivate(_ photoIndex: Int) -> Bool {
        let photo = catalog.photos[photoIndex]
        return contains(photo.ownerIndex) && photo.id % 5 == 0
    }

    /// A member's photos, newest first, as `viewer` may see them (the owner sees the private ones too).
    func photos(ofUser userIndex: Int, viewer: Int?) -> [Int] {
        let all = catalog.photosByOwner[userIndex]
        return viewer == userIndex ? all : all.filter { !isPrivate($0) }
    }

    /// The members an account follows, in the order it added them: seeded by the account alone, never
    /// itself, only members with photos.
    func contacts(_ account: Int) -> [Int] {
        var random = SeededGenerator(seed: catalog.seed ^ 0xC0_7AC7_0000 ^ UInt64(account))
        let candidates = min(catalog.users.count, 200)
        var chosen: [Int] = []
        var tries = 0
        while chosen.count < Self.contactCount, tries < 10_000 {
            tries += 1
            let index = Int(random.next() % UInt64(candidates))
            if index != account, !chosen.contains(index), !catalog.photosByOwner[index].isEmpty { chosen.append(index) }
        }
        return chosen
    }

    /// The contacts' newest public photos, newest first: `count` of them, or each contact's newest one
    /// with `singlePhoto`; `includeSelf` adds the account's own.
    func contactsPhotos(_ account: Int, count: Int, singlePhoto: Bool, includeSelf: Bool) -> [Int] {
        var people = contacts(account)
        if includeSelf { people.append(account) }
        let lists = people.map { photos(ofUser: $0, viewer: account) }
        let merged = singlePhoto ? lists.compactMap(\.first) : lists.flatMap { $0.prefix(count) }
        // Catalog order is newest first.
        return Array(merged.sorted().prefix(count))
    }
}
