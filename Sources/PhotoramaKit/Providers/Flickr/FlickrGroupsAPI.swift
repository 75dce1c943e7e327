/// The groups of the signed-in account (flickr.people.getGroups), to open with `photorama group ID`.
extension FlickrAPI {
    public func myGroups() throws(PhotoramaError) -> Resource<[FlickrGroup]> {
        try call("flickr.people.getGroups", [("user_id", "me")], signed: true) { root throws(PhotoramaError) in
            try FlickrGroupParser.groups(root)
        }
    }
}

/// One group a member belongs to.
public struct FlickrGroup: Sendable, Equatable {
    public var id: String
    public var name: String
    /// Photos in its pool; nil when Flickr did not say.
    public var photoCount: Int?
    public var members: Int?

    public init(id: String, name: String, photoCount: Int? = nil, members: Int? = nil) {
        self.id = id
        self.name = name
        self.photoCount = photoCount
        self.members = members
    }
}

enum FlickrGroupParser {
    /// `{"groups":{"group":[{"nsid":…,"name":…,"pool_count":"12","members":"40"}…]}}`; an entry without an
    /// NSID is left out, counts may be numbers or strings, and a member of no group has no `group` list.
    static func groups(_ root: JSONValue) throws(PhotoramaError) -> [FlickrGroup] {
        guard let list = root["groups"], list.object != nil else { throw .invalidData("groups: missing") }
        return (list["group"]?.array ?? []).compactMap { entry in
            guard let id = entry["nsid"]?.string, FlickrAccount.isNSID(id) else { return nil }
            func count(_ key: String) -> Int? { entry[key]?.int ?? entry[key]?.string.flatMap { Int($0) } }
            return FlickrGroup(
                id: id, name: String((entry["name"]?.string ?? "").prefix(300)), photoCount: count("pool_count"), members: count("members"))
        }
    }
}
