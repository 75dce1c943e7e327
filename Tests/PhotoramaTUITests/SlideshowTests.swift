import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

@Suite("The viewer's slideshow")
struct SlideshowTests {
    private func state(interval: Duration? = nil, pages: Int = 50) -> AppState {
        var configuration = AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 1, images: .halfBlocks(.palette256))
        if let interval { configuration.slideshowInterval = interval }
        var state = AppState(configuration: configuration, size: CellSize(columns: 80, rows: 24))
        _ = answerLoads(&state, start(&state), pages: pages, limit: 1)
        return state
    }

    private func wakes(_ effects: [Effect]) -> [(Duration, RequestToken)] {
        effects.compactMap { if case .wake(let after, let token) = $0 { (after, token) } else { nil } }
    }

    /// The viewer's picture load for the photo at `index` among `effects`, answered with a flat picture.
    private func answerPicture(_ state: inout AppState, _ effects: [Effect], file: String) -> [Effect] {
        guard
            let (request, token) = effects.lazy.compactMap({ effect -> (ImageRequest, RequestToken)? in
                if case .loadImage(let request, _, let token) = effect, request.url.lastPathComponent == file, request.rows == 23 {
                    return (request, token)
                }
                return nil
            }).first
        else { return [] }
        let cells = CellImage(columns: 1, rows: 1, cells: [ImageCell(character: "▀", foreground: .rgb(1, 2, 3), background: .rgb(1, 2, 3))])
        return reduce(&state, .images(.imageLoaded(token: token, request, .success(.cells(cells)))))
    }

    @Test("S on the grid opens the viewer and asks to be woken in 5 s; the caption shows it runs")
    func startsFromTheGrid() throws {
        var state = state()
        let effects = press(&state, .character("S"))
        #expect(state.viewerOpen)
        let wake = try #require(wakes(effects).first)
        #expect(wake.0 == .seconds(5))
        #expect(state.slideshow == Slideshow(interval: .seconds(5), token: wake.1))
        #expect(render(state).lines[23].hasPrefix("▶ 5 s · Photo 1 · owner 1 · 4000×3000 · 1 of 5,000"))
    }

    @Test("the interval comes from the configuration (--interval, slideshow_interval)")
    func configuredInterval() {
        var state = state(interval: .seconds(2))
        #expect(wakes(press(&state, .character("v"), .character("S"))).map(\.0) == [.seconds(2)])
    }

    @Test("a wake-up waits for the next photo's picture, then moves on as it arrives, and sets the next wake-up")
    func waitsForTheNextPicture() throws {
        var state = state()
        let opened = press(&state, .character("S"))
        let token = try #require(wakes(opened).first?.1)
        let bound = wakes(reduce(&state, .runtime(.wake(token: token))))
        #expect(state.currentFeed?.selection == 0)
        #expect(state.slideshow?.waiting == true)
        #expect(bound.map(\.0) == [.seconds(5)])
        // The next photo's picture was asked for when the viewer opened (a neighbour, prefetched).
        let moved = answerPicture(&state, opened, file: "2.jpg")
        #expect(state.currentFeed?.selection == 1)
        #expect(state.slideshow?.waiting == false)
        let next = try #require(wakes(moved).first)
        #expect(next.0 == .seconds(5))
        #expect(next.1 != token)
    }

    @Test("a picture that is still not there one interval later does not hold the show: it moves on")
    func waitingIsBounded() throws {
        var state = state()
        _ = press(&state, .character("S"))
        let first = try #require(state.slideshow?.token)
        let second = try #require(wakes(reduce(&state, .runtime(.wake(token: first)))).first?.1)
        #expect(state.currentFeed?.selection == 0)
        let third = wakes(reduce(&state, .runtime(.wake(token: second))))
        #expect(state.currentFeed?.selection == 1)
        #expect(state.slideshow?.waiting == false)
        #expect(third.count == 1)
    }

    @Test("a wake-up with the next picture already drawn moves at once")
    func movesAtOnceWhenReady() throws {
        var state = state()
        let opened = press(&state, .character("S"))
        _ = answerPicture(&state, opened, file: "2.jpg")
        #expect(state.currentFeed?.selection == 0)
        let token = try #require(state.slideshow?.token)
        let effects = reduce(&state, .runtime(.wake(token: token)))
        #expect(state.currentFeed?.selection == 1)
        #expect(wakes(effects).count == 1)
    }

    @Test("any key stops it and does nothing else; a stale wake-up is ignored")
    func anyKeyStops() throws {
        var state = state()
        _ = press(&state, .character("S"))
        let token = try #require(state.slideshow?.token)
        #expect(press(&state, .right) == [.cancel(token)])
        #expect(state.slideshow == nil)
        #expect(state.viewerOpen)
        #expect(state.currentFeed?.selection == 0)
        #expect(state.notice == "Slideshow stopped")
        #expect(reduce(&state, .runtime(.wake(token: token))) == [])
        #expect(state.currentFeed?.selection == 0)
    }

    @Test("at the last photo of a feed with nothing more to load, the slideshow ends there")
    func endsAtTheLastPhoto() throws {
        var state = state(pages: 1)
        _ = press(&state, .end, .character("S"))
        #expect(state.currentFeed?.selection == 99)
        let token = try #require(state.slideshow?.token)
        #expect(reduce(&state, .runtime(.wake(token: token))) == [])
        #expect(state.slideshow == nil)
        #expect(state.notice == "Slideshow ended: the last photo")
    }
}
