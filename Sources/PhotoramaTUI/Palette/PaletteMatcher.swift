/// How the palette narrows its commands as the user types: fuzzily, word by word. Each typed word must
/// be found in the command's name (best a whole word, then a word's start, then inside a word, then its
/// letters in order); commands used last come first among equals, then the table's order.
enum PaletteMatcher {
    /// How well `query` names `name`: nil when some typed word is not in it; higher is better.
    static func score(_ query: String, name: String) -> Int? {
        let words = name.lowercased().split(separator: " ").map(String.init)
        let letters = words.joined()
        var total = 0
        for (position, typed) in query.lowercased().split(separator: " ").map(String.init).enumerated() {
            var best: Int?
            for (index, word) in words.enumerated() {
                let inOrder = index == position ? 1 : 0
                let points: Int? =
                    if word == typed { 6 + inOrder } else if word.hasPrefix(typed) { 4 + inOrder } else if word.contains(typed) {
                        2
                    } else { nil }
                if let points { best = max(best ?? 0, points) }
            }
            if best == nil, isSubsequence(typed, of: letters) { best = 1 }
            guard let best else { return nil }
            total += best
        }
        return total
    }

    /// The commands `text` names, best first. Text after an argument command's full name is its argument:
    /// "search red cats" is the search command alone.
    static func matches(_ text: String, in commands: [PaletteCommand], used: [String]) -> [PaletteCommand] {
        if let (command, _) = argumentCommand(text, in: commands) { return [command] }
        let query = text.trimmingCharacters(in: .whitespaces)
        let scored = commands.enumerated().compactMap { index, command -> (PaletteCommand, Int, Int, Int)? in
            guard let score = query.isEmpty ? 0 : score(query, name: command.name) else { return nil }
            return (command, score, used.firstIndex(of: command.name) ?? Int.max, index)
        }
        return scored.sorted { a, b in
            if a.1 != b.1 { return a.1 > b.1 }
            if a.2 != b.2 { return a.2 < b.2 }
            return a.3 < b.3
        }.map(\.0)
    }

    /// An argument command typed in full with its argument after a space ("explore 2024-05-01").
    static func argumentCommand(_ text: String, in commands: [PaletteCommand]) -> (PaletteCommand, String)? {
        let trimmed = text.drop { $0 == " " }
        guard let space = trimmed.firstIndex(of: " ") else { return nil }
        let name = trimmed[..<space].lowercased()
        guard let command = commands.first(where: { $0.name == name }), case .argument(let kind) = command.run else { return nil }
        let argument = String(trimmed[space...]).trimmingCharacters(in: .whitespaces)
        return kind.accepts(argument) ? (command, argument) : nil
    }

    static func isSubsequence(_ typed: String, of letters: String) -> Bool {
        var rest = Substring(letters)
        for character in typed {
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[rest.index(after: found)...]
        }
        return true
    }
}
