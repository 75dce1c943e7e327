/// A Flickr member who owns demo photos (and, with a numeric id, a 500px member).
struct DemoUser: Sendable {
    /// NSID like "12345678@N01".
    let nsid: String
    let username: String
    let realname: String
    let location: String
    /// Flickr's `path_alias`; null for many real members.
    let pathAlias: String?
    let iconServer: String
    let iconFarm: Int
    /// The id this person has on the 500px side.
    let px500ID: Int
}
