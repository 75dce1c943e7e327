import Foundation

/// What a person may paste to name a Flickr gallery: its id ("72157720932606291", or the older
/// "66911286-72157647277042064"), or its page, "https://www.flickr.com/photos/USER/galleries/ID/".
public enum GalleryReference {
    /// The gallery id in `input`, or one line saying what is accepted.
    public static func parse(_ input: String) -> Result<String, PhotoramaError> {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(.invalidInput("Gallery ID must not be empty")) }
        if isID(text) { return .success(text) }
        if let id = idInPage(text) { return .success(id) }
        return .failure(.invalidInput("Not a gallery id or flickr.com/photos/USER/galleries/ID address"))
    }

    /// Digits, optionally "OWNER-" before them: what Flickr's gallery ids look like.
    static func isID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), text.utf8.count <= 64 else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The ID of ".../photos/USER/galleries/ID[/...]", with or without a scheme.
    static func idInPage(_ text: String) -> String? {
        let address = text.contains("://") ? text : "https://" + text
        guard let url = URL(string: address), let host = url.host?.lowercased(),
            host == "flickr.com" || host.hasSuffix(".flickr.com")
        else { return nil }
        let path = url.path.split(separator: "/").map(String.init)
        guard path.count >= 4, path[0] == "photos", path[2] == "galleries", isID(path[3]) else { return nil }
        return path[3]
    }
}
