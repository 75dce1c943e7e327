/// The HTTP methods Photorama sends. Only GET is ever retried (see `RetryPolicy`).
public enum HTTPMethod: String, Sendable, Equatable {
    case get = "GET"
    case post = "POST"
    case head = "HEAD"
    case put = "PUT"
    case delete = "DELETE"
}
