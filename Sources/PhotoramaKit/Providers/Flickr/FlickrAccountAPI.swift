import Foundation

/// The methods of a signed-in account (favourites, the caller's identity) and albums, which are public.
extension FlickrAPI {
    /// The one line every command that needs an account says without one.
    public static let notSignedIn = PhotoramaError.invalidInput("Not signed in to Flickr: run `photorama login` first")

    /// flickr.test.login: whose token this is.
    public func testLogin() throws(PhotoramaError) -> Resource<FlickrIdentity> {
        try call("flickr.test.login", [], signed: true) { root throws(PhotoramaError) in
            guard let user = root["user"], let id = user["id"]?.string, FlickrAccount.isNSID(id) else {
                throw .invalidData("user.id: missing")
            }
            return FlickrIdentity(nsid: id, username: String((user["username"]?["_content"]?.string ?? "").prefix(200)))
        }
    }

    /// flickr.favorites.getList: the signed-in account's favourites, most recently marked first.
    public func favorites(page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        try photoList("flickr.favorites.getList", [], page: page, signed: true)
    }

    /// flickr.favorites.add / remove (write permission), as POSTs.
    public func setFavorite(_ favourite: Bool, id: String) throws(PhotoramaError) -> Resource<Void> {
        let id = try InputValidation.nonEmpty(id, "Photo ID")
        return try call(favourite ? "flickr.favorites.add" : "flickr.favorites.remove", [("photo_id", id)], signed: true, httpMethod: .post)
        {
            _ throws(PhotoramaError) in
        }
    }

    /// flickr.photosets.getList: a member's albums; the signed-in account's own without `userID`.
    public func albums(userID: String? = nil) throws(PhotoramaError) -> Resource<[FlickrAlbum]> {
        var items: [(String, String)] = []
        if let userID { items.append(("user_id", try InputValidation.nonEmpty(userID, "User ID"))) }
        return try call("flickr.photosets.getList", items, signed: userID == nil) { root throws(PhotoramaError) in
            try FlickrAlbumParser.albums(root)
        }
    }

    /// flickr.photosets.getPhotos: one album's photos (Flickr names the list "photoset").
    public func album(id: String, page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let id = try InputValidation.nonEmpty(id, "Album ID")
        guard id.allSatisfy(\.isNumber) else { throw .invalidInput("An album ID is a number, like 72157624618609111") }
        try InputValidation.perPage(perPage)
        try InputValidation.page(page)
        let mode = parseMode
        let items = [("photoset_id", id), ("extras", Self.extras), ("per_page", String(perPage)), ("page", String(page))]
        let resource = try call("flickr.photosets.getPhotos", items) { root throws(PhotoramaError) in
            guard case .object(let members)? = root["photoset"] else { throw .invalidData("photoset: missing") }
            return try FlickrPhotoParser.page(.object(["photos": .object(members)]), mode: mode)
        }
        return readingBytes(resource, list: "photoset")
    }
}

/// Whose token it is (flickr.test.login).
public struct FlickrIdentity: Sendable, Equatable {
    public var nsid: String
    public var username: String

    public init(nsid: String, username: String) {
        self.nsid = nsid
        self.username = username
    }
}

/// One album of a member (Flickr's photoset).
public struct FlickrAlbum: Sendable, Equatable, Codable {
    public var id: String
    public var title: String
    public var photoCount: Int
    public var ownerNSID: String?
}

enum FlickrAlbumParser {
    static func albums(_ root: JSONValue) throws(PhotoramaError) -> [FlickrAlbum] {
        guard let list = root["photosets"], list.object != nil else { throw .invalidData("photosets: missing") }
        return (list["photoset"]?.array ?? []).compactMap { entry in
            guard let id = entry["id"]?.string ?? entry["id"]?.int.map(String.init), !id.isEmpty, id.allSatisfy(\.isNumber) else {
                return nil
            }
            let title = entry["title"]?["_content"]?.string ?? entry["title"]?.string ?? ""
            let count = entry["photos"]?.int ?? entry["count_photos"]?.int ?? Int(entry["photos"]?.string ?? "") ?? 0
            return FlickrAlbum(id: id, title: String(title.prefix(300)), photoCount: count, ownerNSID: entry["owner"]?.string)
        }
    }
}
