import PhotoramaKit

/// The EXIF shown in the detail after `e`, for one photo: loading, the answer (or the owner's refusal),
/// or why it could not be had.
public struct DetailExif: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case loading
        case loaded(ExifAnswer)
        case failed(String)
    }

    public let photo: PhotoKey
    let token: RequestToken
    public internal(set) var status: Status = .loading

    /// The detail's lines for it: a heading, then "Label: value" per field, or one line.
    var lines: [String] {
        switch status {
        case .loading: return ["EXIF: loading…"]
        case .failed(let reason): return ["EXIF: \(reason)"]
        // Flickr's error 2, short enough for a narrow pane.
        case .loaded(.hiddenByOwner): return ["EXIF: hidden by its owner"]
        case .loaded(.shown(let exif)):
            let fields = exif.fields
            guard !fields.isEmpty else { return ["EXIF: none"] }
            return ["EXIF"] + fields.map { "  \($0.label): \($0.value)" }
        }
    }
}

/// Flickr's licence names, asked for once when the first photo with a licence is on screen.
public struct LicensesModel: Sendable, Equatable {
    public private(set) var byID: [Int: PhotoLicense] = [:]
    private(set) var token: RequestToken?
    private(set) var requested = false

    /// Whether to ask now: never asked, and a photo needs a name.
    func wanted(for photo: Photo?) -> Bool { !requested && photo?.licenseID != nil }

    mutating func begin(_ token: RequestToken) {
        requested = true
        self.token = token
    }

    /// A failure leaves the ids shown by number; the list is not asked for again in this session.
    mutating func receive(token: RequestToken, _ result: Result<[PhotoLicense], PhotoramaError>) {
        guard token == self.token else { return }
        self.token = nil
        if case .success(let list) = result {
            for license in list { byID[license.id] = license }
        }
    }

    /// The address of the licence's text, when the list gives one.
    func address(_ id: Int?) -> String? {
        guard let id else { return nil }
        return byID[id]?.url?.absoluteString
    }

    /// "Attribution License", or "Licence 4" when the list does not name it (yet).
    func name(_ id: Int?) -> String? {
        guard let id else { return nil }
        return byID[id]?.name ?? "Licence \(id)"
    }
}
