import Foundation

/// What a person may paste to name a Flickr album: its id ("72157624618609111") or its page,
/// flickr.com/photos/USER/albums/ID or the older flickr.com/photos/USER/sets/ID.
public enum AlbumReference {
    public static func parse(_ input: String) -> Result<String, PhotoramaError> {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(.invalidInput("Album ID must not be empty")) }
        if isID(text) { return .success(text) }
        if let path = FlickrAddress.path(text), path.count >= 4, path[0] == "photos", path[2] == "albums" || path[2] == "sets",
            isID(path[3])
        {
            return .success(path[3])
        }
        return .failure(.invalidInput("Not an album id or flickr.com/photos/USER/albums/ID address"))
    }

    static func isID(_ text: String) -> Bool {
        (1...32).contains(text.utf8.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// A Flickr group as a person names it: its NSID ("34427469792@N01"), or its address
/// flickr.com/groups/NAME[/pool], which flickr.urls.lookupGroup turns into the NSID.
public enum GroupReference: Sendable, Hashable {
    case id(String)
    /// The group's page, "https://www.flickr.com/groups/NAME/", to look up.
    case address(String)

    public static func parse(_ input: String) -> Result<GroupReference, PhotoramaError> {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(.invalidInput("Group ID must not be empty")) }
        if isNSID(text) { return .success(.id(text)) }
        if let path = FlickrAddress.path(text), path.count >= 2, path[0] == "groups", let name = FlickrPhotoParser.pathSegment(path[1]),
            !name.isEmpty, name.utf8.count <= 100
        {
            if isNSID(path[1]) { return .success(.id(path[1])) }
            return .success(.address("https://www.flickr.com/groups/\(name)/"))
        }
        return .failure(.invalidInput("Not a group id (like 34427469792@N01) or flickr.com/groups/NAME address"))
    }

    /// Digits, "@N", two digits: what Flickr's user and group ids look like.
    public static func isNSID(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...20).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return false
        }
        let tail = parts[1]
        return tail.count == 3 && tail.first == "N" && tail.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// A day of Flickr's Explore, "YYYY-MM-DD": a real calendar date from Explore's first day (2004-07-01).
public enum ExploreDate {
    public static func parse(_ input: String) -> Result<String, PhotoramaError> {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        let failure = PhotoramaError.invalidInput("The date must be YYYY-MM-DD, from 2004-07-01 on (got \"\(text)\")")
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return .failure(failure) }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day), text >= "2004-07-01" else { return .failure(failure) }
        return .success(text)
    }
}

/// The path parts of a flickr.com address (with or without a scheme); nil for any other host.
enum FlickrAddress {
    static func path(_ text: String) -> [String]? {
        let address = text.contains("://") ? text : "https://" + text
        guard let url = URL(string: address), let host = url.host?.lowercased(), host == "flickr.com" || host.hasSuffix(".flickr.com")
        else { return nil }
        return url.path.split(separator: "/").map(String.init)
    }
}
