import Foundation

/// Public lists beyond search: a group's pool, Explore, a licensed search, and the group look-up by address.
extension FlickrAPI {
    /// flickr.groups.pools.getPhotos: the photos added to a group, newest first.
    public func groupPool(id: String, page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let id = try InputValidation.nonEmpty(id, "Group ID")
        guard GroupReference.isNSID(id) else { throw .invalidInput("A group ID looks like 34427469792@N01 (got \"\(id)\")") }
        return try photoList("flickr.groups.pools.getPhotos", [("group_id", id)], page: page)
    }

    /// flickr.urls.lookupGroup: the NSID of the group at `address` (its page or its pool).
    public func lookupGroup(address: String) throws(PhotoramaError) -> Resource<String> {
        let address = try InputValidation.nonEmpty(address, "Group address")
        return try call("flickr.urls.lookupGroup", [("url", address)]) { root throws(PhotoramaError) in
            guard let id = root["group"]?["id"]?.nonEmptyString, GroupReference.isNSID(id) else {
                throw .invalidData("group.id: missing")
            }
            return id
        }
    }

    /// flickr.interestingness.getList: Explore for `date` (YYYY-MM-DD), or the latest day without one.
    public func explore(date: String? = nil, page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        var items: [(String, String)] = []
        if let date { items.append(("date", try InputValidation.exploreDate(date))) }
        return try photoList("flickr.interestingness.getList", items, page: page)
    }

    /// A text search limited to licences (`license`, Flickr's ids separated by commas).
    public func search(text: String, licenses: [Int], page: Int = 1) throws(PhotoramaError) -> Resource<Page<Photo>> {
        let text = try InputValidation.searchText(text)
        let licenses = try InputValidation.licenses(licenses)
        return try photoList("flickr.photos.search", [("text", text), ("license", LicenseIDs.parameter(licenses))], page: page)
    }
}

extension InputValidation {
    static func exploreDate(_ text: String) throws(PhotoramaError) -> String {
        try ExploreDate.parse(text).get()
    }

    /// At least one id, each among `LicenseIDs.known`.
    static func licenses(_ ids: [Int]) throws(PhotoramaError) -> [Int] {
        guard !ids.isEmpty else { throw .invalidInput("Licence ids must not be empty") }
        return try LicenseIDs.parse(LicenseIDs.parameter(ids)).get()
    }
}
