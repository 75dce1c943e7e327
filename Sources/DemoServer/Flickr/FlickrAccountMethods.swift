/// The REST methods of an account: who is signed in, favourites, albums. Their answers depend on the
/// caller and change as favourites do, so they are never kept in `FlickrService.answers`.
struct FlickrAccountMethods: Sendable {
    let catalog: DemoCatalog
    let accounts: DemoAccounts
    let favourites: FavouritesStore
    /// Unix time for `date_faved` of a new mark.
    let now: @Sendable () -> Int

    static let methods: Set<String> = [
        "flickr.test.login", "flickr.favorites.getList", "flickr.favorites.add", "flickr.favorites.remove",
        "flickr.photosets.getList", "flickr.photosets.getPhotos",
    ]

    /// The permission a method needs; `user_id` makes a list public.
    static func permission(_ method: String, _ parameters: RequestParameters) -> DemoPermission {
        switch method {
        case "flickr.favorites.add", "flickr.favorites.remove": .write
        case "flickr.test.login": .read
        case "flickr.favorites.getList", "flickr.photosets.getList": parameters.nonEmpty("user_id") == nil ? .read : .none
        default: .none
        }
    }

    func call(
        _ method: String, _ parameters: RequestParameters, grant: OAuthProvider.Grant?, base: String,
        photoList: (_ indices: [Int], _ paging: FlickrPaging, _ decorate: ((Int, inout [(String, JSONValue)]) -> Void)?) -> [(
            String, JSONValue
        )]
    ) throws(FlickrError) -> [(String, JSONValue)] {
        let needed = Self.permission(method, parameters)
        let granted = grant?.permission ?? .none
        if needed > granted || (needed > .none && grant?.account == nil) {
            throw OAuthProblem.permissionDenied(needed: needed, granted: grant?.account == nil ? .none : granted).restError
        }
        let account = grant?.account
        switch method {
        case "flickr.test.login":
            let user = accounts.user(account ?? 0)
            return [("user", .object([("id", .string(user.nsid)), ("username", .content(user.username))]))]
        case "flickr.favorites.getList":
            let owner = try userIndex(parameters, signedIn: account)
            guard accounts.contains(owner) else {
                return photoList([], FlickrPaging(parameters), nil)
            }
            let faved = favourites.list(owner)
            return photoList(faved.map(\.photoIndex), FlickrPaging(parameters)) { offset, members in
                members.append(("date_faved", .string(String(faved[offset].date))))
            }
        case "flickr.favorites.add", "flickr.favorites.remove":
            let index = try photoIndex(parameters)
            guard let account else { throw FlickrError(code: 99, message: "User not logged in") }
            do {
                if method == "flickr.favorites.add" {
                    if catalog.photos[index].ownerIndex == account { throw FlickrError(code: 2, message: "Photo is owned by you") }
                    try favourites.add(account, photoIndex: index, at: now())
                } else {
                    try favourites.remove(account, photoIndex: index)
                }
            } catch FavouritesStore.Change.alreadyFavourite {
                throw FlickrError(code: 3, message: "Photo is already in favorites")
            } catch FavouritesStore.Change.notFavourite {
                throw FlickrError(code: 2, message: "Photo is not a favorite")
            } catch let error as FlickrError {
                throw error
            } catch {
                throw FlickrError.unavailable
            }
            return []
        case "flickr.photosets.getList":
            let owner = try userIndex(parameters, signedIn: account)
            let albums = accounts.albums(ofUser: owner)
            let paging = FlickrPaging(parameters, defaultPerPage: 500)
            let items: [JSONValue] = paging.slice(Array(albums.indices), limit: albums.count).map { albumJSON(albums[$0]) }
            return [
                (
                    "photosets",
                    .object([
                        ("page", .int(paging.page)), ("pages", .int(max(1, paging.pages(for: albums.count)))),
                        ("perpage", .int(paging.perPage)), ("total", .int(albums.count)), ("photoset", .array(items)),
                    ])
                )
            ]
        default:  // flickr.photosets.getPhotos
            guard let id = parameters.nonEmpty("photoset_id"), let album = accounts.album(id: id) else {
                throw FlickrError(code: 1, message: "Photoset not found")
            }
            let paging = FlickrPaging(parameters, defaultPerPage: 500)
            var list = photoList(album.photoIndices, paging) { offset, members in
                members.append(("isprimary", .string(offset == 0 ? "1" : "0")))
            }
            // Flickr names the list "photoset" and puts the album's fields beside the photos.
            guard case .object(var members)? = list.first?.1 else { return list }
            let owner = catalog.users[album.ownerIndex]
            members.insert(
                contentsOf: [
                    ("id", .string(album.id)), ("primary", .string(catalog.photos[album.photoIndices[0]].idString)),
                    ("owner", .string(owner.nsid)), ("ownername", .string(owner.username)),
                ], at: 0)
            members.append(("title", .string(album.title)))
            list = [("photoset", .object(members))]
            return list
        }
    }

    private func albumJSON(_ album: DemoAlbum) -> JSONValue {
        let cover = catalog.photos[album.photoIndices[0]]
        let owner = catalog.users[album.ownerIndex]
        return .object([
            ("id", .string(album.id)), ("owner", .string(owner.nsid)), ("username", .string(owner.username)),
            ("primary", .string(cover.idString)), ("secret", .string(cover.secret)), ("server", .string(cover.server)),
            ("farm", .int(cover.farm)), ("count_views", .string("0")), ("count_comments", .string("0")),
            ("count_photos", .int(album.photoIndices.count)), ("count_videos", .int(0)),
            ("title", .content(album.title)), ("description", .content(album.description)),
            ("can_comment", .int(0)), ("date_create", .string(String(cover.datePosted))),
            ("date_update", .string(String(cover.lastUpdate))), ("photos", .int(album.photoIndices.count)), ("videos", .int(0)),
        ])
    }

    /// `user_id`, or the signed-in account when it is absent.
    private func userIndex(_ parameters: RequestParameters, signedIn: Int?) throws(FlickrError) -> Int {
        if let id = parameters.nonEmpty("user_id") {
            guard let index = catalog.userIndexByNSID[id] else { throw .userNotFound }
            return index
        }
        guard let signedIn else { throw FlickrError(code: 99, message: "User not logged in") }
        return signedIn
    }

    private func photoIndex(_ parameters: RequestParameters) throws(FlickrError) -> Int {
        guard let id = parameters.nonEmpty("photo_id").flatMap({ UInt64($0) }), let index = catalog.photoIndexByID[id] else {
            throw .photoNotFound
        }
        return index
    }
}
