import SeededRandom

/// Comments on a Flickr photo, generated on demand from the photo id (most photos have a few, some none).
enum FlickrComments {
    static let texts = [
        "Beautiful light! 😍", "Magnifique ! 👏", "素晴らしい写真ですね", "Wow 🔥🔥", "صورة رائعة", "תמונה מדהימה",
        "Great composition.", "Schöne Farben!", "¡Qué bonito!", "Love the colours here", "美しい",
        "Seen in <a href=\"https://www.flickr.com/groups/\">Explore</a>",
        "Fantastic shot &amp; great timing", "This made my day 🐈", "아름다운 사진이에요", "Superb!",
    ]

    static func comments(for photo: DemoPhoto, catalog: DemoCatalog) -> [(String, JSONValue)] {
        var random = SeededGenerator(seed: SeededGenerator.mix(photo.id ^ catalog.seed))
        let count = random.chance(0.35) ? 0 : random.int(1...8)
        let owner = catalog.users[photo.ownerIndex]
        var created = photo.datePosted
        let comments: [JSONValue] = (0..<count).map { _ in
            created += random.int(60...400_000)
            let author = catalog.users[random.int(0...(catalog.users.count - 1))]
            let commentNumber = "72157\(random.digits(12))"
            let authorNumber = author.nsid.prefix { $0 != "@" }
            return .object([
                ("id", .string("\(authorNumber)-\(photo.idString)-\(commentNumber)")),
                ("author", .string(author.nsid)), ("author_is_deleted", .int(0)),
                ("authorname", .string(author.username)), ("iconserver", .string(author.iconServer)), ("iconfarm", .int(author.iconFarm)),
                ("datecreate", .string(String(created))),
                (
                    "permalink",
                    .string("https://www.flickr.com/photos/\(owner.pathAlias ?? owner.nsid)/\(photo.idString)/#comment\(commentNumber)")
                ),
                ("path_alias", .optional(author.pathAlias)), ("realname", .string(author.realname)),
                ("_content", .string(random.pick(texts))),
            ])
        }
        var payload: [(String, JSONValue)] = [("photo_id", .string(photo.idString))]
        // An empty list has no `comment` key at all, as on Flickr.
        if !comments.isEmpty { payload.append(("comment", .array(comments))) }
        return [("comments", .object(payload))]
    }
}
