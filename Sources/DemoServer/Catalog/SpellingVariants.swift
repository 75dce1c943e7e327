/// British and American spellings of the same word, which Flickr's text search treats as one ("harbour"
/// finds photos titled "harbor"). The demo's text search looks a query's words up under every spelling here.
/// One table, both directions; words are the index's tokens (lowercase, `TextTokens`).
enum SpellingVariants {
    /// Each row lists the spellings of one word.
    static let table: [[String]] = [
        ["harbour", "harbor"], ["colour", "color"], ["colours", "colors"], ["centre", "center"], ["theatre", "theater"],
        ["grey", "gray"], ["neighbourhood", "neighborhood"], ["favourite", "favorite"], ["jewellery", "jewelry"],
        ["metre", "meter"], ["harbours", "harbors"], ["aeroplane", "airplane"], ["tyre", "tire"], ["kerb", "curb"],
    ]

    private static let rows: [String: [String]] = {
        var rows: [String: [String]] = [:]
        for row in table { for word in row { rows[word] = row } }
        return rows
    }()

    /// `token` and its other spellings (just `token` when it has none).
    static func spellings(of token: String) -> [String] {
        rows[token] ?? [token]
    }
}
