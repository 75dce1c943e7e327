import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen

@testable import PhotoramaTUI

/// Photos with predictable fields: "Photo 7" by "owner 7", taken 2024-05-07 12:00, 4000×3000.
func photo(_ number: Int, title: String? = nil, owner: String? = nil, provider: Provider = .flickr) -> Photo {
    Photo(
        provider: provider, id: String(number), title: title ?? "Photo \(number)", owner: owner ?? "owner \(number)",
        taken: LocalDateTime(year: 2024, month: 5, day: number % 28 + 1, hour: 12, minute: 0),
        images: [
            PhotoImage(
                size: .large1024, url: URL(string: "https://example.com/\(number).jpg")!, width: 4000, height: 3000)
        ],
        pageURL: URL(string: "https://www.flickr.com/photos/owner/\(number)"),
        tags: ["tag\(number)"], description: "Description of photo \(number).", views: number * 10)
}

/// Page `number` of `pages`, `perPage` photos each, numbered consecutively from 1.
func page(_ number: Int, of pages: Int = 50, perPage: Int = 100, total: Int? = nil) -> Page<Photo> {
    let first = (number - 1) * perPage + 1
    return Page(
        items: (first..<(first + perPage)).map { photo($0) }, page: number, pages: pages,
        total: total ?? pages * perPage)
}

/// A state at a size, started: page 1 of Recent requested with token 1.
func startedState(columns: Int = 80, rows: Int = 24, colors: Bool = false, images: ImageDrawing? = nil) -> (AppState, [Effect]) {
    var state = AppState(
        configuration: AppConfiguration(demoProviders: [.flickr], colors: colors, randomSeed: 42, images: images),
        size: CellSize(columns: columns, rows: rows))
    let effects = start(&state)
    return (state, effects)
}

/// The token of the only page load among effects.
func loadToken(_ effects: [Effect]) -> RequestToken? {
    for effect in effects { if case .loadPage(_, _, let token) = effect { return token } }
    return nil
}

func loadedPages(_ effects: [Effect]) -> [Int] {
    effects.compactMap { if case .loadPage(_, let page, _) = $0 { page } else { nil } }
}

/// Answers every page load in `effects` with the matching synthetic page, and keeps answering the
/// loads those answers trigger until `limit` pages are in.
@discardableResult
func answerLoads(_ state: inout AppState, _ effects: [Effect], pages: Int = 50, perPage: Int = 100, limit: Int = .max) -> [Effect] {
    var pending = effects
    var rest: [Effect] = []
    var answered = 0
    while let effect = pending.first {
        pending.removeFirst()
        guard case .loadPage(_, let number, let token) = effect, answered < limit else {
            rest.append(effect)
            continue
        }
        answered += 1
        pending += reduce(&state, .feed(.pageLoaded(token: token, page: number, .success(page(number, of: pages, perPage: perPage)))))
    }
    return rest
}

func press(_ state: inout AppState, _ keys: Key...) -> [Effect] {
    keys.flatMap { reduce(&state, .key($0)) }
}

func type(_ state: inout AppState, _ text: String) -> [Effect] {
    text.flatMap { reduce(&state, .key(.character($0))) }
}
