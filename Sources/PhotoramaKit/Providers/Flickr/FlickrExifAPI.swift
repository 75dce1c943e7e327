import Foundation

/// flickr.photos.getExif and its parser.
extension FlickrAPI {
    /// The photo's EXIF; Flickr's error 2 (the owner hides it) is the answer `.hiddenByOwner`.
    public func exif(id: String) throws(PhotoramaError) -> Resource<ExifAnswer> {
        let id = try InputValidation.nonEmpty(id, "Photo ID")
        let resource = try call("flickr.photos.getExif", [("photo_id", id)]) { root throws(PhotoramaError) in
            ExifAnswer.shown(try FlickrExifParser.exif(root))
        }
        let parse = resource.parse
        return Resource(request: resource.request) { response throws(PhotoramaError) in
            do throws(PhotoramaError) {
                return try parse(response)
            } catch {
                if case .api(code: FlickrExifParser.hiddenCode, message: _) = error { return .hiddenByOwner }
                throw error
            }
        }
    }
}

enum FlickrExifParser {
    /// getExif's "Permission denied": the owner does not want to share EXIF data.
    static let hiddenCode = 2
    /// Longer values are cut: a camera model or lens name is never this long.
    static let maximumLength = 200

    /// `{"photo": {"camera": …, "exif": [{tagspace, tag, label, raw: {_content}, clean: {_content}}]}}`.
    /// Tags are found by name (Model, FNumber …) or, in older answers with numeric tags, by label.
    static func exif(_ root: JSONValue) throws(PhotoramaError) -> PhotoExif {
        guard let photo = root["photo"], photo.object != nil else { throw .invalidData("photo: missing") }
        var values: [String: String] = [:]
        for entry in photo["exif"]?.array ?? [] {
            guard let value = (entry["clean"]?.content ?? entry["raw"]?.content)?.trimmingCharacters(in: .whitespaces), !value.isEmpty
            else { continue }
            for name in [entry["tag"]?.string, entry["label"]?.string].compactMap({ $0?.lowercased() }) where values[name] == nil {
                values[name] = String(value.prefix(maximumLength))
            }
        }
        func first(_ names: String...) -> String? { names.lazy.compactMap { values[$0] }.first }
        let make = first("make", "manufacturer")
        let model = first("model")
        var camera = photo["camera"]?.nonEmptyString.map { String($0.prefix(maximumLength)) }
        if camera == nil, let model {
            camera = make.map { model.lowercased().hasPrefix($0.lowercased()) ? model : "\($0) \(model)" } ?? model
        }
        return PhotoExif(
            camera: camera ?? make,
            lens: first("lensmodel", "lens model", "lens", "lensinfo", "lens info"),
            exposure: first("exposuretime", "exposure"),
            aperture: first("fnumber", "aperture"),
            iso: first("iso", "iso speed"),
            focalLength: first("focallength", "focal length"),
            dateTaken: first("datetimeoriginal", "date and time (original)"))
    }
}
