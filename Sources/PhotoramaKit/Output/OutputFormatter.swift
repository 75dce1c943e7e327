import Foundation
import PhotoramaText

/// What the subcommands print, as pure functions of the data, the format and the terminal width
/// (pass 80 when stdout is not a terminal). Every result ends in a newline unless it is empty.
public enum OutputFormatter {
    /// `licenseColumn` adds each photo's licence to the table (`--license-column`); JSON always has it.
    public static func photos(_ photos: [Photo], format: OutputFormat, width: Int, licenseColumn: Bool = false) -> String {
        switch format {
        case .json: JSONOutput.array(photos.map(photoJSON)).rendered()
        case .ids: lines(photos.map(\.id))
        case .table: photoTable(photos, licenseColumn: licenseColumn).render(width: width)
        }
    }

    public static func detail(_ detail: PhotoDetail, format: OutputFormat, width: Int) -> String {
        switch format {
        case .json: detailJSON(detail).rendered()
        case .ids: lines([detail.photo.id])
        case .table: detailTable(detail).render(width: width)
        }
    }

    public static func comments(_ comments: [PhotoComment], format: OutputFormat, width: Int) -> String {
        switch format {
        case .json: JSONOutput.array(comments.map(commentJSON)).rendered()
        case .ids: lines(comments.map(\.id))
        case .table:
            TextTable(
                columns: [.init("DATE", shrinkable: false), .init("AUTHOR", minWidth: 6), .init("COMMENT", minWidth: 10)],
                rows: comments.map { [$0.date.map(utcShort) ?? "", $0.author, $0.text] }
            ).render(width: width)
        }
    }

    /// Locations with the service's own keys in JSON; `ids` prints one street address per line.
    public static func locations(_ locations: [LibraryLocation], format: OutputFormat, width: Int) -> String {
        switch format {
        case .json:
            JSONOutput.array(
                locations.map { location in
                    .object([
                        "street_address": .string(location.streetAddress), "city": .string(location.city),
                        "country": .string(location.country), "emoji": .string(location.emoji), "hours": .string(location.hours),
                    ])
                }
            ).rendered()
        case .ids: lines(locations.map(\.streetAddress))
        case .table:
            TextTable(
                columns: [
                    .init("", shrinkable: false), .init("CITY"), .init("ADDRESS"), .init("COUNTRY"), .init("HOURS", shrinkable: false),
                ],
                rows: locations.map { [$0.emoji, $0.city, $0.streetAddress, $0.country, $0.hours] }
            ).render(width: width)
        }
    }

    // MARK: - JSON

    /// Exactly the keys `--format json` promises for a photo.
    public static func photoJSON(_ photo: Photo) -> JSONOutput {
        let image = photo.largestImage
        return .object([
            "provider": .string(photo.provider.rawValue),
            "id": .string(photo.id),
            "title": .string(photo.title),
            "owner": .string(photo.owner),
            "taken": .optional(photo.taken?.iso8601),
            "imageURL": .optional(image?.url.absoluteString),
            "pageURL": .optional(photo.pageURL?.absoluteString),
            "width": .optional(image?.width),
            "height": .optional(image?.height),
            "latitude": .optional(photo.location?.latitude),
            "longitude": .optional(photo.location?.longitude),
            "views": .optional(photo.views),
            "tags": .array(photo.tags.map(JSONOutput.string)),
            // Every provider's licence: Flickr's id (its name needs the licence list, which `info` asks for),
            // Commons' and Openverse's name and address as each photo carries them.
            "licenseID": .optional(photo.licenseID),
            "license": .optional(photo.licenseTag?.name),
            "licenseURL": .optional(photo.licenseTag?.address),
        ])
    }

    /// The photo's keys plus every detail field (null when the provider does not give it), the
    /// description and every known rendition.
    public static func detailJSON(_ detail: PhotoDetail) -> JSONOutput {
        guard case .object(var members) = photoJSON(detail.photo) else { return .null }
        members["description"] = .string(detail.photo.description)
        members["ownerUsername"] = .optional(detail.ownerUsername)
        members["ownerRealName"] = .optional(detail.ownerRealName)
        members["ownerLocation"] = .optional(detail.ownerLocation)
        members["commentCount"] = .optional(detail.commentCount)
        members["voteCount"] = .optional(detail.voteCount)
        members["rating"] = .optional(detail.rating)
        members["uploaded"] = .optional(detail.uploaded.map(utcISO8601))
        members["placeName"] = .optional(detail.placeName)
        members["camera"] = .optional(detail.camera)
        members["lens"] = .optional(detail.lens)
        members["license"] = .optional(detail.license?.name ?? detail.photo.licenseTag?.name)
        members["licenseID"] = .optional(detail.photo.licenseID)
        members["licenseURL"] = .optional(detail.license?.url?.absoluteString ?? detail.photo.licenseTag?.address)
        members["creatorURL"] = .optional(detail.creatorURL?.absoluteString)
        members["source"] = .optional(detail.sourceName)
        members["images"] = .array(
            detail.photo.images.map { image in
                .object([
                    "size": .string(image.size.rawValue), "url": .string(image.url.absoluteString),
                    "width": .optional(image.width), "height": .optional(image.height),
                ])
            })
        return .object(members)
    }

    public static func commentJSON(_ comment: PhotoComment) -> JSONOutput {
        .object([
            "id": .string(comment.id), "author": .string(comment.author), "authorID": .optional(comment.authorID),
            "date": .optional(comment.date.map(utcISO8601)), "text": .string(comment.text),
            "permalink": .optional(comment.permalink?.absoluteString),
        ])
    }

    // MARK: - Tables

    static func photoTable(_ photos: [Photo], licenseColumn: Bool = false) -> TextTable {
        var columns: [TextTable.Column] = [
            .init("ID", shrinkable: false), .init("TAKEN", shrinkable: false), .init("OWNER", minWidth: 6), .init("TITLE", minWidth: 8),
        ]
        if licenseColumn { columns.append(.init("LICENCE", minWidth: 6)) }
        return TextTable(
            columns: columns,
            rows: photos.map { photo in
                let row = [photo.id, photo.taken?.formatted(granularity: photo.takenGranularity) ?? "", photo.owner, photo.title]
                return licenseColumn ? row + [licenseName(photo)] : row
            })
    }

    /// A photo's licence in a list: the name it carries, else Flickr's id ("licence 4"), else "".
    static func licenseName(_ photo: Photo) -> String {
        photo.licenseTag?.name ?? photo.licenseID.map { "licence \($0)" } ?? ""
    }

    static func detailTable(_ detail: PhotoDetail) -> TextTable {
        let photo = detail.photo
        var rows: [[String]] = [
            ["Provider", photo.provider.displayName],
            ["ID", photo.id],
            ["Title", photo.title],
            [
                "Owner",
                [photo.owner, detail.ownerUsername.map { "(\($0))" }].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " "),
            ],
        ]
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { rows.append([label, value]) }
        }
        add("Taken", photo.taken?.formatted(granularity: photo.takenGranularity))
        add("Uploaded", detail.uploaded.map(utcShort))
        add("Location", photo.location.map { "\(NumberText.decimal($0.latitude)), \(NumberText.decimal($0.longitude))" })
        add("Place", detail.placeName)
        add("Views", photo.views.map(String.init))
        add("Comments", detail.commentCount.map(String.init))
        add("Votes", detail.voteCount.map(String.init))
        add("Rating", detail.rating.map { NumberText.decimal($0) })
        add("Camera", [detail.camera, detail.lens].compactMap { $0 }.joined(separator: ", "))
        add("Tags", photo.tags.joined(separator: " "))
        add("Licence", licenseText(detail))
        if let image = photo.largestImage {
            add("Size", image.width.flatMap { w in image.height.map { "\(w)×\($0)" } })
            add("Image", image.url.absoluteString)
        }
        add("Page", photo.pageURL?.absoluteString)
        for (index, line) in photo.description.split(separator: "\n").enumerated() {
            rows.append([index == 0 ? "Description" : "", String(line)])
        }
        return TextTable(columns: [.init("FIELD", shrinkable: false), .init("VALUE", minWidth: 10)], rows: rows)
    }

    // MARK: - Helpers

    static func lines(_ items: [String]) -> String {
        items.map { Sanitizer.sanitize($0) + "\n" }.joined()
    }

    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// "2011-04-13T17:30:09Z".
    static func utcISO8601(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: utc, from: date)
        let local = LocalDateTime(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0,
            hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0)
        return local.iso8601 + "Z"
    }

    /// "2011-04-13 17:30 UTC".
    static func utcShort(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: utc, from: date)
        let local = LocalDateTime(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0,
            hour: parts.hour ?? 0, minute: parts.minute ?? 0)
        return local.short + " UTC"
    }
}
