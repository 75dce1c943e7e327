import Foundation
import PhotoramaLocking
import SeededRandom

/// Everything the demo server knows, determined by one seed. Nothing is generated up front: users are a
/// few hundred values made at once, but photos are made in chunks when a request first reaches them (the
/// first page of Recent needs only its own photos), and what needs every photo (galleries, 500px, a
/// member's photos, the word index) is made on first use or by `warmUp()`. Every value is the one the
/// old eager build gave for the same seed: the photos come from one SplitMix64 stream in posting order,
/// so a chunk starts where the previous one stopped. Safe to share between requests (locks inside).
struct DemoCatalog: Sendable {
    static let photoCount = 20_000
    static let px500Count = 600
    /// "Now" for the demo: the newest photo was posted shortly before this instant (2025-06-01 12:00 UTC).
    static let referenceTime = 1_748_779_200

    let seed: UInt64
    let users: [DemoUser]
    let userIndexByNSID: [String: Int]
    /// Index 0 is the most recently posted; ids grow with posting time like Flickr's.
    let photos: DemoPhotos
    let photoIndexByID: DemoPhotoIDs
    /// token → postings `photoIndex << 4 | weight`, ascending by photo index (newest first).
    let textIndex: LazyTextIndex
    private let rest: CatalogRest

    /// Per user, their photo indices, newest first.
    var photosByOwner: [[Int]] { rest.value.photosByOwner }
    var galleries: [DemoGallery] { rest.value.galleries }
    var galleryIndexByID: [String: Int] { rest.value.galleryIndexByID }
    var px500Photos: [FiveHundredPxPhoto] { rest.value.px500Photos }
    var px500IndexByID: [Int: Int] { rest.value.px500IndexByID }

    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed ^ 0x5EED_F11C_CA7A_1065)
        let users = Self.makeUsers(&random)
        let stream = PhotoStream(startingWith: random, userCount: users.count)
        self.init(seed: seed, users: users, stream: stream, rest: CatalogRest(stream: stream, users: users))
    }

    /// A catalog from parts built elsewhere (the eager reference build in the tests).
    init(seed: UInt64, users: [DemoUser], photos: [DemoPhoto], rest: CatalogRest.Parts) {
        let stream = PhotoStream(complete: photos)
        self.init(seed: seed, users: users, stream: stream, rest: CatalogRest(built: rest))
    }

    private init(seed: UInt64, users: [DemoUser], stream: PhotoStream, rest: CatalogRest) {
        self.seed = seed
        self.users = users
        var userIndexByNSID: [String: Int] = [:]
        for (index, user) in users.enumerated() { userIndexByNSID[user.nsid] = index }
        self.userIndexByNSID = userIndexByNSID
        photos = DemoPhotos(stream: stream)
        photoIndexByID = DemoPhotoIDs(stream: stream)
        textIndex = LazyTextIndex(photos: photos)
        self.rest = rest
    }

    /// Builds, on a thread of its own, everything that needs every photo, so the first search, gallery or
    /// 500px page does not wait for it. Requests meanwhile are served: photos are made a chunk at a time.
    /// It starts a second after it is asked for: building at once competed with the first page for the CPU
    /// (docs/PERFORMANCE.md), and nobody types a search within a second of the first page.
    func warmUp() {
        let catalog = self
        Thread {
            Thread.sleep(forTimeInterval: 1)
            catalog.makeEverything()
        }.start()
    }

    /// Makes, on the calling thread, everything not made yet.
    func makeEverything() {
        _ = rest.value
        _ = textIndex.index
    }

    // MARK: - Users

    static func makeUsers(_ random: inout SeededGenerator) -> [DemoUser] {
        var users: [DemoUser] = []
        var seen = Set<String>()
        for round in 0..<4 {
            for (realname, handle, location) in PeopleNames.people {
                var nsid: String
                repeat { nsid = "\(random.digits(8))@N0\(random.int(1...8))" } while !seen.insert(nsid).inserted
                let username = round == 0 ? handle : "\(handle)\(random.int(2...99))"
                users.append(
                    DemoUser(
                        nsid: nsid, username: username, realname: realname, location: location,
                        pathAlias: random.chance(0.6) ? username.replacingOccurrencesOfDot() : nil,
                        iconServer: String(random.int(1...65535)), iconFarm: random.int(1...66),
                        px500ID: 100_000 + users.count * 37 + random.int(0...30)))
            }
        }
        return users
    }

    // MARK: - Photos

    private static let aspectChoices: [(Int, Int)] = [
        (4000, 3000), (6000, 4000), (3000, 4000), (4000, 4000), (5472, 3648), (1920, 1080), (3648, 5472), (4032, 3024), (3024, 4032),
        (6000, 2500),
    ]

    /// Where the photo stream starts: the first photo's posting time and id.
    static func photoStreamStart(_ random: inout SeededGenerator) -> (posted: Int, id: UInt64) {
        let posted = referenceTime - random.int(60...3600)
        let id: UInt64 = 53_800_000_000 + UInt64(random.int(0...99_999_999))
        return (posted, id)
    }

    /// The next photo of the stream; `posted` and `id` move on to the following one. Its strings are drawn,
    /// not made (`PhotoWords`): the calls on `random` are the ones that made them, in the same order.
    static func makePhoto(_ random: inout SeededGenerator, posted: inout Int, id: inout UInt64, userCount: Int) -> DemoPhoto {
        let cities = City.all
        let subjects = Subject.all
        // A few cities get many more photos, as on the real site.
        let cityIndex = random.chance(0.35) ? random.int(0...5) : random.int(0...(cities.count - 1))
        let city = cities[cityIndex]
        let subjectIndex = random.int(0...(subjects.count - 1))
        let ownerIndex = min(userCount - 1, Int(Double(userCount) * pow2(random.unitDouble())))
        let secondIndex = random.int(0...(subjects.count - 1))

        var extraTags: [UInt8] = [0, 0, 0]
        let extraTagCount = random.int(1...3)
        for position in 0..<extraTagCount { extraTags[position] = UInt8(random.int(0...(Subject.extraTags.count - 1))) }
        let localizedTag = random.chance(0.2) ? UInt8(random.int(0...(allLanguages.count - 1))) : nil

        let title = PhotoWords.Title.draw(&random, city: city)
        let descriptionForm = PhotoWords.drawDescriptionForm(&random)
        let words = PhotoWords(
            city: UInt8(cityIndex), subject: UInt8(subjectIndex), second: UInt8(secondIndex),
            extraTags: (extraTags[0], extraTags[1], extraTags[2]),
            extraTagCount: UInt8(extraTagCount), localizedTag: localizedTag, title: title, descriptionForm: UInt8(descriptionForm))

        let hasGeo = random.chance(0.92)
        // Scatter within a few km: uniform in a disc of radius 6 km.
        let distanceKm = 6 * random.unitDouble().squareRoot()
        let bearing = random.unitDouble() * 2 * Double.pi
        let latitude = city.latitude + distanceKm / 111.32 * cos(bearing)
        let longitude = city.longitude + distanceKm / (111.32 * city.latitudeCosine) * sin(bearing)

        let takenUTC = posted - random.int(0...(random.chance(0.7) ? 5 * 86400 : 400 * 86400))
        var fields = CivilTime.fields(secondsSince1970: takenUTC + city.utcOffsetHours * 3600)
        let granularityRoll = random.unitDouble()
        let granularity = granularityRoll < 0.06 ? 4 : granularityRoll < 0.09 ? 6 : 0
        if granularity >= 4 {
            fields.day = 1
            fields.hour = 0
            fields.minute = 0
            fields.second = 0
        }
        if granularity == 6 { fields.month = 1 }
        // Sort on what is shown: a month- or year-only date sorts at its start.
        let takenSortKey = CivilTime.secondsSince1970(fields)

        let (width, height) = random.pick(aspectChoices)
        let views = Int(exp(random.unitDouble() * 11.5)) + random.int(0...20)
        let ageDays = Double(referenceTime - posted) / 86400
        let interestingness = Double(views) / (1 + ageDays / 60) * (0.5 + random.unitDouble())

        let secret = hexDraws(&random)
        let originalSecret = hexDraws(&random)
        let server = random.int(7000...65535)
        let farm = random.int(1...66)
        let takenUnknown = random.chance(0.01)
        let lastUpdate = posted + (random.chance(0.3) ? random.int(60...90 * 86400) : 0)
        let photo = DemoPhoto(
            id: id, drawn: DemoPhoto.Drawn(words: words, secret: secret, originalSecret: originalSecret, server: server), farm: farm,
            ownerIndex: ownerIndex, latitude: hasGeo ? (latitude * 1_000_000).rounded() / 1_000_000 : 0,
            longitude: hasGeo ? (longitude * 1_000_000).rounded() / 1_000_000 : 0, hasGeo: hasGeo, takenSortKey: takenSortKey,
            takenGranularity: granularity, takenUnknown: takenUnknown, datePosted: posted, lastUpdate: lastUpdate, views: views,
            interestingness: interestingness, width: width, height: height, license: random.int(0...10))

        posted -= random.int(600...24_000)
        id -= UInt64(random.int(900...40_000))
        return photo
    }

    /// The draws of `SeededGenerator.hex(10)`, four bits each, the first digit in the low bits.
    static func hexDraws(_ random: inout SeededGenerator) -> UInt64 {
        var packed: UInt64 = 0
        for position in 0..<10 { packed |= (random.next() % 16) << (4 * UInt64(position)) }
        return packed
    }

    static let allLanguages: [City.Language] = [.english, .french, .german, .spanish, .japanese, .chinese, .korean, .arabic, .hebrew]

    /// The index of `language` in `allLanguages` (English for `.other`).
    static func languageIndex(_ language: City.Language) -> Int { allLanguages.firstIndex(of: language) ?? 0 }

    static func localized(_ subject: Subject, _ language: City.Language) -> String {
        switch language {
        case .english, .other: subject.english
        case .french: subject.french
        case .german: subject.german
        case .spanish: subject.spanish
        case .japanese: subject.japanese
        case .chinese: subject.chinese
        case .korean: subject.korean
        case .arabic: subject.arabic
        case .hebrew: subject.hebrew
        }
    }

    /// A title drawn and made at once (500px's photos keep theirs as strings).
    private static func makeTitle(_ random: inout SeededGenerator, city: Int, subject: Int) -> String {
        var text = ""
        PhotoWords.Title.draw(&random, city: City.all[city]).forEachPiece(city: city, subject: subject) { text += $0.text }
        return text
    }

    /// A description drawn and made at once.
    private static func makeDescription(_ random: inout SeededGenerator, city: Int, subject: Int, second: Int) -> String {
        var text = ""
        PhotoWords.forEachDescriptionPiece(form: PhotoWords.drawDescriptionForm(&random), city: city, subject: subject, second: second) {
            text += $0.text
        }
        return text
    }

    // MARK: - Galleries

    private static let galleryTitles = [
        "Golden hour around the world", "Cats of the city", "Bridges", "Night walks", "Markets I love",
        "夜の街", "Rivières et ponts", "Strände", "شوارع", "Beaches 🏖️", "Rainy streets", "Blue hour", "Snow days", "Food stalls",
    ]

    static func makeGalleries(_ random: inout SeededGenerator, users: [DemoUser], photoCount: Int) -> [DemoGallery] {
        galleryTitles.enumerated().map { offset, title in
            let ownerIndex = random.int(0...(users.count - 1))
            let ownerNumber = users[ownerIndex].nsid.prefix { $0 != "@" }
            let id = "\(ownerNumber)-72157\(random.digits(12))"
            var chosen = Set<Int>()
            let size = offset == 0 ? 500 : random.int(40...260)
            var indices: [Int] = []
            while indices.count < size {
                let index = random.int(0...(photoCount - 1))
                if chosen.insert(index).inserted { indices.append(index) }
            }
            return DemoGallery(
                id: id, ownerIndex: ownerIndex, title: title,
                description: "A gallery of \(size) favourites.", photoIndices: indices)
        }
    }

    // MARK: - Text index

    /// A photo's few words are weighed in a small list, not a dictionary of their own. Each distinct word gets
    /// a number when first met, so a photo's words are compared and filed as numbers; the index is keyed by the
    /// words once, at the end. A drawn photo's words are those of its pieces (`PhotoWords`), each piece split
    /// once for the whole catalog, so no title or description is made or split: making and splitting them was
    /// most of the first text search's time (docs/PERFORMANCE.md, issue 40). A photo given its strings has
    /// them split, each distinct string once.
    static func makeTextIndex(_ photos: [DemoPhoto]) -> [String: [UInt32]] {
        var builder = TextIndexBuilder()
        for (photoIndex, photo) in photos.enumerated() {
            builder.weights.removeAll(keepingCapacity: true)
            photo.visitSearchFields(into: &builder)
            for (word, weight) in builder.weights {
                builder.postings[word].append(UInt32(photoIndex) << 4 | weight)
            }
        }
        var index: [String: [UInt32]] = [:]
        index.reserveCapacity(builder.words.count)
        for (number, word) in builder.words.enumerated() { index[word] = builder.postings[number] }
        return index
    }

    // MARK: - 500px

    private static let cameras = ["Canon EOS 5D Mark IV", "NIKON D850", "Sony ILCE-7RM3", "FUJIFILM X-T3", "iPhone 13 Pro", "LEICA Q2"]

    static func makePx500(_ random: inout SeededGenerator, userCount: Int) -> [FiveHundredPxPhoto] {
        var photos: [FiveHundredPxPhoto] = []
        var id = 1_020_000_000 + random.int(0...9_999_999)
        var created = referenceTime - random.int(600...7200)
        for rank in 0..<px500Count {
            let cityIndex = random.int(0...(City.all.count - 1))
            let city = City.all[cityIndex]
            let subjectIndex = random.int(0...(Subject.all.count - 1))
            let (width, height) = random.pick(aspectChoices)
            let hasLocation = random.chance(0.6)
            let hasExif = random.chance(0.7)
            let rating = (1000 - Double(rank) * 0.9 - random.unitDouble() * 5).rounded() / 10
            photos.append(
                FiveHundredPxPhoto(
                    id: id, userIndex: random.int(0...(userCount - 1)), cityIndex: cityIndex, subjectIndex: subjectIndex,
                    name: makeTitle(&random, city: cityIndex, subject: subjectIndex),
                    description: random.chance(0.3)
                        ? nil
                        : makeDescription(
                            &random, city: cityIndex, subject: subjectIndex, second: random.int(0...(Subject.all.count - 1))),
                    rating: rating, highestRating: rating + (random.unitDouble() * 30).rounded() / 10,
                    timesViewed: random.int(50...90_000), votesCount: random.int(5...3000), favoritesCount: random.int(0...800),
                    commentsCount: random.chance(0.2) ? 0 : random.int(1...45), nsfw: random.chance(0.07),
                    category: random.int(0...29), width: width, height: height,
                    createdAt: CivilTime.iso8601(secondsSince1970: created, utcOffsetHours: -5),
                    takenAt: random.chance(0.3)
                        ? nil
                        : CivilTime.iso8601(
                            secondsSince1970: created - random.int(3600...900_000), utcOffsetHours: city.utcOffsetHours),
                    latitude: hasLocation ? city.latitude + (random.unitDouble() - 0.5) / 20 : nil,
                    longitude: hasLocation ? city.longitude + (random.unitDouble() - 0.5) / 20 : nil,
                    camera: hasExif ? random.pick(cameras) : nil,
                    lens: hasExif && random.chance(0.6) ? "\(random.int(16...85))mm f/1.\(random.int(2...8))" : nil,
                    focalLength: hasExif ? String(random.int(14...200)) : nil,
                    iso: hasExif ? String(random.pick([100, 200, 400, 800, 1600, 3200])) : nil,
                    shutterSpeed: hasExif ? random.pick(["1/250", "1/60", "1/1000", "30", "1/8", "2"]) : nil,
                    aperture: hasExif ? "\(random.int(1...16)).\(random.int(0...9))" : nil, freshness: rank))
            id -= random.int(50...90_000)
            created -= random.int(300...40_000)
        }
        return photos
    }

    static func pow2(_ x: Double) -> Double { x * x }
}

extension String {
    fileprivate func replacingOccurrencesOfDot() -> String { String(map { $0 == "." ? "_" : $0 }) }
}

/// The word index behind text search. Building it is the most costly part of the catalog (the words of
/// 20,000 titles, descriptions and tag lists) and nothing but a text search needs it: it is built by
/// `DemoCatalog.warmUp()` or on first use of `index`. Until then a search's words are looked up one by one
/// (`WordPostings`, the same postings), so the first search does not wait for every other word's.
final class LazyTextIndex: Sendable {
    private let built: Locked<[String: [UInt32]]?> = Locked(nil)
    /// Words looked up before the whole index was built (nil: in no photo).
    private let looked: Locked<[String: [UInt32]?]> = Locked([:])
    private let photos: DemoPhotos

    init(photos: DemoPhotos) {
        self.photos = photos
    }

    /// Built under the lock, so a search arriving while the warm-up builds it waits instead of building it
    /// twice; photo requests take other locks and go on meanwhile.
    var index: [String: [UInt32]] {
        built.withLock { built in
            if let built { return built }
            let index = DemoCatalog.makeTextIndex(photos.all)
            built = index
            looked.withLock { $0.removeAll() }
            return index
        }
    }

    /// From the whole index once it is built (waiting if it is being built), else from the word's own walk.
    subscript(token: String) -> [UInt32]? {
        if let index = built.withLock({ $0 }) { return index[token] }
        return looked.withLock { looked in
            if let known = looked[token] { return known }
            let postings = WordPostings.of(token, in: photos.all)
            looked[token] = postings
            return postings
        }
    }
}

/// The word index as it is built (`DemoCatalog.makeTextIndex`): words numbered when first met, each piece's
/// word numbers kept in one flat list (a range for each piece's slot), the photo's words weighed in a list.
/// A struct the pieces are handed to `inout`, not closures over local variables: their run-time exclusivity
/// checks and the retains of each piece's list were half of the index's time (docs/PERFORMANCE.md, issue 40).
private struct TextIndexBuilder: SearchFieldVisitor {
    var numbers: [String: Int] = [:]
    var words: [String] = []
    var postings: [[UInt32]] = []
    /// Word numbers of each distinct string of a photo given its strings.
    var split: [String: [Int]] = [:]
    var pieceWords: [Int] = []
    var pieceRanges = [Range<Int>?](repeating: nil, count: Piece.slotCount)
    var weights: [(word: Int, weight: UInt32)] = []
    /// The weight of the field whose pieces come next.
    var weight: UInt32 = 0

    mutating func numbered(_ text: String) -> [Int] {
        TextTokens.tokens(text).map { token in
            if let number = numbers[token] { return number }
            numbers[token] = words.count
            words.append(token)
            postings.append([])
            return words.count - 1
        }
    }

    mutating func weigh(_ word: Int, _ weight: UInt32) {
        if let at = weights.firstIndex(where: { $0.word == word }) {
            weights[at].weight |= weight
        } else {
            weights.append((word, weight))
        }
    }

    mutating func add(_ text: String, _ weight: UInt32) {
        let tokens: [Int]
        if let known = split[text] {
            tokens = known
        } else {
            tokens = numbered(text)
            split[text] = tokens
        }
        for token in tokens { weigh(token, weight) }
    }

    mutating func visit(_ piece: Piece) {
        guard let slot = piece.slot else {
            for token in numbered(piece.text) { weigh(token, weight) }
            return
        }
        let range: Range<Int>
        if let known = pieceRanges[slot] {
            range = known
        } else {
            let tokens = numbered(piece.text)
            range = pieceWords.count..<(pieceWords.count + tokens.count)
            pieceWords.append(contentsOf: tokens)
            pieceRanges[slot] = range
        }
        for position in range { weigh(pieceWords[position], weight) }
    }
}
