import Foundation

/// A photo with what its info call adds: owner details, counts, where and when it was uploaded.
/// Every extra is optional because each provider knows a different subset.
public struct PhotoDetail: Sendable, Hashable {
    public var photo: Photo
    public var ownerUsername: String?
    public var ownerRealName: String?
    public var ownerLocation: String?
    public var commentCount: Int?
    /// 500px votes ("likes"); Flickr's getInfo has no such count.
    public var voteCount: Int?
    /// 500px rating (pulse).
    public var rating: Double?
    public var uploaded: Date?
    /// "Ulbo, Zadar, Croatia" from Flickr's location names.
    public var placeName: String?
    public var camera: String?
    public var lens: String?
    /// The photo's licence by name, when its id (`photo.licenseID`) is in Flickr's licence list.
    public var license: PhotoLicense?
    /// The creator's page (Openverse's `creator_url`, the link in Commons' `Artist`).
    public var creatorURL: URL?
    /// Where the photo was gathered from, for Openverse ("flickr", "wikimedia" …).
    public var sourceName: String?

    public init(
        photo: Photo, ownerUsername: String? = nil, ownerRealName: String? = nil, ownerLocation: String? = nil,
        commentCount: Int? = nil, voteCount: Int? = nil, rating: Double? = nil, uploaded: Date? = nil,
        placeName: String? = nil, camera: String? = nil, lens: String? = nil
    ) {
        self.photo = photo
        self.ownerUsername = ownerUsername
        self.ownerRealName = ownerRealName
        self.ownerLocation = ownerLocation
        self.commentCount = commentCount
        self.voteCount = voteCount
        self.rating = rating
        self.uploaded = uploaded
        self.placeName = placeName
        self.camera = camera
        self.lens = lens
    }
}
