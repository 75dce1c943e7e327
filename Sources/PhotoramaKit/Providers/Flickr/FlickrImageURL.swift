import Foundation

/// Flickr's static image URLs: `https://live.staticflickr.com/{server}/{id}_{secret}[_{suffix}].jpg`.
enum FlickrImageURL {
    static let host = "https://live.staticflickr.com"

    /// The sizes we ask for that share the photo's main secret and can therefore be built when the
    /// response lacks their `url_*` (h, k and o have their own secrets and cannot).
    static let buildable: [ImageSizeClass] = [.square75, .square150, .medium500, .medium640, .large1024]

    static func make(server: String, id: String, secret: String, size: ImageSizeClass) -> URL? {
        guard isToken(server), isToken(id), isToken(secret), !ImageSizeClass.ownSecretSizes.contains(size) else {
            return nil
        }
        let suffix = size.urlSuffix.map { "_\($0)" } ?? ""
        return URL(string: "\(host)/\(server)/\(id)_\(secret)\(suffix).jpg")
    }

    /// Flickr's older recordings say http://farmN.staticflickr.com; the same paths are served over
    /// https, and plain http to a remote host is refused by Webservice, so upgrade them.
    static func upgraded(_ text: String) -> URL? {
        guard var components = URLComponents(string: text), let host = components.host?.lowercased() else {
            return nil
        }
        if components.scheme?.lowercased() == "http", host.hasSuffix("staticflickr.com") || host.hasSuffix("flickr.com") {
            components.scheme = "https"
        }
        return components.url
    }

    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 64 }
    }
}

extension ImageSizeClass {
    /// From 1600 px up Flickr gives each size its own secret.
    static let ownSecretSizes: Set<ImageSizeClass> = [.large1600, .large2048, .original]
}
