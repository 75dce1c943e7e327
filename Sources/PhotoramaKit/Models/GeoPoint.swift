/// A position on Earth in decimal degrees.
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance in kilometres (haversine, mean Earth radius 6371.0088 km).
    public func distance(to other: GeoPoint) -> Double {
        let rad = Double.pi / 180
        let dLat = (other.latitude - latitude) * rad
        let dLon = (other.longitude - longitude) * rad
        let a =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * rad) * cos(other.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0088 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
