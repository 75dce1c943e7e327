import PhotoramaScreen

/// One group of the help: the keys that apply while doing one thing (the grid, a search, the viewer…).
struct HelpSection {
    let title: String
    let rows: [(keys: String, action: String)]
}

/// The help overlay's rows, grouped by what the user is doing: each row's keys as the user's bindings make
/// them (`[keys]` in the config file), so the help never lists a key that no longer does what it says.
enum KeyBindings {
    /// Rows with every action on its default key; the row count is the same for any key map.
    static var all: [(keys: String, action: String)] { rows(for: .standard) }

    /// Every section's rows, in the help's order.
    static func rows(for keyMap: KeyMap) -> [(keys: String, action: String)] {
        sections(for: keyMap).flatMap(\.rows)
    }

    static func sections(for keyMap: KeyMap) -> [HelpSection] {
        func k(_ actions: KeyAction...) -> String {
            actions.map { KeyLabel.text(keyMap.key(for: $0)) }.joined(separator: " ")
        }
        return [
            HelpSection(
                title: "Everywhere",
                rows: [
                    (
                        "\(k(.tabRecent, .tabPopular, .tabSearch, .tabLocations, .tabSaved, .tabExplore, .tabFavorites)), \(k(.nextTab))",
                        "switch tab: Recent, Popular, Search, Locations, Saved, Explore, Favourites (signed in)"
                    ),
                    (
                        "Esc",
                        "leave the search bar, the detail, an overlay or a location's photos; back after \(k(.owner)), \(k(.gallery)) or a tag"
                    ),
                    (k(.networkLog), "network log (last 200 requests)"),
                    (k(.redraw), "repaint the whole screen"),
                    (k(.help), "this help"),
                    (k(.palette), "command palette: every action by name, the last used first; type to narrow, Enter runs"),
                    ("\(k(.quit)), Ctrl-C", "quit"),
                    ("Mouse", "click selects a card, a tab or a location; the wheel scrolls"),
                ]),
            HelpSection(
                title: "Grid and detail",
                rows: [
                    ("Arrows, \(k(.left, .down, .up, .right))", "move the selection"),
                    (k(.pageUp, .pageDown), "move a screenful"),
                    ("Home \(k(.last)), \(k(.first))", "first / last loaded photo"),
                    (k(.random), "jump to a random photo"),
                    ("Enter", "submit the search; open the detail (narrow terminals), then the viewer; open a location"),
                    ("\(k(.detailDown, .detailUp)), Shift-Up/Down", "scroll the detail pane"),
                    (k(.refresh), "refresh: new photos on top"),
                    (k(.retry), "retry after an error"),
                    (k(.thumbnails), "thumbnail cards or text cards"),
                    (k(.fillCards), "thumbnails fill their cards (cropped around the centre) or fit with bars"),
                    (k(.comments), "comments of the selected photo"),
                    (k(.exif), "show or hide the photo's EXIF in the detail (Flickr)"),
                    (k(.open), "open the photo's page in the browser ($BROWSER, else xdg-open)"),
                    (k(.copyURL, .copyImageURL), "copy the page URL / the image URL (OSC 52 clipboard)"),
                    (k(.owner), "the owner's public photos (Esc comes back)"),
                    (k(.gallery), "open a gallery: its id or flickr.com/photos/USER/galleries/ID"),
                    (k(.previousTag, .nextTag), "pick a tag in the detail; Enter searches it, Esc cancels"),
                ]),
            HelpSection(
                title: "Saved, favourites and downloads",
                rows: [
                    (k(.save), "save or unsave the selected photo (★ marks saved photos)"),
                    (k(.favorite), "mark or unmark the photo as a Flickr favourite (♥; photorama login first)"),
                    (k(.download), "download the selected photo at its largest size"),
                    (k(.downloads), "downloads: active, finished (with path) and failed"),
                    (
                        k(.undo),
                        "undo the last change: a save or removal, a Flickr favourite, a download under way; again for the one before"
                    ),
                ]),
            HelpSection(
                title: "Search",
                rows: [
                    (
                        k(.search),
                        "search: text, or “lat, long [radius]” such as “48.85, 2.35 10km”; “license:1,2 cats” limits licences; “commons:” or “openverse:” first asks them"
                    ),
                    ("Up Down (search)", "recall earlier searches"),
                ]),
            HelpSection(
                title: "Viewer",
                rows: [
                    (k(.view), "view the photo full screen: Left Right (\(k(.left, .right))) walk the feed, Esc or \(k(.quit)) back"),
                    (
                        "+ = - 0 (viewer)",
                        "zoom in / out by ×√2 up to 1:1, 0 fits; zoomed, the arrows pan, the wheel zooms at the pointer, a drag pans"
                    ),
                    (k(.slideshow), "slideshow in the viewer (every slideshow_interval seconds, --interval); any key stops it"),
                ]),
            HelpSection(
                title: "Map",
                rows: [
                    (k(.map), "world map of the feed's photos: arrows move the cross-hair, + - zoom, n p photos, Enter searches near")
                ]),
        ]
    }
}

/// How a key is written for people (the help), as opposed to `KeyName`, the config file's spelling.
enum KeyLabel {
    static func text(_ key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .ctrl(let letter): "Ctrl-\(letter.uppercased())"
        case .function(let number): "F\(number)"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .shiftUp: "Shift-Up"
        case .shiftDown: "Shift-Down"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .insert: "Insert"
        case .delete: "Delete"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        }
    }
}
