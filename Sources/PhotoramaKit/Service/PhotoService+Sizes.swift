/// Every rendition of one photo, for the zoomed viewer.
extension PhotoService {
    /// Flickr's getSizes (up to the original when the owner allows it); 500px lists its sizes (up to 2048)
    /// with the photo already, so nothing is asked and the answer is empty.
    public func sizes(_ key: PhotoKey) async throws(PhotoramaError) -> [PhotoImage] {
        switch key.provider {
        case .fiveHundredPx: return []
        case .commons, .openverse: return try await info(key).photo.images
        case .flickr: return try await webservice.load(try configuration.flickr.sizes(id: key.id))
        }
    }
}
