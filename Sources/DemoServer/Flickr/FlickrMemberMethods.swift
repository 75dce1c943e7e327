/// The REST methods about a member that change with who asks: `flickr.people.getPhotos` (the caller's
/// own private photos when `user_id` is "me" or their NSID and the token allows reading) and
/// `flickr.photos.getContactsPhotos` (read permission). Never kept in `FlickrService.answers`.
struct FlickrMemberMethods: Sendable {
    let catalog: DemoCatalog
    let accounts: DemoAccounts

    static let methods: Set<String> = ["flickr.people.getPhotos", "flickr.photos.getContactsPhotos", "flickr.people.getGroups"]
    /// Each demo account belongs to this many of the demo groups.
    static let groupsPerAccount = 3

    typealias PhotoList = (_ indices: [Int], _ paging: FlickrPaging, _ decorate: ((Int, inout [(String, JSONValue)]) -> Void)?) -> [(
        String, JSONValue
    )]

    func call(_ method: String, _ parameters: RequestParameters, grant: OAuthProvider.Grant?, photoList: PhotoList) throws(FlickrError)
        -> [(String, JSONValue)]
    {
        let reader = grant.flatMap { $0.permission >= .read ? $0.account : nil }
        switch method {
        case "flickr.people.getPhotos":
            let owner: Int
            switch parameters.nonEmpty("user_id") {
            case nil: throw FlickrError(code: 2, message: "Unknown user")
            case "me"?:
                guard let reader else {
                    throw OAuthProblem.permissionDenied(needed: .read, granted: grant?.account == nil ? .none : grant?.permission ?? .none)
                        .restError
                }
                owner = reader
            case let id?:
                guard let index = catalog.userIndexByNSID[id] else { throw FlickrError(code: 2, message: "Unknown user") }
                owner = index
            }
            let visible = accounts.photos(ofUser: owner, viewer: reader)
            return photoList(visible, FlickrPaging(parameters)) { offset, members in
                guard accounts.isPrivate(visible[offset]) else { return }
                if let at = members.firstIndex(where: { $0.0 == "ispublic" }) { members[at].1 = .int(0) }
            }
        case "flickr.people.getGroups":
            // The groups a member belongs to; read permission, and only the caller's own ("me" or its NSID).
            guard let reader else {
                throw OAuthProblem.permissionDenied(needed: .read, granted: grant?.account == nil ? .none : grant?.permission ?? .none)
                    .restError
            }
            let asked = parameters.nonEmpty("user_id")
            guard asked == "me" || asked == catalog.users[reader].nsid else { throw FlickrError(code: 1, message: "User not found") }
            let groups = DemoGroups(catalog: catalog)
            let mine = (0..<Self.groupsPerAccount).map { groups.group((reader * Self.groupsPerAccount + $0) % DemoGroups.count) }
            return [
                (
                    "groups",
                    .object([
                        (
                            "group",
                            .array(
                                mine.map { group in
                                    .object([
                                        ("nsid", .string(group.id)), ("name", .string(group.name)), ("iconfarm", .int(1)),
                                        ("iconserver", .string("1")), ("admin", .int(0)), ("eighteenplus", .int(0)),
                                        ("invitation_only", .int(0)), ("members", .string(String(40 + group.photoIndices.count / 3))),
                                        ("pool_count", .string(String(group.photoIndices.count))),
                                    ])
                                })
                        )
                    ])
                )
            ]
        default:  // flickr.photos.getContactsPhotos
            guard let reader else {
                throw OAuthProblem.permissionDenied(needed: .read, granted: grant?.account == nil ? .none : grant?.permission ?? .none)
                    .restError
            }
            let asked = parameters.nonEmpty("count").flatMap { Int($0) } ?? DemoAccounts.contactsPhotosDefault
            let count = min(max(asked, 1), DemoAccounts.contactsPhotosMax)
            let indices = accounts.contactsPhotos(
                reader, count: count, singlePhoto: parameters["single_photo"] == "1", includeSelf: parameters["include_self"] == "1")
            // Flickr's answer has no paging: one list of at most 50.
            guard case .object(let members)? = photoList(indices, Self.allOnOnePage, nil).first?.1 else { return [] }
            return [("photos", .object(members.filter { $0.0 == "photo" }))]
        }
    }

    private static let allOnOnePage = FlickrPaging(RequestParameters(), defaultPerPage: 500)
}
