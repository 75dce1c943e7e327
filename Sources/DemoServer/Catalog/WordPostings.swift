/// One word's postings, exactly `DemoCatalog.makeTextIndex(photos)[word]` (photo index << 4 | the weights of the
/// fields holding the word, ascending), found by one walk over the photos without numbering or filing any other
/// word: what the first text search needs, at a fraction of the whole index's cost (docs/PERFORMANCE.md, issue 40).
/// A piece with a slot is split once per walk; `.image` pieces and given strings are split as the index splits them.
struct WordPostings: SearchFieldVisitor {
    let word: String
    /// Per slot: 0 not split yet, 1 without the word, 2 with it.
    private var slotHasWord = [UInt8](repeating: 0, count: Piece.slotCount)
    /// Given strings already split: whether they hold the word.
    private var given: [String: Bool] = [:]
    /// The weights of the current photo's fields that hold the word.
    private var found: UInt32 = 0
    /// The weight of the field whose pieces come next.
    var weight: UInt32 = 0

    private init(word: String) { self.word = word }

    /// Nil when no photo holds `word`, as the whole index has no entry for it then.
    static func of(_ word: String, in photos: [DemoPhoto]) -> [UInt32]? {
        var walk = WordPostings(word: word)
        var postings: [UInt32] = []
        for (photoIndex, photo) in photos.enumerated() {
            walk.found = 0
            photo.visitSearchFields(into: &walk)
            if walk.found != 0 { postings.append(UInt32(photoIndex) << 4 | walk.found) }
        }
        return postings.isEmpty ? nil : postings
    }

    mutating func add(_ text: String, _ weight: UInt32) {
        let holds: Bool
        if let known = given[text] {
            holds = known
        } else {
            holds = TextTokens.tokens(text).contains(word)
            given[text] = holds
        }
        if holds { found |= weight }
    }

    mutating func visit(_ piece: Piece) {
        guard let slot = piece.slot else {
            if TextTokens.tokens(piece.text).contains(word) { found |= weight }
            return
        }
        if slotHasWord[slot] == 0 { slotHasWord[slot] = TextTokens.tokens(piece.text).contains(word) ? 2 : 1 }
        if slotHasWord[slot] == 2 { found |= weight }
    }
}
