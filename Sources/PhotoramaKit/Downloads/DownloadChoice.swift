import Foundation

extension PhotoService {
    /// The photo as the service describes it and the rendition to download: the one named `size`
    /// (a Flickr size letter such as "o", "k", "l", or a label such as "Original", "Large 2048"), else
    /// the largest offered. Flickr's getSizes lists "Original" when the owner allows it; for 500px the
    /// largest size the v1 API documents (2048) is asked for.
    public func downloadChoice(
        _ key: PhotoKey, size: String? = nil
    ) async throws(DownloadError) -> (photo: Photo, image: PhotoImage, sidecar: XMPSidecar) {
        let detail: PhotoDetail
        do {
            switch key.provider {
            case .flickr, .commons, .openverse: detail = try await info(key)
            case .fiveHundredPx:
                detail = try await webservice.load(try configuration.fiveHundredPx.photo(id: key.id, imageSize: 2048))
            }
        } catch {
            throw error == .cancelled ? .cancelled : .network(error)
        }
        let photo = detail.photo
        guard let image = Self.pick(photo.images, size: size) else {
            if let size, !photo.images.isEmpty {
                let offered = photo.images.map(\.size.rawValue).joined(separator: ", ")
                throw .noImage("Photo \(key.id) has no size \"\(size)\" (offered: \(offered))")
            }
            throw .noImage("Photo \(key.id) has no image to download")
        }
        return (photo, image, XMPSidecar(detail))
    }

    static func pick(_ images: [PhotoImage], size: String?) -> PhotoImage? {
        guard let size = size?.trimmingCharacters(in: .whitespaces).lowercased(), !size.isEmpty else {
            return images.max { ($0.size, $0.longestEdge) < ($1.size, $1.longestEdge) }
        }
        let wanted =
            ImageSizeClass(rawValue: size) ?? FlickrDetailParser.sizeLabels[size]
            ?? ImageSizeClass.allCases.first { "\($0)".lowercased() == size }
        guard let wanted else { return nil }
        return images.last { $0.size == wanted }
    }
}
