import Foundation
import SeededRandom

@testable import DemoServer

/// The demo catalog as it was built before it became lazy: everything generated eagerly, in one pass, at
/// start-up. Kept verbatim (only renamed, and with the word index built at once) as the reference the lazy
/// `DemoCatalog` must equal value for value and, through the services, byte for byte.
struct EagerReferenceCatalog {
    static let photoCount = 20_000
    static let px500Count = 600
    /// "Now" for the demo: the newest photo was posted shortly before this instant (2025-06-01 12:00 UTC).
    static let referenceTime = 1_748_779_200

    let seed: UInt64
    let users: [DemoUser]
    /// Index 0 is the most recently posted; ids grow with posting time like Flickr's.
    let photos: [DemoPhoto]
    let photoIndexByID: [UInt64: Int]
    let userIndexByNSID: [String: Int]
    /// Per user, their photo indices, newest first.
    let photosByOwner: [[Int]]
    let galleries: [DemoGallery]
    let galleryIndexByID: [String: Int]
    /// token → postings `photoIndex << 4 | weight`, ascending by photo index (newest first).
    let textIndex: [String: [UInt32]]
    let px500Photos: [FiveHundredPxPhoto]
    let px500IndexByID: [Int: Int]

    init(seed: UInt64) {
        self.seed = seed
        var random = SeededGenerator(seed: seed ^ 0x5EED_F11C_CA7A_1065)
        users = Self.makeUsers(&random)
        photos = Self.makePhotos(&random, userCount: users.count)
        var photoIndexByID: [UInt64: Int] = [:]
        photoIndexByID.reserveCapacity(photos.count)
        var photosByOwner = Array(repeating: [Int](), count: users.count)
        for (index, photo) in photos.enumerated() {
            photoIndexByID[photo.id] = index
            photosByOwner[photo.ownerIndex].append(index)
        }
        self.photoIndexByID = photoIndexByID
        self.photosByOwner = photosByOwner
        var userIndexByNSID: [String: Int] = [:]
        for (index, user) in users.enumerated() { userIndexByNSID[user.nsid] = index }
        self.userIndexByNSID = userIndexByNSID
        galleries = Self.makeGalleries(&random, users: users, photoCount: photos.count)
        var galleryIndexByID: [String: Int] = [:]
        for (index, gallery) in galleries.enumerated() {
            galleryIndexByID[gallery.id] = index
            // Gallery pages (flickr.com/photos/USER/galleries/ID) show only the part after the dash.
            if let dash = gallery.id.firstIndex(of: "-") { galleryIndexByID[String(gallery.id[gallery.id.index(after: dash)...])] = index }
        }
        self.galleryIndexByID = galleryIndexByID
        textIndex = Self.makeTextIndex(photos)
        px500Photos = Self.makePx500(&random, userCount: users.count)
        var px500IndexByID: [Int: Int] = [:]
        for (index, photo) in px500Photos.enumerated() { px500IndexByID[photo.id] = index }
        self.px500IndexByID = px500IndexByID
    }

    // MARK: Users

    private static func makeUsers(_ random: inout SeededGenerator) -> [DemoUser] {
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

    // MARK: Photos

    private static let aspectChoices: [(Int, Int)] = [
        (4000, 3000), (6000, 4000), (3000, 4000), (4000, 4000), (5472, 3648), (1920, 1080), (3648, 5472), (4032, 3024), (3024, 4032),
        (6000, 2500),
    ]

    private static func makePhotos(_ random: inout SeededGenerator, userCount: Int) -> [DemoPhoto] {
        var photos: [DemoPhoto] = []
        photos.reserveCapacity(photoCount)
        var posted = referenceTime - random.int(60...3600)
        var id: UInt64 = 53_800_000_000 + UInt64(random.int(0...99_999_999))
        let cities = City.all
        let subjects = Subject.all
        for _ in 0..<photoCount {
            // A few cities get many more photos, as on the real site.
            let cityIndex = random.chance(0.35) ? random.int(0...5) : random.int(0...(cities.count - 1))
            let city = cities[cityIndex]
            let subjectIndex = random.int(0...(subjects.count - 1))
            let subject = subjects[subjectIndex]
            let ownerIndex = min(userCount - 1, Int(Double(userCount) * pow2(random.unitDouble())))
            let secondSubject = subjects[random.int(0...(subjects.count - 1))]

            var tags = [subject.english, city.tag]
            if secondSubject.english != subject.english { tags.append(secondSubject.english) }
            for _ in 0..<random.int(1...3) {
                let tag = random.pick(Subject.extraTags)
                if !tags.contains(tag) { tags.append(tag) }
            }
            if random.chance(0.2) { tags.append(localized(subject, random.pick(allLanguages)).replacingOccurrencesOfSpace()) }

            let title = makeTitle(&random, city: city, subject: subject)
            let description = makeDescription(&random, city: city, subject: subject, second: secondSubject)

            let hasGeo = random.chance(0.92)
            // Scatter within a few km: uniform in a disc of radius 6 km.
            let distanceKm = 6 * random.unitDouble().squareRoot()
            let bearing = random.unitDouble() * 2 * Double.pi
            let latitude = city.latitude + distanceKm / 111.32 * cos(bearing)
            let longitude = city.longitude + distanceKm / (111.32 * cos(city.latitude * Double.pi / 180)) * sin(bearing)

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

            photos.append(
                DemoPhoto(
                    id: id, idString: String(id), secret: random.hex(10), originalSecret: random.hex(10),
                    server: String(random.int(7000...65535)), farm: random.int(1...66), ownerIndex: ownerIndex,
                    cityIndex: cityIndex, subjectIndex: subjectIndex, title: title, description: description, tags: tags,
                    latitude: hasGeo ? (latitude * 1_000_000).rounded() / 1_000_000 : 0,
                    longitude: hasGeo ? (longitude * 1_000_000).rounded() / 1_000_000 : 0, hasGeo: hasGeo,
                    dateTaken: CivilTime.mysql(fields), takenSortKey: takenSortKey, takenGranularity: granularity,
                    takenUnknown: random.chance(0.01), datePosted: posted,
                    lastUpdate: posted + (random.chance(0.3) ? random.int(60...90 * 86400) : 0),
                    views: views, interestingness: interestingness, width: width, height: height, license: random.int(0...10)))

            posted -= random.int(600...24_000)
            id -= UInt64(random.int(900...40_000))
        }
        return photos
    }

    static let allLanguages: [City.Language] = [.english, .french, .german, .spanish, .japanese, .chinese, .korean, .arabic, .hebrew]

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

    private static func makeTitle(_ random: inout SeededGenerator, city: City, subject: Subject) -> String {
        let roll = random.unitDouble()
        let language: City.Language =
            roll < 0.5
            ? (city.language == .other ? .english : city.language)
            : roll < 0.8 ? .english : random.pick(allLanguages)
        let word = localized(subject, language)
        var title: String
        switch language {
        case .english, .other:
            switch random.int(0...3) {
            case 0: title = "\(random.pick(Subject.moods)) \(subject.english) in \(city.name)"
            case 1: title = "\(city.name) \(subject.english)"
            case 2: title = "\(capitalized(subject.english)), \(city.localName)"
            default: title = "\(capitalized(subject.english)) #\(random.int(1...999))"
            }
        case .french: title = "\(capitalized(word)) à \(city.localName)"
        case .german: title = "\(capitalized(word)) in \(city.localName)"
        case .spanish: title = "\(capitalized(word)) en \(city.localName)"
        case .japanese, .chinese, .korean: title = "\(city.localName) \(word)"
        case .arabic: title = "\(word) في \(city.localName)"
        case .hebrew: title = "\(word) · \(city.localName)"
        }
        if random.chance(0.15) { title += " \(subject.emoji)" }
        if random.chance(0.02) { title = "IMG_\(random.int(1000...9999))" }  // as real uploads often are
        return title
    }

    private static func makeDescription(_ random: inout SeededGenerator, city: City, subject: Subject, second: Subject) -> String {
        switch random.int(0...6) {
        case 0: return ""
        case 1: return "A \(subject.english) and a \(second.english) on a walk through \(city.name)."
        case 2:
            return
                "Taken near the centre of \(city.localName). <a href=\"https://example.com/\(city.tag)\" rel=\"nofollow\">More from this trip</a>"
        case 3: return "\(capitalized(localized(subject, .french))) et \(localized(second, .french)) — \(city.localName) ✨"
        case 4: return "\(localized(subject, .japanese))と\(localized(second, .japanese)) — \(city.localName)"
        case 5: return "\(localized(subject, .arabic)) و \(localized(second, .arabic)) · \(localized(subject, .hebrew))"
        default: return "<b>\(capitalized(subject.english))</b> \(subject.emoji) \(second.emoji)"
        }
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    // MARK: Galleries

    private static let galleryTitles = [
        "Golden hour around the world", "Cats of the city", "Bridges", "Night walks", "Markets I love",
        "夜の街", "Rivières et ponts", "Strände", "شوارع", "Beaches 🏖️", "Rainy streets", "Blue hour", "Snow days", "Food stalls",
    ]

    private static func makeGalleries(_ random: inout SeededGenerator, users: [DemoUser], photoCount: Int) -> [DemoGallery] {
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

    // MARK: Text index

    static func makeTextIndex(_ photos: [DemoPhoto]) -> [String: [UInt32]] {
        var index: [String: [UInt32]] = [:]
        for (photoIndex, photo) in photos.enumerated() {
            var weights: [String: UInt32] = [:]
            for token in TextTokens.tokens(photo.title) { weights[token, default: 0] |= 4 }
            for tag in photo.tags { for token in TextTokens.tokens(tag) { weights[token, default: 0] |= 2 } }
            for token in TextTokens.tokens(photo.description) { weights[token, default: 0] |= 1 }
            for (token, weight) in weights {
                index[token, default: []].append(UInt32(photoIndex) << 4 | weight)
            }
        }
        return index
    }

    // MARK: 500px

    private static let cameras = ["Canon EOS 5D Mark IV", "NIKON D850", "Sony ILCE-7RM3", "FUJIFILM X-T3", "iPhone 13 Pro", "LEICA Q2"]

    private static func makePx500(_ random: inout SeededGenerator, userCount: Int) -> [FiveHundredPxPhoto] {
        var photos: [FiveHundredPxPhoto] = []
        var id = 1_020_000_000 + random.int(0...9_999_999)
        var created = referenceTime - random.int(600...7200)
        for rank in 0..<px500Count {
            let cityIndex = random.int(0...(City.all.count - 1))
            let city = City.all[cityIndex]
            let subjectIndex = random.int(0...(Subject.all.count - 1))
            let subject = Subject.all[subjectIndex]
            let (width, height) = random.pick(aspectChoices)
            let hasLocation = random.chance(0.6)
            let hasExif = random.chance(0.7)
            let rating = (1000 - Double(rank) * 0.9 - random.unitDouble() * 5).rounded() / 10
            photos.append(
                FiveHundredPxPhoto(
                    id: id, userIndex: random.int(0...(userCount - 1)), cityIndex: cityIndex, subjectIndex: subjectIndex,
                    name: makeTitle(&random, city: city, subject: subject),
                    description: random.chance(0.3)
                        ? nil : makeDescription(&random, city: city, subject: subject, second: random.pick(Subject.all)),
                    rating: rating, highestRating: rating + (random.unitDouble() * 30).rounded() / 10,
                    timesViewed: random.int(50...90_000), votesCount: random.int(5...3000), favoritesCount: random.int(0...800),
                    commentsCount: random.chance(0.2) ? 0 : random.int(1...45), nsfw: random.chance(0.07),
                    category: random.int(0...29), width: width, height: height,
                    createdAt: CivilTime.iso8601(secondsSince1970: created, utcOffsetHours: -5),
                    takenAt: random.chance(0.3)
                        ? nil
                        : CivilTime.iso8601(secondsSince1970: created - random.int(3600...900_000), utcOffsetHours: city.utcOffsetHours),
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

    private static func pow2(_ x: Double) -> Double { x * x }
}

extension String {
    fileprivate func replacingOccurrencesOfDot() -> String { String(map { $0 == "." ? "_" : $0 }) }
    fileprivate func replacingOccurrencesOfSpace() -> String { String(filter { $0 != " " }) }
}
