/// A point on Earth in decimal degrees, as the map knows it (the map has no dependency on the feeds'
/// models; the browser converts `GeoPoint`s).
public struct MapCoordinate: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The same point with its longitude in [-180, 180).
    public var wrapped: MapCoordinate {
        MapCoordinate(latitude: latitude, longitude: Self.wrap(longitude))
    }

    /// A longitude (or a difference of longitudes) brought into [-180, 180).
    public static func wrap(_ longitude: Double) -> Double {
        guard longitude.isFinite else { return 0 }
        if longitude >= -180, longitude < 180 { return longitude }  // exact: no rounding on the way round
        let shifted = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (shifted < 0 ? shifted + 360 : shifted) - 180
    }
}
