import Foundation

extension WebResponse {
    /// The body as a JSON tree, for readers whose parse works on the tree (`CommonsAPI`, `OpenverseAPI`):
    /// scanned from the bytes (`JSONBytes.document`) when `reading` is `.bytes` and the scanner is sure,
    /// else Foundation's decoder. A body that is not JSON (an HTML error page) is an error status's line,
    /// or "not JSON".
    func jsonDocument(reading: ListReading) throws(PhotoramaError) -> JSONValue {
        guard bodyLooksLikeJSON else {
            if !(200..<300).contains(status) { throw .httpStatus(status) }
            throw .notJSON(contentType: contentType)
        }
        if reading == .bytes, let scanned = JSONBytes.document(body) { return scanned }
        return try JSONValue.parse(body)
    }
}
