import PhotoramaText

/// `photorama albums`: a member's albums.
extension OutputFormatter {
    public static func albums(_ albums: [FlickrAlbum], format: OutputFormat, width: Int) -> String {
        switch format {
        case .json:
            JSONOutput.array(
                albums.map { album in
                    .object([
                        "id": .string(album.id), "title": .string(album.title), "photoCount": .int(album.photoCount),
                        "owner": .optional(album.ownerNSID),
                    ])
                }
            ).rendered()
        case .ids: lines(albums.map(\.id))
        case .table:
            TextTable(
                columns: [.init("ID", shrinkable: false), .init("PHOTOS", shrinkable: false), .init("TITLE", minWidth: 8)],
                rows: albums.map { [$0.id, String($0.photoCount), $0.title] }
            ).render(width: width)
        }
    }
}
