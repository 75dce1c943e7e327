import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// A photo as a Flickr list gives it (up to Large 1600), 6000×4000 at the original.
func zoomPhoto(_ number: Int, provider: Provider = .flickr) -> Photo {
    Photo(
        provider: provider, id: String(number), title: "Lines \(number)", owner: "owner",
        taken: LocalDateTime(year: 2024, month: 5, day: 1, hour: 12, minute: 0),
        images: [
            zoomRendition(.medium640, number, 640, 427), zoomRendition(.large1024, number, 1024, 683),
            zoomRendition(.large1600, number, 1600, 1067),
        ],
        pageURL: nil, tags: [], description: "", views: 0)
}

func zoomRendition(_ size: ImageSizeClass, _ number: Int, _ width: Int, _ height: Int) -> PhotoImage {
    PhotoImage(size: size, url: URL(string: "https://example.com/\(number)_\(size.rawValue).jpg")!, width: width, height: height)
}

/// getSizes' answer for `zoomPhoto(number)`: every size up to the 6000×4000 original.
func zoomSizes(_ number: Int) -> [PhotoImage] {
    [
        zoomRendition(.square75, number, 75, 75), zoomRendition(.medium640, number, 640, 427),
        zoomRendition(.large1024, number, 1024, 683), zoomRendition(.large1600, number, 1600, 1067),
        zoomRendition(.large2048, number, 2048, 1365), zoomRendition(.original, number, 6000, 4000),
    ]
}

/// The viewer open on `zoomPhoto(1)` at 80×24 (a 80×23 picture area), drawn as `images`.
func zoomViewer(_ images: ImageDrawing = .halfBlocks(.truecolor), columns: Int = 80, rows: Int = 24) -> AppState {
    var configuration = AppConfiguration(demoProviders: [.flickr], colors: true, randomSeed: 1, images: images)
    configuration.cellPixels = PixelSize(width: 10, height: 20)
    var state = AppState(configuration: configuration, size: CellSize(columns: columns, rows: rows))
    let effects = start(&state)
    if let token = loadToken(effects) {
        let items = [zoomPhoto(1), zoomPhoto(2), zoomPhoto(3)]
        _ = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(Page(items: items, page: 1, pages: 1, total: 3)))))
    }
    _ = reduce(&state, .key(.character("v")))
    return state
}

extension AppState {
    /// The region on screen while zoomed, in the photo's full-size pixels.
    var zoomRegion: Rect? { zoomPlan(ScreenLayout(self))?.needed.request.zoom?.region }
}

@Suite("Zoom arithmetic")
struct ZoomGeometryTests {
    let geometry = ZoomGeometry(full: PixelSize(width: 6000, height: 4000), view: PixelSize(width: 120, height: 80))

    @Test("steps of √2 from fit to 1:1, the last step exactly 1:1, labelled ×1.4 ×2 … 1:1")
    func steps() {
        #expect(geometry.fitScale == 0.02)
        #expect(geometry.maxStep == 12)
        #expect(
            (0...12).map { geometry.label(step: $0) } == [
                "×1", "×1.4", "×2", "×2.8", "×4", "×5.7", "×8", "×11.3", "×16", "×22.6", "×32", "×45.3", "1:1",
            ])
        #expect(geometry.regionSize(step: 12) == PixelSize(width: 120, height: 80))
        #expect(geometry.regionSize(step: 2) == PixelSize(width: 3000, height: 2000))
    }

    @Test("the region stays inside the photo")
    func clamping() {
        #expect(geometry.region(step: 2, centre: .middle) == Rect(row: 1000, column: 1500, width: 3000, height: 2000))
        #expect(geometry.region(step: 2, centre: ZoomCentre(x: 0.99, y: 0.01)) == Rect(row: 0, column: 3000, width: 3000, height: 2000))
        #expect(geometry.clamped(ZoomCentre(x: 0.99, y: 0.01), step: 2) == ZoomCentre(x: 0.75, y: 0.25))
    }

    @Test("a photo no larger than the view cannot zoom")
    func smallPhoto() {
        let small = ZoomGeometry(full: PixelSize(width: 100, height: 50), view: PixelSize(width: 120, height: 80))
        #expect(small.maxStep == 0)
    }
}

@Suite("Zoom and pan in the viewer")
struct ViewerZoomTests {
    @Test("+ and = zoom in a step, - out, 0 fits; the caption shows the level and the rendition")
    func stepsAndFit() {
        var state = zoomViewer()
        #expect(state.zoomRegion == nil)
        _ = press(&state, .character("+"))
        // Text mode: 80×46 half-block pixels; the 1600×1067 list size decides until getSizes answers.
        #expect(state.zoomRegion == Rect(row: 157, column: 144, width: 1312, height: 754))
        // No zoomed picture has arrived: the fitted one (Medium 640) is on screen.
        #expect(render(state).lines[23].hasPrefix("×1.4 · Medium 640 · Lines 1 · owner · 1600×1067 · 1 of 3"))
        _ = press(&state, .character("="), .character("-"))
        #expect(state.viewerZoom.step == 1)
        _ = press(&state, .character("+"), .character("0"))
        #expect(state.zoomRegion == nil)
        #expect(render(state).lines[23].hasPrefix("Lines 1 · owner"))
    }

    @Test("zooming stops at 1 photo pixel per half-block pixel in text and per terminal pixel in kitty")
    func oneToOnePerMode() {
        for (drawing, region) in [
            (ImageDrawing.halfBlocks(.truecolor), Rect(row: 1977, column: 2960, width: 80, height: 46)),
            (.kitty, Rect(row: 1770, column: 2600, width: 800, height: 460)),
        ] {
            var state = zoomViewer(drawing)
            let sizes = press(&state, .character("+"))
            let token = sizes.compactMap { if case .loadSizes(_, let token) = $0 { token } else { nil } }.first
            _ = reduce(&state, .images(.sizesLoaded(token: token ?? RequestToken(value: -1), .success(zoomSizes(1)))))
            for _ in 0..<30 { _ = press(&state, .character("+")) }
            #expect(state.zoomRegion == region)
            #expect(state.zoomCaption?.hasPrefix("1:1") == true)
        }
    }

    @Test("zooming in on a Flickr photo asks getSizes once; 500px photos ask nothing")
    func asksSizesOnce() {
        var state = zoomViewer()
        let first = press(&state, .character("+"))
        #expect(first.contains { if case .loadSizes(let key, _) = $0 { key == zoomPhoto(1).key } else { false } })
        #expect(!press(&state, .character("+")).contains { if case .loadSizes = $0 { true } else { false } })
    }

    @Test("at fit the arrows walk the feed; zoomed they pan by a third of the view and stop at the edges")
    func arrowsPanWhenZoomed() {
        var state = zoomViewer()
        _ = press(&state, .right)
        #expect(state.currentFeed?.selection == 1)
        _ = press(&state, .left, .character("+"), .character("+"))
        #expect(state.currentFeed?.selection == 0)
        #expect(state.zoomRegion == Rect(row: 267, column: 336, width: 928, height: 533))
        _ = press(&state, .right)
        #expect(state.zoomRegion == Rect(row: 267, column: 645, width: 928, height: 533))
        _ = press(&state, .character("l"), .character("l"))
        #expect(state.zoomRegion == Rect(row: 267, column: 672, width: 928, height: 533))
        _ = press(&state, .up, .character("k"), .character("k"))
        #expect(state.zoomRegion == Rect(row: 0, column: 672, width: 928, height: 533))
        _ = press(&state, .down, .character("j"), .left, .character("h"), .character("h"), .character("h"))
        #expect(state.zoomRegion == Rect(row: 355, column: 0, width: 928, height: 533))
        #expect(state.currentFeed?.selection == 0)
    }

    @Test("the wheel zooms at the pointer: the photo's point under it stays under it")
    func wheelKeepsThePoint() throws {
        var state = zoomViewer()
        let layout = ScreenLayout(state)
        let photo = try #require(state.currentFeed?.selectedPhoto)
        let geometry = try #require(state.zoomGeometry(photo, layout: layout))
        // Cell (row 5, column 20): view pixel (20.5, 11).
        _ = reduce(&state, .mouse(.wheelUp(row: 5, column: 20)))
        #expect(state.zoomRegion == Rect(row: 75, column: 12, width: 1312, height: 754))
        let before = geometry.sourcePoint(atView: (20.5, 11), step: 0, centre: .middle)
        let after = geometry.sourcePoint(atView: (20.5, 11), step: 1, centre: state.viewerZoom.centre)
        #expect(abs(before.x - after.x) < 0.5 && abs(before.y - after.y) < 0.5)
        _ = reduce(&state, .mouse(.wheelUp(row: 5, column: 20)))
        #expect(state.zoomRegion == Rect(row: 128, column: 110, width: 928, height: 533))
        _ = reduce(&state, .mouse(.wheelDown(row: 5, column: 20)))
        _ = reduce(&state, .mouse(.wheelDown(row: 5, column: 20)))
        #expect(state.zoomRegion == nil)
    }

    @Test("a drag moves the photo with the pointer")
    func dragPans() {
        var state = zoomViewer()
        _ = press(&state, .character("+"), .character("+"))
        _ = reduce(&state, .mouse(.press(row: 10, column: 40)))
        _ = reduce(&state, .mouse(.drag(row: 10, column: 30)))
        // 10 cells of 1 pixel at 0.0862 view pixels a photo pixel: 116 photo pixels to the right.
        #expect(state.zoomRegion == Rect(row: 267, column: 452, width: 928, height: 533))
        _ = reduce(&state, .mouse(.release))
        _ = reduce(&state, .mouse(.drag(row: 0, column: 0)))
        #expect(state.zoomRegion == Rect(row: 267, column: 452, width: 928, height: 533))
    }

    @Test("the rendition is the smallest that holds the zoom, per mode")
    func renditionChoice() {
        let renditions = zoomSizes(1).filter { !$0.size.isSquare }
        func chosen(_ view: PixelSize, _ steps: [Int]) -> [ImageSizeClass] {
            let geometry = ZoomGeometry(full: PixelSize(width: 6000, height: 4000), view: view)
            return steps.compactMap { ViewerZoom.rendition(holding: geometry.displayedEdge(step: $0), among: renditions)?.size }
        }
        // Text, 80×46 half-block pixels: the photo is 69 pixels wide at fit.
        #expect(
            chosen(PixelSize(width: 80, height: 46), [1, 6, 7, 8, 9, 10]) == [
                .medium640, .medium640, .large1024, .large1600, .large1600, .original,
            ])
        // kitty, 80×23 cells of 10×20: 690 pixels wide at fit.
        #expect(chosen(PixelSize(width: 800, height: 460), [1, 2, 3, 4]) == [.large1024, .large1600, .large2048, .original])
    }

    @Test("progressive: the list's rendition is drawn scaled while the original loads, then the original replaces it")
    func progressive() throws {
        var state = zoomViewer(.kitty)
        // Every answer is a picture of its own (its id: 1, 2, 3…), so the frame shows which one is drawn.
        var answered: UInt32 = 0
        /// Answers the latest zoomed request for `size` among `effects` (earlier ones are for regions passed on
        /// the way); a test failure when there is none.
        func answer(_ effects: [Effect], _ size: ImageSizeClass, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Effect] {
            let (request, token) = try #require(
                effects.lazy.compactMap({ effect -> (ImageRequest, RequestToken)? in
                    if case .loadImage(let request, _, let token) = effect, request.zoom != nil,
                        request.url.lastPathComponent.hasSuffix("_\(size.rawValue).jpg")
                    {
                        return (request, token)
                    }
                    return nil
                }).last, "no zoomed request for \(size)", sourceLocation: sourceLocation)
            answered += 1
            let cells = PixelPicture(id: answered, columns: 80, rows: 23, image: RGBImage(width: 1, height: 1, pixels: [1, 2, 3]))
            return reduce(&state, .images(.imageLoaded(token: token, request, .success(.pixels(cells)))))
        }
        /// The ids of the pictures the frame draws.
        func drawn() -> [UInt32] { render(state).pictures.map(\.picture.id) }
        _ = reduce(&state, .key(.character("0")))
        let zoomIn = press(&state, .character("+"))
        let sizes = try #require(zoomIn.compactMap { if case .loadSizes(_, let token) = $0 { token } else { nil } }.first)
        // ×1.4 in kitty needs Large 1024, which the list has.
        _ = try answer(zoomIn, .large1024)
        #expect(state.zoomCaption == "×1.4 · Large 1024")
        #expect(drawn() == [1])
        var effects = reduce(&state, .images(.sizesLoaded(token: sizes, .success(zoomSizes(1)))))
        effects += press(&state, .character("+"), .character("+"), .character("+"))
        // ×4 needs the original: Large 1024 stands in (the picture already drawn), then Large 1024 at the new
        // region, until the original comes.
        #expect(state.zoomCaption == "×4 · Large 1024")
        #expect(drawn() == [1])
        effects += try answer(effects, .large1024)
        #expect(state.zoomCaption == "×4 · Large 1024")
        #expect(drawn() == [2])
        _ = try answer(effects, .original)
        #expect(state.zoomCaption == "×4 · Original 6000×4000")
        #expect(drawn() == [3])
    }

    @Test("walking to another photo (at fit) or leaving the viewer forgets the zoom")
    func forgets() {
        var state = zoomViewer()
        _ = press(&state, .character("+"), .character("0"), .right)
        #expect(state.zoomRegion == nil)
        _ = press(&state, .character("+"), .escape, .character("v"))
        #expect(state.zoomRegion == nil)
    }
}
