import Foundation

/// A complete HTTP response as the transport delivered it: status, headers and the whole body.
public struct WebResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public var contentType: String? { header("Content-Type") }

    /// True when the body does not look like JSON at all: an HTML error page, plain text, nothing.
    /// Decided from the first non-blank byte, so a JSON body sent with a wrong Content-Type still parses.
    public var bodyLooksLikeJSON: Bool {
        // A UTF-8 byte order mark is allowed before the JSON (JSONDecoder skips it too).
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = body.starts(with: bom) ? body.dropFirst(bom.count) : body[...]
        guard let first = text.first(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            return false
        }
        // { [ " digit - t f n, and the JSONP wrapper's leading letter is handled by the caller.
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Throws `.httpStatus` unless the status is in `expected`.
    public func validateStatus(_ expected: Range<Int> = 200..<300) throws(PhotoramaError) {
        guard expected.contains(status) else { throw .httpStatus(status) }
    }
}
