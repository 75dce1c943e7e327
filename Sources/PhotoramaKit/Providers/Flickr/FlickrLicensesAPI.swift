import Foundation

/// flickr.photos.licenses.getInfo: the licences photos may carry, by id.
extension FlickrAPI {
    public func licenses() throws(PhotoramaError) -> Resource<[PhotoLicense]> {
        try call("flickr.photos.licenses.getInfo", []) { root throws(PhotoramaError) in
            try FlickrLicenseParser.licenses(root)
        }
    }
}

enum FlickrLicenseParser {
    /// `{"licenses": {"license": [{id, name, url}]}}`; ids come as numbers or strings. An entry without a
    /// usable id or name is left out (its photos then show their licence by number).
    static func licenses(_ root: JSONValue) throws(PhotoramaError) -> [PhotoLicense] {
        guard let list = root["licenses"], list.object != nil else { throw .invalidData("licenses: missing") }
        let entries = list["license"]?.array ?? []
        let licenses: [PhotoLicense] = entries.compactMap { entry in
            guard let id = FlickrPhotoParser.licenseID(entry["id"]), let name = entry["name"]?.nonEmptyString else { return nil }
            let url = entry["url"]?.nonEmptyString.flatMap(FlickrImageURL.upgraded)
            return PhotoLicense(id: id, name: String(name.prefix(200)), url: url)
        }
        if !entries.isEmpty, licenses.isEmpty { throw .invalidData("the response format has changed") }
        return licenses
    }
}
