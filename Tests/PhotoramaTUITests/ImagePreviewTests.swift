import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// A started state with images on, the first page answered.
private func imageState(columns: Int = 120, rows: Int = 40, drawing: ImageDrawing = .halfBlocks(.truecolor)) -> (AppState, [Effect]) {
    var state = AppState(
        configuration: AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 1, images: drawing),
        size: CellSize(columns: columns, rows: rows))
    let effects = start(&state)
    var rest: [Effect] = []
    for effect in effects {
        guard case .loadPage(_, let number, let token) = effect else { continue }
        rest += reduce(&state, .feed(.pageLoaded(token: token, page: number, .success(page(number)))))
    }
    return (state, rest)
}

private func imageLoads(_ effects: [Effect]) -> [(ImageRequest, ImagePriority, RequestToken)] {
    effects.compactMap { if case .loadImage(let request, let urgency, let token) = $0 { (request, urgency, token) } else { nil } }
}

/// A cell image of one colour.
private func solid(_ columns: Int, _ rows: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) -> CellImage {
    CellImage(
        columns: columns, rows: rows,
        cells: Array(repeating: ImageCell(character: "▀", foreground: .rgb(r, g, b), background: .rgb(r, g, b)), count: columns * rows))
}

@Suite("Images in the detail pane")
struct ImagePreviewTests {
    @Test("the first page asks for the selected photo first, then its neighbour, sized to the pane's preview")
    func firstPageAsksForSelectedPhoto() throws {
        let (state, effects) = imageState()
        let loads = imageLoads(effects)
        let layout = ScreenLayout(state)
        #expect(layout.imagePreview == Rect(row: 2, column: 76, width: 44, height: 18))
        #expect(loads.map(\.1) == [.selected, .nearby])
        #expect(loads.map(\.0.url.absoluteString) == ["https://example.com/1.jpg", "https://example.com/2.jpg"])
        #expect(loads[0].0.columns == 44)
        #expect(loads[0].0.rows == 18)
        #expect(loads[0].0.pixelTarget(cell: PixelSize(width: 10, height: 20)) == PixelSize(width: 44, height: 36))
    }

    @Test("while loading, the preview is a dim frame saying loading…")
    func loadingPlaceholder() {
        let (state, _) = imageState()
        let lines = render(state).lines
        #expect(lines[2].hasSuffix("┌" + String(repeating: "─", count: 42) + "┐"))
        #expect(lines[10].contains("│                 loading…                 │"))
        #expect(lines[19].hasSuffix("└" + String(repeating: "─", count: 42) + "┘"))
    }

    @Test("a drawn picture is centred in the preview with its exact colours, and stale answers are ignored")
    func readyImageIsDrawnCentred() throws {
        var (state, effects) = imageState()
        let first = try #require(imageLoads(effects).first)
        // A stale token changes nothing.
        _ = reduce(&state, .images(.imageLoaded(token: RequestToken(value: 9999), first.0, .success(.cells(solid(44, 18, 1, 2, 3))))))
        #expect(state.images.status(first.0) == .loading(first.2))
        _ = reduce(&state, .images(.imageLoaded(token: first.2, first.0, .success(.cells(solid(40, 10, 200, 100, 50))))))
        let frame = render(state)
        // 40×10 in 44×18: two columns and four rows of margin on each side.
        let top = 2 + 4
        let left = 76 + 2
        #expect(
            frame[top, left] == Cell(grapheme: "▀", width: 1, style: Style(foreground: .rgb(200, 100, 50), background: .rgb(200, 100, 50))))
        #expect(frame[top + 9, left + 39].style.background == .rgb(200, 100, 50))
        #expect(frame[top - 1, left].grapheme == " ")
        #expect(frame[top, left - 1].grapheme == " ")
        #expect(frame[top + 10, left].grapheme == " ")
    }

    @Test("a picture that cannot be shown says why in its frame")
    func failureReason() throws {
        var (state, effects) = imageState()
        let first = try #require(imageLoads(effects).first)
        _ = reduce(&state, .images(.imageLoaded(token: first.2, first.0, .failure(ImageFailure(message: "image unavailable: HTTP 404")))))
        let lines = render(state).lines
        #expect(lines[10].contains("│       image unavailable: HTTP 404        │"))
    }

    @Test("moving the selection cancels the load nobody wants and asks for the new neighbour; a drawn picture is kept")
    func movingCancelsStaleLoads() throws {
        var (state, effects) = imageState()
        let loads = imageLoads(effects)
        _ = reduce(&state, .images(.imageLoaded(token: loads[0].2, loads[0].0, .success(.cells(solid(44, 18, 9, 9, 9))))))
        // Photo 2 is still loading; jump far away.
        let moved = reduce(&state, .key(.end))
        #expect(moved.contains(.cancel(loads[1].2)))
        let newLoads = imageLoads(moved)
        #expect(newLoads.map(\.0.url.absoluteString) == ["https://example.com/100.jpg", "https://example.com/99.jpg"])
        #expect(newLoads.map(\.1) == [.selected, .nearby])
        // The drawn picture of photo 1 stays ready: going back shows it at once, with no new load.
        let back = reduce(&state, .key(.home))
        #expect(imageLoads(back).map(\.0.url.absoluteString) == ["https://example.com/2.jpg"])
        #expect(state.images.status(loads[0].0) == .ready(.cells(solid(44, 18, 9, 9, 9))))
    }

    @Test("a resize asks for the picture again at the new size and cancels the old load")
    func resizeRequestsNewSize() throws {
        var (state, effects) = imageState()
        let old = imageLoads(effects)
        let resized = reduce(&state, .resize(CellSize(columns: 150, rows: 50)))
        #expect(resized.contains(.cancel(old[0].2)))
        let fresh = imageLoads(resized)
        #expect(fresh.first?.0.columns == 50)
        #expect(fresh.first?.0.rows == 23)
    }

    @Test("with images off there is no preview area and nothing is loaded")
    func imagesOff() {
        var state = AppState(configuration: AppConfiguration(demoProviders: [.flickr], images: nil), size: CellSize(columns: 120, rows: 40))
        let effects = start(&state)
        #expect(imageLoads(effects).isEmpty)
        #expect(ScreenLayout(state).imagePreview.height == 0)
    }

    @Test("the smallest rendition that covers the fitted area is chosen, squares only when nothing else exists")
    func renditionChoice() throws {
        let url = { (name: String) in URL(string: "https://example.com/\(name).jpg")! }
        let photo = Photo(
            provider: .flickr, id: "1",
            images: [
                PhotoImage(size: .square150, url: url("q"), width: 150, height: 150),
                PhotoImage(size: .small240, url: url("s"), width: 240, height: 180),
                PhotoImage(size: .medium640, url: url("z"), width: 640, height: 480),
                PhotoImage(size: .large1024, url: url("l"), width: 1024, height: 768),
            ])
        // 44×36 pixels: a 4:3 photo fitted is 44×33, so the 240 px rendition covers it.
        #expect(photo.rendition(covering: PixelSize(width: 44, height: 36))?.url == url("s"))
        #expect(photo.rendition(covering: PixelSize(width: 600, height: 600))?.url == url("z"))
        #expect(photo.rendition(covering: PixelSize(width: 5000, height: 5000))?.url == url("l"))
        let squareOnly = Photo(provider: .flickr, id: "2", images: [PhotoImage(size: .square75, url: url("sq"), width: 75, height: 75)])
        #expect(squareOnly.rendition(covering: PixelSize(width: 44, height: 36))?.url == url("sq"))
    }
}
