import PhotoramaScreen

/// The browser's actions a user may bind to another key (`[keys]` in the config file), each with the
/// key it has by default. Names are the config file's: `quit = "x"`.
public enum KeyAction: String, CaseIterable, Sendable {
    case tabRecent = "tab_recent"
    case tabPopular = "tab_popular"
    case tabSearch = "tab_search"
    case tabLocations = "tab_locations"
    case tabSaved = "tab_saved"
    case tabExplore = "tab_explore"
    case tabFavorites = "tab_favorites"
    case nextTab = "next_tab"
    case previousTab = "previous_tab"
    case search, help
    case networkLog = "network_log"
    case downloads, quit
    case map
    case left, down, up, right
    case pageUp = "page_up"
    case pageDown = "page_down"
    case first, last
    case detailUp = "detail_up"
    case detailDown = "detail_down"
    case random, retry, refresh, view, thumbnails, redraw, comments, save, download, exif
    case open
    case copyURL = "copy_url"
    case copyImageURL = "copy_image_url"
    case owner, gallery
    case previousTag = "previous_tag"
    case nextTag = "next_tag"
    case slideshow
    case fillCards = "fill_cards"
    case favorite
    /// The command palette (`:`): every action by name.
    case palette
    /// Takes back the last change (`u`): saved, unsaved, a favourite, a download started.
    case undo

    /// The actions on the selected photo; with none selected they answer `noPhotoSelected`.
    static let onSelectedPhoto: Set<KeyAction> = [.comments, .save, .favorite, .download, .exif, .open, .copyURL, .copyImageURL, .owner]
    static let noPhotoSelected = "No photo selected"

    /// The key the reducer handles for this action; a remapped key is translated into it.
    public var defaultKey: Key {
        switch self {
        case .tabRecent: .character("1")
        case .tabPopular: .character("2")
        case .tabSearch: .character("3")
        case .tabLocations: .character("4")
        case .tabSaved: .character("5")
        case .tabExplore: .character("6")
        case .tabFavorites: .character("7")
        case .nextTab: .tab
        case .previousTab: .backTab
        case .search: .character("/")
        case .help: .character("?")
        case .networkLog: .character("L")
        case .downloads: .character("D")
        case .quit: .character("q")
        case .map: .character("m")
        case .left: .character("h")
        case .down: .character("j")
        case .up: .character("k")
        case .right: .character("l")
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .first: .character("g")
        case .last: .end
        case .detailUp: .character("K")
        case .detailDown: .character("J")
        case .random: .character("R")
        case .retry: .character("r")
        case .refresh: .ctrl("r")
        case .view: .character("v")
        case .thumbnails: .character("t")
        case .redraw: .ctrl("l")
        case .comments: .character("c")
        case .save: .character("s")
        case .download: .character("d")
        case .exif: .character("e")
        case .open: .character("o")
        case .copyURL: .character("y")
        case .copyImageURL: .character("Y")
        case .owner: .character("U")
        case .gallery: .character("G")
        case .previousTag: .character("[")
        case .nextTag: .character("]")
        case .slideshow: .character("S")
        case .fillCards: .character("F")
        case .favorite: .character("f")
        case .palette: .character(":")
        case .undo: .character("u")
        }
    }
}

extension Key {
    /// `case .action(.quit):` in a switch over a `Key`: the reducer names the action, and `defaultKey` stays
    /// the one table of which key each action is (the user's `[keys]` are translated into it first).
    public static func action(_ action: KeyAction) -> Key {
        action.defaultKey
    }
}

extension KeyAction {
    /// The action whose default key `key` is, if any. Looked up once per switch over a key (the reducer
    /// matches `(key, KeyAction(defaultKey: key))`), so it stays a table lookup, not a hash.
    public init?(defaultKey key: Key) {
        guard let action = Self.byDefaultKey.action(for: key) else { return nil }
        self = action
    }

    private static let byDefaultKey = DefaultKeys(allCases.map { ($0.defaultKey, $0) })

    /// The tab a `tab_…` action shows.
    public var tab: Tab? {
        switch self {
        case .tabRecent: .recent
        case .tabPopular: .popular
        case .tabSearch: .search
        case .tabLocations: .locations
        case .tabSaved: .saved
        case .tabExplore: .explore
        case .tabFavorites: .favorites
        default: nil
        }
    }
}

/// `KeyAction.defaultKey` inverted: printable ASCII keys by their code, the few others in a list.
private struct DefaultKeys: Sendable {
    private var ascii = [KeyAction?](repeating: nil, count: 128)
    private var others: [(key: Key, action: KeyAction)] = []

    /// The first action named for a key wins (no two share one: `KeyActionTests`).
    init(_ pairs: [(Key, KeyAction)]) {
        for (key, action) in pairs where self.action(for: key) == nil {
            if case .character(let character) = key, let code = character.asciiValue {
                ascii[Int(code)] = action
            } else {
                others.append((key, action))
            }
        }
    }

    func action(for key: Key) -> KeyAction? {
        if case .character(let character) = key {
            guard let code = character.asciiValue else { return nil }
            return ascii[Int(code)]
        }
        return others.first { $0.key == key }?.action
    }
}
