/// Every key the browser understands, as the help overlay lists them.
enum KeyBindings {
    static let all: [(keys: String, action: String)] = [
        ("1 2 3 4 5, Tab", "switch tab: Recent, Popular, Search, Locations, Saved"),
        ("/", "search: text, or “lat, long [radius]” such as “48.85, 2.35 10km”"),
        ("Enter", "submit the search; open the detail (narrow terminals), then the viewer; open a location"),
        ("v", "view the photo full screen: Left Right (h l) walk the feed, Esc or q back"),
        ("t", "thumbnail cards or text cards"),
        ("Up Down (search)", "recall earlier searches"),
        ("Esc", "leave the search bar, the detail, an overlay or a location's photos"),
        ("Arrows, h j k l", "move the selection"),
        ("PgUp PgDn", "move a screenful"),
        ("Home End, g G", "first / last loaded photo"),
        ("J K, Shift-Up/Down", "scroll the detail pane"),
        ("R", "jump to a random photo"),
        ("r", "retry after an error"),
        ("Ctrl-R", "refresh: new photos on top"),
        ("Ctrl-L", "repaint the whole screen"),
        ("c", "comments of the selected photo"),
        ("L", "network log (last 200 requests)"),
        ("?", "this help"),
        ("q, Ctrl-C", "quit"),
        ("Mouse", "click selects a card, a tab or a location; the wheel scrolls"),
    ]
}
