/// When and how long to wait before trying a request again.
///
/// Only GET is retried (it is safe to repeat), only on failures that another attempt may cure
/// (no connection, a lost connection, 502/503/504, 429), at most `maxRetries` times, with jittered
/// exponential backoff so many clients do not retry in lockstep.
public struct RetryPolicy: Sendable {
    public var maxRetries: Int
    /// The first backoff; each later one doubles it. The actual wait is jittered to 50–150 %.
    public var baseDelay: Duration
    /// The longest Retry-After we are willing to honour; a longer one fails at once as `.rateLimited`.
    public var maxRetryAfter: Duration

    public init(maxRetries: Int = 2, baseDelay: Duration = .milliseconds(300), maxRetryAfter: Duration = .seconds(10)) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxRetryAfter = maxRetryAfter
    }

    public static let standard = RetryPolicy()
    public static let never = RetryPolicy(maxRetries: 0)

    public static let retryableStatuses: Set<Int> = [429, 502, 503, 504]

    /// The wait before retry number `attempt` (1-based), or nil when the request must not be retried.
    /// `retryAfter` is the server's Retry-After in seconds, if it sent one.
    func delay(
        method: HTTPMethod, attempt: Int, status: Int?, error: PhotoramaError?, retryAfter: Int?,
        random: Double
    ) -> Duration? {
        guard method == .get, attempt <= maxRetries else { return nil }
        if let error {
            switch error {
            case .offline, .connectionLost: break
            default: return nil
            }
        } else if let status, !Self.retryableStatuses.contains(status) {
            return nil
        }
        if let retryAfter {
            let wait = Duration.seconds(retryAfter)
            return wait <= maxRetryAfter ? wait : nil
        }
        let factor = Double(1 << (attempt - 1)) * (0.5 + random)
        return baseDelay * factor
    }

    /// The status a response counts as for retrying: MediaWiki refuses a request while its databases lag
    /// more than the `maxlag` asked with HTTP 200, `MediaWiki-API-Error: maxlag` and a Retry-After, which
    /// is a 503 in all but name.
    static func retryStatus(_ response: WebResponse) -> Int {
        if response.status == 200, response.header("MediaWiki-API-Error")?.lowercased() == "maxlag" { return 503 }
        return response.status
    }

    /// Retry-After as delta-seconds (the HTTP-date form is rare from APIs and is treated as absent).
    static func parseRetryAfter(_ value: String?) -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), let seconds = Int(value), seconds >= 0 else {
            return nil
        }
        return seconds
    }
}
