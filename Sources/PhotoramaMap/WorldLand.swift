/// The land of the world as closed rings of coordinates (outer coasts and the larger lakes and seas
/// inside them); filled with the even-odd rule. The data is Natural Earth's 1:110m land, public domain
/// (`WorldLandData.swift`, made by scripts/world-land.py).
public struct WorldLand: Sendable {
    /// One closed ring: its points (the last joins the first) and its bounding box, for culling.
    public struct Ring: Sendable, Equatable {
        public let longitudes: [Double]
        public let latitudes: [Double]
        public let minLongitude, maxLongitude, minLatitude, maxLatitude: Double

        init(_ points: [MapCoordinate]) {
            longitudes = points.map(\.longitude)
            latitudes = points.map(\.latitude)
            minLongitude = longitudes.min() ?? 0
            maxLongitude = longitudes.max() ?? 0
            minLatitude = latitudes.min() ?? 0
            maxLatitude = latitudes.max() ?? 0
        }

        public var count: Int { longitudes.count }
    }

    public let rings: [Ring]

    public init(rings: [[MapCoordinate]]) {
        self.rings = rings.filter { $0.count >= 3 }.map(Ring.init)
    }

    /// Natural Earth's land, read once.
    public static let world = WorldLand.parse(naturalEarth110m)

    /// Reads the text format: a line "R" starts a ring, other lines hold "lon,lat" pairs in hundredths of a
    /// degree separated by spaces. Tolerant: blank lines, "#" comments, malformed pairs and points outside
    /// the globe are skipped, and rings left with fewer than three points are dropped.
    public static func parse(_ text: String) -> WorldLand {
        var rings: [[MapCoordinate]] = []
        var ring: [MapCoordinate]?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed == "R" {
                if let ring { rings.append(ring) }
                ring = []
                continue
            }
            guard ring != nil else { continue }  // points before the first "R" belong to no ring
            for pair in trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if let point = point(pair) { ring?.append(point) }
            }
        }
        if let ring { rings.append(ring) }
        return WorldLand(rings: rings)
    }

    /// "lon,lat" in hundredths of a degree, or nil.
    private static func point(_ pair: Substring) -> MapCoordinate? {
        let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lon = Int(parts[0]), let lat = Int(parts[1]),
            (-18_000...18_000).contains(lon), (-9_000...9_000).contains(lat)
        else { return nil }
        return MapCoordinate(latitude: Double(lat) / 100, longitude: Double(lon) / 100)
    }
}
