import Foundation

/// The demo server's authorize page read as a user would: it shows the verifier in
/// `<code id="verifier">`, which `photorama login --demo` types for them.
public enum DemoAuthorizePage {
    /// The verifier on the page at `url` (an authorize address with its request token).
    public static func verifier(at url: URL) -> Resource<String> {
        Resource(request: WebRequest(url: url, limits: FlickrAuthAPI.limits)) { response throws(PhotoramaError) in
            guard (200..<300).contains(response.status) else { throw .httpStatus(response.status) }
            let page = String(decoding: response.body, as: UTF8.self)
            guard let start = page.range(of: "<code id=\"verifier\">")?.upperBound,
                let end = page[start...].range(of: "</code>")?.lowerBound
            else { throw .invalidData("the authorize page shows no verifier") }
            return String(page[start..<end])
        }
    }
}
