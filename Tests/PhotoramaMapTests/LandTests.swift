import Testing

@testable import PhotoramaMap

/// Natural Earth's land read from its compact text, tolerantly, and filled into braille dots.
@Suite struct LandTests {
    @Test func theBundledLandHasEveryContinent() {
        let land = WorldLand.world
        #expect(land.rings.count == 128)
        #expect(land.rings.map(\.count).reduce(0, +) > 5_000)
        let map = ProjectionTests.world(columns: 80, rows: 20)
        let canvas = BrailleCanvas.land(land, viewport: map)
        // Deep inside the Sahara, Siberia, Brazil and Australia every dot is land; mid-Pacific none is.
        for point in [(23.0, 13.0), (62.0, 100.0), (-10.0, -55.0), (-25.0, 134.0)] {
            let cell = map.cell(MapCoordinate(latitude: point.0, longitude: point.1))
            #expect(cell.map { canvas.bits(row: $0.row, column: $0.column) } == 0xFF, "\(point)")
        }
        let pacific = map.cell(MapCoordinate(latitude: 0, longitude: -150))
        #expect(pacific.map { canvas.bits(row: $0.row, column: $0.column) } == 0)
    }

    @Test func parsingSkipsWhatItCannotRead() {
        let text = """
            # a comment
            100,100 200,200
            R
              0,0 1000,0 x,1 1000,1000 0,1000 99999,0 10,20,30 ,5

            R
            0,0 5,5
            R
            -18000,-9000 18000,-9000 18000,9000
            """
        let land = WorldLand.parse(text)
        #expect(land.rings.count == 2)
        #expect(land.rings[0].longitudes == [0, 10, 10, 0])
        #expect(land.rings[0].latitudes == [0, 0, 10, 10])
        #expect(land.rings[1].minLongitude == -180)
        #expect(land.rings[1].maxLatitude == 90)
        #expect(WorldLand.parse("").rings.isEmpty)
        #expect(WorldLand.parse("R\nR\n\u{0}\u{FFFF}").rings.isEmpty)
    }

    @Test func aSquareFillsExactDots() {
        // 4×2 cells, 8×8 dots, 45° a dot. The square 90°W–0°, 0°–90°N covers dots x 2–3, y 2–3: the
        // lower half of cell (0, 1) (dots 3, 7 on the left, 6, 8 on the right).
        let square = WorldLand(rings: [
            [
                MapCoordinate(latitude: 0, longitude: -90), MapCoordinate(latitude: 0, longitude: 0),
                MapCoordinate(latitude: 90, longitude: 0), MapCoordinate(latitude: 90, longitude: -90),
            ]
        ])
        let canvas = BrailleCanvas.land(square, viewport: ProjectionTests.world(columns: 4, rows: 2))
        #expect(canvas.cells == [0, 0xE4, 0, 0, 0, 0, 0, 0])
        #expect(BrailleCanvas.character(0xE4) == "⣤")
        #expect(BrailleCanvas.character(0) == " ")
        #expect(BrailleCanvas.character(0xFF) == "⣿")
    }

    @Test func aHoleStaysEmptyAndLandAcrossTheAntimeridianShowsOnBothSides() {
        let outer = [(-80.0, -80.0), (80.0, -80.0), (80.0, 80.0), (-80.0, 80.0)]
        let inner = [(-40.0, -40.0), (40.0, -40.0), (40.0, 40.0), (-40.0, 40.0)]
        let ring = { (points: [(Double, Double)]) in points.map { MapCoordinate(latitude: $0.1, longitude: $0.0) } }
        let lake = WorldLand(rings: [ring(outer), ring(inner)])
        let canvas = BrailleCanvas.land(lake, viewport: ProjectionTests.world(columns: 8, rows: 4))
        // 16×16 dots, 22.5° a dot: land is dots 4–11 both ways, the hole dots 6–9.
        #expect(Array(canvas.cells[8..<16]) == [0, 0, 0xFF, 0x1B, 0x1B, 0xFF, 0, 0])
        #expect(Array(canvas.cells[16..<24]) == [0, 0, 0xFF, 0xE4, 0xE4, 0xFF, 0, 0])
        #expect(canvas.cells[0..<8].allSatisfy { $0 == 0 } && canvas.cells[24..<32].allSatisfy { $0 == 0 })
        // An island on 170°E–170°W, seen from 180° at 2.25° a dot: its western half (drawn 360° over)
        // covers dots 6–9, its eastern half dots 10–13, rows 8–11.
        let island = WorldLand(rings: [
            ring([(170, -5), (180, -5), (180, 5), (170, 5)]), ring([(-180, -5), (-170, -5), (-170, 5), (-180, 5)]),
        ])
        let view = MapViewport(columns: 10, rows: 5, centre: MapCoordinate(latitude: 0, longitude: 180), zoom: 3)
        #expect(view.centre == MapCoordinate(latitude: 0, longitude: -180))
        let dots = BrailleCanvas.land(island, viewport: view)
        #expect(Array(dots.cells[20..<30]) == [0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0])
    }
}
