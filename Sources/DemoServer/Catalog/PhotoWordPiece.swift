/// One piece of a demo photo's title, description or tags: a word or name from the catalog's tables, or a
/// fixed separator. Pieces are joined as they are; where two meet, one side is a character that is neither
/// letter nor number (a space, punctuation, an emoji), so the words of the joined text are the words of its
/// pieces (`PhotoWordPieceTests` checks every piece against the text it is part of).
enum Piece: Equatable {
    case literal(Literal)
    case mood(Int)
    case english(Int)
    /// The subject's name in a language (index into `DemoCatalog.allLanguages`), first letter capitalised.
    case capitalized(Int, Int)
    case localized(Int, Int)
    /// The subject's name in a language without spaces, as a tag.
    case tagWord(Int, Int)
    case cityName(Int)
    case cityLocal(Int)
    case cityTag(Int)
    /// Description form 2, which names the city in its text and in a link.
    case takenNear(Int)
    case emoji(Int)
    /// 1...999
    case number(Int)
    /// Japanese names of two subjects joined by "と": letters on both sides, so one piece.
    case japanesePair(Int, Int)
    case extraTag(Int)
    /// "IMG_1234": made and split each time (one title in fifty, never cached).
    case image(Int)

    /// The fixed text between names.
    enum Literal: Int, CaseIterable {
        case space, inWord, comma, hash, à, en, fi, middleDot, aWord, andA, onAWalkThrough, fullStop, et, dash, sparkles, wa, bold, boldEnd

        var text: String {
            switch self {
            case .space: " "
            case .inWord: " in "
            case .comma: ", "
            case .hash: " #"
            case .à: " à "
            case .en: " en "
            case .fi: " في "
            case .middleDot: " · "
            case .aWord: "A "
            case .andA: " and a "
            case .onAWalkThrough: " on a walk through "
            case .fullStop: "."
            case .et: " et "
            case .dash: " — "
            case .sparkles: " ✨"
            case .wa: " و "
            case .bold: "<b>"
            case .boldEnd: "</b> "
            }
        }
    }

    var text: String {
        let subjects = Subject.all
        let cities = City.all
        switch self {
        case .literal(let literal): return literal.text
        case .mood(let mood): return Subject.moods[mood]
        case .english(let subject): return subjects[subject].english
        case .capitalized(let subject, let language):
            let word = DemoCatalog.localized(subjects[subject], DemoCatalog.allLanguages[language])
            guard let first = word.first else { return word }
            return first.uppercased() + word.dropFirst()
        case .localized(let subject, let language): return DemoCatalog.localized(subjects[subject], DemoCatalog.allLanguages[language])
        case .tagWord(let subject, let language):
            return String(DemoCatalog.localized(subjects[subject], DemoCatalog.allLanguages[language]).filter { $0 != " " })
        case .cityName(let city): return cities[city].name
        case .cityLocal(let city): return cities[city].localName
        case .cityTag(let city): return cities[city].tag
        case .takenNear(let city):
            return
                "Taken near the centre of \(cities[city].localName). <a href=\"https://example.com/\(cities[city].tag)\" rel=\"nofollow\">More from this trip</a>"
        case .emoji(let subject): return subjects[subject].emoji
        case .number(let number): return String(number)
        case .japanesePair(let subject, let second): return "\(subjects[subject].japanese)と\(subjects[second].japanese)"
        case .extraTag(let tag): return Subject.extraTags[tag]
        case .image(let number): return "IMG_\(number)"
        }
    }

    /// A number for each piece but `.image`, dense from 0 to below `slotCount`, for a table of their words.
    var slot: Int? {
        let at = Slots.shared
        let languages = DemoCatalog.allLanguages.count
        switch self {
        case .literal(let literal): return at.literals + literal.rawValue
        case .mood(let mood): return at.moods + mood
        case .english(let subject): return at.english + subject
        case .capitalized(let subject, let language): return at.capitalized + subject * languages + language
        case .localized(let subject, let language): return at.localized + subject * languages + language
        case .tagWord(let subject, let language): return at.tagWords + subject * languages + language
        case .cityName(let city): return at.cityNames + city
        case .cityLocal(let city): return at.cityLocals + city
        case .cityTag(let city): return at.cityTags + city
        case .takenNear(let city): return at.takenNear + city
        case .emoji(let subject): return at.emoji + subject
        case .number(let number): return at.numbers + number
        case .japanesePair(let subject, let second): return at.pairs + subject * Subject.all.count + second
        case .extraTag(let tag): return at.extraTags + tag
        case .image: return nil
        }
    }

    /// One more than the largest `slot`.
    static var slotCount: Int { Slots.shared.count }

    /// Where each kind of piece starts among the slots.
    private struct Slots {
        static let shared = Slots()

        let literals: Int, moods: Int, english: Int, capitalized: Int, localized: Int, tagWords: Int, cityNames: Int, cityLocals: Int
        let cityTags: Int, takenNear: Int, emoji: Int, numbers: Int, pairs: Int, extraTags: Int, count: Int

        private init() {
            let subjects = Subject.all.count
            let languages = DemoCatalog.allLanguages.count
            let cities = City.all.count
            var base = 0
            func next(_ count: Int) -> Int {
                defer { base += count }
                return base
            }
            literals = next(Literal.allCases.count)
            moods = next(Subject.moods.count)
            english = next(subjects)
            capitalized = next(subjects * languages)
            localized = next(subjects * languages)
            tagWords = next(subjects * languages)
            cityNames = next(cities)
            cityLocals = next(cities)
            cityTags = next(cities)
            takenNear = next(cities)
            emoji = next(subjects)
            numbers = next(1000)
            pairs = next(subjects * subjects)
            extraTags = next(Subject.extraTags.count)
            count = base
        }
    }
}
