import SeededRandom

/// The demo accounts people sign in to: the first `count` members of the catalog. What they start with
/// (favourites) and what every member has (albums) follow from the catalog's seed alone and are made
/// when first asked for, like the catalog.
struct DemoAccounts: Sendable {
    static let count = 3
    /// Favourites each account starts with.
    static let startingFavourites = 24
    /// Photos in one album at most.
    static let albumSize = 20

    let catalog: DemoCatalog

    func contains(_ account: Int) -> Bool { (0..<Self.count).contains(account) && account < catalog.users.count }

    func user(_ account: Int) -> DemoUser { catalog.users[account] }

    /// The photos an account has marked before anyone signed in, most recently marked first: seeded by
    /// the account alone, none of them its own.
    func startingFavourites(_ account: Int) -> [Int] {
        var random = SeededGenerator(seed: catalog.seed ^ 0xFA70_0000 ^ UInt64(account))
        var chosen: [Int] = []
        while chosen.count < Self.startingFavourites {
            let index = Int(random.next() % UInt64(min(DemoCatalog.photoCount, 4000)))
            if !chosen.contains(index), catalog.photos[index].ownerIndex != account { chosen.append(index) }
        }
        return chosen
    }

    /// A member's albums: their photos (newest first) in runs of `albumSize`, the first photo the album's
    /// cover. Ids are made from the member's index and the album's place.
    func albums(ofUser userIndex: Int) -> [DemoAlbum] {
        let photos = catalog.photosByOwner[userIndex]
        return stride(from: 0, to: photos.count, by: Self.albumSize).enumerated().map { number, start in
            let members = Array(photos[start..<min(photos.count, start + Self.albumSize)])
            let first = catalog.photos[members[0]]
            return DemoAlbum(
                id: DemoAlbum.id(user: userIndex, number: number), ownerIndex: userIndex,
                title: "\(Subject.all[first.subjectIndex % Subject.all.count].english.capitalized) \(number + 1)",
                description: "Photos \(start + 1)–\(start + members.count) of \(catalog.users[userIndex].username)",
                photoIndices: members)
        }
    }

    /// The album with this id, if it exists.
    func album(id: String) -> DemoAlbum? {
        guard let (user, number) = DemoAlbum.parse(id), user < catalog.users.count else { return nil }
        let albums = albums(ofUser: user)
        return number < albums.count ? albums[number] : nil
    }
}

/// One album (Flickr's photoset).
struct DemoAlbum: Sendable {
    let id: String
    let ownerIndex: Int
    let title: String
    let description: String
    let photoIndices: [Int]

    /// "72157" + user (7 digits) + album number (5 digits): 17 digits like Flickr's.
    static func id(user: Int, number: Int) -> String {
        "72157" + String(format: "%07d", user) + String(format: "%05d", number)
    }

    static func parse(_ id: String) -> (user: Int, number: Int)? {
        guard id.count == 17, id.hasPrefix("72157"), id.allSatisfy(\.isNumber) else { return nil }
        let digits = Array(id)
        guard let user = Int(String(digits[5..<12])), let number = Int(String(digits[12..<17])) else { return nil }
        return (user, number)
    }
}
