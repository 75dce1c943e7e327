import Foundation

/// A place found by Flickr's places.find: a name with the coordinates to search around.
public struct FlickrPlace: Sendable, Hashable {
    /// The full name Flickr gives ("Paris, Île-de-France, France").
    public var name: String
    public var placeID: String
    public var woeID: String?
    public var location: GeoPoint
    /// "locality", "region", "country" and so on.
    public var type: String?

    public init(name: String, placeID: String, woeID: String? = nil, location: GeoPoint, type: String? = nil) {
        self.name = name
        self.placeID = placeID
        self.woeID = woeID
        self.location = location
        self.type = type
    }
}
