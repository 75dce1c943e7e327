extension OutputFormatter {
    /// `photorama groups`: each group's id, pool size and name, as `albums` prints albums.
    public static func groups(_ groups: [FlickrGroup], format: OutputFormat, width: Int) -> String {
        switch format {
        case .json:
            JSONOutput.array(
                groups.map { group in
                    .object([
                        "id": .string(group.id), "name": .string(group.name), "photoCount": .optional(group.photoCount),
                        "members": .optional(group.members),
                    ])
                }
            ).rendered()
        case .ids: lines(groups.map(\.id))
        case .table:
            TextTable(
                columns: [.init("ID", shrinkable: false), .init("PHOTOS", shrinkable: false), .init("NAME", minWidth: 8)],
                rows: groups.map { [$0.id, $0.photoCount.map(String.init) ?? "", $0.name] }
            ).render(width: width)
        }
    }
}
