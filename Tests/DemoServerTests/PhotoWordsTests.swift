import Foundation
import PhotoramaLocking
import Testing

@testable import DemoServer

/// Photos' strings made from their draws (`PhotoWords`, `Piece`): the words of the joined text are the words
/// of its pieces, the pieces' table slots are dense, and every photo's strings equal the eager build's.
@Suite(.serialized) struct PhotoWordsTests {
    /// The words of `pieces` one piece at a time, and of their joined text.
    static func words(_ pieces: [Piece]) -> (byPiece: Set<String>, joined: Set<String>) {
        (Set(pieces.flatMap { TextTokens.tokens($0.text) }), Set(TextTokens.tokens(pieces.map(\.text).joined())))
    }

    static func titlePieces(_ title: PhotoWords.Title, city: Int, subject: Int) -> [Piece] {
        var pieces: [Piece] = []
        title.forEachPiece(city: city, subject: subject) { pieces.append($0) }
        return pieces
    }

    static func descriptionPieces(form: Int, city: Int, subject: Int, second: Int) -> [Piece] {
        var pieces: [Piece] = []
        PhotoWords.forEachDescriptionPiece(form: form, city: city, subject: subject, second: second) { pieces.append($0) }
        return pieces
    }

    @Test func everyTitleHasTheWordsOfItsPieces() {
        var differing: [String] = []
        for city in City.all.indices {
            for subject in Subject.all.indices {
                var titles: [PhotoWords.Title] = []
                for language in DemoCatalog.allLanguages.indices {
                    for emoji in [false, true] {
                        // Only English titles have forms and moods.
                        for form in language == 0 ? 0...3 : 0...0 {
                            for mood in form == 0 && language == 0 ? Array(Subject.moods.indices) : [0] {
                                titles.append(
                                    PhotoWords.Title(
                                        language: UInt8(language), form: UInt8(form), mood: UInt8(mood), number: 999, emoji: emoji,
                                        imageNumber: 0))
                            }
                        }
                    }
                }
                for title in titles {
                    let pieces = Self.titlePieces(title, city: city, subject: subject)
                    let (byPiece, joined) = Self.words(pieces)
                    if byPiece != joined { differing.append(pieces.map(\.text).joined()) }
                }
            }
        }
        #expect(differing == [])
    }

    @Test func everyDescriptionHasTheWordsOfItsPieces() {
        var differing: [String] = []
        // Every pair of subjects in three cities (Latin, Japanese and accented names), every city with three pairs.
        let cases =
            [0, 1, 37].flatMap { city in Subject.all.indices.flatMap { subject in Subject.all.indices.map { (city, subject, $0) } } }
            + City.all.indices.flatMap { city in [(city, 0, 0), (city, 2, 7), (city, 25, 17)] }
        for (city, subject, second) in cases {
            for form in 0...6 {
                let pieces = Self.descriptionPieces(form: form, city: city, subject: subject, second: second)
                let (byPiece, joined) = Self.words(pieces)
                if byPiece != joined { differing.append(pieces.map(\.text).joined()) }
            }
        }
        #expect(differing == [])
    }

    @Test func aTitleAndDescriptionAreMadeFromTheirPieces() {
        let title = PhotoWords.Title(language: 0, form: 0, mood: 5, number: 0, emoji: true, imageNumber: 0)
        // City 1 is Tokyo, subject 0 sunset, subject 2 cat.
        #expect(Self.titlePieces(title, city: 1, subject: 0).map(\.text).joined() == "Blue hour sunset in Tokyo 🌅")
        let french = PhotoWords.Title(language: 1, form: 0, mood: 0, number: 0, emoji: false, imageNumber: 0)
        #expect(Self.titlePieces(french, city: 0, subject: 0).map(\.text).joined() == "Coucher de soleil à Paris")
        let image = PhotoWords.Title(language: 0, form: 3, mood: 0, number: 12, emoji: true, imageNumber: 4321)
        #expect(Self.titlePieces(image, city: 0, subject: 0).map(\.text).joined() == "IMG_4321")
        #expect(
            Self.descriptionPieces(form: 4, city: 1, subject: 2, second: 0).map(\.text).joined() == "猫と夕焼け — 東京")
        #expect(
            Self.descriptionPieces(form: 6, city: 1, subject: 2, second: 0).map(\.text).joined() == "<b>Cat</b> 🐈 🌅")
        #expect(TextTokens.tokens("猫と夕焼け — 東京") == ["猫と夕焼け", "東京"])
    }

    @Test func everyPieceHasASlotOfItsOwn() {
        let subjects = Subject.all.indices
        let languages = DemoCatalog.allLanguages.indices
        let cities = City.all.indices
        var pieces: [Piece] = Piece.Literal.allCases.map { .literal($0) } + Subject.moods.indices.map { .mood($0) }
        pieces += subjects.map { .english($0) } + subjects.map { .emoji($0) } + Subject.extraTags.indices.map { .extraTag($0) }
        for subject in subjects {
            for language in languages {
                pieces += [.capitalized(subject, language), .localized(subject, language), .tagWord(subject, language)]
            }
            pieces += subjects.map { .japanesePair(subject, $0) }
        }
        pieces += cities.flatMap { [Piece.cityName($0), .cityLocal($0), .cityTag($0), .takenNear($0)] }
        pieces += (0..<1000).map { .number($0) }
        #expect(pieces.compactMap(\.slot).sorted() == Array(0..<Piece.slotCount))
        #expect(Piece.image(1234).slot == nil)
    }

    @Test func secretsAreTheirDrawnDigits() {
        #expect(DemoPhoto.hex(0x01_2345_6789) == "9876543210")
        #expect(DemoPhoto.hex(0xFF_FFFF_FFFF) == "ffffffffff")
        #expect(DemoPhoto.hex(0) == "0000000000")
    }

    /// Every string and number of every photo against the eager build (whose photos are given their strings).
    @Test(arguments: [UInt64(1), 42])
    func everyPhotoEqualsTheEagerBuildsPhoto(seed: UInt64) async {
        let differing = await OwnThread.run { () -> [String] in
            let eager = EagerReferenceCatalog(seed: seed)
            let lazy = DemoCatalog(seed: seed).photos.all
            var differing: [String] = []
            for (index, (made, given)) in zip(lazy, eager.photos).enumerated() {
                func fields(_ photo: DemoPhoto) -> [String] {
                    [
                        String(photo.id), photo.idString, photo.secret, photo.originalSecret, photo.server, String(photo.farm),
                        String(photo.ownerIndex), String(photo.cityIndex), String(photo.subjectIndex), photo.title, photo.description,
                        photo.tags.joined(separator: ","), String(photo.latitude), String(photo.longitude), String(photo.hasGeo),
                        photo.dateTaken, String(photo.takenSortKey), String(photo.takenGranularity), String(photo.takenUnknown),
                        String(photo.datePosted), String(photo.lastUpdate), String(photo.views), String(photo.interestingness),
                        String(photo.width), String(photo.height), String(photo.license),
                    ]
                }
                if fields(made) != fields(given) { differing.append("photo \(index)") }
                if made.words == nil || given.words != nil { differing.append("photo \(index)'s kind") }
            }
            return differing
        }
        #expect(differing == [])
    }
}
