/// Every way a load can fail, each with a short message fit for a status line.
///
/// Associated strings are already redacted when the error is made (see `Redactor`), so an error can be
/// shown or logged as it is.
public enum PhotoramaError: Error, Equatable, Sendable {
    /// No connection: refused, reset, unreachable, or the host name did not resolve.
    case offline(String)
    /// The whole exchange took longer than its deadline.
    case timeout(Duration)
    /// The server answered with a status we did not expect.
    case httpStatus(Int)
    /// Too many requests, and the server asked us to wait longer than we are willing to (seconds).
    case rateLimited(retryAfter: Int?)
    /// The body is not JSON (for instance an HTML error page); carries the Content-Type if any.
    case notJSON(contentType: String?)
    /// JSON that does not have the shape we need.
    case invalidData(String)
    /// The service itself reported a failure (Flickr `stat: fail`, a 500px error object).
    case api(code: Int, message: String)
    /// A service's own refusal in its own words ("Wikimedia Commons: …"), for services whose error codes are
    /// words rather than numbers.
    case service(String)
    /// The connection broke mid-response: a truncated body or a malformed answer.
    case connectionLost(String)
    /// The body was bigger than the limit (in bytes) and was abandoned while streaming.
    case tooLarge(limit: Int)
    /// More than five redirects, or a redirect loop.
    case tooManyRedirects
    /// Plain http to a host other than loopback, refused without --allow-insecure.
    case insecure(host: String)
    /// Something the user typed or configured is not acceptable; the message says what and why.
    case invalidInput(String)
    /// `--offline`, and the answer is not in the cache. A failure (exit status 1), not invalid input, and
    /// not retried: asking the cache again gives the same answer.
    case notCached
    /// The caller cancelled the load. Never shown to the user.
    case cancelled

    /// One short line for the status bar or stderr.
    public var message: String {
        switch self {
        case .offline(let detail):
            return detail.isEmpty ? "Offline: could not reach the server" : "Offline: \(detail)"
        case .timeout(let duration):
            return "Timed out after \(Self.seconds(duration))"
        case .httpStatus(let status):
            return "HTTP \(status)\(Self.reason(status).map { " \($0)" } ?? "")"
        case .rateLimited(let retryAfter):
            if let retryAfter, retryAfter >= 120 { return "Rate limited: try again in \((retryAfter + 59) / 60) min" }
            if let retryAfter { return "Rate limited: try again in \(retryAfter) s" }
            return "Rate limited: try again later"
        case .notJSON(let contentType):
            if let contentType, !contentType.isEmpty {
                return "The server sent \(contentType.split(separator: ";").first.map(String.init) ?? contentType), not JSON"
            }
            return "The server did not send JSON"
        case .invalidData(let detail):
            return detail.isEmpty ? "The response could not be read" : "The response could not be read: \(detail)"
        case .api(let code, let message):
            return "API error \(code): \(message)"
        case .service(let text):
            return text
        case .connectionLost(let detail):
            return detail.isEmpty ? "The connection was lost" : "Connection lost: \(detail)"
        case .tooLarge(let limit):
            return "The response is larger than \(Self.bytes(limit))"
        case .tooManyRedirects:
            return "Too many redirects"
        case .insecure(let host):
            return "Refusing plain http to \(host); use https or pass --allow-insecure"
        case .invalidInput(let detail):
            return detail
        case .notCached:
            return "Offline: not in the cache (run without --offline to fetch it)"
        case .cancelled:
            return "Cancelled"
        }
    }

    /// Whether the user should see this error at all. Cancellation is a consequence of the user's own
    /// action (a new search, leaving a screen) and never an error to them.
    public var isUserVisible: Bool { self != .cancelled }

    /// The same error with every secret in its text replaced by `***`.
    public func redacted(by redactor: Redactor) -> PhotoramaError {
        switch self {
        case .offline(let detail): return .offline(redactor.redact(detail))
        case .connectionLost(let detail): return .connectionLost(redactor.redact(detail))
        case .invalidData(let detail): return .invalidData(redactor.redact(detail))
        case .api(let code, let message): return .api(code: code, message: redactor.redact(message))
        case .insecure(let host): return .insecure(host: redactor.redact(host))
        case .invalidInput(let detail): return .invalidInput(redactor.redact(detail))
        case .service(let text): return .service(redactor.redact(text))
        case .notJSON(let contentType): return .notJSON(contentType: contentType.map(redactor.redact))
        case .timeout, .httpStatus, .rateLimited, .tooLarge, .tooManyRedirects, .notCached, .cancelled: return self
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let (s, attos) = duration.components
        let millis = Int(s) * 1000 + Int(attos / 1_000_000_000_000_000)
        if millis % 1000 == 0 { return "\(millis / 1000) s" }
        if millis < 1000 { return "\(millis) ms" }
        return "\(millis / 1000).\((millis % 1000) / 100) s"
    }

    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    static func reason(_ status: Int) -> String? {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}
