/// Where the map's pins go: each pin in the cell its coordinate falls in; a pin whose cell is taken moves
/// to the nearest free neighbouring cell (spread), and stacks on the taken cell when all of them are
/// taken too. The selected pin is placed first, so it always sits on its own true cell.
public enum PinLayout {
    /// One pin on screen.
    public struct Placed: Hashable, Sendable {
        /// The pin's index in the list given to `place`.
        public var index: Int
        public var cell: MapCell
        /// The pin is not on its own cell: that one was taken.
        public var spread: Bool
        /// The pins drawn at this cell: itself and those stacked on it.
        public var count: Int
    }

    /// Neighbouring cells in the order they are tried: beside, above and below, then the corners.
    static let neighbours: [(row: Int, column: Int)] = [
        (0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, -1), (-1, -1), (1, 1),
    ]

    /// Lays out `pins` in `viewport` (pins outside it are left out). `selected` is an index into `pins`.
    /// O(pins): one array of the area's cells says which are taken.
    public static func place(_ pins: [MapCoordinate], selected: Int?, viewport: MapViewport) -> [Placed] {
        let columns = viewport.columns
        var taken = [Int32](repeating: -1, count: columns * viewport.rows)
        var placed: [Placed] = []
        placed.reserveCapacity(min(pins.count, taken.count))

        func put(_ index: Int) {
            guard let cell = viewport.cell(pins[index]) else { return }
            let own = cell.row * columns + cell.column
            if taken[own] < 0 {
                taken[own] = Int32(placed.count)
                placed.append(Placed(index: index, cell: cell, spread: false, count: 1))
                return
            }
            for offset in neighbours {
                let row = cell.row + offset.row
                let column = cell.column + offset.column
                guard row >= 0, column >= 0, row < viewport.rows, column < columns, taken[row * columns + column] < 0 else { continue }
                taken[row * columns + column] = Int32(placed.count)
                placed.append(Placed(index: index, cell: MapCell(row: row, column: column), spread: true, count: 1))
                return
            }
            placed[Int(taken[own])].count += 1
        }

        if let selected, pins.indices.contains(selected) { put(selected) }
        for index in pins.indices where index != selected { put(index) }
        return placed
    }
}
