import Foundation

/// An endpoint as a value: the request to send and a pure function from the response to `A`.
///
/// Building a `Resource` and running its `parse` do no I/O; only `Webservice.load` touches the network.
/// (After objc.io's `Resource`/`Endpoint` and kean/Get's `Request<Response>`.)
public struct Resource<A>: Sendable {
    public var request: WebRequest
    public var parse: @Sendable (WebResponse) throws(PhotoramaError) -> A

    public init(request: WebRequest, parse: @escaping @Sendable (WebResponse) throws(PhotoramaError) -> A) {
        self.request = request
        self.parse = parse
    }

    /// A resource whose result is transformed by `transform` after parsing.
    public func map<B>(_ transform: @escaping @Sendable (A) throws(PhotoramaError) -> B) -> Resource<B> {
        let parse = self.parse
        return Resource<B>(request: request) { response throws(PhotoramaError) in
            try transform(try parse(response))
        }
    }
}

extension Resource {
    /// A resource that checks the status, then decodes the body as JSON into `A`.
    public static func json(
        _ request: WebRequest,
        expectedStatus: Range<Int> = 200..<300,
        decoder: JSONDecoder = JSONDecoder()
    ) -> Resource<A> where A: Decodable & Sendable {
        let decoder = UncheckedDecoder(decoder)
        return Resource(request: request) { response throws(PhotoramaError) in
            try response.validateStatus(expectedStatus)
            return try JSONBody.decode(A.self, from: response, decoder: decoder.decoder)
        }
    }

    /// A resource that only checks the status and returns the raw body (images, for instance).
    public static func data(_ request: WebRequest, expectedStatus: Range<Int> = 200..<300) -> Resource<Data>
    where A == Data {
        Resource<Data>(request: request) { response throws(PhotoramaError) in
            try response.validateStatus(expectedStatus)
            return response.body
        }
    }
}

/// JSONDecoder is not Sendable, but a decoder that is never mutated after it is captured is safe to share.
struct UncheckedDecoder: @unchecked Sendable {
    let decoder: JSONDecoder
    init(_ decoder: JSONDecoder) { self.decoder = decoder }
}

/// Shared JSON decoding with errors mapped to `PhotoramaError`.
public enum JSONBody {
    /// Decodes `T`, reporting a body that is not JSON at all as `.notJSON` and a shape mismatch as
    /// `.invalidData` with the path of the offending field.
    public static func decode<T: Decodable>(
        _ type: T.Type, from response: WebResponse, decoder: JSONDecoder = JSONDecoder()
    ) throws(PhotoramaError) -> T {
        guard response.bodyLooksLikeJSON else { throw .notJSON(contentType: response.contentType) }
        return try decode(type, from: response.body, decoder: decoder)
    }

    public static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, decoder: JSONDecoder = JSONDecoder()
    ) throws(PhotoramaError) -> T {
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw .invalidData(describe(error))
        } catch {
            throw .invalidData("malformed JSON")
        }
    }

    /// A short description of where decoding failed, e.g. "photos.photo[3].id: missing".
    public static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context):
            return "\(path(context.codingPath)): wrong type"
        case .valueNotFound(_, let context):
            return "\(path(context.codingPath)): null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "malformed JSON" : "\(path(context.codingPath)): invalid value"
        @unknown default:
            return "unexpected shape"
        }
    }
}
