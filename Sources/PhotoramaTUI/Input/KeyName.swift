import PhotoramaScreen

/// Keys as the config file writes them: a single character (`"x"`, `"X"`, `"/"`), `ctrl-x`, `f1`…`f12`,
/// and the named keys `up down left right shift-up shift-down pgup pgdn home end enter esc backspace
/// insert delete tab backtab space`. Names are case-insensitive except single characters.
public enum KeyName {
    static let named: [(String, Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("shift-up", .shiftUp), ("shift-down", .shiftDown),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
        ("enter", .enter), ("esc", .escape), ("backspace", .backspace), ("insert", .insert), ("delete", .delete),
        ("tab", .tab), ("backtab", .backTab), ("space", .character(" ")),
    ]
    static let aliases: [String: Key] = [
        "pageup": .pageUp, "pagedown": .pageDown, "escape": .escape, "return": .enter, "shift-tab": .backTab,
    ]

    /// What `parse` reads, for messages: "a character, ctrl-a…ctrl-z, f1…f12, up, down, …, space".
    public static var accepted: String {
        (["a character", "ctrl-a…ctrl-z", "f1…f12"] + named.map(\.0)).joined(separator: ", ")
    }

    /// The key a name stands for, or nil when it names none.
    public static func parse(_ text: String) -> Key? {
        if text.count == 1, let character = text.first {
            // Spaces and control characters are written by name ("space", "tab", "enter").
            let control = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            return character.isWhitespace || control ? nil : .character(character)
        }
        let lower = text.lowercased()
        if let key = named.first(where: { $0.0 == lower })?.1 ?? aliases[lower] { return key }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            return .ctrl(letter)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return .function(number)
        }
        return nil
    }

    /// The name `parse` reads back as the same key.
    public static func name(_ key: Key) -> String {
        if let entry = named.first(where: { $0.1 == key }) { return entry.0 }
        switch key {
        case .character(let character): return String(character)
        case .ctrl(let letter): return "ctrl-\(letter)"
        case .function(let number): return "f\(number)"
        default: return "?"
        }
    }
}
