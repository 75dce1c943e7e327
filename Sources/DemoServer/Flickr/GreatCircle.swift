import Foundation

/// Great-circle distance on a spherical Earth (haversine), as Flickr's radial search uses.
enum GreatCircle {
    static let earthRadiusKm = 6371.0088
    static let kilometresPerMile = 1.609344

    static func distanceKm(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let deltaLatitude = (latitude2 - latitude1) * radians
        let deltaLongitude = (longitude2 - longitude1) * radians
        let a =
            sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
            + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 2 * earthRadiusKm * asin(min(1, a.squareRoot()))
    }
}
