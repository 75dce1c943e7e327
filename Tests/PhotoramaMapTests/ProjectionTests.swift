import Testing

@testable import PhotoramaMap

/// The map's equirectangular projection: known cities land in known cells of the whole-world view at the
/// map areas of an 80×24 terminal (80×20 cells) and a 200×60 one (200×56 cells).
@Suite struct ProjectionTests {
    static let london = MapCoordinate(latitude: 51.5074, longitude: -0.1278)
    static let sydney = MapCoordinate(latitude: -33.8688, longitude: 151.2093)
    static let newYork = MapCoordinate(latitude: 40.7128, longitude: -74.0060)
    static let tokyo = MapCoordinate(latitude: 35.6762, longitude: 139.6503)
    static let capeTown = MapCoordinate(latitude: -33.9249, longitude: 18.4241)

    static func world(columns: Int, rows: Int) -> MapViewport {
        MapViewport(columns: columns, rows: rows, centre: MapCoordinate(latitude: 0, longitude: 0), zoom: 0)
    }

    @Test func citiesAt80x24() {
        // 160×80 dots, 2.25° a dot: London is 79.94 dots across, 17.11 down.
        let map = Self.world(columns: 80, rows: 20)
        #expect(map.degreesPerDot == 2.25)
        #expect(map.cell(Self.london) == MapCell(row: 4, column: 39))
        #expect(map.cell(Self.sydney) == MapCell(row: 13, column: 73))
        #expect(map.cell(Self.newYork) == MapCell(row: 5, column: 23))
        #expect(map.cell(Self.tokyo) == MapCell(row: 6, column: 71))
        #expect(map.cell(Self.capeTown) == MapCell(row: 13, column: 44))
    }

    @Test func citiesAt200x60() {
        // 400×224 dots; the width decides: 0.9° a dot, the world 200 dots high in the middle.
        let map = Self.world(columns: 200, rows: 56)
        #expect(map.degreesPerDot == 0.9)
        #expect(map.cell(Self.london) == MapCell(row: 13, column: 99))
        #expect(map.cell(Self.sydney) == MapCell(row: 37, column: 184))
        #expect(map.cell(Self.newYork) == MapCell(row: 16, column: 58))
        #expect(map.cell(Self.tokyo) == MapCell(row: 18, column: 177))
        #expect(map.cell(Self.capeTown) == MapCell(row: 37, column: 110))
    }

    @Test func zoomHalvesTheDegreesADotCoversAroundTheCentre() {
        let map = MapViewport(columns: 80, rows: 20, centre: Self.london, zoom: 3)
        #expect(map.degreesPerDot == 2.25 / 8)
        #expect(map.centre == Self.london)
        #expect(map.cell(Self.london) == MapCell(row: 10, column: 40))
        #expect(map.cell(Self.sydney) == nil)
    }

    @Test func theViewStaysBetweenThePolesAndTheWholeWorldStaysCentred() {
        // Zoom 1 shows 90° of latitude: the centre can go no further north than 45°.
        let north = MapViewport(columns: 80, rows: 20, centre: MapCoordinate(latitude: 80, longitude: 10), zoom: 1)
        #expect(north.centre == MapCoordinate(latitude: 45, longitude: 10))
        let world = MapViewport(columns: 80, rows: 20, centre: Self.tokyo, zoom: 0)
        #expect(world.centre == MapCoordinate(latitude: 0, longitude: 0))
    }

    @Test func longitudesWrapTheShortWayRound() {
        #expect(MapCoordinate.wrap(190) == -170)
        #expect(MapCoordinate.wrap(-180) == -180)
        #expect(MapCoordinate.wrap(180) == -180)
        #expect(MapCoordinate.wrap(-540) == -180)
        #expect(MapCoordinate.wrap(.nan) == 0)
        // Centred near the antimeridian, 1.5° east of it across: 10.7 dots right of the middle at 0.14° a dot.
        let pacific = MapViewport(columns: 80, rows: 20, centre: MapCoordinate(latitude: -17, longitude: 179), zoom: 4)
        #expect(pacific.cell(MapCoordinate(latitude: -17, longitude: -179.5)) == MapCell(row: 10, column: 45))
    }

    @Test func theInverseGivesTheMiddleOfACell() {
        let map = Self.world(columns: 80, rows: 20)
        #expect(map.coordinate(of: MapCell(row: 4, column: 39)) == MapCoordinate(latitude: 49.5, longitude: -2.25))
        #expect(map.cell(map.coordinate(of: MapCell(row: 13, column: 73))) == MapCell(row: 13, column: 73))
        #expect(map.heightKilometres == 180 * 6371.0088 * Double.pi / 180)
    }

    @Test func emptyAreasProjectNowhere() {
        let map = Self.world(columns: 0, rows: 0)
        #expect(map.cell(Self.london) == nil)
    }
}
