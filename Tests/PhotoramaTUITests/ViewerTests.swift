import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

@Suite("The full-screen viewer")
struct ViewerTests {
    private func viewerState(columns: Int = 80, rows: Int = 24) -> AppState {
        var state = AppState(
            configuration: AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 1, images: .halfBlocks(.palette256)),
            size: CellSize(columns: columns, rows: rows))
        answerLoads(&state, start(&state), limit: 1)
        return state
    }

    @Test("v opens the viewer on the selected photo, with a caption of title, owner, size and place")
    func opensWithCaption() {
        var state = viewerState()
        _ = press(&state, .right, .right, .character("v"))
        #expect(state.viewerOpen)
        let lines = render(state).lines
        #expect(lines[23].hasPrefix("Photo 3 · owner 3 · 4000×3000 · 3 of 5,000"))
        #expect(lines[11].contains("loading…"))
    }

    @Test("the viewer asks for the photo at the whole screen less the caption, then the next and previous")
    func asksForFullScreenPicture() {
        var state = viewerState()
        _ = press(&state, .right)
        let effects = reduce(&state, .key(.character("v")))
        let loads = effects.compactMap { if case .loadImage(let request, let urgency, _) = $0 { (request, urgency) } else { nil } }
        #expect(loads.map(\.0.columns) == [80, 80, 80])
        #expect(loads.map(\.0.rows) == [23, 23, 23])
        #expect(loads.map(\.1) == [.selected, .nearby, .nearby])
        #expect(loads.map(\.0.url.lastPathComponent) == ["2.jpg", "3.jpg", "1.jpg"])
    }

    @Test("Right and l go to the next photo, Left and h back; Esc returns to the grid with the last one selected")
    func walksAndReturns() {
        var state = viewerState()
        _ = press(&state, .character("v"), .right, .character("l"), .right, .left, .character("h"))
        #expect(state.currentFeed?.selection == 1)
        _ = press(&state, .right, .right, .escape)
        #expect(!state.viewerOpen)
        #expect(state.currentFeed?.selection == 3)
        // q closes the viewer rather than quitting.
        _ = press(&state, .character("v"))
        #expect(press(&state, .character("q")).contains(.quit) == false)
        #expect(!state.viewerOpen)
    }

    @Test("walking past the last loaded photo loads the next page and shows loading… until it comes")
    func loadsNextPage() {
        var state = viewerState()
        _ = press(&state, .end, .character("v"))
        var effects: [Effect] = []
        for _ in 0..<3 { effects += reduce(&state, .key(.right)) }
        #expect(state.currentFeed?.selection == 100)
        #expect(loadedPages(effects) == [])  // page 2 was asked for when the viewer opened near the end
        #expect(render(state).lines[11].contains("loading…"))
        #expect(state.currentFeed?.feed.loadingPage == 2)
    }

    @Test("Enter on the full-screen detail opens the viewer; Enter on the grid opens it when the pane is shown")
    func enterOpensViewer() {
        var narrow = viewerState()
        _ = press(&narrow, .enter)
        #expect(narrow.detailOpen)
        _ = press(&narrow, .enter)
        #expect(narrow.viewerOpen)
        var wide = viewerState(columns: 120, rows: 40)
        _ = press(&wide, .enter)
        #expect(wide.viewerOpen)
    }
}
