/// What the palette (`:`) can run: every key action by its name, and the actions that take an argument typed
/// after their name in the same prompt ("search cats", "explore 2024-05-01").
struct PaletteCommand: Equatable, Sendable {
    enum Run: Equatable, Sendable {
        /// Runs as the action's key would, where the palette was opened.
        case key(KeyAction)
        case argument(PaletteArgument)
    }

    let name: String
    let run: Run

    /// Every command in the palette's order when nothing is typed and nothing was used: the arguments'
    /// commands first, then the key actions in the config file's order. `search` and `gallery` take their
    /// text here rather than opening the search bar; the palette's own key is not a command.
    static let all: [PaletteCommand] =
        PaletteArgument.allCases.map { PaletteCommand(name: $0.rawValue, run: .argument($0)) }
        + KeyAction.allCases.filter { ![.search, .gallery, .palette].contains($0) }.map {
            PaletteCommand(name: $0.rawValue.replacingOccurrences(of: "_", with: " "), run: .key($0))
        }

    /// The argument's placeholder after the name ("search <text or lat, long>"), or the action's key.
    func hint(_ keyMap: KeyMap) -> String {
        switch run {
        case .key(let action): KeyLabel.text(keyMap.key(for: action))
        case .argument(let argument): "<\(argument.placeholder)>"
        }
    }
}

/// The palette's commands that need text after their name.
enum PaletteArgument: String, CaseIterable, Sendable {
    case search, explore, album, group, gallery, page

    var placeholder: String {
        switch self {
        case .search: "text or lat, long [radius]"
        case .explore: "YYYY-MM-DD"
        case .album: "album id or address"
        case .group: "group id or address"
        case .gallery: "gallery id or address"
        case .page: "number"
        }
    }

    /// Whether `argument` (perhaps still being typed) can be this command's: a page is digits, so "page
    /// down" stays the key action's name.
    func accepts(_ argument: String) -> Bool {
        self != .page || argument.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
