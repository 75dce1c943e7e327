import Foundation
import PhotoramaImages
import PhotoramaKit

@testable import PhotoramaTUI

/// Titles from around the world and from attackers.
let worldTitles = [
    "東京タワーの夜景",
    "Family 👨‍👩‍👧 picnic 🇫🇷",
    "שלום עולם",
    "Evil\u{1B}]52;c;ZXZpbA==\u{07} title\u{1B}[2J\r\nline2\u{9B}31m \u{202E}txet\u{202C}",
    "C1\u{85}bytes\u{90}hidden\u{9C} and \u{7F}DEL\u{200B}",
    "",
    "A very long title that will certainly not fit in one card",
    "Ame\u{301}lie's cafe\u{301}",
]

/// A complete feed of the eight photos above, loaded at a size, monochrome.
func worldState(columns: Int, rows: Int, images: ImageDrawing? = nil) -> AppState {
    var (state, effects) = startedState(columns: columns, rows: rows, images: images)
    let photos = worldTitles.enumerated().map { index, title in
        photo(index + 1, title: title, owner: index == 3 ? "mallory\u{1B}[31m\u{202E}" : nil)
    }
    _ = reduce(&state, .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(Page(items: photos, page: 1, pages: 1, total: 8)))))
    effects = []
    return state
}
