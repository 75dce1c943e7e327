/// The signed-in account's own photos and its contacts' photos, and the one line a refused token gives.
extension FlickrAPI {
    /// What a signed call says when Flickr refuses the stored token (codes 96–98: a token revoked, expired,
    /// or from another service): signing in again is the cure. The token itself is never in it.
    public static let signInRejected = PhotoramaError.invalidInput("Flickr refused the saved sign-in: run `photorama login` again")
    /// Flickr's codes for a token or signature it does not accept (98 invalid token, 96 signature, 97 missing).
    static let rejectedTokenCodes: Set<Int> = [96, 97, 98]

    /// flickr.people.getPhotos for "me": every photo of the account, private ones too when the token
    /// allows reading them.
    public func mine(page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        try photoList("flickr.people.getPhotos", [("user_id", "me")], page: page, signed: true)
    }

    /// Flickr's most in getContactsPhotos, which has no pages: one list, page 1.
    public static let contactsPhotoCount = 50

    /// flickr.photos.getContactsPhotos: the newest photos of the people the account follows, all on page 1
    /// (Flickr's list is not paged); later pages are empty without a request.
    public func contacts(page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        try InputValidation.page(page)
        let mode = parseMode
        let items = [("count", String(Self.contactsPhotoCount)), ("extras", Self.extras)]
        let resource = try call("flickr.photos.getContactsPhotos", items, signed: true) { root throws(PhotoramaError) in
            try FlickrPhotoParser.page(root, mode: mode)
        }
        return readingBytes(resource, list: "photos").map { list throws(PhotoramaError) in
            guard page == 1 else { return Page(items: [], page: page, pages: 1, total: list.total) }
            return Page(items: list.items, page: 1, pages: 1, total: list.items.count)
        }
    }
}
