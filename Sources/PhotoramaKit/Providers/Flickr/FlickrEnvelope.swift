import Foundation

/// Flickr's response envelope: the optional `jsonFlickrApi(...)` wrapper, `stat` and the error object
/// that arrives with HTTP 200.
enum FlickrEnvelope {
    /// The body's top-level object, after checking status, JSON-ness and `stat`.
    /// `redactor` scrubs the API key from the service's own error text (it sometimes quotes the request).
    static func open(_ response: WebResponse, redactor: Redactor) throws(PhotoramaError) -> JSONValue {
        let body = unwrapJSONP(response.body)
        let looksLikeJSON = WebResponse(status: response.status, body: body).bodyLooksLikeJSON
        guard (200..<300).contains(response.status) else {
            // Some proxies pass Flickr's own error object through with an error status: prefer it.
            if looksLikeJSON, let root = try? JSONValue.parse(body), let failure = failure(in: root, redactor: redactor) {
                throw failure
            }
            throw .httpStatus(response.status)
        }
        guard looksLikeJSON else { throw .notJSON(contentType: response.contentType) }
        let root = try JSONValue.parse(body)
        guard root.object != nil else { throw .invalidData("expected a JSON object") }
        if let failure = failure(in: root, redactor: redactor) { throw failure }
        return root
    }

    private static func failure(in root: JSONValue, redactor: Redactor) -> PhotoramaError? {
        guard root["stat"]?.string == "fail" else { return nil }
        let code = root["code"]?.int ?? 0
        let message = redactor.redact(root["message"]?.string ?? "Unknown error")
        return .api(code: code, message: message)
    }

    /// Removes a `jsonFlickrApi(` … `)` wrapper (what Flickr sends without nojsoncallback=1).
    static func unwrapJSONP(_ body: Data) -> Data {
        body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let range = unwrappedRange(bytes)
            return range.count == bytes.count ? body : Data(bytes[range])
        }
    }

    /// Where the JSON inside a `jsonFlickrApi(` … `)` wrapper is, or all of `bytes` without one.
    static func unwrappedRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let prefix = Array("jsonFlickrApi(".utf8)
        var start = 0
        while start < bytes.count, isSpace(bytes[start]) { start += 1 }
        guard bytes.count - start > prefix.count, bytes[start..<start + prefix.count].elementsEqual(prefix) else {
            return 0..<bytes.count
        }
        var end = bytes.count
        while end > start, isSpace(bytes[end - 1]) || bytes[end - 1] == UInt8(ascii: ";") { end -= 1 }
        guard end > start + prefix.count, bytes[end - 1] == UInt8(ascii: ")") else { return 0..<bytes.count }
        return (start + prefix.count)..<(end - 1)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
