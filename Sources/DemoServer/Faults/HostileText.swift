import SeededRandom

/// Titles, owners and descriptions made to break a terminal UI (the hostile-titles fault): each one
/// carries an escape sequence and a bidi or zero-width character, plus pieces of everything else a
/// feed can throw at a screen. Same seed and photo, same text.
struct HostileText: Sendable {
    let rate: Double
    let seed: UInt64

    /// Escape sequences, C0 and C1 controls, bidi controls and zero-width characters: at least one of
    /// each of the first two groups is in every hostile text (see `pieces`).
    static let escapes = [
        "\u{1B}[31mRED\u{1B}[0m", "\u{1B}]0;pwned\u{07}", "\u{1B}[2J\u{1B}[H", "\u{1B}P+q544e\u{1B}\\", "\u{1B}[?1049l",
        "\u{1B}]52;c;cHduZWQ=\u{07}", "\u{1B}[6n", "\u{1B}c",
    ]
    static let controls = [
        "\u{00}nul", "bell\u{07}", "back\u{08}\u{08}space", "tab\tbed", "cr\rlf\n", "\u{0B}\u{0C}\u{7F}", "\u{85}next\u{9B}31m",
        "\u{9D}0;osc\u{9C}", "\u{90}dcs\u{9C}",
    ]
    static let invisibles = [
        "\u{202E}desrever\u{202C}", "\u{2066}isolate\u{2069}", "\u{200F}rtl\u{200E}", "zero\u{200B}width\u{200C}\u{200D}",
        "\u{FEFF}bom\u{2060}", "\u{061C}arabic mark", "\u{202D}override\u{202C}",
    ]
    static let wide = [
        "東京タワーの夜景", "서울의 밤", "北京烤鸭🦆", "👨‍👩‍👧‍👦 family", "🏳️‍🌈 flag", "👩🏽‍💻 coder", "🇯🇵🇫🇷 flags", "e\u{301}\u{302}\u{303}\u{304}\u{305}",
        "ｆｕｌｌｗｉｄｔｈ", "مرحبا بالعالم", "שלום", "❤️‍🔥", "Z\u{35B}\u{34A}\u{352}a\u{325}\u{329}l\u{34E}g\u{31E}o",
    ]

    /// Whether the photo with this id gets hostile text (for `rate`, from the seed).
    func isHostile(photoID: UInt64) -> Bool {
        rate > 0 && (rate >= 1 || Self.unit(SeededGenerator.mix(photoID ^ seed &* 0xA24B_AED4_963E_E407)) < rate)
    }

    /// The hostile text of one field of one photo.
    func text(photoID: UInt64, field: UInt64) -> String {
        var random = SeededGenerator(seed: SeededGenerator.mix(photoID ^ seed &* 0x9FB2_1C65_1E98_DF25 ^ field &* 0x3C6E_F372))
        var parts = [random.pick(Self.escapes), random.pick(Self.controls), random.pick(Self.invisibles), random.pick(Self.wide)]
        for _ in 0..<random.int(0...3) { parts.append(random.pick(Self.escapes + Self.controls + Self.invisibles + Self.wide)) }
        // Some are very long: thousands of cells of wide characters and a word no line can hold.
        if random.chance(0.2) {
            parts.append(String(repeating: random.pick(Self.wide), count: random.int(50...300)))
            parts.append(String(repeating: "W", count: random.int(500...4000)))
        }
        for index in stride(from: parts.count - 1, to: 0, by: -1) { parts.swapAt(index, random.int(0...index)) }
        return parts.joined(separator: " ")
    }

    static func unit(_ value: UInt64) -> Double { Double(value >> 11) / Double(1 << 53) }

    enum Field: UInt64 {
        case title = 1
        case owner, realname, description
    }

    /// Replaces, in one photo's members, the free-text fields a UI shows: Flickr's `title`, `description`,
    /// `ownername` and the `owner` object's names; 500px's `name`, `description` and the `user`'s names.
    func decorate(_ members: inout [(String, JSONValue)], photoID: UInt64) {
        guard isHostile(photoID: photoID) else { return }
        func replaced(_ value: JSONValue, _ field: Field) -> JSONValue {
            let text = self.text(photoID: photoID, field: field.rawValue)
            switch value {
            case .object(let inner) where inner.contains(where: { $0.0 == "_content" }): return .content(text)
            case .string, .null: return .string(text)
            default: return value
            }
        }
        for index in members.indices {
            let (name, value) = members[index]
            switch name {
            case "title", "name": members[index].1 = replaced(value, .title)
            case "description": members[index].1 = replaced(value, .description)
            case "ownername": members[index].1 = replaced(value, .owner)
            case "owner", "user":
                guard case .object(var inner) = value else { continue }
                for innerIndex in inner.indices {
                    switch inner[innerIndex].0 {
                    case "username": inner[innerIndex].1 = replaced(inner[innerIndex].1, .owner)
                    case "realname", "fullname": inner[innerIndex].1 = replaced(inner[innerIndex].1, .realname)
                    default: break
                    }
                }
                members[index].1 = .object(inner)
            default: break
            }
        }
    }
}
