import Foundation
import PhotoramaImages
import PhotoramaKit
import PhotoramaMap
import PhotoramaScreen
import Testing

@testable import PhotoramaTUI

/// The world map (`m`): pins of the feed's photos, the selected one distinct and following the
/// selection, the cross-hair, zoom, Enter's geo search, and the screen at 80×24.
@Suite struct MapTests {
    static let london = GeoPoint(latitude: 51.5074, longitude: -0.1278)
    static let sydney = GeoPoint(latitude: -33.8688, longitude: 151.2093)
    static let tokyo = GeoPoint(latitude: 35.6762, longitude: 139.6503)

    /// Recent holds four photos: 1 in London (selected), 2 with no place, 3 in Sydney, 4 in Tokyo.
    func mapState(columns: Int = 80, rows: Int = 24, images: ImageDrawing? = nil) -> AppState {
        var (state, effects) = startedState(columns: columns, rows: rows, images: images)
        var photos = (1...4).map { photo($0) }
        photos[0].location = Self.london
        photos[2].location = Self.sydney
        photos[3].location = Self.tokyo
        guard let token = loadToken(effects) else { return state }
        effects = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(Page(items: photos, page: 1, pages: 1, total: 4)))))
        return state
    }

    @Test func mOpensTheMapOnTheSelectedPhotoAndEscClosesIt() {
        var state = mapState()
        #expect(press(&state, .character("m")) == [])
        #expect(state.map?.crosshair == MapCoordinate(latitude: 51.5074, longitude: -0.1278))
        #expect(state.map?.zoom == 0)
        _ = press(&state, .escape)
        #expect(state.map == nil)
        _ = press(&state, .character("m"), .character("m"))
        #expect(state.map == nil)
    }

    @Test func theScreenAt80x24() {
        var state = mapState()
        _ = press(&state, .character("m"))
        let lines = render(state).lines
        #expect(lines.count == 24)
        // London is cell (4, 39) of the map, which starts on row 2: the selected pin under the cross-hair.
        #expect(Array(lines[6])[39] == "◉")
        #expect(Array(lines[2 + 13])[73] == "●")  // Sydney
        #expect(Array(lines[2 + 6])[71] == "●")  // Tokyo
        #expect(lines[22] == "╋ 51.51°N 0.13°W · zoom 0 · 3 pins · Enter: photos within 32 km · ◉ Photo 1".padded(to: 80))
        if let path = ProcessInfo.processInfo.environment["MAP_GOLDEN_DUMP"] {
            try? lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(lines == MapGolden.world80x24)
    }

    @Test func theSelectedPinStandsOutAndFollowsTheSelection() {
        var state = mapState(columns: 80, rows: 24)
        _ = press(&state, .character("m"))
        var frame = render(state)
        #expect(frame[6, 39].style == Style(bold: true, reverse: true, underline: true))  // under the cross-hair
        #expect(frame[15, 73].style == Style(bold: true))
        // n: the next photo with a place (photo 2 has none), Sydney; the grid's selection and the
        // cross-hair go with it.
        _ = press(&state, .character("n"))
        #expect(state.currentFeed?.selection == 2)
        #expect(state.map?.crosshair == MapCoordinate(latitude: -33.8688, longitude: 151.2093))
        _ = press(&state, .down)
        frame = render(state)
        #expect(frame[15, 73].grapheme == "◉")
        #expect(frame[15, 73].style == Style(bold: true, reverse: true))
        #expect(frame[6, 39].grapheme == "●")
        #expect(frame[16, 73].grapheme == "╋")
        _ = press(&state, .character("p"))
        #expect(state.currentFeed?.selection == 0)
    }

    @Test func arrowsMoveTheCrossHairByCells() {
        var state = mapState()
        _ = press(&state, .character("m"))
        // 2.25° a dot at 80×20: one cell is 4.5° across and 9° high; the cross-hair goes to the middle.
        _ = press(&state, .right)
        #expect(state.map?.crosshair == MapCoordinate(latitude: 49.5, longitude: 2.25))
        _ = press(&state, .down, .down, .character("h"))
        #expect(state.map?.crosshair == MapCoordinate(latitude: 31.5, longitude: -2.25))
        #expect(render(state)[2 + 6, 39].grapheme == "╋")
    }

    @Test func enterSearchesNearTheCrossHairWithTheRadiusOfTheZoom() {
        var state = mapState()
        _ = press(&state, .character("m"), .right)
        // The whole world: the largest radius a geo search allows.
        let effects = press(&state, .enter)
        #expect(state.map == nil)
        #expect(state.tab == .search)
        #expect(state.searchBar.text == "49.5, 2.25 32km")
        #expect(effects == [.loadPage(.geo(latitude: 49.5, longitude: 2.25, radiusKm: 32), page: 1, token: RequestToken(value: 2))])
    }

    @Test func zoomingInShrinksTheRadiusToHalfTheView() {
        var state = mapState()
        _ = press(&state, .character("m"))
        for _ in 0..<14 { _ = press(&state, .character("+")) }
        #expect(state.map?.zoom == 12)
        #expect(state.map?.centre == MapCoordinate(latitude: 51.5074, longitude: -0.1278))
        // 80 dots of 2.25/4096° high: 4.886 km, half of it 2.4 km.
        let effects = press(&state, .enter)
        #expect(state.searchBar.text == "51.5074, -0.1278 2.4km")
        #expect(effects == [.loadPage(.geo(latitude: 51.5074, longitude: -0.1278, radiusKm: 2.4), page: 1, token: RequestToken(value: 2))])
        _ = press(&state, .character("m"), .character("-"), .character("-"))
        #expect(state.map?.zoom == 0)
    }

    @Test func theCrossHairRecentresTheViewWhenItLeavesIt() {
        var state = mapState()
        _ = press(&state, .character("m"))
        for _ in 0..<3 { _ = press(&state, .character("+")) }
        // Zoom 3 at 80×20, centred on London: its cell is (10, 40), the last column 79.
        for _ in 0..<39 { _ = press(&state, .right) }
        #expect(state.map?.centre == MapCoordinate(latitude: 51.5074, longitude: -0.1278))
        _ = press(&state, .right)
        #expect(state.map?.centre == state.map?.crosshair)
    }

    @Test func pinsOfNearbyPhotosSpreadWhenTheyOverlap() {
        var (state, effects) = startedState()
        let photos = (1...3).map { number -> Photo in
            var photo = photo(number)
            photo.location = GeoPoint(latitude: 48.8566, longitude: 2.3522 + Double(number) * 0.001)
            return photo
        }
        if let token = loadToken(effects) {
            effects = reduce(&state, .feed(.pageLoaded(token: token, page: 1, .success(Page(items: photos, page: 1, pages: 1, total: 3)))))
        }
        _ = press(&state, .character("m"), .down)  // the cross-hair off the pins
        let scene = MapScene(state, model: state.map!, area: ScreenLayout(state).map)
        #expect(scene.pins.map(\.cell) == [MapCell(row: 4, column: 40), MapCell(row: 4, column: 41), MapCell(row: 4, column: 39)])
        #expect(scene.pins.map(\.spread) == [false, true, true])
        let row = Array(render(state).lines[6])
        #expect(String(row[39...41]) == "●◉●")
    }

    @Test func theOpenPlaceIsALabelledPoint() {
        var (state, _) = startedState()
        _ = press(&state, .character("4"))
        _ = reduce(
            &state,
            .locations(
                .locationsLoaded(
                    token: RequestToken(value: 2),
                    .success([
                        LibraryLocation(streetAddress: "1 Shakespeare Place", city: "Sydney", country: "Australia", emoji: "", hours: "")
                    ]
                    ))))
        var effects = press(&state, .escape, .enter)
        #expect(state.locations.showingPhotos)
        var photo1 = photo(1)
        photo1.location = Self.sydney
        if let token = loadToken(effects) {
            effects = reduce(
                &state, .feed(.pageLoaded(token: token, page: 1, .success(Page(items: [photo1], page: 1, pages: 1, total: 1)))))
        }
        _ = press(&state, .character("m"), .up)
        // The place's label goes left of its point where the right has no room; the photo's pin wins the
        // point's cell.
        let line = render(state).lines[2 + 13]
        #expect(String(Array(line)[66...73]) == "Sydney ◉")
        let scene = MapScene(state, model: state.map!, area: ScreenLayout(state).map)
        #expect(scene.places.map(\.label) == ["Sydney"])
        #expect(scene.places.first?.cell == MapCell(row: 13, column: 73))
    }

    /// The Locations tab's cities are looked up with places.find when the map opens (each once) and shown
    /// as labelled points; cities it does not find stay off the map.
    @Test func theLocationsCitiesAreLookedUpAndLabelled() throws {
        var (state, _) = startedState()
        _ = press(&state, .character("4"))
        let library = { (city: String, emoji: String) in
            LibraryLocation(streetAddress: "1 Main St", city: city, country: "", emoji: emoji, hours: "")
        }
        #expect(
            reduce(
                &state,
                .locations(
                    .locationsLoaded(
                        token: RequestToken(value: 2), .success([library("Sydney", "🇦🇺"), library("Atlantis", ""), library("Sydney", "")]))))
                == [])
        let effects = press(&state, .escape, .character("m"))
        guard case .findPlaces(let cities, let token)? = effects.last else {
            Issue.record("no places.find: \(effects)")
            return
        }
        #expect(cities == ["Sydney", "Atlantis"])
        #expect(reduce(&state, .locations(.placesFound(token: token, ["Sydney": Self.sydney]))) == [])
        let scene = MapScene(state, model: try #require(state.map), area: ScreenLayout(state).map)
        #expect(scene.places.map(\.label) == ["Sydney"])
        #expect(scene.places.first?.cell == MapCell(row: 13, column: 73))
        // Asked once: closing and opening the map again asks nothing.
        #expect(press(&state, .escape, .character("m")) == [])
        // A late answer to another token changes nothing.
        _ = reduce(&state, .locations(.placesFound(token: RequestToken(value: 999), ["Atlantis": Self.london])))
        #expect(MapScene(state, model: try #require(state.map), area: ScreenLayout(state).map).places.count == 1)
    }

    /// Two lookups in flight (locations answered again while the map was open): both answers are kept.
    @Test func everyPlaceLookupInFlightIsAnswered() {
        var model = LocationsModel()
        _ = model.beginRequest(RequestToken(value: 1))
        let library = { (city: String) in LibraryLocation(streetAddress: "1 Main St", city: city, country: "", emoji: "", hours: "") }
        model.receive(token: RequestToken(value: 1), .success([library("Sydney"), library("London")]))
        model.asked(["Sydney"], token: RequestToken(value: 2))
        model.asked(["London"], token: RequestToken(value: 3))
        model.receivePlaces(token: RequestToken(value: 2), ["Sydney": Self.sydney])
        model.receivePlaces(token: RequestToken(value: 3), ["London": Self.london])
        #expect(model.placedCities.map(\.label) == ["Sydney", "London"])
        // An answer comes once: the same token again changes nothing.
        model.receivePlaces(token: RequestToken(value: 3), ["London": Self.sydney])
        #expect(model.placedCities.map(\.point) == [Self.sydney, Self.london])
    }

    @Test func aGraphicsProtocolGetsTheMapAsOnePicture() throws {
        var state = mapState(images: .kitty)
        var effects = press(&state, .character("m"))
        let load = try #require(
            effects.compactMap { effect -> (ImageRequest, RequestToken)? in
                if case .loadImage(let request, _, let token) = effect, request.map != nil { return (request, token) }
                return nil
            }.first)
        #expect(load.0.columns == 80 && load.0.rows == 20)
        #expect(load.0.map?.marks[MapCell(row: 4, column: 39)] == .selectedPin)
        #expect(load.0.map?.crosshair == MapCell(row: 4, column: 39))
        // Until it is drawn, the braille map shows.
        #expect(render(state).pictures.isEmpty)
        #expect(Array(render(state).lines[6])[39] == "◉")
        let picture = PixelPicture(id: 7, columns: 80, rows: 20, image: RGBImage(width: 0, height: 0, pixels: []))
        effects = reduce(&state, .images(.imageLoaded(token: load.1, load.0, .success(.pixels(picture)))))
        #expect(render(state).pictures == [FramePicture(rect: Rect(row: 2, column: 0, width: 80, height: 20), picture: picture)])
        // The cross-hair moves: a new picture is asked for, and the last one shows meanwhile.
        effects = press(&state, .right)
        #expect(
            effects.contains {
                if case .loadImage(let request, _, _) = $0 { request.map?.crosshair == MapCell(row: 4, column: 40) } else { false }
            })
        #expect(render(state).pictures.map(\.picture.id) == [7])
    }

    @Test func smallTerminalsGetWhatFits() {
        for (columns, rows) in [(40, 12), (20, 5), (10, 3), (1, 1), (0, 0)] {
            var state = mapState(columns: columns, rows: rows)
            _ = press(&state, .character("m"), .right, .character("+"), .up)
            let frame = render(state)
            #expect(frame.lines.count == rows)
            #expect(state.map != nil)
        }
        var state = mapState(columns: 40, rows: 12)
        _ = press(&state, .character("m"))
        let layout = ScreenLayout(state)
        #expect(layout.map == Rect(row: 2, column: 0, width: 40, height: 8))
        #expect(layout.mapCaption == Rect(row: 10, column: 0, width: 40, height: 1))
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}

/// The mouse over the map: the wheel zooms, a click does not reach the cards under it.
@Suite struct MapMouseTests {
    @Test func theWheelZoomsAndClicksStayOnTheMap() {
        var state = MapTests().mapState()
        _ = press(&state, .character("m"))
        _ = reduce(&state, .mouse(.wheelUp(row: 10, column: 10)))
        _ = reduce(&state, .mouse(.wheelUp(row: 10, column: 10)))
        _ = reduce(&state, .mouse(.wheelDown(row: 10, column: 10)))
        #expect(state.map?.zoom == 1)
        _ = reduce(&state, .mouse(.press(row: 2, column: 30)))
        #expect(state.currentFeed?.selection == 0)
        #expect(state.map != nil)
    }
}

/// Map pictures are large (a screenful of pixels and their encoding): one no longer wanted is not kept
/// among the recent pictures; the map shows its last one until the next arrives.
@Suite struct MapPictureMemoryTests {
    @Test func onlyTheWantedAndTheLastMapPictureAreHeld() throws {
        var state = MapTests().mapState(images: .kitty)
        var effects = press(&state, .character("m"))
        for step in 0..<3 {
            let load = try #require(
                effects.compactMap { effect -> (ImageRequest, RequestToken)? in
                    if case .loadImage(let request, _, let token) = effect, request.map != nil { return (request, token) }
                    return nil
                }.first)
            let picture = PixelPicture(id: UInt32(step + 1), columns: 80, rows: 20, image: RGBImage(width: 0, height: 0, pixels: []))
            _ = reduce(&state, .images(.imageLoaded(token: load.1, load.0, .success(.pixels(picture)))))
            effects = press(&state, .right)
        }
        #expect(state.images.statuses.keys.filter { $0.map != nil }.count == 1)  // the one loading now
        #expect(render(state).pictures.map(\.picture.id) == [3])
    }
}
