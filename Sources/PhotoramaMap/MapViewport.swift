/// The equirectangular projection of the map onto a grid of braille dots (2×4 a cell): longitude and
/// latitude are straight lines, one dot the same number of degrees both ways. A dot is about square on
/// a terminal whose cells are twice as high as wide, so the world (360°×180°) is twice as wide as high;
/// at zoom 0 it fits the area, each zoom step halves the degrees a dot covers. Equirectangular because
/// the map answers "where was this taken" at a glance and "search near here", both of which want
/// straight parallels and a cheap inverse; shapes near the poles stretch, which a photo map can live with.
public struct MapViewport: Hashable, Sendable {
    /// City level: at 80×20 cells a dot is then about 60 m.
    public static let maximumZoom = 12

    public let columns: Int
    public let rows: Int
    /// The coordinate at the middle of the area; kept so the view never shows beyond a pole and the
    /// whole world stays centred at zoom 0.
    public let centre: MapCoordinate
    public let zoom: Int

    public init(columns: Int, rows: Int, centre: MapCoordinate, zoom: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.zoom = min(max(0, zoom), Self.maximumZoom)
        let perDot = Self.worldDegreesPerDot(columns: self.columns, rows: self.rows) / Double(1 << self.zoom)
        self.centre = Self.clamped(centre, halfWidth: Double(self.columns) * perDot, halfHeight: Double(self.rows) * 2 * perDot)
    }

    public var dotsWide: Int { columns * 2 }
    public var dotsHigh: Int { rows * 4 }

    /// Degrees of longitude (and latitude) one dot covers.
    public var degreesPerDot: Double { Self.worldDegreesPerDot(columns: columns, rows: rows) / Double(1 << zoom) }

    static func worldDegreesPerDot(columns: Int, rows: Int) -> Double {
        max(360 / Double(max(1, 2 * columns)), 180 / Double(max(1, 4 * rows)))
    }

    /// The centre moved so the view stays between the poles; the longitude wraps, and is 0 whenever the
    /// whole width of the world is in view.
    static func clamped(_ centre: MapCoordinate, halfWidth: Double, halfHeight: Double) -> MapCoordinate {
        let latitude = halfHeight >= 90 ? 0 : min(max(centre.latitude, -90 + halfHeight), 90 - halfHeight)
        let longitude = halfWidth >= 180 ? 0 : MapCoordinate.wrap(centre.longitude)
        return MapCoordinate(latitude: latitude.isFinite ? latitude : 0, longitude: longitude)
    }

    // MARK: - Forward and inverse
    /// Where a coordinate falls, in dots from the area's top left (fractions kept); the longitude is taken
    /// the short way round from the centre.
    public func dot(_ point: MapCoordinate) -> (x: Double, y: Double) {
        let perDot = degreesPerDot
        let x = Double(dotsWide) / 2 + MapCoordinate.wrap(point.longitude - centre.longitude) / perDot
        let y = Double(dotsHigh) / 2 + (centre.latitude - point.latitude) / perDot
        return (x, y)
    }

    /// The cell a coordinate falls in, or nil when it is outside the area.
    public func cell(_ point: MapCoordinate) -> MapCell? {
        let (x, y) = dot(point)
        guard x >= 0, y >= 0, x.isFinite, y.isFinite else { return nil }
        let cell = MapCell(row: Int(y / 4), column: Int(x / 2))
        return cell.row < rows && cell.column < columns ? cell : nil
    }

    /// The coordinate at a dot position (the inverse of `dot`), longitude wrapped.
    public func coordinate(x: Double, y: Double) -> MapCoordinate {
        let perDot = degreesPerDot
        return MapCoordinate(
            latitude: centre.latitude - (y - Double(dotsHigh) / 2) * perDot,
            longitude: MapCoordinate.wrap(centre.longitude + (x - Double(dotsWide) / 2) * perDot))
    }

    /// The coordinate at the middle of a cell.
    public func coordinate(of cell: MapCell) -> MapCoordinate {
        coordinate(x: Double(cell.column * 2 + 1), y: Double(cell.row * 4 + 2))
    }

    /// Kilometres from the top of the area to its bottom (a degree of latitude is 111.195 km on the
    /// mean-radius sphere).
    public var heightKilometres: Double { Double(dotsHigh) * degreesPerDot * Self.kilometresPerDegree }

    static let kilometresPerDegree = 6371.0088 * Double.pi / 180
}

/// A cell of the map's area, counted from its top left.
public struct MapCell: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
