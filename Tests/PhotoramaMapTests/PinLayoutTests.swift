import Testing

@testable import PhotoramaMap

/// Pins: each in its cell, the selected one first on its own cell, overlapping ones spread to the free
/// neighbours, then stacked.
@Suite struct PinLayoutTests {
    static let map = ProjectionTests.world(columns: 80, rows: 20)

    @Test func pinsSitInTheirCellsAndThoseOffTheMapAreLeftOut() {
        let pins = [ProjectionTests.london, ProjectionTests.tokyo, MapCoordinate(latitude: 95, longitude: 0)]
        let placed = PinLayout.place(pins, selected: nil, viewport: MapViewport(columns: 80, rows: 20, centre: pins[0], zoom: 4))
        #expect(placed == [PinLayout.Placed(index: 0, cell: MapCell(row: 10, column: 40), spread: false, count: 1)])
    }

    @Test func theSelectedPinKeepsItsOwnCellAndOverlappingPinsSpread() {
        // Four photos in London: the selected one (the third) takes London's cell, the others go right,
        // left and up of it.
        let pins = Array(repeating: ProjectionTests.london, count: 4)
        let placed = PinLayout.place(pins, selected: 2, viewport: Self.map)
        #expect(
            placed == [
                PinLayout.Placed(index: 2, cell: MapCell(row: 4, column: 39), spread: false, count: 1),
                PinLayout.Placed(index: 0, cell: MapCell(row: 4, column: 40), spread: true, count: 1),
                PinLayout.Placed(index: 1, cell: MapCell(row: 4, column: 38), spread: true, count: 1),
                PinLayout.Placed(index: 3, cell: MapCell(row: 3, column: 39), spread: true, count: 1),
            ])
    }

    @Test func whenEveryNeighbourIsTakenPinsStack() {
        let pins = Array(repeating: ProjectionTests.sydney, count: 12)
        let placed = PinLayout.place(pins, selected: nil, viewport: Self.map)
        #expect(placed.count == 9)
        #expect(placed[0] == PinLayout.Placed(index: 0, cell: MapCell(row: 13, column: 73), spread: false, count: 4))
        #expect(Set(placed.map(\.cell)).count == 9)
        #expect(placed.map(\.count).reduce(0, +) == 12)
    }

    @Test func spreadingStaysInsideTheArea() {
        // A pin in the top left corner cell: its neighbours above and left do not exist.
        let corner = MapCoordinate(latitude: 89, longitude: -179)
        let placed = PinLayout.place([corner, corner, corner], selected: nil, viewport: Self.map)
        #expect(placed.map(\.cell) == [MapCell(row: 0, column: 0), MapCell(row: 0, column: 1), MapCell(row: 1, column: 0)])
    }
}
