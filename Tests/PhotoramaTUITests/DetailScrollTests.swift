import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

@Suite("The detail pane scrolls on its own")
struct DetailScrollTests {
    @Test func jAndKScrollThePaneNotTheGrid() {
        var (state, effects) = startedState(columns: 120, rows: 40, images: .halfBlocks(.truecolor))
        var long = photo(1)
        long.description = (1...120).map { "word\($0)" }.joined(separator: " ")
        _ = reduce(
            &state,
            .feed(.pageLoaded(token: loadToken(effects)!, page: 1, .success(Page(items: [long, photo(2)], page: 1, pages: 1, total: 2)))))
        effects = []
        // The pane's text starts under the 18-row preview, at screen row 20.
        #expect(render(state).lines[20].hasSuffix(" Photo 1".padding(44)))
        _ = press(&state, .character("J"), .shiftDown)
        #expect(state.detailScroll == 2)
        #expect(state.feeds[.recent].selection == 0)
        #expect(render(state).lines[20].hasSuffix(" Taken: 2024-05-02 12:00".padding(44)))
        // It stops when the last line is at the bottom.
        for _ in 0..<100 { _ = press(&state, .character("J")) }
        let last = render(state).lines[38]
        #expect(last.hasSuffix(" https://www.flickr.com/photos/owner/1".padding(44)))
        _ = press(&state, .character("K"))
        #expect(render(state).lines[38].hasSuffix("".padding(44)))
        // Moving to another photo starts its detail at the top.
        _ = press(&state, .right)
        #expect(state.detailScroll == 0)
    }
}
