import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// A signed-in browser: Recent's page 1 answered, the favourites' first page (asked for at start) answered
/// with `favourites`.
private func signedInState(favourites: [Photo] = [], problem: String? = nil, signedIn: Bool = true) -> AppState {
    var configuration = AppConfiguration(demoProviders: [.flickr], colors: false, randomSeed: 42)
    configuration.signedIn = signedIn
    configuration.signInProblem = problem
    var state = AppState(configuration: configuration, size: CellSize(columns: 80, rows: 24))
    for effect in start(&state) {
        guard case .loadPage(let source, let number, let token) = effect else { continue }
        let answer =
            source == .favorites
            ? Page(items: favourites, page: 1, pages: 1, total: favourites.count) : page(number, of: 50, perPage: 100)
        _ = reduce(&state, .feed(.pageLoaded(token: token, page: number, .success(answer))))
    }
    return state
}

private func favoriteWrite(_ effects: [Effect]) -> (Photo, Bool, RequestToken)? {
    for effect in effects { if case .setFavorite(let photo, let adding, let token) = effect { return (photo, adding, token) } }
    return nil
}

private func hearts(_ state: AppState) -> [String] {
    render(state).lines.filter { $0.contains("♥") }.map { $0.trimmingCharacters(in: .whitespaces) }
}

@Suite("Flickr favourites in the browser")
struct FavoritesTests {
    @Test("start asks for the favourites' first page only when signed in")
    func startLoadsFavouritesWhenSignedIn() {
        var signedOut = AppState(
            configuration: AppConfiguration(demoProviders: [.flickr], randomSeed: 42), size: CellSize(columns: 80, rows: 24))
        #expect(!start(&signedOut).contains { if case .loadPage(.favorites, _, _) = $0 { true } else { false } })
        var configuration = AppConfiguration(demoProviders: [.flickr], randomSeed: 42)
        configuration.signedIn = true
        var signedIn = AppState(configuration: configuration, size: CellSize(columns: 80, rows: 24))
        #expect(start(&signedIn).contains { if case .loadPage(.favorites, 1, _) = $0 { true } else { false } })
    }

    @Test("f marks at once; success keeps the mark and puts the photo on the Favourites tab")
    func fMarksAtOnceAndTheTabListsIt() throws {
        var state = signedInState(favourites: [TestPhotos.photo(900)])
        let (photo, adding, token) = try #require(favoriteWrite(press(&state, .character("f"))))
        #expect(photo == TestPhotos.photo(1))
        #expect(adding)
        #expect(hearts(state) == ["♥ Photo 1                 Photo 2                   Photo 3"])
        _ = reduce(&state, .favorites(.favoriteSet(token: token, .success(()))))
        #expect(render(state).lines[23].contains("♥ “Photo 1” is a Flickr favourite"))
        _ = press(&state, .character("7"))
        #expect(state.favorites.feed.photos.map(\.id) == ["1", "900"])
        #expect(render(state).lines[0].contains("7 Fav"))
    }

    @Test("a refused f is taken back with Flickr's reason on the status line")
    func aRefusalTakesTheMarkBack() throws {
        var state = signedInState()
        let (_, _, token) = try #require(favoriteWrite(press(&state, .character("f"))))
        let refusal = PhotoramaError.api(code: 99, message: "Insufficient permissions. Method requires write privileges; read granted.")
        _ = reduce(&state, .favorites(.favoriteSet(token: token, .failure(refusal))))
        #expect(hearts(state).isEmpty)
        #expect(render(state).lines[23].hasPrefix("Not a favourite: API error 99: Insufficient permissions. Method requires write"))
        #expect(state.favorites.feed.photos.isEmpty)
    }

    @Test("f on a favourite unmarks it; without a sign-in f says so in one line and asks nothing")
    func unmarkAndSignedOut() throws {
        var state = signedInState(favourites: [TestPhotos.photo(1)])
        #expect(hearts(state) == ["♥ Photo 1                 Photo 2                   Photo 3"])
        let (_, adding, token) = try #require(favoriteWrite(press(&state, .character("f"))))
        #expect(!adding)
        #expect(hearts(state).isEmpty)
        _ = reduce(&state, .favorites(.favoriteSet(token: token, .success(()))))
        #expect(state.favorites.feed.photos.isEmpty)

        var signedOut = signedInState(signedIn: false)
        #expect(press(&signedOut, .character("f")).isEmpty)
        #expect(render(signedOut).lines[23].hasPrefix("Not signed in to Flickr: run `photorama login` first"))
        // The Favourites tab is not shown without an account: 7 says why and stays.
        #expect(!render(signedOut).lines[0].contains("Favourites"))
        _ = press(&signedOut, .character("7"))
        #expect(signedOut.tab == .recent)
        #expect(render(signedOut).lines[23].hasPrefix("Not signed in to Flickr: run `photorama login` first"))
    }
}
