/// What the signed-in account changes on Flickr.
extension PhotoService {
    /// Marks (true) or unmarks a Flickr photo as a favourite of the signed-in account.
    public func setFavorite(_ key: PhotoKey, _ favourite: Bool) async throws(PhotoramaError) {
        guard key.provider == .flickr else { throw .invalidInput("Only Flickr photos can be Flickr favourites") }
        try await webservice.load(try configuration.flickr.setFavorite(favourite, id: key.id))
    }
}
