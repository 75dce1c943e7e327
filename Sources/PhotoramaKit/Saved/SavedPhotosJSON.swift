import Foundation

// MARK: - Export
/// The JSON of `photorama saved --format json` and `--export`: the keys `--format json` prints for any photo,
/// plus everything else a saved photo holds, so an export imported into an empty database exports again
/// byte for byte.
public enum SavedPhotosJSON {
    public static func render(_ photos: [SavedPhoto]) -> String {
        JSONOutput.array(photos.map(object)).rendered()
    }

    static func object(_ saved: SavedPhoto) -> JSONOutput {
        let photo = saved.photo
        guard case .object(var members) = OutputFormatter.photoJSON(photo) else { return .null }
        members["ownerID"] = .optional(photo.ownerID)
        members["takenGranularity"] = .int(photo.takenGranularity.rawValue)
        members["description"] = .string(photo.description)
        members["nsfw"] = photo.nsfw.map(JSONOutput.bool) ?? .null
        members["images"] = .array(
            photo.images.map { image in
                .object([
                    "size": .string(image.size.rawValue), "url": .string(image.url.absoluteString),
                    "width": .optional(image.width), "height": .optional(image.height),
                ])
            })
        members["savedAt"] = .string(SavedTime.iso8601(milliseconds: saved.savedAtMilliseconds))
        members["downloadPath"] = .optional(saved.downloadPath)
        return .object(members)
    }

    // MARK: - Import
    /// Reads what `render` wrote. Fails with one line saying what is wrong and where.
    public static func parse(_ data: Data) -> Result<[SavedPhoto], SavedImportError> {
        let decoded: [Entry]
        do {
            decoded = try JSONDecoder().decode([Entry].self, from: data)
        } catch let error as DecodingError {
            return .failure(SavedImportError(reason: describe(error)))
        } catch {
            return .failure(SavedImportError(reason: "not valid JSON"))
        }
        var photos: [SavedPhoto] = []
        for (index, entry) in decoded.enumerated() {
            switch entry.savedPhoto() {
            case .success(let saved): photos.append(saved)
            case .failure(let error): return .failure(SavedImportError(reason: "photo \(index + 1): \(error.reason)"))
            }
        }
        return .success(photos)
    }

    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            guard let first = path.first, let index = first.intValue else { return "the top level" }
            return "photo \(index + 1)" + path.dropFirst().map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(place(context.codingPath)): invalid value"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)): missing “\(key.stringValue)”"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty ? "expected an array of photos" : "\(place(context.codingPath)): wrong type"
        @unknown default:
            return "not valid JSON"
        }
    }

    /// One photo as it appears in the file.
    private struct Entry: Decodable {
        struct Image: Decodable {
            var size: String
            var url: String
            var width: Int?
            var height: Int?
        }
        var provider: String
        var id: String
        var title: String
        var owner: String
        var ownerID: String?
        var taken: String?
        var takenGranularity: Int?
        var images: [Image]?
        var pageURL: String?
        var latitude: Double?
        var longitude: Double?
        var tags: [String]?
        var description: String?
        var views: Int?
        var nsfw: Bool?
        var savedAt: String
        var downloadPath: String?

        func savedPhoto() -> Result<SavedPhoto, SavedImportError> {
            guard let provider = Provider(rawValue: provider) else {
                return .failure(SavedImportError(reason: "unknown provider “\(self.provider)”"))
            }
            guard let savedAt = SavedTime.milliseconds(iso8601: savedAt) else {
                return .failure(SavedImportError(reason: "invalid savedAt “\(savedAt)”"))
            }
            var takenDate: LocalDateTime?
            if let taken {
                guard let date = LocalDateTime(parsing: taken) else {
                    return .failure(SavedImportError(reason: "invalid taken “\(taken)”"))
                }
                takenDate = date
            }
            var renditions: [PhotoImage] = []
            for image in images ?? [] {
                guard let size = ImageSizeClass(rawValue: image.size), let url = URL(string: image.url) else {
                    return .failure(SavedImportError(reason: "invalid image “\(image.size)” “\(image.url)”"))
                }
                renditions.append(PhotoImage(size: size, url: url, width: image.width, height: image.height))
            }
            var location: GeoPoint?
            if let latitude, let longitude { location = GeoPoint(latitude: latitude, longitude: longitude) }
            let photo = Photo(
                provider: provider, id: id, title: title, owner: owner, ownerID: ownerID, taken: takenDate,
                takenGranularity: takenGranularity.flatMap(DateGranularity.init(rawValue:)) ?? .exact, images: renditions,
                pageURL: pageURL.flatMap { URL(string: $0) }, location: location, tags: tags ?? [],
                description: description ?? "", views: views, nsfw: nsfw)
            return .success(SavedPhoto(photo: photo, savedAtMilliseconds: savedAt, downloadPath: downloadPath))
        }
    }
}

// MARK: - Errors
/// An import file that cannot be read as saved photos.
public struct SavedImportError: Error, Sendable, Equatable {
    public var reason: String
}

// MARK: - Times
/// Saved times as "2026-11-23T14:31:37.123Z" (UTC, whole milliseconds) and back.
public enum SavedTime {
    public static func iso8601(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = Int(milliseconds - seconds * 1000)
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        let date = LocalDateTime(
            year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60)
        let millis = String(fraction)
        return date.iso8601 + "." + String(repeating: "0", count: 3 - millis.count) + millis + "Z"
    }

    public static func milliseconds(iso8601 text: String) -> Int64? {
        // "YYYY-MM-DDTHH:MM:SS.mmmZ", exactly what `iso8601(milliseconds:)` writes.
        guard text.utf8.count == 24, text.hasSuffix("Z"), let date = LocalDateTime(parsing: String(text.prefix(19))) else {
            return nil
        }
        let dot = text.index(text.startIndex, offsetBy: 19)
        guard text[dot] == ".", let fraction = Int64(text[text.index(after: dot)..<text.index(before: text.endIndex)]),
            fraction >= 0
        else { return nil }
        // Days from civil (the inverse of the above).
        let y = Int64(date.month <= 2 ? date.year - 1 : date.year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(date.month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(date.day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + Int64(date.hour * 3600 + date.minute * 60 + date.second)
        return seconds * 1000 + fraction
    }
}
