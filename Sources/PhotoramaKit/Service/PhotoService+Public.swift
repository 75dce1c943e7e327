import Foundation

/// EXIF, licences and the group look-up: questions about public photos beyond a page of a list.
extension PhotoService {
    /// A photo's EXIF, or the owner's refusal. Flickr only: 500px answers with its own camera fields in `info`.
    public func exif(_ key: PhotoKey) async throws(PhotoramaError) -> ExifAnswer {
        guard key.provider == .flickr else { throw .invalidInput("EXIF is only available for Flickr photos") }
        return try await webservice.load(try configuration.flickr.exif(id: key.id))
    }

    /// Flickr's licence list, asked for once in the life of this service's `LicenseBook` and kept; a failed
    /// attempt is not kept, so the next caller asks again.
    public func licenses() async throws(PhotoramaError) -> [PhotoLicense] {
        let webservice = self.webservice
        let resource = try configuration.flickr.licenses()
        return try await licenseBook.licenses { () async throws(PhotoramaError) in try await webservice.load(resource) }
    }

    /// The licence with `id`, or nil when the list does not name it or cannot be had.
    public func license(id: Int?) async -> PhotoLicense? {
        guard let id, let list = try? await licenses() else { return nil }
        return list.first { $0.id == id }
    }

    /// The NSID of a group named by id or address (one flickr.urls.lookupGroup for an address).
    public func groupID(_ reference: GroupReference) async throws(PhotoramaError) -> String {
        switch reference {
        case .id(let id): return id
        case .address(let address): return try await webservice.load(try configuration.flickr.lookupGroup(address: address))
        }
    }
}

/// Flickr's licence list once per run: the first caller loads it, later ones get the kept answer.
public actor LicenseBook {
    private var kept: [PhotoLicense]?
    private var loading: Task<Result<[PhotoLicense], PhotoramaError>, Never>?

    public init() {}

    func licenses(
        _ load: @escaping @Sendable () async throws(PhotoramaError) -> [PhotoLicense]
    ) async throws(PhotoramaError) -> [PhotoLicense] {
        if let kept { return kept }
        let task =
            loading
            ?? Task {
                do throws(PhotoramaError) { return .success(try await load()) } catch { return .failure(error) }
            }
        loading = task
        let result = await task.value
        loading = nil
        if case .success(let list) = result { kept = list }
        return try result.get()
    }
}
