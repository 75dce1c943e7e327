import Foundation

/// One licence of Flickr's list (flickr.photos.licenses.getInfo): its id, name and the address of its
/// text (none for "All Rights Reserved").
public struct PhotoLicense: Sendable, Hashable, Codable {
    public var id: Int
    public var name: String
    public var url: URL?

    public init(id: Int, name: String, url: URL? = nil) {
        self.id = id
        self.name = name
        self.url = url
    }
}

/// A licence as Wikimedia Commons and Openverse name it on each photo: its short name ("CC BY-SA 4.0",
/// "Public domain") and the address of its text, when there is one.
public struct LicenseTag: Sendable, Hashable {
    public var name: String
    public var address: String?
    /// Commons' `AttributionRequired`; nil when the provider did not say.
    public var attributionRequired: Bool?

    public init(name: String, address: String? = nil, attributionRequired: Bool? = nil) {
        self.name = name
        self.address = address
        self.attributionRequired = attributionRequired
    }

    /// "CC BY-SA 4.0 <https://creativecommons.org/licenses/by-sa/4.0/>", or the name alone.
    public var text: String { address.map { "\(name) <\($0)>" } ?? name }
}

/// The licence ids a person may ask a search for (`search --license 1,2,4`, `license:1,2 cats`).
public enum LicenseIDs {
    /// The ids Flickr documents: 0 All Rights Reserved … 10 Public Domain Mark.
    public static let known = 0...10
    /// "0 to 10", for help texts and messages.
    public static var range: String { "\(known.lowerBound) to \(known.upperBound)" }

    /// "1,2, 4" → [1, 2, 4]: numbers of `known`, separated by commas, each once, in the order given.
    public static func parse(_ input: String) -> Result<[Int], PhotoramaError> {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(.invalidInput("Licence ids must not be empty")) }
        var ids: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty, item.count <= 3, item.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(item),
                known.contains(id)
            else {
                return .failure(
                    .invalidInput(
                        "Licence ids are numbers from \(known.lowerBound) to \(known.upperBound) separated by commas, like 1,2,4 (got \"\(text)\")"
                    ))
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return .success(ids)
    }

    /// As Flickr's `license` parameter takes them: "1,2,4".
    public static func parameter(_ ids: [Int]) -> String {
        ids.map(String.init).joined(separator: ",")
    }
}
