import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The root's own fields, `private(set)`, through the root's small functions: each keeps the one rule
/// its field has.
@Suite struct AppStateRootFieldsTests {
    @Test func aResizeClampsAndAWideTerminalClosesTheFullScreenDetail() {
        var (state, _) = startedState(columns: 80, rows: 24)
        state.detail.open()
        state.resize(to: CellSize(columns: -3, rows: 30))
        #expect(state.size == CellSize(columns: 0, rows: 30))
        #expect(state.detailOpen)
        state.resize(to: CellSize(columns: ScreenLayout.paneThreshold, rows: 30))
        #expect(!state.detailOpen)
    }

    @Test func aCellSizeWithoutBothDimensionsIsIgnored() {
        var (state, _) = startedState()
        let before = state.cellPixels
        state.noteCellPixels(PixelSize(width: 0, height: 20))
        #expect(state.cellPixels == before)
        state.noteCellPixels(PixelSize(width: 10, height: 0))
        #expect(state.cellPixels == before)
        state.noteCellPixels(PixelSize(width: 9, height: 19))
        #expect(state.cellPixels == PixelSize(width: 9, height: 19))
    }

    @Test func thumbnailsNeedAWayToDrawThem() {
        var (state, _) = startedState()
        #expect(!state.thumbnails)
        state.toggleThumbnails()
        #expect(!state.thumbnails)
        state.toggleCardsFill()
        #expect(state.cardsFill)
    }

    @Test func theScreenRememberedComesBackOffTheBackStack() {
        var (state, _) = startedState()
        state.show(.popular)
        state.rememberScreen()
        state.show(.search)
        #expect(state.backStack.count == 1)
        #expect(state.popBack()?.tab == .popular)
        #expect(state.popBack() == nil)
        #expect(state.tab == .search)
    }

    @Test func theNoticeIsClearedAndSetThroughAnOutcome() {
        var (state, _) = startedState()
        #expect(state.apply(Outcome(effects: [.redraw], notice: "Copied")) == [.redraw])
        #expect(state.notice == "Copied")
        state.clearNotice()
        #expect(state.notice == nil)
    }
}
