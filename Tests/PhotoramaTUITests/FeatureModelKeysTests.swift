import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The search bar, the Locations tab, the map and the viewer (zoom, slideshow, animation) through their own
/// key and wake-up functions: each changes only its own model, takes request tokens `inout`, and hands back
/// what the root must still do.
@Suite struct FeatureModelKeysTests {
    // MARK: - Search bar
    @Test func theSearchBarHandsBackAValidSearchAndKeepsAnInvalidOne() {
        var bar = SearchBar()
        bar.focus()
        for character in "cats" { #expect(bar.key(.character(character), nil) == nil) }
        #expect(bar.key(.backspace, nil) == nil)
        #expect(bar.text == "cat")
        #expect(bar.key(.enter, nil) == .search(.search(text: "cat"), query: "cat"))
        // Enter does not submit: the root does, so the history is still empty.
        #expect(bar.history == [])
        _ = bar.key(.ctrl("u"), nil)
        for character in "91, 200" { _ = bar.key(.character(character), nil) }
        #expect(bar.key(.enter, nil) == nil)
        #expect(bar.error == "Latitude must be between -90 and 90 (got 91)")
        #expect(bar.focused)
    }

    @Test func theGalleryPromptHandsBackTheIdAndLetsGo() {
        var bar = SearchBar()
        bar.focusForGallery()
        for character in "nope" { _ = bar.key(.character(character), nil) }
        #expect(bar.key(.enter, nil) == nil)
        #expect(bar.error == "Not a gallery id or flickr.com/photos/USER/galleries/ID address")
        _ = bar.key(.ctrl("u"), nil)
        for character in "72157647277042064" { _ = bar.key(.character(character), nil) }
        #expect(bar.key(.enter, nil) == .gallery(id: "72157647277042064"))
        #expect(!bar.focused)
        #expect(bar.purpose == .search)
    }

    // MARK: - Locations
    private let libraries = (1...3).map { number in
        LibraryLocation(streetAddress: "\(number) Main St", city: "City \(number)", country: "Norway", emoji: "", hours: "")
    }

    @Test func theCountryFieldAsksForEachChangeAndCancelsTheQuestionBefore() {
        var locations = LocationsModel()
        var tokens = RequestTokens()
        let first = locations.countryKey(.character("N"), nil, rows: 10, tokens: &tokens)
        #expect(first?.effects == [.loadLocations(country: "N", token: RequestToken(value: 1))])
        let second = locations.countryKey(.character("o"), nil, rows: 10, tokens: &tokens)
        #expect(second?.effects == [.cancel(RequestToken(value: 1)), .loadLocations(country: "No", token: RequestToken(value: 2))])
        #expect(locations.query == "No")
        // Tab is the global key, Enter opens the photos: both the root's.
        #expect(locations.countryKey(.tab, nil, rows: 10, tokens: &tokens) == nil)
        #expect(locations.countryKey(.enter, nil, rows: 10, tokens: &tokens) == nil)
        _ = locations.countryKey(.escape, nil, rows: 10, tokens: &tokens)
        #expect(!locations.editing)
        #expect(tokens.next() == RequestToken(value: 3))
    }

    @Test func theListMovesByRowsAndNamesTheSelectedCity() {
        var locations = LocationsModel()
        var tokens = RequestTokens()
        _ = locations.request(tokens: &tokens)
        locations.receive(token: RequestToken(value: 1), .success(libraries))
        #expect(locations.selectedCity == "City 1")
        _ = locations.listKey(.pageDown, nil, rows: 2, tokens: &tokens)
        #expect(locations.selection == 2)
        _ = locations.listKey(.up, nil, rows: 2, tokens: &tokens)
        #expect(locations.selectedCity == "City 2")
        #expect(locations.listKey(.enter, nil, rows: 2, tokens: &tokens) == nil)
        let retry = locations.listKey(.character("r"), .retry, rows: 2, tokens: &tokens)
        #expect(retry?.effects == [.loadLocations(country: "", token: RequestToken(value: 2))])
    }

    @Test func placesAreAskedForOnceACity() {
        var locations = LocationsModel()
        var tokens = RequestTokens()
        _ = locations.request(tokens: &tokens)
        locations.receive(token: RequestToken(value: 1), .success(libraries))
        #expect(locations.findPlaces(tokens: &tokens) == [.findPlaces(["City 1", "City 2", "City 3"], token: RequestToken(value: 2))])
        #expect(locations.findPlaces(tokens: &tokens) == [])
        #expect(tokens.next() == RequestToken(value: 3))
    }

    // MARK: - Map
    @Test func theMapMovesAndZoomsItselfAndHandsBackTheRest() {
        let area = Rect(row: 1, column: 0, width: 80, height: 20)
        var map = MapModel(crosshair: MapCoordinate(latitude: 10, longitude: 20))
        var moved = map
        moved.move(rows: 0, columns: -1, in: area)
        #expect(map.key(.left, nil, area: area) == nil)
        #expect(map == moved)
        #expect(map.crosshair != MapCoordinate(latitude: 10, longitude: 20))
        #expect(map.key(.character("+"), nil, area: area) == nil)
        #expect(map.zoom == 1)
        #expect(map.key(.character("n"), nil, area: area) == .selectPlaced(step: 1))
        #expect(map.key(.character("p"), nil, area: area) == .selectPlaced(step: -1))
        #expect(map.key(.enter, nil, area: area) == .search)
        #expect(map.key(.character("?"), .help, area: area) == .help)
        #expect(map.key(.escape, nil, area: area) == .close)
        #expect(map.zoom == 1)
    }

    // MARK: - Viewer zoom
    /// 4000×3000 pixels in a 400×300 view: fit is a tenth, 1:1 is step 7.
    private let geometry = ZoomGeometry(full: PixelSize(width: 4000, height: 3000), view: PixelSize(width: 400, height: 300))

    @Test func zoomKeysStepPanAndAskForSizesOnce() {
        var viewer = ViewerModel()
        var tokens = RequestTokens()
        let tree = photo(1)
        #expect(!viewer.mayZoom(.right, on: tree.key))
        #expect(viewer.mayZoom(.character("+"), on: tree.key))
        // At fit an arrow is not the zoom's: the viewer walks the feed.
        #expect(viewer.zoomKey(.right, nil, photo: tree, geometry: geometry, tokens: &tokens) == nil)
        let zoomIn = viewer.zoomKey(.character("+"), nil, photo: tree, geometry: geometry, tokens: &tokens)
        #expect(zoomIn == [.loadSizes(tree.key, token: RequestToken(value: 1))])
        #expect(viewer.zoomKey(.character("="), nil, photo: tree, geometry: geometry, tokens: &tokens) == [])
        #expect(viewer.zoom.step == 2)
        #expect(viewer.mayZoom(.right, on: tree.key))
        // Step 2 shows 2000×1500 of the photo; Right pans by a third of it: 2000 / 3 / 4000 of the width.
        #expect(viewer.zoomKey(.right, nil, photo: tree, geometry: geometry, tokens: &tokens) == [])
        #expect(abs(viewer.zoom.centre.x - (0.5 + 1.0 / 6)) < 1e-12)
        #expect(viewer.zoom.centre.y == 0.5)
        #expect(viewer.zoomKey(.character("0"), nil, photo: tree, geometry: geometry, tokens: &tokens) == [])
        #expect(viewer.zoom.step == 0)
        #expect(viewer.zoom.centre == .middle)
        #expect(tokens.next() == RequestToken(value: 2))
    }

    @Test func theWheelZoomsAboutThePointerAndADragMovesThePhoto() {
        var viewer = ViewerModel()
        var tokens = RequestTokens()
        let tree = photo(1, provider: .commons)
        let area = Rect(row: 0, column: 0, width: 40, height: 30)
        // Commons lists its sizes: no getSizes.
        #expect(viewer.wheel(up: true, row: 15, column: 20, in: area, photo: tree, geometry: geometry, tokens: &tokens) == [])
        #expect(viewer.zoom.step == 1)
        let before = viewer.zoom.centre
        viewer.drag(.press(row: 10, column: 10), in: area, photo: tree, geometry: geometry)
        #expect(viewer.zoom.dragFrom == CellPoint(row: 10, column: 10))
        viewer.drag(.drag(row: 10, column: 9), in: area, photo: tree, geometry: geometry)
        // One cell (10 view pixels) left at √2 × a tenth: the centre moves right by 10 / 0.1414… / 4000.
        #expect(abs(viewer.zoom.centre.x - (before.x + 10 / geometry.scale(step: 1) / 4000)) < 1e-12)
        viewer.drag(.release, in: area, photo: tree, geometry: geometry)
        #expect(viewer.zoom.dragFrom == nil)
        #expect(viewer.wheel(up: false, row: 15, column: 20, in: area, photo: tree, geometry: geometry, tokens: &tokens) == [])
        #expect(viewer.zoom.step == 0)
        #expect(tokens.next() == RequestToken(value: 1))
    }

    // MARK: - Slideshow
    private let interval = Duration.seconds(5)

    @Test func theSlideshowWaitsForTheNextPictureOnceThenMovesOn() {
        var viewer = ViewerModel()
        var tokens = RequestTokens()
        #expect(viewer.startSlideshow(interval: interval, tokens: &tokens) == [.wake(after: interval, token: RequestToken(value: 1))])
        let feed = SlideshowFeed(hasNext: true, moreComing: true, nextDrawn: false)
        // A stale wake-up changes nothing.
        let stale = viewer.slideshowWoke(RequestToken(value: 9), feed: feed, tokens: &tokens)
        #expect(stale.outcome.effects == [] && !stale.advances)
        let waits = viewer.slideshowWoke(RequestToken(value: 1), feed: feed, tokens: &tokens)
        #expect(waits.outcome.effects == [.wake(after: interval, token: RequestToken(value: 2))])
        #expect(!waits.advances)
        #expect(viewer.slideshow == Slideshow(interval: interval, token: RequestToken(value: 2), waiting: true))
        // One interval later it moves on, drawn or not.
        let moves = viewer.slideshowWoke(RequestToken(value: 2), feed: feed, tokens: &tokens)
        #expect(moves.outcome.effects == [.wake(after: interval, token: RequestToken(value: 3))])
        #expect(moves.advances)
        #expect(viewer.slideshow == Slideshow(interval: interval, token: RequestToken(value: 3), waiting: false))
    }

    @Test func theSlideshowEndsAtTheLastPhotoAndWaitsWhileMoreAreComing() {
        var viewer = ViewerModel()
        var tokens = RequestTokens()
        _ = viewer.startSlideshow(interval: interval, tokens: &tokens)
        let loading = SlideshowFeed(hasNext: false, moreComing: true, nextDrawn: true)
        let again = viewer.slideshowWoke(RequestToken(value: 1), feed: loading, tokens: &tokens)
        #expect(again.outcome.effects == [.wake(after: interval, token: RequestToken(value: 2))])
        #expect(!again.advances)
        let last = SlideshowFeed(hasNext: false, moreComing: false, nextDrawn: true)
        let ended = viewer.slideshowWoke(RequestToken(value: 2), feed: last, tokens: &tokens)
        #expect(ended.outcome.notice == Notice(text: "Slideshow ended: the last photo", isError: false, wholeLine: true))
        #expect(ended.outcome.effects == [])
        #expect(viewer.slideshow == nil)
        // The viewer closed under a running show: it stops without a word.
        _ = viewer.startSlideshow(interval: interval, tokens: &tokens)
        let closed = viewer.slideshowWoke(RequestToken(value: 3), feed: nil, tokens: &tokens)
        #expect(closed.outcome.notice == nil && !closed.advances)
        #expect(viewer.slideshow == nil)
    }

    // MARK: - Animation
    @Test func anAnimationWakeUpThatIsNotItsTakesNoToken() {
        var viewer = ViewerModel()
        var tokens = RequestTokens()
        #expect(viewer.animationWoke(RequestToken(value: 4), tokens: &tokens) == nil)
        #expect(viewer.settleAnimation(showing: nil, wanted: [], tokens: &tokens) == [])
        #expect(tokens.next() == RequestToken(value: 1))
    }

    // MARK: - Opening the viewer
    @Test func theViewerOpensOnlyOnAPhoto() {
        var viewer = ViewerModel()
        viewer.open(on: nil)
        #expect(!viewer.isOpen)
        viewer.open(on: photo(1))
        #expect(viewer.isOpen)
    }

    // MARK: - Overlays
    @Test func anOverlayScrollsWithinItsListAndTheCommentsAskForTheirNextPage() {
        var tokens = RequestTokens()
        var help = Overlay.help(scroll: 0)
        #expect(help.scroll(by: 100, visible: 10, total: 50, tokens: &tokens) == [])
        guard case .help(let scroll) = help else {
            Issue.record("expected help, got \(help)")
            return
        }
        #expect(scroll == 40)
        let key = PhotoKey(provider: .flickr, id: "7")
        var comments = CommentsModel(photo: key, title: "Tree")
        #expect(comments.loadMoreIfNeeded(visible: 1, tokens: &tokens) == [.loadComments(key, page: 1, token: RequestToken(value: 1))])
        // The page is on its way: no second question.
        #expect(comments.loadMoreIfNeeded(visible: 1, tokens: &tokens) == [])
        var overlay = Overlay.comments(comments)
        let answer = Page(items: [PhotoComment(id: "c1", author: "Ann", text: "Lovely")], page: 1, pages: 2, total: 2)
        overlay.receiveComments(token: RequestToken(value: 9), page: 1, .success(answer))
        guard case .comments(let stale) = overlay else { return }
        #expect(stale.comments.count == 0)
        overlay.receiveComments(token: RequestToken(value: 1), page: 1, .success(answer))
        guard case .comments(let received) = overlay else { return }
        #expect(received.comments.map(\.id) == ["c1"])
        // Scrolled at the end of a list with a page to come: page 2 is asked for.
        let next = overlay.scroll(by: 1, visible: 3, total: 0, tokens: &tokens)
        #expect(next == [.loadComments(key, page: 2, token: RequestToken(value: 2))])
    }
}
