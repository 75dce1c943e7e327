import SeededRandom

/// A demo photo's title, description and tags as the draws they are made from (city, subjects, languages,
/// forms), not as strings. The strings are made from these when an answer shows them, and the word index is
/// made from their pieces, whose words are known once each: making every photo's strings and splitting them
/// into words was most of the first text search's time (docs/PERFORMANCE.md, issue 40).
struct PhotoWords: Sendable {
    let city: UInt8
    let subject: UInt8
    let second: UInt8
    /// Up to three indices into `Subject.extraTags`, in the order drawn (a repeat is dropped when tags are made).
    let extraTags: (UInt8, UInt8, UInt8)
    let extraTagCount: UInt8
    /// The language (index into `DemoCatalog.allLanguages`) of the subject's name added as a tag, or nil.
    let localizedTag: UInt8?
    let title: Title
    /// Which of the seven description forms (0 is no description).
    let descriptionForm: UInt8

    /// A title's draws.
    struct Title: Sendable {
        /// Index into `DemoCatalog.allLanguages`.
        let language: UInt8
        /// The English form (0 mood, 1 city and subject, 2 subject and local name, 3 numbered).
        let form: UInt8
        let mood: UInt8
        let number: UInt16
        let emoji: Bool
        /// "IMG_1234" instead of everything else when not 0.
        let imageNumber: UInt16

        /// Draws a title as `DemoCatalog.makeTitle` always has (the same calls on `random`, in order).
        static func draw(_ random: inout SeededGenerator, city: City) -> Title {
            let roll = random.unitDouble()
            let language: Int
            if roll < 0.5 {
                language = DemoCatalog.allLanguages.firstIndex(of: city.language == .other ? .english : city.language) ?? 0
            } else if roll < 0.8 {
                language = 0
            } else {
                language = random.int(0...(DemoCatalog.allLanguages.count - 1))
            }
            var form = 0
            var mood = 0
            var number = 0
            if DemoCatalog.allLanguages[language] == .english {
                form = random.int(0...3)
                if form == 0 { mood = random.int(0...(Subject.moods.count - 1)) }
                if form == 3 { number = random.int(1...999) }
            }
            let emoji = random.chance(0.15)
            let imageNumber = random.chance(0.02) ? random.int(1000...9999) : 0
            return Title(
                language: UInt8(language), form: UInt8(form), mood: UInt8(mood), number: UInt16(number), emoji: emoji,
                imageNumber: UInt16(imageNumber))
        }

        /// The title's pieces in order; a piece's words are its own (a separator stands between pieces).
        func forEachPiece(city: Int, subject: Int, _ body: (Piece) -> Void) {
            withoutActuallyEscaping(body) { body in
                var visitor = PieceClosure(body: body)
                forEachPiece(city: city, subject: subject, into: &visitor)
            }
        }

        /// The same, to a visitor taken `inout`: no closure, whose captured state the index paid for in
        /// run-time exclusivity checks (a quarter of its time).
        func forEachPiece<Visitor: PieceVisitor>(city: Int, subject: Int, into visitor: inout Visitor) {
            if imageNumber != 0 {
                visitor.visit(.image(Int(imageNumber)))
                return
            }
            let language = Int(self.language)
            // Each piece in turn, without an array to hold them (one per photo was 5 % of the index's time).
            func pieces(_ a: Piece, _ b: Piece, _ c: Piece? = nil, _ d: Piece? = nil, _ e: Piece? = nil) {
                visitor.visit(a)
                visitor.visit(b)
                if let c { visitor.visit(c) }
                if let d { visitor.visit(d) }
                if let e { visitor.visit(e) }
            }
            switch DemoCatalog.allLanguages[language] {
            case .english, .other:
                switch form {
                case 0: pieces(.mood(Int(mood)), .literal(.space), .english(subject), .literal(.inWord), .cityName(city))
                case 1: pieces(.cityName(city), .literal(.space), .english(subject))
                case 2: pieces(.capitalized(subject, 0), .literal(.comma), .cityLocal(city))
                default: pieces(.capitalized(subject, 0), .literal(.hash), .number(Int(number)))
                }
            case .french: pieces(.capitalized(subject, language), .literal(.à), .cityLocal(city))
            case .german: pieces(.capitalized(subject, language), .literal(.inWord), .cityLocal(city))
            case .spanish: pieces(.capitalized(subject, language), .literal(.en), .cityLocal(city))
            case .japanese, .chinese, .korean: pieces(.cityLocal(city), .literal(.space), .localized(subject, language))
            case .arabic: pieces(.localized(subject, language), .literal(.fi), .cityLocal(city))
            case .hebrew: pieces(.localized(subject, language), .literal(.middleDot), .cityLocal(city))
            }
            if emoji { pieces(.literal(.space), .emoji(subject)) }
        }
    }

    /// Draws a description's form as `DemoCatalog.makeDescription` always has.
    static func drawDescriptionForm(_ random: inout SeededGenerator) -> Int { random.int(0...6) }

    /// A description's pieces in order, for the form drawn.
    static func forEachDescriptionPiece(form: Int, city: Int, subject: Int, second: Int, _ body: (Piece) -> Void) {
        withoutActuallyEscaping(body) { body in
            var visitor = PieceClosure(body: body)
            forEachDescriptionPiece(form: form, city: city, subject: subject, second: second, into: &visitor)
        }
    }

    /// The same, to a visitor taken `inout`.
    static func forEachDescriptionPiece<Visitor: PieceVisitor>(
        form: Int, city: Int, subject: Int, second: Int, into visitor: inout Visitor
    ) {
        let french = DemoCatalog.languageIndex(.french)
        let arabic = DemoCatalog.languageIndex(.arabic)
        switch form {
        case 0: break
        case 1:
            visitor.visit(.literal(.aWord))
            visitor.visit(.english(subject))
            visitor.visit(.literal(.andA))
            visitor.visit(.english(second))
            visitor.visit(.literal(.onAWalkThrough))
            visitor.visit(.cityName(city))
            visitor.visit(.literal(.fullStop))
        case 2: visitor.visit(.takenNear(city))
        case 3:
            visitor.visit(.capitalized(subject, french))
            visitor.visit(.literal(.et))
            visitor.visit(.localized(second, french))
            visitor.visit(.literal(.dash))
            visitor.visit(.cityLocal(city))
            visitor.visit(.literal(.sparkles))
        case 4:
            visitor.visit(.japanesePair(subject, second))
            visitor.visit(.literal(.dash))
            visitor.visit(.cityLocal(city))
        case 5:
            visitor.visit(.localized(subject, arabic))
            visitor.visit(.literal(.wa))
            visitor.visit(.localized(second, arabic))
            visitor.visit(.literal(.middleDot))
            visitor.visit(.localized(subject, DemoCatalog.languageIndex(.hebrew)))
        default:
            visitor.visit(.literal(.bold))
            visitor.visit(.capitalized(subject, 0))
            visitor.visit(.literal(.boldEnd))
            visitor.visit(.emoji(subject))
            visitor.visit(.literal(.space))
            visitor.visit(.emoji(second))
        }
    }

    /// The tags' pieces (each piece one tag), repeats included: they carry no words a tag list lacks.
    func forEachTagPiece<Visitor: PieceVisitor>(into visitor: inout Visitor) {
        visitor.visit(.english(Int(subject)))
        visitor.visit(.cityTag(Int(city)))
        visitor.visit(.english(Int(second)))
        for position in 0..<Int(extraTagCount) {
            visitor.visit(.extraTag(Int(position == 0 ? extraTags.0 : position == 1 ? extraTags.1 : extraTags.2)))
        }
        if let localizedTag { visitor.visit(.tagWord(Int(subject), Int(localizedTag))) }
    }

    var extraTagList: [UInt8] { Array([extraTags.0, extraTags.1, extraTags.2].prefix(Int(extraTagCount))) }

    // MARK: - Strings

    var titleText: String {
        var text = ""
        title.forEachPiece(city: Int(city), subject: Int(subject)) { text += $0.text }
        return text
    }

    var descriptionText: String {
        var text = ""
        Self.forEachDescriptionPiece(form: Int(descriptionForm), city: Int(city), subject: Int(subject), second: Int(second)) {
            text += $0.text
        }
        return text
    }

    /// The tags as Flickr lists them: subject, city, second subject, the extra tags drawn (without repeats),
    /// the subject's name in another language.
    var tags: [String] {
        let subjects = Subject.all
        var tags = [subjects[Int(subject)].english, City.all[Int(city)].tag]
        if subjects[Int(second)].english != subjects[Int(subject)].english { tags.append(subjects[Int(second)].english) }
        for extra in extraTagList {
            let tag = Subject.extraTags[Int(extra)]
            if !tags.contains(tag) { tags.append(tag) }
        }
        if let localizedTag { tags.append(Piece.tagWord(Int(subject), Int(localizedTag)).text) }
        return tags
    }
}

/// Receives a photo's pieces in order (`PhotoWords`).
protocol PieceVisitor {
    mutating func visit(_ piece: Piece)
}

/// Receives a photo's searchable fields, each with its weight (`visitSearchFields`): the whole text index and
/// the one-word lookup of the first search.
protocol SearchFieldVisitor: PieceVisitor {
    /// The weight of the field whose pieces come next.
    var weight: UInt32 { get set }
    /// A field given as a string (a photo not drawn from pieces), with its weight.
    mutating func add(_ text: String, _ weight: UInt32)
}

extension DemoPhoto {
    /// The one rule of what a text search finds in a photo: its title weighs 4, each tag 2, its description 1.
    func visitSearchFields<Visitor: SearchFieldVisitor>(into visitor: inout Visitor) {
        if let drawn = words {
            let (city, subject, second) = (Int(drawn.city), Int(drawn.subject), Int(drawn.second))
            visitor.weight = 4
            drawn.title.forEachPiece(city: city, subject: subject, into: &visitor)
            visitor.weight = 2
            drawn.forEachTagPiece(into: &visitor)
            visitor.weight = 1
            PhotoWords.forEachDescriptionPiece(
                form: Int(drawn.descriptionForm), city: city, subject: subject, second: second, into: &visitor)
        } else {
            visitor.add(title, 4)
            for tag in tags { visitor.add(tag, 2) }
            visitor.add(description, 1)
        }
    }
}

/// A closure as a visitor, for the callers that are not the index.
struct PieceClosure: PieceVisitor {
    let body: (Piece) -> Void

    func visit(_ piece: Piece) { body(piece) }
}
