import Foundation

extension Photo {
    /// The owner's page, where the provider has one: Flickr's `https://www.flickr.com/photos/{owner}/`,
    /// with the owner's id written as in the photo's page (`FlickrPhotoParser.pageURL`).
    public var ownerPageURL: URL? {
        guard provider == .flickr, let ownerID, !ownerID.isEmpty, let segment = FlickrPhotoParser.pathSegment(ownerID) else { return nil }
        return URL(string: "https://www.flickr.com/photos/\(segment)/")
    }
}
